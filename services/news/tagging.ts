/**
 * Tags and keywords of an ingested article (docs/news.md "Tags" and "Keyword auto-publish"). Pure:
 * the ingestion job passes the catalog (from the `catalog-index` read model) and the keywords.
 */

/** A listed fund as tagging needs it. */
export interface TaggableEtf {
  ticker: string;
  /** The brand as the catalog spells it ("Roundhill", "Granite"); may be empty. */
  brand: string;
  name: string;
}

/**
 * Tickers that are also everyday words or acronyms of financial news: named in capitals, they are
 * usually not the fund ("THE WEEK AHEAD", "an ETF", "the SEC"). They count only when marked as a
 * ticker: `$WEEK`, `(WEEK)`, `NYSE: WEEK`, `(Nasdaq: WEEK)`, `Cboe BZX: WEEK`. Tickers of one or two
 * characters always need the mark.
 */
export const AMBIGUOUS_TICKERS: ReadonlySet<string> = new Set([
  'ALL', 'AND', 'ANY', 'ARE', 'BIG', 'BEST', 'BUY', 'CAN', 'CASH', 'CEO', 'CFO', 'DAY', 'DAYS', 'EPS', 'ETF', 'ETFS', 'EVER',
  'FAST', 'FEAT', 'FOR', 'FREE', 'FUN', 'FUND', 'GAIN', 'GDP', 'GET', 'GIF', 'GOLD', 'GOOD', 'GROW', 'HAS', 'HIGH', 'HOLD',
  'HOT', 'HUGE', 'INC', 'IPO', 'JOBS', 'JUST', 'KEY', 'LIFE', 'LOVE', 'LOW', 'MAX', 'MORE', 'MOST', 'NAV', 'NEW', 'NEWS',
  'NEXT', 'NICE', 'NOT', 'NOW', 'NYSE', 'ONE', 'OPEN', 'OUT', 'PAY', 'PAYS', 'PLAY', 'REAL', 'RUN', 'SAFE', 'SAVE', 'SEC',
  'SEE', 'SELL', 'SHE', 'SIX', 'TEN', 'THE', 'TOP', 'TRUE', 'TWO', 'USA', 'WEEK', 'WELL', 'WIN', 'WORK', 'YES', 'YOU', 'YTD',
  'ZERO',
]);

/** Escapes a text for use inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Letters and digits (any script) on neither side: a whole word. */
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';

/** Three words or more and no lower-case letter at all (a shouted headline): unmarked capitals are not tickers there. */
function isShouted(text: string): boolean {
  return !/\p{Ll}/u.test(text) && (text.match(/\p{Lu}+/gu)?.length ?? 0) >= 3;
}

/** Marks that make a capital word a ticker: `$T`, `(T)`, `(T,` and an exchange prefix `NYSE Arca: T`. */
function markedPattern(ticker: string): RegExp {
  const t = literal(ticker);
  return new RegExp(
    `(?:\\$${t}${AFTER}|\\(\\s*${t}\\s*[),;]|(?:nyse(?:\\s+arca|\\s+american)?|nasdaq|cboe(?:\\s+bzx)?|bats|amex|otc)\\s*:\\s*${t}${AFTER})`,
    'giu',
  );
}

/** Whether `text` names the ticker under the rules above (case-sensitive capitals, whole word). */
export function namesTicker(text: string, ticker: string): boolean {
  if (!ticker) return false;
  const t = ticker.toUpperCase();
  // The exchange name may be in any case, the ticker itself must be in capitals.
  if (text.match(markedPattern(t))?.some((m) => m.includes(t))) return true;
  if (t.length <= 2 || AMBIGUOUS_TICKERS.has(t) || isShouted(text)) return false;
  return new RegExp(`${BEFORE}${literal(t)}${AFTER}`, 'u').test(text);
}

/**
 * The names an issuer is known by in news: the brand as the catalog spells it, and the first word of
 * its funds' names where that differs ("GraniteShares" for Granite, from "GraniteShares YieldBOOST TSLA ETF").
 */
export function issuerNames(etfs: readonly TaggableEtf[]): Map<string, Set<string>> {
  const byBrand = new Map<string, Set<string>>();
  for (const etf of etfs) {
    const brand = etf.brand.trim();
    if (!brand) continue;
    const names = byBrand.get(brand) ?? new Set<string>([brand]);
    const first = etf.name.trim().split(/\s+/)[0] ?? '';
    // the fund name's first word names the issuer when it contains the brand ("GraniteShares" ⊃ "Granite")
    if (first.length >= 3 && first.toLowerCase().includes(brand.toLowerCase())) names.add(first);
    byBrand.set(brand, names);
  }
  return byBrand;
}

/**
 * The tags of an article: the brands named (or whose tickers are named), then the tickers named, each
 * once. `segments` are the title and the text, checked one by one (a shouted title does not make the
 * text shouted).
 */
export function tagsFor(segments: readonly string[], etfs: readonly TaggableEtf[]): string[] {
  const tickers: string[] = [];
  const brands = new Set<string>();
  const seen = new Set<string>();
  for (const etf of etfs) {
    const t = etf.ticker.toUpperCase();
    if (seen.has(t)) continue;
    if (segments.some((s) => namesTicker(s, t))) {
      seen.add(t);
      tickers.push(t);
      if (etf.brand.trim()) brands.add(etf.brand.trim());
    }
  }
  for (const [brand, names] of issuerNames(etfs)) {
    if (brands.has(brand)) continue;
    const named = [...names].some((n) => segments.some((s) => new RegExp(`${BEFORE}${literal(n)}${AFTER}`, 'u').test(s)));
    if (named) brands.add(brand);
  }
  const brandList = [...brands].sort((a, b) => a.localeCompare(b));
  return [...brandList, ...tickers.sort()];
}

/** A keyword as a whole-word, case-insensitive pattern; spaces inside it match any run of whitespace. */
function keywordPattern(keyword: string): RegExp {
  const body = keyword
    .trim()
    .split(/\s+/)
    .map(literal)
    .join('\\s+');
  return new RegExp(`${BEFORE}${body}${AFTER}`, 'iu');
}

/** The first keyword the title or the text contains (case-insensitive, whole words), or null. */
export function matchingKeyword(keywords: readonly string[], segments: readonly string[]): string | null {
  for (const keyword of keywords) {
    if (!keyword.trim()) continue;
    const pattern = keywordPattern(keyword);
    if (segments.some((s) => pattern.test(s))) return keyword;
  }
  return null;
}
