/** Ticker and brand spellings shared by the catalog decider, the market read model and the routes. */

/** Brand slug: lowercased, whitespace runs turned into one hyphen ("Nicholas Funds" -> "nicholas-funds"). */
export function brandSlug(brand: string): string {
  return brand.trim().toLowerCase().replace(/\s+/g, '-');
}

export function normaliseTicker(ticker: string): string {
  return ticker.trim().toUpperCase();
}
