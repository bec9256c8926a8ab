import { useCallback, useSyncExternalStore } from 'react';

/** One MediaQueryList per query (and per `matchMedia`, which a test may replace). */
const lists = new Map<string, { matchMedia: Window['matchMedia']; list: MediaQueryList }>();

function mediaList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  const cached = lists.get(query);
  if (cached && cached.matchMedia === window.matchMedia) return cached.list;
  const list = window.matchMedia(query);
  lists.set(query, { matchMedia: window.matchMedia, list });
  return list;
}

/**
 * Whether a media query matches now, re-rendering when that changes. Read during the first render, so
 * a screen that lays itself out differently on phones never renders the other layout first. Without
 * `matchMedia` (jsdom) it is false.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(useSubscription(query), () => mediaList(query)?.matches ?? false, () => false);
}

function useSubscription(query: string): (onChange: () => void) => () => void {
  return useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
}

/**
 * A layout choice a server-rendered screen makes by the viewport (the phone calendar, the phone
 * dividend history). The server has no viewport: it renders `undefined`, and so does the browser's
 * hydration of that HTML (no mismatch); the screen then draws BOTH layouts, each shown or hidden by a
 * CSS media query on the same breakpoint, so a phone's first paint is already the phone
 * layout. Right after hydration React re-renders with the query's answer and the other layout goes.
 * A screen rendered in the browser gets the answer at once, as `useMediaQuery`.
 */
export function useLayoutQuery(query: string): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(useSubscription(query), () => mediaList(query)?.matches ?? false, () => undefined);
}

