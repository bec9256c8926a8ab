/**
 * Readers of the TEXT of one table cell, header or sentence of an issuer's release (docs/declarations.md
 * "The parser's rules"): dates, amounts, percents, tickers, frequencies, and what a column header means.
 * The HTML itself is never read here (release-document.ts walks the parsed tree); these regular
 * expressions only ever see a cell's or a line's plain text.
 *
 * Every reader answers "read", "missing" (a dash, "n/a", an empty cell: the release states no figure) or
 * "unreadable" (something is there and it is not what the column promises): the caller sends an
 * unreadable figure to the owner's review, never guesses.
 */
import { canonical } from '../../domain/market/decimal.ts';
import { isValidDate, toDayNumber, fromDayNumber, type IsoDate } from '../../domain/market/trading-days.ts';

export type Frequency = 'weekly' | 'four-weekly' | 'monthly' | 'twice-weekly';

/** What a figure's cell held. */
export type Read<T> = { kind: 'value'; value: T } | { kind: 'missing'; dash: boolean } | { kind: 'unreadable' };

const value = <T>(v: T): Read<T> => ({ kind: 'value', value: v });
const UNREADABLE = { kind: 'unreadable' } as const;

/** Spaces of every width (no-break, thin, ideographic) become a plain space; invisible and control characters go; runs collapse. */
export function cleanText(text: string): string {
  return text
    // zero-width characters, soft hyphens, bidi marks, embeddings, overrides and isolates (as the news text does)
    .replace(/[\u200b-\u200f\u2060\ufeff\u00ad\u202a-\u202e\u2066-\u2069\u061c\u180e]/g, '')
    // eslint-disable-next-line no-control-regex -- C0 and C1 control characters are dropped from a release's text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, ' ')
    .trim();
}

/** Footnote marks glued to a word: `*`, daggers, superscript digits (`ULTY⁴`, `Rate²`). */
const FOOTNOTE_MARKS = /[*†‡§¶^¹²³⁰⁴⁵⁶⁷⁸⁹]+/g;
const TRADEMARKS = /[™®©℠]/g;

/** "--", "-", an em dash, "n/a", "TBD", an empty cell: the release gives no figure. `dash` when it says so explicitly. */
function missing(text: string): Read<never> | null {
  const t = text.replace(FOOTNOTE_MARKS, '').replace(/\s+/g, '').toLowerCase();
  if (t === '') return { kind: 'missing', dash: false };
  if (/^[$]?[-‐‑‒–—―−]+%?$/.test(t)) return { kind: 'missing', dash: true };
  if (/^(n\/?a|n\.a\.?|tbd|tba|none|nm)$/.test(t)) return { kind: 'missing', dash: true };
  return null;
}

/** A cell that states no figure (see `missing`). */
export function isMissing(text: string): boolean {
  return missing(cleanText(text)) !== null;
}

/**
 * Cash per share: "$0.0908", "$ 0.51300", "0.6516" (the "$" in a cell of its own), "$0.0000" (a real zero
 * payout). Canonical decimal text ("0.0908", "0.513", "0"). A negative amount, a percent, letters: unreadable.
 */
export function readAmount(raw: string): Read<string> {
  const text = cleanText(raw);
  const none = missing(text);
  if (none) return none;
  const t = text.replace(FOOTNOTE_MARKS, '').replace(/\s+/g, '').replace(/^(US\$|USD|\$)/i, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(t) || !/\d/.test(t)) return UNREADABLE;
  const digits = t.replace(/,/g, '');
  // More than eight decimals or a thousand dollars a share is no distribution we know: a column mix-up.
  const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
  if (decimals > 8 || Number(digits) >= 1000) return UNREADABLE;
  return value(canonical(digits.startsWith('.') ? `0${digits}` : digits));
}

/**
 * A percent as the release states it, without the sign: "87.10%" -> "87.10", "100.04 %" -> "100.04",
 * "-6.10%" -> "-6.10", "38.78" (the "%" in a cell of its own) -> "38.78". Trailing zeros are kept
 * (the issuer's figure, not ours).
 */
export function readPercent(raw: string): Read<string> {
  const text = cleanText(raw);
  const none = missing(text);
  if (none) return none;
  let t = text.replace(FOOTNOTE_MARKS, '').replace(/\s+/g, '').replace(/[−–]/g, '-');
  let negative = false;
  if (/^\(.*\)%?$/.test(t)) {
    negative = true;
    t = t.replace(/^\(/, '').replace(/\)(%?)$/, '$1');
  }
  const m = /^([-+]?)((?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?)%?$/.exec(t);
  if (!m || !/\d/.test(m[2]!)) return UNREADABLE;
  let digits = m[2]!.replace(/,/g, '');
  if (digits.startsWith('.')) digits = `0${digits}`;
  if (Number(digits) >= 100_000) return UNREADABLE;
  const sign = (m[1] === '-') !== negative ? '-' : '';
  return value(`${sign}${digits}`);
}

// ---- dates

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};

/** Where a year-less date ("October 15", "10/15") falls: the year that puts it closest to the publication. */
function withYear(month: number, day: number, year: number | null, published: IsoDate | null): IsoDate | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (year !== null) {
    const full = year < 100 ? 2000 + year : year;
    const iso = `${full}-${pad(month)}-${pad(day)}`;
    return full >= 2000 && full <= 2100 && isValidDate(iso) ? iso : null;
  }
  if (published === null) return null;
  const base = Number(published.slice(0, 4));
  let best: IsoDate | null = null;
  for (const y of [base - 1, base, base + 1]) {
    const iso = `${y}-${pad(month)}-${pad(day)}`;
    if (!isValidDate(iso)) continue;
    if (best === null || Math.abs(toDayNumber(iso) - toDayNumber(published)) < Math.abs(toDayNumber(best) - toDayNumber(published))) best = iso;
  }
  return best;
}

const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
// The date forms the six issuers write, each anchored at the start of the text; `rest` is what follows.
const DATE_FORMS: readonly { re: RegExp; parts: (m: RegExpExecArray) => [month: number | undefined, day: number, year: number | null] }[] = [
  { re: /^(\d{4})-(\d{2})-(\d{2})(?![\d])/, parts: (m) => [Number(m[2]), Number(m[3]), Number(m[1])] },
  { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.]\d)/, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  { re: /^(\d{1,2})-(\d{1,2})-(\d{4}|\d{2})(?![\d-])/, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  { re: /^(\d{1,2})\/(\d{1,2})(?![\d/])/, parts: (m) => [Number(m[1]), Number(m[2]), null] },
  { re: /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?!\d)/i, parts: (m) => [MONTHS[m[1]!.toLowerCase()], Number(m[2]), Number(m[3])] },
  { re: /^(\d{1,2})[-\s]([a-z]{3,9})\.?[-\s,]+(\d{4}|\d{2})(?!\d)/i, parts: (m) => [MONTHS[m[2]!.toLowerCase()], Number(m[1]), Number(m[3])] },
  { re: /^([a-z]{3,9})\.?\s+(\d{1,2})(?![\d,]|\s*,?\s*\d)/i, parts: (m) => [MONTHS[m[1]!.toLowerCase()], Number(m[2]), null] },
];

/** Ordinals ("16th") and a leading weekday ("Wednesday, October 15, 2025") carry nothing a date needs. */
function tidyDate(text: string): string {
  return cleanText(text).replace(/(\d)(st|nd|rd|th)\b/gi, '$1').replace(WEEKDAY, '');
}

/** The date at the start of `text`, and the length of text it took; null when none is there. */
function leadingDate(text: string, published: IsoDate | null): { date: IsoDate | null; length: number } | null {
  for (const form of DATE_FORMS) {
    const m = form.re.exec(text);
    if (!m) continue;
    const [month, day, year] = form.parts(m);
    if (month === undefined) continue; // a word that is no month ("Wednesday 15")
    return { date: withYear(month, day, year, published), length: m[0].length };
  }
  return null;
}

/**
 * A date cell: M/D/YY, M/D/YYYY, YYYY-MM-DD, "October 15, 2025", "Oct. 15, 2025", "October 16th, 2025",
 * "29-Dec-2025", "Wednesday, October 15, 2025", and year-less ones resolved with the publication date.
 * US order only (month first): "29/12/2025" is unreadable, never read as December 29. The whole cell must
 * be the date (a trailing footnote mark aside).
 */
export function readDate(raw: string, published: IsoDate | null): Read<IsoDate> {
  const text = cleanText(raw);
  const none = missing(text);
  if (none) return none;
  const t = tidyDate(text.replace(FOOTNOTE_MARKS, '')).replace(/[.,;]+$/, '');
  const found = leadingDate(t, published);
  if (!found || found.date === null || found.length !== t.length) return UNREADABLE;
  return value(found.date);
}

export type DateLabel = 'ex' | 'record' | 'exAndRecord' | 'pay';

/** The dates a line states with a label: "Ex. & Record Date: October 15, 2025", "Payment Date: October 16th, 2025". */
export function labelledDates(line: string, published: IsoDate | null): { label: DateLabel; date: IsoDate | null; text: string }[] {
  const text = tidyDate(line);
  const out: { label: DateLabel; date: IsoDate | null; text: string }[] = [];
  const LABEL = /\b(ex(?:[-.\s]*dividend)?[-.\s]*(?:date)?\s*(?:&|and|\/)\s*record\s*dates?|ex(?:[-.\s]*dividend)?[-.\s]*date|record\s*date|pay(?:ment|able)?\s*date)\s*[:：]\s*/gi;
  for (let m = LABEL.exec(text); m !== null; m = LABEL.exec(text)) {
    const name = m[1]!.toLowerCase();
    const label: DateLabel = name.includes('record') ? (name.startsWith('ex') ? 'exAndRecord' : 'record') : name.startsWith('pay') ? 'pay' : 'ex';
    const rest = text.slice(LABEL.lastIndex).replace(WEEKDAY, '');
    const found = leadingDate(rest, published);
    out.push({ label, date: found?.date ?? null, text: rest.slice(0, 40).trim() });
  }
  return out;
}

/** Days from `a` to `b`. */
export function daysFrom(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b) - toDayNumber(a);
}

export { fromDayNumber };

// ---- tickers, names, frequencies

/** Capitals that are words of a release, not funds (header words in capitals, exchanges, abbreviations). */
const NOT_TICKERS = new Set([
  'ETF', 'ETFS', 'NAV', 'SEC', 'ROC', 'USA', 'US', 'NYSE', 'CBOE', 'BATS', 'ARCA', 'NASDAQ', 'CEO', 'LLC', 'INC', 'AI',
  'TBD', 'TBA', 'NA', 'OTC', 'ET', 'CUSIP', 'ISIN', 'FUND', 'NAME', 'DATE', 'RATE', 'YIELD', 'TICKER', 'SYMBOL',
  'AMOUNT', 'PAY', 'EX', 'GLOBE', 'NEWSWIRE', 'PR', 'DTE',
]);

/**
 * A ticker cell: "ULTY", "ULTY4" and "YMAX1,2" (footnote digits glued), "SDTY*", "$TSYY", "NYSE: XPAY".
 * US listed-fund tickers have no digits, so trailing digits are footnotes. Anything else (a name, lower case, an
 * empty cell): null.
 */
export function readTicker(raw: string): string | null {
  let t = cleanText(raw).replace(TRADEMARKS, '').replace(FOOTNOTE_MARKS, '');
  const colon = t.lastIndexOf(':');
  if (colon >= 0) t = t.slice(colon + 1);
  t = t.trim().replace(/^\$/, '').replace(/(?<=[A-Z])[\d,]+$/, '').replace(/[()]/g, '');
  return /^[A-Z]{1,6}(\.[A-Z])?$/.test(t) && !NOT_TICKERS.has(t) ? t : null;
}

/** The single fund a paragraph names as "(XPAY)" or "(NYSE Arca: XPAY)", for a schedule table without a ticker column. */
export function tickersInParentheses(line: string): string[] {
  const out: string[] = [];
  const RE = /\((?:[A-Za-z ]{2,20}:\s*)?([A-Z]{2,6})\)/g;
  for (let m = RE.exec(line); m !== null; m = RE.exec(line)) {
    const t = m[1]!;
    if (!NOT_TICKERS.has(t)) out.push(t);
  }
  return out;
}

/** A fund's name as printed, its footnote marks after "ETF" dropped ("…Strategy ETF4" -> "…Strategy ETF"). */
export function readName(raw: string): string | null {
  const t = cleanText(raw).replace(/[*†‡¹²³⁰⁴⁵⁶⁷⁸⁹]+$/, '').replace(/(\bETFs?|\bFund)\d[\d,]*$/, '$1').trim();
  return t === '' || missing(t) ? null : t;
}

/** "Weekly", "Every 4 weeks", "Monthly", "Twice weekly"; "Quarterly" and the rest: null (not a frequency we track). */
export function readFrequency(raw: string): Frequency | null {
  const t = cleanText(raw).replace(FOOTNOTE_MARKS, '').toLowerCase();
  // "Bi-weekly" means every two weeks or twice a week depending on the writer; "semi-monthly": neither ours.
  if (/\bbi-?weekly\b|\bevery (2|two) weeks\b|\bfortnight|\bsemi-?monthly\b/.test(t)) return null;
  if (/\b(twice[- ]?(a[- ])?week(ly)?|semi[- ]?weekly)\b/.test(t)) return 'twice-weekly';
  if (/\b(every\s*(4|four)\s*weeks|(4|four)[- ]?week(ly)?|every fourth week)\b/.test(t)) return 'four-weekly';
  if (/\b(weekly|every week)\b/.test(t)) return 'weekly';
  if (/\b(monthly|every month)\b/.test(t)) return 'monthly';
  return null;
}

// ---- column headers

export type ColumnKind =
  | 'ticker' | 'name' | 'frequency' | 'amount' | 'amountSpecial' | 'amountCapitalGain'
  | 'statedRate' | 'secYield' | 'roc' | 'exDate' | 'exAndRecord' | 'recordDate' | 'payDate'
  | 'ignored' | 'unknown';

/** A header's words: lower case, trademarks and footnote marks dropped, digits glued to a word dropped ("Rate2,4" -> "rate"). */
export function headerWords(raw: string): string {
  return cleanText(raw)
    .replace(TRADEMARKS, '')
    .replace(FOOTNOTE_MARKS, ' ')
    .replace(/(?<=[A-Za-z)])\d+(?:,\d+)*/g, '')
    .replace(/\(\s*\d+(?:,\d+)*\s*\)/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a column holds, from its header's words (docs/declarations.md "How columns are recognised"). The order
 * matters: "Distribution Per Share (%)" is a per-period percent (ignored), not the amount; "Unsubsidized
 * 30-Day SEC Yield" is ignored beside the subsidized one; dates before anything else ("Ex-Date & Record Date").
 */
export function classifyHeader(raw: string): ColumnKind {
  const h = headerWords(raw);
  if (h === '') return 'unknown';
  const ex = /(^|[\s(/])ex(?=$|[\s.\-/&]|-?div)/.test(h);
  const record = /\brecord\b/.test(h);
  if (ex && record) return 'exAndRecord';
  if (ex) return 'exDate';
  if (record) return 'recordDate';
  if (/\b(pay|payment|payable|paid)\b/.test(h) && /\bdate\b|^pay(able)?$/.test(h)) return 'payDate';
  if (/\bdeclar/.test(h) && /\bdate\b/.test(h)) return 'ignored';
  if (/\bunsubsidi[sz]ed\b/.test(h)) return 'ignored';
  if (/\bsec\b.*\byield\b/.test(h)) return 'secYield';
  if (/\broc\b|return of capital/.test(h)) return 'roc';
  if (/\b(reference|underlying)\b/.test(h)) return 'ignored';
  if (/\b(ticker|symbol)\b/.test(h)) return 'ticker';
  if (/\bfrequency\b/.test(h)) return 'frequency';
  if (/\bnav\b|net asset value|\bprice\b|\bcusip\b|\bexchange\b|\bexpense\b|\binception\b|\bgroup\b/.test(h)) return 'ignored';
  if (/%/.test(h) && /\bper share\b/.test(h)) return 'ignored'; // Roundhill's per-period percent of NAV
  if (/\bspecial\b/.test(h) && /\b(distribution|dividend|amount|per share)\b/.test(h)) return 'amountSpecial';
  if (/\bcapital gains?\b/.test(h)) return 'amountCapitalGain';
  if (/\bdistribution (rate|yield)\b|^(annuali[sz]ed )?(distribution )?rate$|\bannuali[sz]ed (rate|yield|distribution)\b/.test(h)) return 'statedRate';
  if (/\b(rate|yield)\b|%/.test(h)) return 'ignored';
  if (/\bper share\b|\b(distribution|dividend|cash) amount\b|^amount\b|^(regular |income )?(distribution|dividend)$|\bcash distribution\b/.test(h)) return 'amount';
  if (/\bname\b|^(fund|etf)$/.test(h)) return 'name';
  return 'unknown';
}

/** A header a distribution table would have, to tell "a table we could not match" from "no distribution table". */
export function soundsLikeDistributions(raw: string): boolean {
  const h = headerWords(raw);
  return /\b(payout|per share|amount)\b|(^|\s)ex[-.\s]*(dividend\s*)?date\b|\brecord date\b|\bpay(able|ment)? date\b/.test(h);
}
