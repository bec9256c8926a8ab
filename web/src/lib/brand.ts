/** Brand slug: the brand lowercased with whitespace turned into hyphens (`/etfs/{slug}`). */
export function brandSlug(brand: string): string {
  return brand.trim().toLowerCase().replace(/\s+/g, '-');
}

/** A slug shown as a title: hyphens to spaces, each word capitalised ("granite-shares" → "Granite Shares"). */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The slug of an ETF's brand: the server's brandSlug when given, else derived from the brand. */
export function slugOf(etf: { brand: string; brandSlug?: string | undefined }): string {
  return etf.brandSlug ?? brandSlug(etf.brand ?? '');
}
