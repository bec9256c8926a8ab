import { registerCache } from '../../domain/caches/registry.ts';
import { sanitizeOwnerHtml } from '../core/owner-html.ts';

/**
 * The body of a published page as `GET /api/pages/by-path` serves it: the owner's HTML through the
 * server's owner-HTML sanitiser, the footer's (services/core/owner-html.ts; security audit I5), so a
 * consumer of the API other than our client gets no script either. The client sanitises again.
 *
 * DOMPurify on jsdom takes some 12 ms for a 5 KB body and about half a second at the 500,000-character
 * limit, too much for every visit: the sanitised body is kept by page id with the body it was made
 * from, and the owner's save makes it (pages/api.ts), so visitors find it ready.
 */

/** Text kept (the bodies and their sanitised copies, in characters); a body over a quarter of it is not kept. */
const BUDGET_CHARS = 8 * 1024 * 1024;

const kept = new Map<string, { source: string; html: string }>();
let keptChars = 0;

registerCache({
  name: 'page-html',
  owner: 'services/pages/served-html.ts',
  key: 'page id: the sanitised HTML of its body, with the body it was made from',
  bound: '8 Mi characters of text (bodies and their sanitised copies); a body over a quarter of that is not kept',
  eviction: 'least recently used first',
  coherence: "used only while the page's body equals the body it was made from (sanitising is a pure function of the body)",
  clearable: true,
  clear: () => {
    kept.clear();
    keptChars = 0;
  },
  size: () => kept.size,
});

function forget(pageId: string): void {
  const entry = kept.get(pageId);
  if (!entry) return;
  kept.delete(pageId);
  keptChars -= entry.source.length + entry.html.length;
}

/** The page's body as served: sanitised, from the kept copy when the body has not changed. */
export function servedPageHtml(pageId: string, source: string): string {
  const entry = kept.get(pageId);
  if (entry && entry.source === source) {
    // most recently used last
    kept.delete(pageId);
    kept.set(pageId, entry);
    return entry.html;
  }
  forget(pageId);
  const html = sanitizeOwnerHtml(source);
  const chars = source.length + html.length;
  if (chars > BUDGET_CHARS / 4) return html;
  kept.set(pageId, { source, html });
  keptChars += chars;
  for (const id of kept.keys()) {
    if (keptChars <= BUDGET_CHARS) break;
    forget(id);
  }
  return html;
}
