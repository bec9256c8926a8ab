import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Params } from 'react-router-dom';
import type { baseApi } from '../api/base-api.ts';

/**
 * The store's dispatch as far as a prefetch needs it: it takes RTK Query's thunks for the one API
 * slice. Written here from `baseApi` (what the store holds) rather than imported from `app/store.ts`:
 * the shared layer never imports the app. `store.dispatch` fits it.
 */
export type PrefetchDispatch = ThunkDispatch<{ [K in typeof baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> }, unknown, UnknownAction>;

/**
 * What a route may declare in its `handle`: the reads its screen makes as soon as it renders. The
 * router starts them when it matches the route, so they travel while the screen's lazy chunk is
 * still on its way (instead of after it arrived and rendered). They fill the same RTK Query cache
 * entries the screen then subscribes to, so the arguments must be the screen's own.
 */
export interface RouteHandle {
  prefetch?: (params: Params, dispatch: PrefetchDispatch) => void;
  /**
   * Reads the server also renders the screen with (web/src/entry-server.tsx) that the browser does not
   * start on navigation, because the screen reads them again on every mount anyway (the news feed).
   */
  serverPrefetch?: (params: Params, dispatch: PrefetchDispatch) => void;
}

interface MatchLike {
  params: Params;
  route: { handle?: unknown };
}

/** Starts the reads of every matched route that declares them. */
export function prefetchMatches(matches: readonly MatchLike[], dispatch: PrefetchDispatch): void {
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.prefetch?.(match.params, dispatch);
  }
}

/** The server's render: every read of the matched routes, the server-only ones too. */
export function serverPrefetchMatches(matches: readonly MatchLike[], dispatch: PrefetchDispatch): void {
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    handle?.prefetch?.(match.params, dispatch);
    handle?.serverPrefetch?.(match.params, dispatch);
  }
}

interface RouterLike {
  state: { location: { key: string }; matches: readonly MatchLike[] };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Prefetches for the current location now (unless `current: false`: a server-rendered page arrived
 * with its reads, and asking the store about each costs a slow phone tens of ms) and for every
 * location the router moves to later.
 */
export function prefetchOnNavigation(router: RouterLike, dispatch: PrefetchDispatch, options: { current?: boolean } = {}): () => void {
  let key = router.state.location.key;
  if (options.current !== false) prefetchMatches(router.state.matches, dispatch);
  return router.subscribe((state) => {
    if (state.location.key === key) return;
    key = state.location.key;
    prefetchMatches(state.matches, dispatch);
  });
}
