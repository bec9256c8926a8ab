/**
 * What the service worker (web/src/sw.ts) keeps of the signed-in user's answers, shared by the worker and
 * the page (docs/offline.md): the cache's name, which GET /api reads go in it, the messages the worker
 * posts about them, and the page's way to drop them.
 */

/**
 * The one Cache Storage cache of personal answers. The version suffix changes when what is stored in
 * it changes shape; the worker deletes caches of older versions when it activates.
 */
export const PERSONAL_CACHE = 'weeklydiv-personal-v1';
export const PERSONAL_CACHE_PREFIX = 'weeklydiv-personal-';

/**
 * The reads the personal area, its income page and its tax-year summary make on opening (web/src/api,
 * web/src/features/personal-area, web/src/lib/session): exact paths, any query. Nothing else of /api is
 * cached: no public data (it would go stale unseen), no CSV downloads, no private calendar-feed URL, no
 * tokens.
 */
const PERSONAL_READS: ReadonlySet<string> = new Set([
  '/api/user',
  '/api/user/portfolio',
  '/api/user/favorites',
  '/api/user/dividends/calendar',
  '/api/user/income',
  '/api/user/payouts',
  '/api/user/income-goal',
  '/api/user/alerts',
  '/api/user/tax-summary',
]);

/** Whether a GET of this path is one of the personal reads the worker keeps (a trailing slash is not). */
export function isPersonalRead(pathname: string): boolean {
  return PERSONAL_READS.has(pathname);
}

/** The requests after which the personal answers are dropped (the session ends). */
export function endsSession(method: string, pathname: string): boolean {
  return method === 'POST' && (pathname === '/api/logout' || pathname === '/api/logout-all');
}

/** The longest a session lives (SESSION_TTL_HOURS is at most 12): no kept answer outlives it. */
export const PERSONAL_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Messages from the worker to the page that made the request. */
export type WorkerMessage =
  /** A personal read answered from the cache (the network failed or timed out); `date` is the answer's Date header. */
  | { type: 'weeklydiv:cached-answer'; path: string; date: string | null }
  /** A personal read answered by the network (and kept); `date` is its Date header. */
  | { type: 'weeklydiv:fresh-answer'; path: string; date: string | null };

export function isWorkerMessage(data: unknown): data is WorkerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    (data.type === 'weeklydiv:cached-answer' || data.type === 'weeklydiv:fresh-answer') &&
    'path' in data &&
    typeof data.path === 'string'
  );
}

/**
 * Drops every kept personal answer, from the page (Cache Storage is shared with the worker): on logout,
 * and when the server says the session is gone (401). A browser without Cache Storage (or an insecure
 * origin) has nothing to drop.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
