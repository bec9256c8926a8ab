/**
 * A managed page's path and slug (admin spec §5). The pages server applies the same rule to what it
 * stores; the form applies it as the owner types so the slug shown is the one the page will get.
 */

/**
 * The spec's normalisation: lowercased; forced to start with '/'; any character other than a-z,
 * 0-9, '/' and '-' becomes '-'; repeated slashes and hyphens collapsed; a trailing slash removed
 * unless the path is just '/'.
 */
export function normalizePagePath(input: string): string {
  let path = input.toLowerCase();
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/[^a-z0-9/-]/g, '-').replace(/\/{2,}/g, '/').replace(/-{2,}/g, '-');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/**
 * The normalisation while typing: the same rule, except that an empty field stays empty (the path is
 * required and the button stays disabled) and a trailing slash stays until the field is left, so a
 * nested path (`/guides/weekly`) can be typed one character at a time.
 */
export function normalizePagePathWhileTyping(input: string): string {
  if (input === '') return '';
  const keepSlash = input.endsWith('/') && input.length > 1;
  const path = normalizePagePath(input);
  return keepSlash && path !== '/' ? `${path}/` : path;
}

/** The slug: the (normalised) path with slashes turned to hyphens and the leading hyphen dropped; 'page' when empty. */
export function pageSlug(path: string): string {
  const slug = normalizePagePath(path).replace(/\//g, '-').replace(/^-/, '');
  return slug === '' ? 'page' : slug;
}
