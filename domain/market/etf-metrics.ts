import type { PayoutFrequency } from '../../events/catalog.ts';
import { registerCache } from '../caches/registry.ts';
import type { DistributionKind, DistributionStatus } from '../../events/dividends.ts';
import { Decimal, HUNDRED, ONE, ZERO, canonical, dec, fixed, fixedOrNull, roundedNumber } from './decimal.ts';
import {
  addDays,
  addMonths,
  daysBetween,
  isBusinessDay,
  isWeekend,
  mondayOf,
  newYorkDate,
  nextBusinessDay,
  previousBusinessDay,
  weekdayOf,
  type IsoDate,
  type Weekday,
} from './trading-days.ts';
import { isRegular, runRateOf, type InferredFrequency, type RunRate } from './run-rate.ts';
import { rocTtm, trueIncomeRate, type RocBasisCounts, type RocFigures, type RocTtm } from './return-of-capital.ts';

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

export interface DistributionPoint extends RocFigures {
  exDate: IsoDate;
  payDate: IsoDate | null;
  /** Cash per share (decimal string). */
  amount: string;
  status?: DistributionStatus;
  /** Absent: regular. Only regular distributions make the run rate (domain/market/run-rate.ts). */
  kind?: DistributionKind;
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
  /** The latest declared distribution (one payout, cash per share); null without one. */
  latestAmount: Decimal | null;
  /** Issuer-style: latest declared distribution x payouts a year / P x 100. */
  distributionRate: Decimal | null;
  /** Trailing twelve months: distributions with ex-date in (anniversary, today] / P x 100. */
  ttmYield: Decimal | null;
  annualDripYield: Decimal | null;
  windowStart: IsoDate | null;
  /** How the window was chosen (`returnWindowStart`); null without bars. */
  windowBasis: WindowBasis | null;
  historicalPeriodDays: number | null;
  startPrice: Decimal | null;
  /** Sum of the per-share distributions with ex-date in (windowStart, today]. */
  windowDistributions: Decimal | null;
  oneYearReturn: Decimal | null;
  /** The price part of oneYearReturn: (P - S) / S x 100. */
  priceReturn: Decimal | null;
  /** The distribution part of oneYearReturn: distributions in the window / S x 100 (priceReturn + distributionReturn = oneYearReturn). */
  distributionReturn: Decimal | null;
  /** Shares held at the end of the DRIP simulation started with one share. */
  dripShares: Decimal | null;
  dripReturn: Decimal | null;
  /** Null for a projected one when the fund is stale: nothing is projected for it. */
  nextExDividend: NextExDividend | null;
  /** The fund's data stopped (`staleness`): null while it is current. */
  stale: Staleness | null;
  /** The frequency every annualisation used: the catalog's, or the one the payouts' spacing says (`inferredFrequency`). */
  frequencyUsed: PayoutFrequency;
  /** Set when the last regular payouts contradict the catalog frequency (domain/market/run-rate.ts). */
  inferredFrequency: InferredFrequency | null;
  /** The regular distributions weeklyAverage averaged (up to three of the current regime), oldest first. */
  averaged: DistributionPoint[];
  /** The first ex-date of the current regime (null without a regular distribution up to today). */
  regimeSince: IsoDate | null;
  /** The latest declared regular distribution (the distribution rate's), null without one. */
  latestRegular: DistributionPoint | null;
  /** The distributions of the one-year window (every kind), oldest first. */
  windowPoints: DistributionPoint[];
  /** The last twelve months' payouts split into capital returned and income (domain/market/return-of-capital.ts). */
  rocTtm: RocTtm<DistributionPoint>;
  /** distributionRate × (100 − rocShareTtm) / 100; null without either. */
  trueIncomeRate: Decimal | null;
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

/** A bar with its close parsed. */
export type UsableBar = Readonly<{ date: IsoDate; close: Decimal }>;

/**
 * usableBars of frozen bar arrays, by array and `today`. A frozen array cannot change, so its result
 * can be reused: the market snapshot shared by the user area freezes the series it hands out, and a
 * holding's figures need the parsed bars four times (its performance, its current price twice, its demo
 * label), for every holding computed in that market version. Parsing two years of closes into decimals
 * was most of the CPU time of adding a holding (docs/benchmarks.md, "Writes").
 */
let usableOfFrozen = new WeakMap<readonly BarPoint[], { today: IsoDate; bars: readonly UsableBar[] }>();
registerCache({
  name: 'usable-bars',
  owner: 'domain/market/etf-metrics.ts',
  key: 'a frozen bar array (by identity, a WeakMap) and `today`',
  bound: 'one per frozen array alive (the series of market-snapshots)',
  eviction: 'with its array (garbage-collected); a call with another `today` replaces it',
  coherence: 'only frozen arrays are kept, and a frozen array cannot change: a changed series is a new array',
  clearable: true,
  clear: () => void (usableOfFrozen = new WeakMap()),
});

/** Bars up to `today`, sorted by date, with positive parsable closes only (kept for a frozen `bars`). */
export function usableBars(bars: readonly BarPoint[], today: IsoDate): readonly UsableBar[] {
  const frozen = Object.isFrozen(bars);
  if (frozen) {
    const cached = usableOfFrozen.get(bars);
    if (cached?.today === today) return cached.bars;
  }
  const usable = Object.freeze(
    bars
      .filter((b) => b.date <= today)
      .map((b) => Object.freeze({ date: b.date, close: dec(b.close) }))
      .filter((b) => b.close.gt(0))
      .sort(byDate),
  );
  if (frozen) usableOfFrozen.set(bars, { today, bars: usable });
  return usable;
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

/** The distributions weeklyAverage averages: the (up to) three most recent with ex-date <= today, oldest first. */
export function weeklyAverageDistributions<T extends DistributionPoint>(distributions: readonly T[], today: IsoDate): T[] {
  return distributions
    .filter((d) => d.exDate <= today)
    .sort(byExDate)
    .slice(-3);
}

/**
 * weeklyAverage: the mean of the (up to) three most recent distributions with ex-date <= today, each
 * converted to a per-week amount by the fund's frequency. Null without any such distribution. It takes
 * the distributions it is given, every kind and any cadence (the alerts' baseline uses it); the fund's
 * figures average the run rate instead (`computeEtfMetrics`: `meanPerWeek` of `runRateOf`'s regime).
 */
export function weeklyAverage(
  distributions: readonly DistributionPoint[],
  frequency: PayoutFrequency,
  today: IsoDate,
): Decimal | null {
  const recent = weeklyAverageDistributions(distributions, today);
  if (recent.length === 0) return null;
  const sum = recent.reduce((acc, d) => acc.plus(perWeekAmount(dec(d.amount), frequency)), ZERO);
  return sum.div(recent.length);
}

/** The mean of `points`' amounts, each converted to a per-week amount by `frequency`; null without any. */
export function meanPerWeek(points: readonly DistributionPoint[], frequency: PayoutFrequency): Decimal | null {
  if (points.length === 0) return null;
  return points.reduce((acc, d) => acc.plus(perWeekAmount(dec(d.amount), frequency)), ZERO).div(points.length);
}

/** weeklyAverage x 52 / P x 100. */
export function yieldPercent(weekly: Decimal | null, price: Decimal | null): Decimal | null {
  if (weekly === null || price === null || price.lte(0)) return null;
  return weekly.times(52).div(price).times(HUNDRED);
}

/**
 * Payouts a year by the fund's catalog frequency: weekly 52, twice weekly 104, every four weeks 13,
 * monthly 12 (docs/metrics.md "Payouts a year").
 */
export function payoutsPerYear(frequency: PayoutFrequency): number {
  switch (frequency) {
    case 'weekly':
      return 52;
    case 'twice-weekly':
      return 104;
    case 'four-weekly':
      return 13;
    case 'monthly':
      return 12;
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

/**
 * The latest declared distribution by ex-date (a declared future one included: it is the issuer's
 * latest announcement); issuer estimates count only when nothing is declared. Null without any.
 */
export function latestDeclared<T extends DistributionPoint>(distributions: readonly T[]): T | null {
  const sorted = [...distributions].sort(byExDate);
  const declared = sorted.filter((d) => d.status !== 'estimated');
  return declared[declared.length - 1] ?? sorted[sorted.length - 1] ?? null;
}

/**
 * Trailing-twelve-month yield: the distributions with ex-date after the anniversary (today - 1 year)
 * and on or before today, / P x 100. Null without a price or without any distribution.
 */
export function ttmYield(distributions: readonly DistributionPoint[], price: Decimal | null, today: IsoDate): Decimal | null {
  if (price === null || price.lte(0) || distributions.length === 0) return null;
  const from = oneYearBefore(today);
  const paid = distributions.filter((d) => d.exDate > from && d.exDate <= today).reduce((acc, d) => acc.plus(dec(d.amount)), ZERO);
  return paid.div(price).times(HUNDRED);
}

/** Issuer-style distribution rate: latest declared distribution x payouts a year / P x 100. */
export function distributionRate(latest: Decimal | null, frequency: PayoutFrequency, price: Decimal | null): Decimal | null {
  if (latest === null || price === null || price.lte(0)) return null;
  return latest.times(payoutsPerYear(frequency)).div(price).times(HUNDRED);
}

/**
 * ((1 + payout / P)^n - 1) x 100, where payout = weeklyAverage converted back to one payout
 * (`perPayoutAmount`) and n = the fund's payouts a year (`payoutsPerYear`): what reinvesting every
 * payout of a year at a constant price and amount gives. A weekly fund: (1 + weeklyAverage / P)^52.
 */
export function annualDripYield(weekly: Decimal | null, price: Decimal | null, frequency: PayoutFrequency = 'weekly'): Decimal | null {
  if (weekly === null || price === null || price.lte(0)) return null;
  const payout = perPayoutAmount(weekly, frequency);
  return ONE.plus(payout.div(price)).pow(payoutsPerYear(frequency)).minus(ONE).times(HUNDRED);
}

// ---------------------------------------------------------------------------------------------------
// Cadence projection (next ex-dividend, calendar estimates)

/**
 * The fund's usual ex-weekdays (0 = Sunday ... 6 = Saturday), in Monday-to-Sunday order: the most
 * frequent weekday among its last eight ex-dates (a date next to a weekday holiday counting for the
 * holiday's weekday when other dates show the fund uses it; ties: the earlier weekday in the week), two of them
 * for a twice-weekly fund. A twice-weekly fund with one known weekday gets the other leg three days
 * apart (Monday and Thursday, Tuesday and Friday, ...). Empty without ex-dates.
 */
export function exWeekdayPattern(exDates: readonly IsoDate[], frequency: PayoutFrequency): Weekday[] {
  const recent = [...exDates].sort().slice(-8);
  if (recent.length === 0) return [];
  const order = (wd: number) => (wd + 6) % 7; // days from Monday
  // A date next to a weekday holiday may have been moved from the holiday's weekday (Wednesday before a
  // Thanksgiving Thursday; Friday before a Monday holiday; a Tuesday after a Memorial Day Monday in an
  // older, moved-later record). It counts for that weekday only when other dates show the fund uses it;
  // alone it is its own weekday (one Tuesday ex-date after Martin Luther King Day is a Tuesday fund).
  const movedFrom = (d: IsoDate): Weekday | null => {
    let next = addDays(d, 1);
    while (isWeekend(next)) next = addDays(next, 1);
    if (!isBusinessDay(next)) return weekdayOf(next);
    let prev = addDays(d, -1);
    while (isWeekend(prev)) prev = addDays(prev, -1);
    if (!isBusinessDay(prev)) return weekdayOf(prev);
    return null;
  };
  const plain = new Set(recent.filter((d) => movedFrom(d) === null).map((d) => weekdayOf(d)));
  const usual = (d: IsoDate): Weekday => {
    const from = movedFrom(d);
    return from !== null && plain.has(from) ? from : weekdayOf(d);
  };
  const counts = new Map<Weekday, number>();
  for (const d of recent) counts.set(usual(d), (counts.get(usual(d)) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || order(a[0]) - order(b[0])).map(([wd]) => wd);
  const legs = frequency === 'twice-weekly' ? 2 : 1;
  const picked = ranked.slice(0, legs);
  if (picked.length < legs) {
    const only = picked[0]!;
    picked.push(((order(only) <= 2 ? only + 3 : only - 3 + 7) % 7) as Weekday);
  }
  return picked.sort((a, b) => order(a) - order(b));
}

/**
 * Where a projected ex-date goes when the market is closed that day: to the previous business day
 * (issuers go ex earlier before a holiday: Roundhill's Thursday funds went ex Wednesday 2024-11-27 for
 * Thanksgiving, paid Friday; a Monday fund goes ex the Friday before a Monday holiday).
 */
export function adjustExDate(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : previousBusinessDay(date);
}

/**
 * Projected ex-dates after the fund's last known ex-date, within [from, to], following the issuer's
 * pattern rather than the last date: weekly funds on their usual weekday of every following week,
 * every-four-weeks funds on it every fourth week from the last ex-date's week, twice-weekly funds on
 * their two weekdays (the next leg after the one the last ex-date belongs to, by the nearest weekday),
 * monthly funds on the same day of each following month. Each date on a closed day moves by
 * `adjustExDate` (earlier in its week). A last ex-date that was itself moved (declared Wednesday in a
 * Thursday pattern) therefore never shifts the projections to another weekday.
 */
export function projectExDates(exDates: readonly IsoDate[], frequency: PayoutFrequency, from: IsoDate, to: IsoDate): readonly IsoDate[] {
  // Every holding of a fund projects the same dates (house money, the calendar): worked out once per
  // fund's ex-dates and window. The key is the input itself, so a stale answer cannot come back.
  const key = `${frequency}|${from}|${to}|${exDates.join(',')}`;
  const known = projectedExDates.get(key);
  if (known) return known;
  const dates = Object.freeze(projectExDatesNow(exDates, frequency, from, to));
  if (projectedExDates.size >= PROJECTED_EX_DATES_KEPT) projectedExDates.clear();
  projectedExDates.set(key, dates);
  return dates;
}

const PROJECTED_EX_DATES_KEPT = 2000;
const projectedExDates = new Map<string, readonly IsoDate[]>();
registerCache({
  name: 'projected-ex-dates',
  owner: 'domain/market/etf-metrics.ts',
  key: 'frequency, window and every known ex-date (the whole input)',
  bound: `${PROJECTED_EX_DATES_KEPT.toLocaleString('en-US')} inputs`,
  eviction: 'all at once when full',
  coherence: 'the key is the whole input of a pure function',
  clearable: true,
  clear: () => projectedExDates.clear(),
  size: () => projectedExDates.size,
});

function projectExDatesNow(exDates: readonly IsoDate[], frequency: PayoutFrequency, from: IsoDate, to: IsoDate): IsoDate[] {
  const sorted = [...exDates].sort();
  const last = sorted[sorted.length - 1];
  if (last === undefined) return [];
  const out: IsoDate[] = [];
  const take = (raw: IsoDate): boolean => {
    const d = adjustExDate(raw);
    if (d > to) return false;
    if (d > last && d >= from && out[out.length - 1] !== d) out.push(d);
    return true;
  };
  if (frequency === 'monthly') {
    for (let k = 1; k < 10_000 && take(addMonths(last, k)); k++);
    return out;
  }
  const pattern = exWeekdayPattern(sorted, frequency);
  const offset = (wd: number) => (wd + 6) % 7;
  const week0 = mondayOf(last);
  if (frequency === 'twice-weekly') {
    // The leg the last ex-date belongs to: the pattern weekday nearest to its weekday (ties: the earlier).
    const lastOffset = offset(weekdayOf(last));
    let leg = 0;
    for (let i = 1; i < pattern.length; i++) {
      if (Math.abs(offset(pattern[i]!) - lastOffset) < Math.abs(offset(pattern[leg]!) - lastOffset)) leg = i;
    }
    let week = 0;
    for (let i = 0; i < 20_000; i++) {
      leg += 1;
      if (leg === pattern.length) {
        leg = 0;
        week += 1;
      }
      if (!take(addDays(week0, 7 * week + offset(pattern[leg]!)))) break;
    }
    return out;
  }
  const step = frequency === 'four-weekly' ? 4 : 1;
  for (let k = 1; k < 10_000 && take(addDays(week0, 7 * step * k + offset(pattern[0]!))); k++);
  return out;
}

/**
 * nextExDividend: the earliest distribution with ex-date >= today, of any kind (estimated when its status
 * is); otherwise the first projected ex-date from today on, from the regular ones (`projectExDates`: the
 * issuer's weekday pattern, closed days moved earlier in the week), flagged estimated. Null without any
 * distribution.
 */
export function nextExDividend(
  distributions: readonly DistributionPoint[],
  frequency: PayoutFrequency,
  today: IsoDate,
  /** False for a stale fund (`staleness`): only a recorded ex-date, nothing projected. */
  project = true,
): NextExDividend | null {
  const sorted = [...distributions].sort(byExDate);
  const upcoming = sorted.find((d) => d.exDate >= today);
  if (upcoming) return { date: upcoming.exDate, estimated: upcoming.status === 'estimated' };
  if (!project) return null;
  // projected from the regular payouts only: a special's ex-date is no part of the issuer's pattern
  const [next] = projectExDates(
    sorted.filter(isRegular).map((d) => d.exDate),
    frequency,
    today,
    addDays(today, 400),
  );
  return next ? { date: next, estimated: true } : null;
}

// ---------------------------------------------------------------------------------------------------
// Stale data (docs/metrics.md "Stale data")

/** More sessions than this without a close after the price's date: the price is stale. */
export const STALE_AFTER_SESSIONS = 5;
/** This many expected ex-dates passed with nothing recorded: the payouts stopped. */
export const STALE_AFTER_MISSED_PAYOUTS = 2;

export type StaleReason = 'no-recent-price' | 'missed-payouts';

export interface Staleness {
  /** The date of the last data: the price's session ('no-recent-price'), else the last ex-date ('missed-payouts'). */
  since: IsoDate;
  reason: StaleReason;
}

export interface StalenessInput {
  today: IsoDate;
  /** The frequency the fund's figures use (the run rate's: the catalog's unless its payouts say otherwise). */
  frequency: PayoutFrequency;
  /** The session the current price belongs to (`resolveCurrentPrice`), null without a price. */
  priceDate: IsoDate | null;
  /**
   * Every recorded regular ex-date (declared or an issuer estimate, future ones included): the payouts
   * that are expected again. A special or a capital gain is no part of the cadence, so it neither
   * shortens the fund's own last gap nor stands in for a missed regular payout.
   */
  exDates: readonly IsoDate[];
}

/**
 * Whether a fund's data stopped, so that nothing is projected for it (calendars, ICS feeds, next
 * ex-date, projected income, house-money date) until it resumes:
 * - **no recent price**: more than STALE_AFTER_SESSIONS trading sessions strictly between the price's
 *   session and today (today's own session may not have closed yet);
 * - **missed payouts**: STALE_AFTER_MISSED_PAYOUTS of the fund's expected ex-dates after its last
 *   recorded one (`projectExDates`, its cadence) are before today with nothing recorded, and two of its
 *   own last gaps (between its last two ex-dates) have passed too: a fund still paying every 28 days
 *   while marked weekly is not taken for stopped after two weeks.
 * The price reason is given when both hold. Null for a fund without a price and without payouts.
 */
export function staleness(input: StalenessInput): Staleness | null {
  const { today, priceDate } = input;
  if (priceDate !== null && priceDate < today) {
    let sessions = 0;
    for (let d = nextBusinessDay(priceDate); d < today && sessions <= STALE_AFTER_SESSIONS; d = nextBusinessDay(d)) sessions++;
    if (sessions > STALE_AFTER_SESSIONS) return { since: priceDate, reason: 'no-recent-price' };
  }
  const sorted = [...input.exDates].sort();
  const last = sorted[sorted.length - 1];
  if (last === undefined || last >= today) return null;
  const expected = projectExDates(sorted, input.frequency, addDays(last, 1), addDays(today, -1));
  if (expected.length < STALE_AFTER_MISSED_PAYOUTS) return null;
  const before = sorted[sorted.length - 2];
  if (before !== undefined && addDays(last, STALE_AFTER_MISSED_PAYOUTS * daysBetween(before, last)) >= today) return null;
  return { since: last, reason: 'missed-payouts' };
}

/**
 * `staleness` of a fund from its run rate (domain/market/run-rate.ts): its regular ex-dates at the
 * frequency its figures use. The one check every projection goes through (the metrics' next ex-date, the
 * calendars and ICS feeds, projected income, the house-money date), so a stale fund projects nothing
 * whatever its kinds and cadence say.
 */
export function runRateStaleness(runRate: RunRate<DistributionPoint>, priceDate: IsoDate | null, today: IsoDate): Staleness | null {
  return staleness({ today, frequency: runRate.frequency, priceDate, exDates: runRate.regular.map((d) => d.exDate) });
}

// ---------------------------------------------------------------------------------------------------
// All metrics

/** The anniversary a year before `date` (Feb 29 -> Feb 28): where the one-year window starts. */
export function oneYearBefore(date: IsoDate): IsoDate {
  return addMonths(date, -12);
}

/** More sessions than this without a close between the window's start and the anniversary: a gap. */
export const WINDOW_GAP_SESSIONS = 5;

/**
 * How the return window was chosen: `one-year` from the last close on or before the anniversary;
 * `inception` from the first close of a fund younger than a year; `after-gap` from the first close after
 * a price gap around the anniversary (shorter than a year: historicalPeriodDays says how long).
 */
export type WindowBasis = 'one-year' | 'inception' | 'after-gap';

/**
 * The first close of the return window (docs/metrics.md "Window"): the last close on or before the
 * anniversary (today - 1 year), unless more than WINDOW_GAP_SESSIONS sessions lie between it and the
 * anniversary without a close (a price gap): then the first close after the anniversary, so a "1-year"
 * return is never stretched over the gap (the audit's N3GP: 423 days). Without a close on or before the
 * anniversary, the first close (inception). `bars` sorted ascending (`usableBars`).
 */
export function returnWindowStart<T extends { date: IsoDate }>(bars: readonly T[], today: IsoDate): { bar: T; basis: WindowBasis } | null {
  const anniversary = oneYearBefore(today);
  const before = barOnOrBefore(bars, anniversary);
  if (before === null) return bars[0] ? { bar: bars[0], basis: 'inception' } : null;
  let missing = 0;
  for (let d = nextBusinessDay(before.date); d <= anniversary && missing <= WINDOW_GAP_SESSIONS; d = nextBusinessDay(d)) missing++;
  if (missing <= WINDOW_GAP_SESSIONS) return { bar: before, basis: 'one-year' };
  const after = bars[bars.indexOf(before) + 1];
  // no close after the gap at all: nothing shorter to measure, the old close it is
  return after ? { bar: after, basis: 'after-gap' } : { bar: before, basis: 'one-year' };
}

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

  // The run rate: regular distributions only, the current cadence regime, the frequency used
  // (docs/metrics.md, "Kinds of distribution" and "Cadence"). Everything paid (TTM, the window) counts every kind.
  const runRate = runRateOf(distributions, frequency, today);
  const used = runRate.frequency;
  // A stale fund projects nothing from its run rate (docs/metrics.md "Stale data").
  const stale = runRateStaleness(runRate, current?.date ?? null, today);
  const averaged = runRate.regime.slice(-3);
  const weekly = meanPerWeek(averaged, used);
  const latestPoint = latestDeclared(runRate.regular);
  const latest = latestPoint ? dec(latestPoint.amount) : null;

  // Window: the last close on or before the anniversary (today - 1 year), the first close after a price
  // gap around it, or the first bar (inception) when the history is shorter (returnWindowStart).
  const window = returnWindowStart(bars, today);
  const startBar = window?.bar ?? null;
  let windowDistributions: Decimal | null = null;
  let oneYearReturn: Decimal | null = null;
  let priceReturn: Decimal | null = null;
  let distributionReturn: Decimal | null = null;
  let dripShares: Decimal | null = null;
  let dripReturn: Decimal | null = null;
  let inWindow: DistributionPoint[] = [];
  if (startBar) {
    const S = startBar.close;
    inWindow = distributions.filter((d) => d.exDate > startBar.date && d.exDate <= today);
    windowDistributions = inWindow.reduce((acc, d) => acc.plus(dec(d.amount)), ZERO);
    let shares = ONE;
    for (const d of inWindow) {
      // The close on the ex-date; on an ex-date without a bar, the current price when it belongs to that
      // session (today's quote), else the last close before it (the start bar at worst).
      const bar = barOnOrBefore(bars, d.exDate)!;
      const price = bar.date !== d.exDate && current !== null && current.date === d.exDate ? current.price : bar.close;
      shares = shares.plus(shares.times(dec(d.amount)).div(price));
    }
    dripShares = shares;
    if (P !== null) {
      oneYearReturn = P.minus(S).plus(windowDistributions).div(S).times(HUNDRED);
      priceReturn = P.minus(S).div(S).times(HUNDRED);
      distributionReturn = windowDistributions.div(S).times(HUNDRED);
      dripReturn = shares.times(P).div(S).minus(ONE).times(HUNDRED);
    }
  }

  const roc = rocTtm(distributions, today);
  const rate = distributionRate(latest, used, P);
  return {
    currentPrice: P,
    priceDate: current?.date ?? null,
    priceKind: current?.kind ?? null,
    previousClose,
    dayChange,
    dayChangePercent,
    weeklyAverage: weekly,
    yieldPercent: yieldPercent(weekly, P),
    latestAmount: latest,
    distributionRate: rate,
    ttmYield: ttmYield(distributions, P, today),
    annualDripYield: annualDripYield(weekly, P, used),
    windowStart: startBar?.date ?? null,
    windowBasis: window?.basis ?? null,
    historicalPeriodDays: startBar ? daysBetween(startBar.date, today) : null,
    startPrice: startBar?.close ?? null,
    windowDistributions,
    oneYearReturn,
    priceReturn,
    distributionReturn,
    dripShares,
    dripReturn,
    nextExDividend: nextExDividend(distributions, used, today, stale === null),
    stale,
    frequencyUsed: used,
    inferredFrequency: runRate.inferred,
    averaged,
    regimeSince: runRate.regime[0]?.exDate ?? null,
    latestRegular: latestPoint,
    windowPoints: inWindow,
    rocTtm: roc,
    trueIncomeRate: trueIncomeRate(rate, roc.percent),
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
  /** The unrounded figures the client formats once (`exact`): 12 decimals. */
  exact: 12,
} as const;

export function formatPrice(p: Decimal): string {
  return fixed(p, METRIC_PRECISION.price(p));
}

/**
 * The same figures at 12 decimals, so the client rounds them once to its display precision (a
 * percentage to 1 decimal) instead of rounding the API's 2-decimal string again (128.849 -> "128.85" ->
 * 128.9 was wrong; from 128.849000000000 it shows 128.8). Trailing zeros are cut.
 */
export interface ExactMetricsView {
  weeklyAverage: string | null;
  yieldPercent: string | null;
  distributionRate: string | null;
  ttmYield: string | null;
  annualDripYield: string | null;
  oneYearReturn: string | null;
  priceReturn: string | null;
  dripReturn: string | null;
  rocShareTtm: string | null;
  trueIncomeRate: string | null;
}

export interface EtfMetricsView {
  currentPrice: string | null;
  previousClose: string | null;
  dayChange: number | null;
  dayChangePercent: number | null;
  weeklyAverage: string | null;
  yieldPercent: string | null;
  /** Latest declared distribution x payouts a year / P x 100, 2 decimals. */
  distributionRate: string | null;
  /** Distributions of the trailing twelve months / P x 100, 2 decimals. */
  ttmYield: string | null;
  annualDripYield: string | null;
  oneYearReturn: string | null;
  /** The price part of oneYearReturn, 2 decimals (the detail adds distributionReturn = oneYearReturn - priceReturn). */
  priceReturn: string | null;
  dripReturn: string | null;
  exact: ExactMetricsView;
  historicalPeriodDays: number | null;
  windowStart: IsoDate | null;
  windowBasis: WindowBasis | null;
  nextExDividend: IsoDate | null;
  nextExDividendEstimated: boolean;
  /** Date of the session P belongs to, and whether it is an intraday quote or a close. */
  priceDate: IsoDate | null;
  priceKind: 'quote' | 'close' | null;
  /** The fund's data stopped (`staleness`), null while current. */
  stale: Staleness | null;
  /** The frequency the figures were annualised with (the catalog's unless `inferredFrequency`). */
  frequencyUsed: PayoutFrequency;
  inferredFrequency: InferredFrequency | null;
  /** How many regular payouts the weekly average (so the yield and DRIP yield) rests on: 1 to 3; null without one. */
  yieldBasis: { payouts: number } | null;
  /** Percent of the last twelve months' payouts (by amount) that is capital returned, 2 decimals; null without a payout. */
  rocShareTtm: string | null;
  /** How many of those payouts had a final figure, an estimate, or none (counted as income); null without a payout in the window. */
  rocShareTtmBasis: RocBasisCounts | null;
  /** distributionRate × the income share (100 − rocShareTtm) / 100, 2 decimals. */
  trueIncomeRate: string | null;
}

/** A figure at 12 decimals, trailing zeros cut ("0" for zero); null stays null. */
export function exactText(v: Decimal | null): string | null {
  if (v === null) return null;
  const r = v.toDecimalPlaces(METRIC_PRECISION.exact, Decimal.ROUND_HALF_UP);
  return r.isZero() ? '0' : canonical(r);
}

/** Rounds the metrics for the API: see METRIC_PRECISION (half-up, no "-0.00"). */
export function presentEtfMetrics(m: EtfMetrics): EtfMetricsView {
  const pct = (v: Decimal | null) => fixedOrNull(v, METRIC_PRECISION.percent);
  const exact = exactText;
  return {
    currentPrice: m.currentPrice ? formatPrice(m.currentPrice) : null,
    previousClose: m.previousClose ? formatPrice(m.previousClose) : null,
    dayChange: m.dayChange ? roundedNumber(m.dayChange, METRIC_PRECISION.dayChange) : null,
    dayChangePercent: m.dayChangePercent ? roundedNumber(m.dayChangePercent, METRIC_PRECISION.dayChangePercent) : null,
    weeklyAverage: fixedOrNull(m.weeklyAverage, METRIC_PRECISION.weeklyAverage),
    yieldPercent: pct(m.yieldPercent),
    distributionRate: pct(m.distributionRate),
    ttmYield: pct(m.ttmYield),
    annualDripYield: pct(m.annualDripYield),
    oneYearReturn: pct(m.oneYearReturn),
    priceReturn: pct(m.priceReturn),
    dripReturn: pct(m.dripReturn),
    exact: {
      weeklyAverage: exact(m.weeklyAverage),
      yieldPercent: exact(m.yieldPercent),
      distributionRate: exact(m.distributionRate),
      ttmYield: exact(m.ttmYield),
      annualDripYield: exact(m.annualDripYield),
      oneYearReturn: exact(m.oneYearReturn),
      priceReturn: exact(m.priceReturn),
      dripReturn: exact(m.dripReturn),
      rocShareTtm: exact(m.rocTtm.percent),
      trueIncomeRate: exact(m.trueIncomeRate),
    },
    historicalPeriodDays: m.historicalPeriodDays,
    windowStart: m.windowStart,
    windowBasis: m.windowBasis,
    nextExDividend: m.nextExDividend?.date ?? null,
    nextExDividendEstimated: m.nextExDividend?.estimated ?? false,
    priceDate: m.priceDate,
    priceKind: m.priceKind,
    stale: m.stale,
    frequencyUsed: m.frequencyUsed,
    inferredFrequency: m.inferredFrequency,
    yieldBasis: m.weeklyAverage === null ? null : { payouts: m.averaged.length },
    rocShareTtm: pct(m.rocTtm.percent),
    rocShareTtmBasis: m.rocTtm.payouts === 0 ? null : { payouts: m.rocTtm.payouts, final: m.rocTtm.final, estimated: m.rocTtm.estimated, notPublished: m.rocTtm.notPublished },
    trueIncomeRate: pct(m.trueIncomeRate),
  };
}

