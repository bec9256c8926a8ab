import { useEffect } from 'react';

/**
 * `<link rel="canonical" href="{origin}{path}">` in the document head while the screen is shown
 * (removed when it goes); `null` sets none. One URL per page for search engines and shared links.
 */
export function useCanonicalLink(path: string | null): void {
  useEffect(() => {
    if (path === null) return;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = `${window.location.origin}${path}`;
    document.head.appendChild(link);
    return () => link.remove();
  }, [path]);
}
