/**
 * The endpoints whose answers arrived with the server-rendered page (its preloaded RTK Query state).
 * A screen that reads again on every mount (the news feed) asks, on its first mount, whether its
 * entry came with the page: the server read it a moment ago (or the cached page was made with it, and
 * the cache is dropped when it changes), so reading it again would only repeat the request.
 */
const served = new Set<string>();

/** main.tsx: the endpoint names of the preloaded entries. */
export function markServed(endpointNames: Iterable<string>): void {
  for (const name of endpointNames) served.add(name);
}

/**
 * Whether an endpoint's entry came with the page and no screen has mounted with it yet. A pure read:
 * React may render a component more than once before it commits (a hydration interrupted by an
 * update starts again), and every such render must get the same answer.
 */
export function wasServed(endpointName: string): boolean {
  return served.has(endpointName);
}

/** After the first mount committed (an effect): later mounts read again as usual. */
export function forgetServed(endpointName: string): void {
  served.delete(endpointName);
}
