import type { DOMPurify } from 'dompurify';
import { createPurifier, DANGEROUS_CSS } from './purifier.ts';

/**
 * The owner's HTML as every visitor gets it, sanitised on the server with DOMPurify (on jsdom): the
 * footer before it is stored (services/settings/commands.ts: the stored value is the value served), a
 * managed page's body when `GET /api/pages/by-path` answers it (services/pages/served-html.ts). One
 * sanitiser for both, so no script reaches a visitor or another consumer of the API, whatever the
 * client does.
 * - Kept: text formatting, links, lists, images (http(s), site paths and data: images), tables, inline
 *   SVG icons, `class`, `id`, inline `style` attributes, and `target` on links (a `_blank` link gets
 *   `rel="noopener noreferrer"`).
 * - Removed: `<script>`, every `on*` event handler, `javascript:`/`vbscript:`/non-image `data:` URLs,
 *   `<iframe>`, `<object>`, `<embed>`, `<form>` and its controls, `<style>`, `<link>`, `<meta>`,
 *   `<base>`, and any `style` attribute with `expression()`, `url()`, `@import`, `-moz-binding` or
 *   `behavior`.
 */
let instance: DOMPurify | undefined;

function ownerHtmlPurifier(): DOMPurify {
  if (instance) return instance;
  const { purify } = createPurifier();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && DANGEROUS_CSS.test(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      else node.removeAttribute('target');
    }
  });
  instance = purify;
  return purify;
}

export function sanitizeOwnerHtml(html: string): string {
  return ownerHtmlPurifier()
    .sanitize(html, {
      USE_PROFILES: { html: true, svg: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'foreignObject'],
      FORBID_ATTR: ['formaction', 'action', 'srcdoc'],
      ADD_ATTR: ['target'],
    })
    .trim();
}
