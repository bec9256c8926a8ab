/**
 * Managed page paths (admin spec §5), one pure module for the server (which applies the rule itself)
 * and the owner's dashboard (which shows the normalised path as a convenience). It imports nothing, so
 * the client may import it at runtime (the one exception to `web-contracts-type-only` in
 * .dependency-cruiser.cjs).
 */

/**
 * The spec's normalisation, after trimming surrounding whitespace: lowercased; forced to start with '/';
 * any character other than a-z, 0-9, '/' and '-' becomes '-'; repeated slashes and hyphens are
 * collapsed; a trailing slash is removed unless the path is just '/'.
 */
export function normalisePagePath(raw: string): string {
  let path = raw.trim().toLowerCase();
  if (!path.startsWith('/')) path = `/${path}`;
  path = path
    .replace(/[^a-z0-9/-]/g, '-')
    .replace(/\/{2,}/g, '/')
    .replace(/-{2,}/g, '-');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** The spec's slug: the path with slashes turned to hyphens and the leading hyphen dropped ('page' if empty). */
export function pageSlug(normalisedPath: string): string {
  const slug = normalisedPath.replace(/\//g, '-').replace(/^-/, '');
  return slug === '' ? 'page' : slug;
}

/**
 * Paths the site itself uses, which no managed page may take: the client's routes (a test in
 * services/pages/page-path.unit.spec.ts fails when a route of web/src/features/*\/routes.tsx is not
 * covered here), the API, the built assets and the health probes. `/x/...` reserves `/x` and every path under it.
 */
export const RESERVED_PAGE_PATHS: readonly string[] = [
  '/',
  '/etfs/...',
  '/etf/...',
  '/dividend-calendar',
  '/pricing',
  '/news',
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/my',
  '/my-weeklydiv',
  '/my-weeklydiv/tax-summary',
  '/my-weeklydiv/income',
  '/account/...',
  '/support',
  '/admin/...',
  '/api/...',
  '/assets/...',
  '/healthz',
  '/readyz',
];

/** The entry of RESERVED_PAGE_PATHS a normalised path falls under (`/etfs/...`), or null when a page may use it. */
export function reservedPagePath(normalisedPath: string): string | null {
  for (const entry of RESERVED_PAGE_PATHS) {
    if (entry.endsWith('/...')) {
      const root = entry.slice(0, -4);
      if (normalisedPath === root || normalisedPath.startsWith(`${root}/`)) return entry;
    } else if (normalisedPath === entry) return entry;
  }
  return null;
}
