/**
 * The endpoints whose answers arrived with the server-rendered page (its preloaded RTK Query state).
 * A screen that reads again on every mount (the news feed) asks once, on its first mount, whether its
 * entry came with the page: the server read it a moment ago (or the cached page was made with it, and
 * the cache is dropped when it changes), so reading it again would only repeat the request.
 */
const served = new Set<string>();

/** main.tsx: the endpoint names of the preloaded entries. */
export function markServed(endpointNames: Iterable<string>): void {
  for (const name of endpointNames) served.add(name);
}

/** True the first time it is asked about an endpoint that came with the page, then false. */
export function takeServed(endpointName: string): boolean {
  return served.delete(endpointName);
}
