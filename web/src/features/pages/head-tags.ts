import { PRODUCT_NAME } from '../../lib/paths.ts';

/**
 * The site's own description, as web/index.html carries it (a spec reads that file to keep the two
 * equal): what the head says again once a managed page with its own description is left.
 */
export const SITE_DESCRIPTION = 'WeeklyDiv: track weekly-distribution ETFs, their dividends and your portfolio.';

/** Sets `<meta name=…>` (or removes it with null). */
function setMeta(name: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the one `<link rel="canonical">` (or removes every one with null). */
function setCanonical(href: string | null): void {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')];
  if (href === null) {
    for (const link of links) link.remove();
    return;
  }
  for (const extra of links.slice(1)) extra.remove();
  let el = links[0];
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

export interface PageHead {
  title: string;
  description: string | null;
  canonical: string | null;
  noIndex: boolean;
}

/**
 * A managed page's head (the catch-all route shows owner-defined pages by path): title; meta description when present; canonical link
 * when present, removed when absent; robots "noindex,nofollow" when noIndex, removed otherwise.
 * The returned function puts the site's head back: the site's title and description, no canonical link,
 * no robots tag. Not "what was there before": on a deep-loaded page that is the page's own head, written
 * into the HTML by the server (services/gateway/client.ts `withPageHead`), which then stayed on every
 * screen after it (issue 29, W3). The screen that follows sets its own title and canonical link.
 */
export function applyPageHead(head: PageHead): () => void {
  document.title = head.title;
  if (head.description) setMeta('description', head.description);
  setCanonical(head.canonical);
  setMeta('robots', head.noIndex ? 'noindex,nofollow' : null);
  return () => {
    setMeta('robots', null);
    setCanonical(null);
    setMeta('description', SITE_DESCRIPTION);
    document.title = PRODUCT_NAME;
  };
}
