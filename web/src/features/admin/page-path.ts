import { normalisePagePath, pageSlug as slugOfNormalised } from '../../../../contracts/page-path.ts';

/**
 * A managed page's path and slug (admin spec §5) in the owner's form: the server's own rule
 * (contracts/page-path.ts, the one copy), applied as the owner types so the slug shown is the one the
 * page will get.
 */

export const normalizePagePath = normalisePagePath;

/**
 * The normalisation while typing: the same rule, except that an empty field stays empty (the path is
 * required and the button stays disabled) and a trailing slash stays until the field is left, so a
 * nested path (`/guides/weekly`) can be typed one character at a time.
 */
export function normalizePagePathWhileTyping(input: string): string {
  if (input === '') return '';
  const keepSlash = input.endsWith('/') && input.length > 1;
  const path = normalisePagePath(input);
  return keepSlash && path !== '/' ? `${path}/` : path;
}

/** The slug of a path as typed: normalised, then slashes to hyphens and the leading hyphen dropped; 'page' when empty. */
export function pageSlug(path: string): string {
  return slugOfNormalised(normalisePagePath(path));
}
