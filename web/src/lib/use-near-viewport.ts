import { useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true): work for content
 * below the first screen waits until the visitor scrolls towards it. Merely touching the edge does
 * not count (the footer sits exactly at the bottom edge while a screen is still loading). Where
 * IntersectionObserver is missing (old browsers, jsdom) it is true at once.
 *
 * Returns a callback ref to put on the element: the element may mount later than the component
 * (after a loading state), and it is observed from the moment it exists.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // On the server (no window) it is false, as in the browser's first render, so hydration draws the
  // same: content that waits for the viewport is never in the server's HTML.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRect.height > 0)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return [setElement, near];
}
