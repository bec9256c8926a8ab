import { describe, expect, it } from 'vitest';
import { parseHeaderNav } from './nav-model.ts';

describe('header navigation parsing', () => {
  it('reads links, anchors, external links, dividers, section headers and dropdowns', () => {
    const nodes = parseHeaderNav({
      items: [
        { label: 'ETFs', path: '/etfs' },
        { label: 'Calculators', path: '#calculators' },
        { type: 'link', label: 'Issuer', path: 'https://example.com/' },
        { type: 'divider' },
        { type: 'section', label: 'Learn' },
        { type: 'header', label: 'More' },
        { label: 'Brands', children: [{ label: 'Roundhill', path: '/etfs/roundhill' }, { type: 'divider' }, { type: 'header', label: 'Other' }, { label: 'REX', path: '/etfs/rex' }] },
      ],
    });
    expect(nodes).toEqual([
      { kind: 'link', label: 'ETFs', path: '/etfs', linkKind: 'route' },
      { kind: 'link', label: 'Calculators', path: '#calculators', linkKind: 'anchor' },
      { kind: 'link', label: 'Issuer', path: 'https://example.com/', linkKind: 'external' },
      { kind: 'divider' },
      { kind: 'header', label: 'Learn' },
      { kind: 'header', label: 'More' },
      {
        kind: 'dropdown',
        label: 'Brands',
        path: null,
        linkKind: null,
        entries: [
          { kind: 'link', label: 'Roundhill', path: '/etfs/roundhill', linkKind: 'route' },
          { kind: 'divider' },
          { kind: 'header', label: 'Other' },
          { kind: 'link', label: 'REX', path: '/etfs/rex', linkKind: 'route' },
        ],
      },
    ]);
  });

  it('reads the legacy dropdown with items', () => {
    expect(parseHeaderNav({ items: [{ type: 'dropdown', label: 'Legacy', items: [{ label: 'A', path: '/a' }] }] })).toEqual([
      { kind: 'dropdown', label: 'Legacy', path: null, linkKind: null, entries: [{ kind: 'link', label: 'A', path: '/a', linkKind: 'route' }] },
    ]);
  });

  it('flattens a nested dropdown into a header and its links', () => {
    const [node] = parseHeaderNav({ items: [{ label: 'Top', children: [{ label: 'Sub', children: [{ label: 'Leaf', path: '/leaf' }] }] }] });
    expect(node).toMatchObject({ entries: [{ kind: 'header', label: 'Sub' }, { kind: 'link', label: 'Leaf', path: '/leaf' }] });
  });

  it('drops what cannot be rendered safely', () => {
    expect(
      parseHeaderNav({
        items: [
          { label: 'Evil', path: 'javascript:alert(1)' },
          { label: 'Protocol-relative', path: '//evil.example' },
          // saved before the server refused a user name before the host (audit I5): it opens evil.example
          { label: 'Look-alike', path: 'https://weeklydiv.test@evil.example/login' },
          { label: 'No path' },
          { path: '/no-label' },
          { type: 'header' },
          null,
          'text',
          { type: 'menu', label: 'Unknown' },
        ],
      }),
    ).toEqual([]);
  });

  it('answers nothing for a malformed setting, and accepts a bare list', () => {
    expect(parseHeaderNav(null)).toEqual([]);
    expect(parseHeaderNav({ items: 'x' })).toEqual([]);
    expect(parseHeaderNav([{ label: 'News', path: '/news' }])).toEqual([{ kind: 'link', label: 'News', path: '/news', linkKind: 'route' }]);
  });
});
