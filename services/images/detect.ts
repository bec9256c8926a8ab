import type { DOMPurify } from 'dompurify';
import type { ImageMimeType } from '../../events/images.ts';
import { createPurifier, DANGEROUS_CSS } from '../core/purifier.ts';

/**
 * What an uploaded file is, decided by its bytes (magic numbers), never by the declared type or the
 * file name:
 * - PNG `89 50 4E 47 0D 0A 1A 0A`; JPEG `FF D8 FF`; GIF `GIF87a`/`GIF89a`; WebP `RIFF....WEBP`;
 * - SVG: UTF-8 text whose first element (after an optional BOM, `<?xml ...?>`, comments and a
 *   DOCTYPE) is `<svg`.
 * Anything else is no supported image (null).
 */
export function detectImageType(bytes: Uint8Array): ImageMimeType | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length < to ? '' : String.fromCharCode(...bytes.subarray(from, to));
}

/** The prolog an SVG file may start with before its `<svg` element. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/i;

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = textOf(bytes.subarray(0, 4096));
  return head !== null && SVG_START.test(head);
}

function textOf(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // the 4 KiB head may cut a multi-byte character: decode leniently, but no NUL bytes in text
    const text = new TextDecoder('utf-8').decode(bytes);
    return text.includes('\u0000') ? null : text;
  }
}

function svgPurifier(): { purify: DOMPurify; serialize: (node: Node) => string } {
  const { purify, window } = createPurifier();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && DANGEROUS_CSS.test(data.attrValue)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (node) => serializer.serializeToString(node) };
}

let svg: ReturnType<typeof svgPurifier> | undefined;

export const SVG_UNSAFE_OR_BROKEN = 'The SVG file has no drawing left once made safe (an <svg> element is required)';

/**
 * An SVG made safe to open directly: DOMPurify's SVG profile (elements and attributes of SVG and its
 * filters only) removes `<script>`, `<foreignObject>`, every `on*` handler, `javascript:` links and
 * styles with `expression()`, `url()` or `@import`; `<style>` elements go too (they could load from
 * elsewhere). The result is serialised as XML with the SVG namespace so it renders on its own.
 * Null when no `<svg>` element is left. The file is also served with a CSP that runs no script
 * (defence in depth, see api.ts).
 */
export function sanitizeSvg(bytes: Uint8Array): Buffer | null {
  svg ??= svgPurifier();
  const text = new TextDecoder('utf-8').decode(bytes);
  const fragment = svg.purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'script', 'a'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment.firstElementChild;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') return null;
  return Buffer.from(svg.serialize(root), 'utf8');
}
