import { describe, expect, it } from 'vitest';
import { RESERVED_PAGE_PATHS, normalisePagePath, pageSlug, reservedPagePath } from '../../contracts/page-path.ts';
import { CLIENT_ROUTES } from '../gateway/client.ts';

describe('page path normalisation (admin spec §5)', () => {
  it.each([
    ['About', '/about'],
    ['/About/Team/', '/about/team'],
    ['  /about  ', '/about'],
    ['about us', '/about-us'],
    ['/a  b', '/a-b'],
    ['//guides///weekly', '/guides/weekly'],
    ['/fees--and---taxes', '/fees-and-taxes'],
    ['/Ünïcode & more!', '/-n-code-more-'],
    ['/2026/q1.html', '/2026/q1-html'],
    ['/', '/'],
    ['', '/'],
    ['///', '/'],
    ['/guides/', '/guides'],
  ])('%j becomes %j', (raw, path) => {
    expect(normalisePagePath(raw)).toBe(path);
  });

  it('is idempotent', () => {
    for (const raw of ['About Us/', '//A//b--c/', '/x.y?z=1#w']) expect(normalisePagePath(normalisePagePath(raw))).toBe(normalisePagePath(raw));
  });
});

describe('page slug', () => {
  it.each([
    ['/about', 'about'],
    ['/about/team', 'about-team'],
    ['/-x', '-x'],
    ['/', 'page'],
  ])('%j has slug %j', (path, slug) => {
    expect(pageSlug(path)).toBe(slug);
  });
});

describe('paths the site itself uses', () => {
  it.each([
    ['/', '/'],
    ['/etfs', '/etfs/...'],
    ['/etfs/roundhill', '/etfs/...'],
    ['/etfs/roundhill/hoow/extra', '/etfs/...'],
    ['/etf/hoow', '/etf/...'],
    ['/dividend-calendar', '/dividend-calendar'],
    ['/pricing', '/pricing'],
    ['/news', '/news'],
    ['/login', '/login'],
    ['/signup', '/signup'],
    ['/register', '/register'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password', '/reset-password'],
    ['/verify-email', '/verify-email'],
    ['/my', '/my'],
    ['/my-weeklydiv', '/my-weeklydiv'],
    ['/account', '/account/...'],
    ['/account/subscription', '/account/...'],
    ['/admin', '/admin/...'],
    ['/admin/pages', '/admin/...'],
    ['/api/pages/by-path', '/api/...'],
    ['/assets/app.js', '/assets/...'],
    ['/healthz', '/healthz'],
    ['/readyz', '/readyz'],
  ])('%s is reserved (%s)', (path, entry) => {
    expect(reservedPagePath(path)).toBe(entry);
  });

  it.each(['/about', '/etfsx', '/news/weekly-recap', '/myself', '/accounts', '/administrator', '/apis', '/pricing-faq'])('%s is free for a page', (path) => {
    expect(reservedPagePath(path)).toBeNull();
  });

  it('covers every route of the client (web/src/features/*/routes.tsx), the /my redirect and the gateway route table', () => {
    type Route = { path?: string; index?: boolean; children?: Route[] };
    const modules = import.meta.glob<{ routes?: Route[] }>('../../web/src/features/*/routes.tsx', { eager: true });
    const flat = (rs: Route[]): Route[] => rs.flatMap((r) => [r, ...flat(r.children ?? [])]);
    const routes = flat(Object.values(modules).flatMap((m) => m.routes ?? []));
    const routePaths = routes.map((r) => (r.index ? '/' : r.path)).filter((p): p is string => p !== undefined && p !== '*');
    expect(routePaths.length).toBeGreaterThan(10);
    for (const p of [...routePaths, '/my', ...CLIENT_ROUTES]) {
      const concrete = normalisePagePath(p.replace(/:[a-z]+/gi, 'x'));
      expect(reservedPagePath(concrete), `${p} is a route of the site: add it to RESERVED_PAGE_PATHS (contracts/page-path.ts)`).not.toBeNull();
    }
  });

  it('lists normalised paths only (an entry a page path can actually equal)', () => {
    for (const entry of RESERVED_PAGE_PATHS) expect(normalisePagePath(entry.replace(/\/\.\.\.$/, ''))).toBe(entry.replace(/\/\.\.\.$/, ''));
  });
});
