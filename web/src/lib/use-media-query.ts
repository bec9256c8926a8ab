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
 * dividend history). The server has no viewport: it renders `undefined`, and the screen draws BOTH
 * layouts, each marked with `layoutOnly` and shown or hidden by a CSS media query on the same
 * breakpoint, so a phone's first paint is already the phone layout. Before hydrating, the browser
 * removes the layout that does not apply (`settleServerLayouts`, main.tsx) and hydrates with the
 * answer it settled on: the DOM is the one layout a browser render would draw, and hydration matches it.
 */
export function useLayoutQuery(query: string): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(useSubscription(query), () => mediaList(query)?.matches ?? false, () => settled.get(query) ?? mediaList(query)?.matches);
}

/** The answers `settleServerLayouts` removed layouts by (hydration draws the same). */
const settled = new Map<string, boolean>();

const QUERY_ATTRIBUTE = 'data-layout-query';
const WHEN_ATTRIBUTE = 'data-layout-when';

/**
 * The attributes of one of the two layouts a screen draws while `useLayoutQuery` is undefined (the
 * server's render): the element is kept where the query's answer is `when`. Nothing once the answer is known.
 */
export function layoutOnly(query: string, when: boolean, known: boolean | undefined): Record<string, string> {
  return known === undefined ? { [QUERY_ATTRIBUTE]: query, [WHEN_ATTRIBUTE]: String(when) } : {};
}

/**
 * Before hydration of a server-rendered page: every element of a layout that does not apply to this
 * viewport goes, and the kept ones lose their marks, so the DOM is what the browser's render draws.
 */
export function settleServerLayouts(root: ParentNode): void {
  settled.clear();
  for (const element of root.querySelectorAll(`[${QUERY_ATTRIBUTE}]`)) {
    const query = element.getAttribute(QUERY_ATTRIBUTE)!;
    let answer = settled.get(query);
    if (answer === undefined) {
      answer = mediaList(query)?.matches ?? false;
      settled.set(query, answer);
    }
    if (String(answer) !== element.getAttribute(WHEN_ATTRIBUTE)) element.remove();
    else {
      element.removeAttribute(QUERY_ATTRIBUTE);
      element.removeAttribute(WHEN_ATTRIBUTE);
    }
  }
}
