import { describe, expect, it } from 'vitest';
import type { SettingEvent } from '../../events/settings.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { settingDecider, type SettingCommand } from './business-logic.ts';
import { defaultFooterHtml, defaultHeaderNav } from './defaults.ts';
import { headerNavSchema } from './header-nav.ts';

const ctx: CommandContext = { actor: 'user:owner', correlationId: 'c1', now: '2026-01-07T15:00:00.000Z' };

const given = deciderSpec(settingDecider, ctx);
const change = (key: string, value: unknown): SettingCommand => ({ type: 'ChangeSetting', data: { key, value } });
const changed = (key: string, value: unknown): SettingEvent => ({ type: 'SettingChanged', data: { key, value: value as never, changedAt: ctx.now } });

const nav = {
  items: [
    { label: 'ETFs', path: '/etfs' },
    { label: 'Calculators', path: '#calculators' },
    { label: 'Brands', children: [{ label: 'Roundhill', path: '/etfs/roundhill' }, { type: 'divider' }, { type: 'header', label: 'More' }, { label: 'REX', path: '/etfs/rex' }] },
    { type: 'dropdown', label: 'Legacy', items: [{ label: 'Issuer site', path: 'https://www.roundhillinvestments.com/' }] },
    { type: 'section', label: 'Learn' },
    { type: 'divider' },
  ],
};

describe('settings-<key>', () => {
  it('saves a header navigation of every item shape the spec names', () => {
    given([]).when(change('header_nav', nav)).then([changed('header_nav', nav)]);
  });

  it('saves footer HTML and other text settings', () => {
    given([]).when(change('footer_html', '<p>© 2026 Us</p>')).then([changed('footer_html', '<p>© 2026 Us</p>')]);
    given([]).when(change('site_title', 'WeeklyDiv')).then([changed('site_title', 'WeeklyDiv')]);
  });

  it('changes nothing when the value is the one already saved', () => {
    given([changed('header_nav', nav)]).when(change('header_nav', structuredClone(nav))).then([]);
    given([changed('footer_html', '<p>a</p>')]).when(change('footer_html', '<p>b</p>')).then([changed('footer_html', '<p>b</p>')]);
  });

  it('refuses keys that are not lowercase words with underscores', () => {
    for (const key of ['', 'Header_Nav', 'header-nav', '1st', 'a'.repeat(65)]) {
      given([]).when(change(key, 'x')).thenThrows({ status: 400, message: 'Setting key must be lowercase letters, digits and underscores' });
    }
  });

  it('refuses a header navigation that is not an object with items', () => {
    given([]).when(change('header_nav', 'nav')).thenThrows({ status: 400, message: 'Navigation must be an object with items' });
    given([]).when(change('header_nav', { items: 'x' })).thenThrows({ status: 400, message: 'items must be a list' });
  });

  it('names the invalid item of a header navigation', () => {
    const bad = { items: [{ label: 'ETFs' }, { path: '/news' }, { label: 'Evil', path: 'javascript:alert(1)' }, { type: 'dropdown', label: 'Empty' }, { type: 'menu', label: 'X' }] };
    let error: { fieldErrors?: Record<string, string> } = {};
    try {
      given([]).when(change('header_nav', bad)).events();
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.fieldErrors).toEqual({
      'value.items.0.path': '"ETFs": Path is required',
      'value.items.1.label': 'Label is required',
      'value.items.2.path': '"Evil": Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)',
      'value.items.3.children': '"Empty": A dropdown needs children (or items)',
      'value.items.4.type': 'Type must be link, dropdown, divider, header or section',
    });
  });

  it('validates nested items and limits nesting to three levels', () => {
    given([]).when(change('header_nav', { items: [{ label: 'A', children: [{ label: 'B' }] }] })).thenThrows({ fieldErrors: { 'value.items.0.children.0.path': '"B": Path is required' } });
    const deep = { items: [{ label: '1', children: [{ label: '2', children: [{ label: '3', children: [{ label: '4', path: '/x' }] }] }] }] };
    given([]).when(change('header_nav', deep)).thenThrows({ message: 'Navigation can nest at most 3 levels' });
  });

  it('accepts site paths, anchors, http(s) addresses and mailto: in links, dropdowns and nested items', () => {
    const ok = ['/', '/etfs/roundhill?x=1#top', '#calculators', 'https://www.roundhillinvestments.com/', 'HTTP://example.com', 'mailto:owner@weeklydiv.com', 'https://example.com/@weeklydiv?by=a@b#c@d'];
    for (const path of ok) {
      const nav = { items: [{ label: 'L', path }, { label: 'D', path, children: [{ label: 'C', items: [{ label: 'N', path }] }] }] };
      given([]).when(change('header_nav', nav)).then([changed('header_nav', nav)]);
    }
  });

  it('refuses unsafe and malformed paths, naming the item (at any depth)', () => {
    const cases: [string, string][] = [
      ['javascript:alert(1)', 'Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['JavaScript:alert(1)', 'Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['data:text/html,<script>alert(1)</script>', 'Path must not be a data: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['vbscript:msgbox(1)', 'Path must not be a vbscript: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['//evil.example/x', 'Path must not start with // (an address on another site needs https://)'],
      ['/\\evil.example', 'Path must not start with // (an address on another site needs https://)'],
      ['\\\\evil.example', 'Path must not start with // (an address on another site needs https://)'],
      ['java\tscript:alert(1)', 'Path must not contain spaces or control characters'],
      ['/my page', 'Path must not contain spaces or control characters'],
      ['etfs', 'Path must be a site path (/etfs), an anchor (#calculators), an http(s):// address or mailto:'],
      ['https://', 'Path must be a site path (/etfs), an anchor (#calculators), an http(s):// address or mailto:'],
      ['mailto:', 'Path must be a site path (/etfs), an anchor (#calculators), an http(s):// address or mailto:'],
      // a user name before the host that looks like the site (security audit I5): the browser opens evil.example
      ['https://weeklydiv.test@evil.example/login', 'Path must not hold a user name or password before the host (this address opens evil.example)'],
      ['http://user:pass@evil.example', 'Path must not hold a user name or password before the host (this address opens evil.example)'],
      ['HTTPS://@evil.example:8443/', 'Path must not hold a user name or password before the host (this address opens evil.example:8443)'],
    ];
    for (const [path, message] of cases) {
      given([]).when(change('header_nav', { items: [{ label: 'Evil', path }] })).thenThrows({ status: 400, message: `"Evil": ${message}`, fieldErrors: { 'value.items.0.path': `"Evil": ${message}` } });
      const nested = { items: [{ label: 'Menu', children: [{ type: 'header', label: 'H' }, { label: 'Deep', items: [{ label: 'Evil', path }] }] }] };
      given([]).when(change('header_nav', nested)).thenThrows({ fieldErrors: { 'value.items.0.children.1.items.0.path': `"Evil": ${message}` } });
    }
    given([]).when(change('header_nav', { items: [{ type: 'dropdown', label: 'Menu', path: 'javascript:x', children: [] }] })).thenThrows({ fieldErrors: { 'value.items.0.path': '"Menu": Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)' } });
  });

  it('keeps only the known fields of navigation items', () => {
    const [event] = given([]).when(change('header_nav', { items: [{ label: ' ETFs ', path: '/etfs', onclick: 'x' }] })).events();
    expect(event!.data.value).toEqual({ items: [{ label: 'ETFs', path: '/etfs' }] });
  });

  it('refuses footer HTML that is not text or is too long', () => {
    given([]).when(change('footer_html', { html: 'x' })).thenThrows({ status: 400, message: 'Footer HTML must be text' });
    given([]).when(change('footer_html', 'x'.repeat(100_001))).thenThrows({ message: 'Footer HTML must be at most 100,000 characters' });
    given([]).when(change('site_title', 7)).thenThrows({ message: 'Value must be text' });
  });
});

describe('setting defaults', () => {
  it('navigates to the ETF database, the six brands, the calendar and news; the default passes its own validation', () => {
    const items = defaultHeaderNav().items;
    expect(items.map((i) => i.label)).toEqual(['ETF Database', 'Brands', 'Dividend Calendar', 'News']);
    expect(items[1]!.children!.map((c) => [c.label, c.path])).toEqual([
      ['Roundhill', '/etfs/roundhill'],
      ['Granite', '/etfs/granite'],
      ['YieldMax', '/etfs/yieldmax'],
      ['Defiance', '/etfs/defiance'],
      ['REX', '/etfs/rex'],
      ['Nicholas', '/etfs/nicholas'],
    ]);
    expect(headerNavSchema.parse(defaultHeaderNav())).toEqual(defaultHeaderNav());
  });

  it('has a copyright line for the given year and the investment disclaimer', () => {
    const html = defaultFooterHtml(2027);
    expect(html).toContain('© 2027 WeeklyDiv. All rights reserved.');
    expect(html).toContain('educational and informational purposes only and is not financial advice');
  });
});
