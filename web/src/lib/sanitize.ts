import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Admin-authored HTML (footer, managed pages) made safe to insert: DOMPurify removes scripts,
 * event handler attributes, `javascript:` URLs, iframes, forms and the like; links opening a new tab
 * get `rel="noopener noreferrer"`. Import this module lazily: it carries DOMPurify (~8 KB gzipped).
 */
export function sanitizeHtml(html: string): string {
  // The server's render of a managed page (web/src/entry-server.tsx) has no DOM for DOMPurify: the HTML
  // it gets is the API's answer, which the server already sanitised with the same rules
  // (services/core/owner-html.ts). The browser sanitises it again here when it renders the page.
  if (typeof window === 'undefined') return html;
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, svg: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}
