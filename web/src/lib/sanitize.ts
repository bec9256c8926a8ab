import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Admin-authored HTML (footer, managed pages) made safe to insert: DOMPurify removes scripts,
 * event handler attributes, `javascript:` URLs, iframes, forms and the like; links opening a new tab
 * get `rel="noopener noreferrer"`. Import this module lazily: it carries DOMPurify (~8 KB gzipped).
 */
export function sanitizeHtml(html: string): string {
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
