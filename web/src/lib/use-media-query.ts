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
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? false, () => false);
}
