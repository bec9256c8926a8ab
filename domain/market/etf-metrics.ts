import type { PayoutFrequency } from '../../events/catalog.ts';
import type { DistributionStatus } from '../../events/dividends.ts';
import { HUNDRED, ONE, ZERO, dec, fixed, fixedOrNull, roundedNumber, type Decimal } from './decimal.ts';
import {
  addDays,
  addMonths,
  daysBetween,
  newYorkDate,
  onOrAfterBusinessDay,
  weekdayOf,
  type IsoDate,
} from './trading-days.ts';

/**
 * The ETF metrics of docs/metrics.md, as pure functions of the fund's bars, latest quote, distributions
 * and "today" (the latest MarketDayBegan date). Everything is decimal (decimal.js), full precision
 * inside; `presentEtfMetrics` rounds for the API. Missing or unusable data gives null, never NaN.
 */

export interface BarPoint {
  date: IsoDate;
  close: string;
}

export interface QuotePoint {
  price: string;
  /** ISO instant of the trade. */
  quotedAt: string;
}

export interface DistributionPoint {
  exDate: IsoDate;
  payDate: IsoDate | null;
  /** Cash per share (decimal string). */
  amount: string;
  status?: DistributionStatus;
}

export interface MetricsInput {
  today: IsoDate;
  frequency: PayoutFrequency;
  bars: readonly BarPoint[];
  quote?: QuotePoint | null;
  /** Withdrawn distributions must already be left out. */
  distributions: readonly DistributionPoint[];
}

export interface CurrentPrice {
  price: Decimal;
  /** The session the price belongs to (the quote's New York date, or the bar's date). */
  date: IsoDate;
  kind: 'quote' | 'close';
}

export interface NextExDividend {
  date: IsoDate;
  estimated: boolean;
}

export interface EtfMetrics {
  currentPrice: Decimal | null;
  priceDate: IsoDate | null;
  priceKind: 'quote' | 'close' | null;
  previousClose: Decimal | null;
  dayChange: Decimal | null;
  dayChangePercent: Decimal | null;
  weeklyAverage: Decimal | null;
  yieldPercent: Decimal | null;
  annualDripYield: Decimal | null;
  windowStart: IsoDate | null;
  historicalPeriodDays: number | null;
  startPrice: Decimal | null;
  /** Sum of the per-share distributions with ex-date in (windowStart, today]. */
  windowDistributions: Decimal | null;
  oneYearReturn: Decimal | null;
  /** Shares held at the end of the DRIP simulation started with one share. */
  dripShares: Decimal | null;
  dripReturn: Decimal | null;
  nextExDividend: NextExDividend | null;
}

/** Payouts per week by frequency: weekly 1, twice weekly 2, every four weeks 1/4, monthly 12/52. */
export function perWeekAmount(amount: Decimal, frequency: PayoutFrequency): Decimal {
  switch (frequency) {
    case 'weekly':
      return amount;
    case 'twice-weekly':
      return amount.times(2);
    case 'four-weekly':
      return amount.div(4);
    case 'monthly':
      return amount.times(12).div(52);
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

/** The inverse of `perWeekAmount`: one payout's amount from a per-week amount. */
export function perPayoutAmount(weekly: Decimal, frequency: PayoutFrequency): Decimal {
  switch (frequency) {
    case 'weekly':
      return weekly;
    case 'twice-weekly':
      return weekly.div(2);
    case 'four-weekly':
      return weekly.times(4);
    case 'monthly':
      return weekly.times(52).div(12);
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

function byDate<T extends { date: IsoDate }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

export function byExDate<T extends { exDate: IsoDate }>(a: T, b: T): number {
  return a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0;
}

/** Bars up to `today`, sorted by date, with positive parsable closes only. */
export function usableBars(bars: readonly BarPoint[], today: IsoDate): { date: IsoDate; close: Decimal }[] {
  return bars
    .filter((b) => b.date <= today)
    .map((b) => ({ date: b.date, close: dec(b.close) }))
    .filter((b) => b.close.gt(0))
    .sort(byDate);
}

/** Last bar with date <= `date` (bars sorted ascending), by binary search. */
export function barOnOrBefore<T extends { date: IsoDate }>(bars: readonly T[], date: IsoDate): T | null {
  let lo = 0;
  let hi = bars.length - 1;
  let found: T | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bar = bars[mid]!;
    if (bar.date <= date) {
      found = bar;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Last bar with date < `date`. */
function barBefore<T extends { date: IsoDate }>(bars: readonly T[], date: IsoDate): T | null {
  return barOnOrBefore(bars, addDays(date, -1));
}

/**
 * P: the latest quote when it is newer than the last daily bar (its New York date is after the last
 * bar's date and not after today); otherwise the close of the last bar up to today. A zero or negative
 * price is treated as missing.
 */
export function resolveCurrentPrice(
  bars: readonly BarPoint[],
  quote: QuotePoint | null | undefined,
  today: IsoDate,
): CurrentPrice | null {
  const sorted = usableBars(bars, today);
  const last = sorted[sorted.length - 1] ?? null;
  if (quote) {
    const quoteDate = newYorkDate(quote.quotedAt);
    const price = dec(quote.price);
    if (quoteDate <= today && price.gt(0) && (last === null || quoteDate > last.date)) {
      return { price, date: quoteDate, kind: 'quote' };
    }
  }
  return last ? { price: last.close, date: last.date, kind: 'close' } : null;
}

/**
 * weeklyAverage: the mean of the (up to) three most recent distributions with ex-date <= today, each
 * converted to a per-week amount by the fund's frequency. Null without any such distribution.
 */
export function weeklyAverage(
  distributions: readonly DistributionPoint[],
  frequency: PayoutFrequency,
  today: IsoDate,
): Decimal | null {
  const recent = distributions
    .filter((d) => d.exDate <= today)
    .sort(byExDate)
    .slice(-3);
  if (recent.length === 0) return null;
  const sum = recent.reduce((acc, d) => acc.plus(perWeekAmount(dec(d.amount), frequency)), ZERO);
  return sum.div(recent.length);
}

/** weeklyAverage x 52 / P x 100. */
export function yieldPercent(weekly: Decimal | null, price: Decimal | null): Decimal | null {
  if (weekly === null || price === null || price.lte(0)) return null;
  return weekly.times(52).div(price).times(HUNDRED);
}

/** ((1 + weeklyAverage / P)^52 - 1) x 100. */
export function annualDripYield(weekly: Decimal | null, price: Decimal | null): Decimal | null {
  if (weekly === null || price === null || price.lte(0)) return null;
  return ONE.plus(weekly.div(price)).pow(52).minus(ONE).times(HUNDRED);
}

// ---------------------------------------------------------------------------------------------------
// Cadence projection (next ex-dividend, calendar estimates)

/**
 * The next raw (unrolled) ex-date after `date` by the fund's cadence: weekly +7 days, every four weeks
 * +28 days, monthly +1 month (same day, clamped), twice weekly +3 days from a Monday-Wednesday and
 * +4 days from a Thursday-Sunday (Mon -> Thu -> Mon).
 */
export function nextCadenceDate(date: IsoDate, frequency: PayoutFrequency): IsoDate {
  switch (frequency) {
    case 'weekly':
      return addDays(date, 7);
    case 'four-weekly':
      return addDays(date, 28);
    case 'monthly':
      return addMonths(date, 1);
    case 'twice-weekly': {
      const wd = weekdayOf(date);
      return addDays(date, wd >= 1 && wd <= 3 ? 3 : 4);
    }
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

/**
 * The regular ex-weekday anchor: for weekly and four-weekly funds, when the last ex-date fell later in
 * its week than the fund's usual ex-weekday (a holiday pushed it, e.g. Tuesday after a Monday holiday),
 * the projection starts from the usual weekday of that week. The usual weekday is the most frequent
 * weekday among the last eight ex-dates (ties: the earliest weekday).
 */
export function cadenceAnchor(exDates: readonly IsoDate[], frequency: PayoutFrequency): IsoDate | null {
  const sorted = [...exDates].sort();
  const last = sorted[sorted.length - 1];
  if (last === undefined) return null;
  if (frequency !== 'weekly' && frequency !== 'four-weekly') return last;
  const counts = new Map<number, number>();
  for (const d of sorted.slice(-8)) counts.set(weekdayOf(d), (counts.get(weekdayOf(d)) ?? 0) + 1);
  let usual = weekdayOf(last) as number;
  let best = 0;
  for (const [wd, n] of [...counts.entries()].sort((a, b) => a[0] - b[0])) {
    if (n > best) {
      best = n;
      usual = wd;
    }
  }
  const shift = weekdayOf(last) - usual;
  return shift > 0 && shift <= 2 ? addDays(last, -shift) : last;
}

/**
 * Projected ex-dates after the last known one: anchor, then the cadence, each rolled forward to a
 * business day; only dates strictly after `after` and within [from, to] are returned.
 */
export function projectExDates(
  anchor: IsoDate,
  after: IsoDate,
  frequency: PayoutFrequency,
  from: IsoDate,
  to: IsoDate,
): IsoDate[] {
  const out: IsoDate[] = [];
  let raw = anchor;
  for (let i = 0; i < 10_000; i++) {
    raw = nextCadenceDate(raw, frequency);
    const rolled = onOrAfterBusinessDay(raw);
    if (rolled > to) break;
    if (rolled > after && rolled >= from && out[out.length - 1] !== rolled) out.push(rolled);
  }
  return out;
}

/**
 * nextExDividend: the earliest distribution with ex-date >= today (estimated when its status is);
 * otherwise the fund's cadence projected from its last ex-date, rolled to a business day, flagged
 * estimated. When the cadence step lands before today (data not synced for a while), it keeps stepping
 * until it reaches today. Null without any distribution.
 */
export function nextExDividend(
  distributions: readonly DistributionPoint[],
  frequency: PayoutFrequency,
  today: IsoDate,
): NextExDividend | null {
  const sorted = [...distributions].sort(byExDate);
  const upcoming = sorted.find((d) => d.exDate >= today);
  if (upcoming) return { date: upcoming.exDate, estimated: upcoming.status === 'estimated' };
  const anchor = cadenceAnchor(
    sorted.map((d) => d.exDate),
    frequency,
  );
  const last = sorted[sorted.length - 1];
  if (anchor === null || last === undefined) return null;
  const [next] = projectExDates(anchor, last.exDate, frequency, today, addDays(today, 400));
  return next ? { date: next, estimated: true } : null;
}

// ---------------------------------------------------------------------------------------------------
// All metrics

/**
 * Computes every metric of docs/metrics.md as of `today`. See there for the exact definitions and the
 * worked example the unit specs assert.
 */
export function computeEtfMetrics(input: MetricsInput): EtfMetrics {
  const { today, frequency } = input;
  const bars = usableBars(input.bars, today);
  const distributions = [...input.distributions].sort(byExDate);

  const current = resolveCurrentPrice(input.bars, input.quote, today);
  const P = current?.price ?? null;

  // Previous close: the close of the last bar before the session P belongs to.
  const prevBar = current ? barBefore(bars, current.date) : null;
  const previousClose = prevBar?.close ?? null;
  const dayChange = P !== null && previousClose !== null ? P.minus(previousClose) : null;
  const dayChangePercent =
    dayChange !== null && previousClose !== null ? dayChange.div(previousClose).times(HUNDRED) : null;

  const weekly = weeklyAverage(distributions, frequency, today);

  // Window: first bar on or after today - 365 days (or the first bar when the history is shorter).
  const target = addDays(today, -365);
  const startBar = bars.find((b) => b.date >= target) ?? null;
  let windowDistributions: Decimal | null = null;
  let oneYearReturn: Decimal | null = null;
  let dripShares: Decimal | null = null;
  let dripReturn: Decimal | null = null;
  if (startBar) {
    const S = startBar.close;
    const inWindow = distributions.filter((d) => d.exDate > startBar.date && d.exDate <= today);
    windowDistributions = inWindow.reduce((acc, d) => acc.plus(dec(d.amount)), ZERO);
    let shares = ONE;
    for (const d of inWindow) {
      // The close on the ex-date, or the last close before it (the start bar at worst).
      const bar = barOnOrBefore(bars, d.exDate)!;
      shares = shares.plus(shares.times(dec(d.amount)).div(bar.close));
    }
    dripShares = shares;
    if (P !== null) {
      oneYearReturn = P.minus(S).plus(windowDistributions).div(S).times(HUNDRED);
      dripReturn = shares.times(P).div(S).minus(ONE).times(HUNDRED);
    }
  }

  return {
    currentPrice: P,
    priceDate: current?.date ?? null,
    priceKind: current?.kind ?? null,
    previousClose,
    dayChange,
    dayChangePercent,
    weeklyAverage: weekly,
    yieldPercent: yieldPercent(weekly, P),
    annualDripYield: annualDripYield(weekly, P),
    windowStart: startBar?.date ?? null,
    historicalPeriodDays: startBar ? daysBetween(startBar.date, today) : null,
    startPrice: startBar?.close ?? null,
    windowDistributions,
    oneYearReturn,
    dripShares,
    dripReturn,
    nextExDividend: nextExDividend(distributions, frequency, today),
  };
}

// ---------------------------------------------------------------------------------------------------
// Presentation (API precision)

/** Output precision of the API (string numbers unless the spec types a field as a number). */
export const METRIC_PRECISION = {
  /** Prices: 2 decimals (cents); 4 below $1 where a cent is too coarse. */
  price: (p: Decimal) => (p.abs().lt(1) ? 4 : 2),
  weeklyAverage: 4,
  percent: 2,
  dayChange: 4,
  dayChangePercent: 2,
  amountPerShare: 4,
  money: 2,
  shares: 6,
} as const;

export function formatPrice(p: Decimal): string {
  return fixed(p, METRIC_PRECISION.price(p));
}

export interface EtfMetricsView {
  currentPrice: string | null;
  previousClose: string | null;
  dayChange: number | null;
  dayChangePercent: number | null;
  weeklyAverage: string | null;
  yieldPercent: string | null;
  annualDripYield: string | null;
  oneYearReturn: string | null;
  dripReturn: string | null;
  historicalPeriodDays: number | null;
  windowStart: IsoDate | null;
  nextExDividend: IsoDate | null;
  nextExDividendEstimated: boolean;
  /** Date of the session P belongs to, and whether it is an intraday quote or a close. */
  priceDate: IsoDate | null;
  priceKind: 'quote' | 'close' | null;
}

/** Rounds the metrics for the API: see METRIC_PRECISION (half-up, no "-0.00"). */
export function presentEtfMetrics(m: EtfMetrics): EtfMetricsView {
  const pct = (v: Decimal | null) => fixedOrNull(v, METRIC_PRECISION.percent);
  return {
    currentPrice: m.currentPrice ? formatPrice(m.currentPrice) : null,
    previousClose: m.previousClose ? formatPrice(m.previousClose) : null,
    dayChange: m.dayChange ? roundedNumber(m.dayChange, METRIC_PRECISION.dayChange) : null,
    dayChangePercent: m.dayChangePercent ? roundedNumber(m.dayChangePercent, METRIC_PRECISION.dayChangePercent) : null,
    weeklyAverage: fixedOrNull(m.weeklyAverage, METRIC_PRECISION.weeklyAverage),
    yieldPercent: pct(m.yieldPercent),
    annualDripYield: pct(m.annualDripYield),
    oneYearReturn: pct(m.oneYearReturn),
    dripReturn: pct(m.dripReturn),
    historicalPeriodDays: m.historicalPeriodDays,
    windowStart: m.windowStart,
    nextExDividend: m.nextExDividend?.date ?? null,
    nextExDividendEstimated: m.nextExDividend?.estimated ?? false,
    priceDate: m.priceDate,
    priceKind: m.priceKind,
  };
}

