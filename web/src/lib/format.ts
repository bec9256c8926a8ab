/**
 * Display formats. Every number or date the client shows goes through one of these, so
 * the rules live in one place:
 * - price: 2 decimals with $; weekly average: 3 decimals with $; missing price: "N/A";
 * - percentages, yields, returns: 1 decimal; missing or zero: "N/A";
 * - figures are rounded once: pass the API's unrounded value (`exact`), never its 2-decimal string
 *   (128.849 shows 128.8; "128.85" would show 128.9);
 * - day change: sign, $ amount and percent to 2 decimals, positive (green) at or above 0;
 * - ex-dividend date: short month and day; other dates: en-US short month, day, year;
 * - holdings: shares 4 decimals, money 2 decimals, per-share dividend 4 decimals;
 * - news age: "Today", "N days ago", "N months ago", "N years ago".
 */

export const NA = 'N/A';

type Num = string | number | null | undefined;

/** The number a value stands for, or null when missing ("" / null / not a number). */
export function toNumber(value: Num): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(/,/g, '');
    if (trimmed === '') return null;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : null;
  }
  return Number.isFinite(value) ? value : null;
}

/**
 * `value` rounded half away from zero to `decimals` places, as a plain decimal string. Rounds the
 * shortest decimal form of the number ("1.005" → "1.01", like Intl.NumberFormat), not its binary value
 * (`toFixed` gives "1.00"). Hand-written because the first `Intl.NumberFormat` costs tens of
 * milliseconds on a slow phone, on the landing page's critical path.
 */
function roundToString(value: number, decimals: number): string {
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return Math.abs(value).toFixed(decimals);
  const [intPart = '0', fracPart = ''] = text.split('.');
  let digits = intPart + fracPart.padEnd(decimals + 1, '0').slice(0, decimals);
  const roundUp = (fracPart[decimals] ?? '0') >= '5';
  if (roundUp) {
    const arr = digits.split('').map(Number);
    let i = arr.length - 1;
    while (i >= 0) {
      if (arr[i]! < 9) {
        arr[i]! += 1;
        break;
      }
      arr[i] = 0;
      i--;
    }
    digits = (i < 0 ? '1' : '') + arr.join('');
  }
  const cut = digits.length - decimals;
  const whole = digits.slice(0, cut).replace(/^0+(?=\d)/, '') || '0';
  return decimals > 0 ? `${whole}.${digits.slice(cut)}` : whole;
}

/** `1234.5` → "1,234.50" (decimals fixed, en-US grouping); never "-0.00". */
export function formatNumber(value: number, decimals: number): string {
  const rounded = roundToString(value, decimals);
  const [whole = '0', frac] = rounded.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = frac === undefined ? grouped : `${grouped}.${frac}`;
  const isZero = /^[0.]+$/.test(rounded);
  return value < 0 && !isZero ? `-${body}` : body;
}

/** Dollar amount with a fixed number of decimals: "$1,234.50", "-$3.20". */
export function formatDollars(value: number, decimals: number): string {
  const text = formatNumber(Math.abs(value), decimals);
  return value < 0 && text !== formatNumber(0, decimals) ? `-$${text}` : `$${text}`;
}

/** Price: "$12.34"; missing → "N/A". */
export function formatPrice(value: Num): string {
  const n = toNumber(value);
  return n === null ? NA : formatDollars(n, 2);
}

/** Weekly average payout: "$0.123"; missing → "N/A". */
export function formatWeeklyAverage(value: Num): string {
  const n = toNumber(value);
  return n === null ? NA : formatDollars(n, 3);
}

/** Percentage / yield / return: "12.3%"; missing or zero → "N/A". */
export function formatPercent(value: Num): string {
  const n = toNumber(value);
  return n === null || n === 0 ? NA : `${formatNumber(n, 1)}%`;
}

/** What a fund's returns are measured over (list items and the detail carry it; docs/metrics.md "Window"). */
export interface ReturnWindow {
  historicalPeriodDays: number | null;
  windowStart?: string | null;
  windowBasis?: 'one-year' | 'inception' | 'after-gap' | null;
}

/**
 * The longest window the server calls one year: 366 days, plus the at most five sessions the start close
 * may lie before the anniversary with their weekends and holidays (11 days at most). Longer is not a year.
 */
export const ONE_YEAR_MAX_DAYS = 377;

/**
 * The returns' period label (issue 24, audit N6): "1-year" only for a window of one year (365 to
 * ONE_YEAR_MAX_DAYS days from the last close on or before the anniversary); "since inception" for a fund
 * younger than a year (the spec's label under 365 days); otherwise the true period, "since Jan 2, 2026"
 * (a window after a price gap, or anything longer than a year), so a 329- or 423-day return is never
 * called 1-year. Without a period (no figures): "1-year".
 */
export function returnPeriodLabel(window: ReturnWindow): string {
  const days = window.historicalPeriodDays;
  if (typeof days !== 'number') return '1-year';
  if (window.windowBasis === 'after-gap' || days > ONE_YEAR_MAX_DAYS) return window.windowStart ? `since ${formatDate(window.windowStart)}` : `over ${days} days`;
  return days < 365 ? 'since inception' : '1-year';
}

/** The returns' period note for tables: the label when the window is not one year, else null. */
export function returnPeriodNote(window: ReturnWindow): string | null {
  const label = returnPeriodLabel(window);
  return label === '1-year' ? null : label;
}

export interface DayChange {
  text: string;
  /** At or above zero: shown green; below: red. Null when missing. */
  positive: boolean | null;
}

/** Day change: "+$0.12 (+1.05%)" / "-$0.40 (-2.10%)"; missing → "N/A". */
export function formatDayChange(change: Num, percent: Num): DayChange {
  const c = toNumber(change);
  if (c === null) return { text: NA, positive: null };
  const p = toNumber(percent);
  const positive = c >= 0;
  const sign = positive ? '+' : '-';
  const amount = `${sign}$${formatNumber(Math.abs(c), 2)}`;
  if (p === null) return { text: amount, positive };
  return { text: `${amount} (${sign}${formatNumber(Math.abs(p), 2)}%)`, positive };
}

/** Signed money with 2 decimals: "+$12.30" / "-$4.00" (gain/loss). Zero counts as positive. */
export function formatSignedMoney(value: number): string {
  return `${value >= 0 ? '+' : '-'}$${formatNumber(Math.abs(value), 2)}`;
}

/** Signed percentage with `decimals` decimals: "+12.3%" / "-4.0%". Zero counts as positive. */
export function formatSignedPercent(value: number, decimals = 1): string {
  return `${value >= 0 ? '+' : '-'}${formatNumber(Math.abs(value), decimals)}%`;
}

/** Money with 2 decimals: "$1,234.50"; missing → "N/A". */
export function formatMoney(value: Num): string {
  const n = toNumber(value);
  return n === null ? NA : formatDollars(n, 2);
}

/**
 * Per-share dividend / payout amount with 4 decimals: "$0.1234"; missing → "N/A". An amount below a
 * cent keeps the digits it was declared with (up to 8 decimals): "0.0012345" → "$0.0012345", not
 * "$0.0012" (2.8 % off for a sub-dollar fund).
 */
export function formatDividend(value: Num): string {
  const n = toNumber(value);
  if (n === null) return NA;
  if (n !== 0 && Math.abs(n) < 0.01) {
    const text = typeof value === 'string' ? value.trim() : String(n);
    const declared = /^-?\d*\.(\d+)$/.exec(text)?.[1]?.length ?? 8;
    return formatDollars(n, Math.min(8, Math.max(4, declared)));
  }
  return formatDollars(n, 4);
}

/** Share count with 4 decimals: "12.5000". */
export function formatShares(value: Num): string {
  const n = toNumber(value);
  return n === null ? NA : formatNumber(n, 4);
}

/** Whole number with separators: "1,235" (calculator total shares). */
export function formatWhole(value: Num): string {
  const n = toNumber(value);
  return n === null ? NA : formatNumber(n, 0);
}

/** US dollars as currency (calculator results): "$12,345.68". */
export function formatUsd(value: Num): string {
  return formatMoney(value);
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A date as a local calendar date. `YYYY-MM-DD` is taken as that day (never shifted by the time
 * zone); an ISO instant is taken in the local zone. Null when missing or invalid.
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Ex-dividend date: "Nov 28"; missing → "N/A". */
export function formatShortDate(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? `${MONTHS[d.getMonth()]} ${d.getDate()}` : NA;
}

/** en-US short date: "Nov 28, 2026"; missing → "N/A". */
export function formatDate(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}` : NA;
}

/** `YYYY-MM-DD` of a local date. */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * News age relative to `now` (issue 29, W9: counted in elapsed time, not calendar days, so an article
 * from 22:20 does not read "1 day ago" at 00:40): "Just now" (under a minute, or dated ahead of our
 * clock), "N minutes ago" (under an hour), "N hours ago" (under a day), then whole days elapsed: "N days
 * ago" (under 30), "N months ago" (under 365), "N years ago". A bare date (`YYYY-MM-DD`, no time) is
 * "Today" on New York's date (`marketToday`), else counted in days. Null when the date is missing or
 * does not read (the card shows "Recently").
 */
export function formatNewsAge(publishedAt: string | null | undefined, now: Date): string | null {
  if (!publishedAt) return null;
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(publishedAt);
  if (bare) {
    const [y, m, d] = marketToday(now).split('-').map(Number) as [number, number, number];
    const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]))) / 86_400_000);
    return days <= 0 ? 'Today' : ageInDays(days);
  }
  const at = parseDate(publishedAt);
  if (!at) return null;
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return ageInDays(Math.floor(hours / 24));
}

function ageInDays(days: number): string {
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  if (days < 365) {
    const months = Math.floor(days / 30);
    return `${months} ${months === 1 ? 'month' : 'months'} ago`;
  }
  const years = Math.floor(days / 365);
  return `${years} ${years === 1 ? 'year' : 'years'} ago`;
}

let newYorkParts: Intl.DateTimeFormat | null = null;

/**
 * The data's as-of instant in New York with its zone: "Nov 23, 4:00 PM ET" (the market's clock, so
 * every reader sees the same time; built once, on first use). Null for a missing or bad instant.
 */
export function formatAsOf(instant: string | null | undefined): string | null {
  const ms = instant ? Date.parse(instant) : NaN;
  if (!Number.isFinite(ms)) return null;
  newYorkParts ??= new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  const p: Record<string, string> = {};
  for (const part of newYorkParts.formatToParts(ms)) p[part.type] = part.value;
  return `${p.month} ${p.day}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()} ET`;
}

let newYorkDateTime: Intl.DateTimeFormat | null = null;

/**
 * An instant in New York with its year and zone: "Oct 14, 2025, 9:05 AM ET" (when an issuer declared a
 * distribution, when a release was read). Always New York time and always marked ET: a declaration
 * belongs to the market's clock, and a reader in another zone must not take 9:05 for their own time.
 * Null for a missing or bad instant.
 */
export function formatDateTimeET(instant: string | null | undefined): string | null {
  const ms = instant ? Date.parse(instant) : NaN;
  if (!Number.isFinite(ms)) return null;
  newYorkDateTime ??= new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  const p: Record<string, string> = {};
  for (const part of newYorkDateTime.formatToParts(ms)) p[part.type] = part.value;
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()} ET`;
}

/**
 * A percent an issuer states (its distribution rate, SEC yield, return-of-capital estimate): 1 decimal
 * like every percentage, but a stated 0.00% is a figure, not a missing one ("0.0%", where formatPercent
 * says N/A), and a negative SEC yield keeps its sign ("-6.0%"). Null when the issuer gave none.
 */
export function formatStatedPercent(value: Num): string | null {
  const n = toNumber(value);
  return n === null ? null : `${formatNumber(n, 1)}%`;
}

/** Time of day for "Updated {time}": "2:05 PM" (local time). */
export function formatTime(date: Date): string {
  const h = date.getHours();
  const m = String(date.getMinutes()).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

// ---------------------------------------------------------------------------------------------
// Amount inputs (calculators): typed with digits and a dot, shown with thousands separators.

/** Keeps digits and the first dot, then groups the integer part: "10000.5" → "10,000.5". */
export function formatAmountInput(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const intPart = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const decPart = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decPart === null ? grouped : `${grouped}.${decPart}`;
}

/** An amount typed with separators as a number; null when empty or not a number. */
export function parseAmountInput(text: string): number | null {
  return toNumber(text.replace(/,/g, ''));
}

/**
 * Today's date in New York (`YYYY-MM-DD`): the market's date, which the server checks purchase
 * dates against (a browser ahead of New York would otherwise default to "the future").
 */
export function marketToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
