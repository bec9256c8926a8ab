/** Sets or removes `<meta name=…>` / `<link rel=…>` in the document head; returns an undo. */

function setMeta(name: string, content: string | null): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const previous = el ? el.content : null;
  if (content === null) {
    el?.remove();
  } else {
    if (!el) {
      el = document.createElement('meta');
      el.name = name;
      document.head.appendChild(el);
    }
    el.content = content;
  }
  return () => {
    const current = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    if (previous === null) current?.remove();
    else if (current) current.content = previous;
    else {
      const restored = document.createElement('meta');
      restored.name = name;
      restored.content = previous;
      document.head.appendChild(restored);
    }
  };
}

function setCanonical(href: string | null): () => void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const previous = el ? el.href : null;
  if (href === null) el?.remove();
  else {
    if (!el) {
      el = document.createElement('link');
      el.rel = 'canonical';
      document.head.appendChild(el);
    }
    el.href = href;
  }
  return () => {
    const current = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (previous === null) current?.remove();
    else if (current) current.href = previous;
  };
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
 * The returned function restores what was there before.
 */
export function applyPageHead(head: PageHead): () => void {
  const previousTitle = document.title;
  document.title = head.title;
  const undo = [
    head.description ? setMeta('description', head.description) : () => {},
    setCanonical(head.canonical),
    setMeta('robots', head.noIndex ? 'noindex,nofollow' : null),
  ];
  return () => {
    for (const u of undo.reverse()) u();
    document.title = previousTitle;
  };
}
