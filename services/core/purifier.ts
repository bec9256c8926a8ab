import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';

/** jsdom has no type declarations in this repository: the one constructor used here, typed by hand. */
type JsdomWindow = Window & typeof globalThis;
const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as { JSDOM: new (html?: string) => { window: JsdomWindow } };

/**
 * A DOMPurify instance on its own jsdom window (server-side sanitising). Each caller makes its own,
 * because hooks are per instance (the footer's link and style hooks must not apply to SVG files).
 * Making one costs a jsdom window (tens of milliseconds): callers make it once, lazily.
 */
export function createPurifier(): { purify: DOMPurify; window: JsdomWindow } {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  return { purify: createDOMPurify(window), window };
}

/**
 * CSS that does something beyond styling in some browser: IE's `expression()` and `behavior`,
 * Firefox's old `-moz-binding`, script URLs, and `@import`/`url()` that load from elsewhere.
 */
export const DANGEROUS_CSS = /expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|behavior\s*:|@import|url\s*\(/i;
