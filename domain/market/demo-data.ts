import type { DataSource } from '../../events/catalog.ts';
import { barOnOrBefore, byExDate, resolveCurrentPrice, usableBars, type BarPoint, type DistributionPoint, type QuotePoint } from './etf-metrics.ts';
import type { HoldingPayment } from './holding-performance.ts';
import { addDays, type IsoDate } from './trading-days.ts';

/**
 * Demo labelling (docs/market-data-read-side.md "Demo data"): an answer is `isDemo` exactly when any
 * figure it shows rests on demo data, i.e. on a bar, quote or distribution whose source is `demo`
 * among those the figures use. The catalog entry's own source does not count (a name is not a figure);
 * data that no figure looks at (a bar two years back, a quote older than the last close) does not either.
 */

export const DEMO_SOURCE: DataSource = 'demo';

export interface SourcedBar extends BarPoint {
  source: DataSource;
}
export interface SourcedQuote extends QuotePoint {
  source: DataSource;
}
export interface SourcedDistribution extends DistributionPoint {
  source: DataSource;
}

/** How many paid distributions the cadence projection looks back at (its usual-weekday vote). */
export const CADENCE_LOOKBACK = 8;

const isDemoSource = (x: { source: DataSource } | null | undefined) => x?.source === DEMO_SOURCE;

/**
 * The distributions a fund's figures can rest on as of `today`: every one with an ex-date on or after
 * `from` (the first bar the returns may start from; the one-year return and DRIP return add up those
 * in the window; declared future ones give the next ex-date and the distribution rate), and the last
 * CADENCE_LOOKBACK with an ex-date on or before today (the weekly average takes the last three, the
 * projected ex-dates vote on the last eight, whatever their age).
 */
export function distributionsInUse<T extends DistributionPoint>(distributions: readonly T[], today: IsoDate, from: IsoDate): T[] {
  const sorted = [...distributions].sort(byExDate);
  const paid = sorted.filter((d) => d.exDate <= today);
  const recent = new Set(paid.slice(-CADENCE_LOOKBACK));
  return sorted.filter((d) => d.exDate >= from || recent.has(d));
}

/**
 * The bars a fund's figures can rest on as of `today`: from the last one before the one-year window
 * (today - 365 days) to today, and at least the last two (current price and previous close).
 */
export function barsInUse<T extends BarPoint>(bars: readonly T[], today: IsoDate): T[] {
  const upToToday = bars.filter((b) => b.date <= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const anniversary = addDays(today, -365);
  let first = upToToday.findIndex((b) => b.date >= anniversary);
  if (first === -1) first = upToToday.length;
  return upToToday.slice(Math.max(0, Math.min(first - 1, upToToday.length - 2)));
}

/**
 * Whether a fund's figures (price, day change, yields, weekly average, one-year and DRIP returns, next
 * ex-date) rest on demo data as of `today`: any bar of `barsInUse`, the quote when it is the current price,
 * any distribution of `distributionsInUse` from the first of those bars.
 */
export function fundFiguresAreDemo(input: {
  today: IsoDate;
  bars: readonly SourcedBar[];
  quote: SourcedQuote | null;
  distributions: readonly SourcedDistribution[];
}): boolean {
  const { today } = input;
  const current = resolveCurrentPrice(input.bars, input.quote, today);
  if (current?.kind === 'quote' && isDemoSource(input.quote)) return true;
  const used = barsInUse(input.bars, today);
  if (used.some(isDemoSource)) return true;
  const anniversary = addDays(today, -365);
  const from = used[0] !== undefined && used[0].date < anniversary ? used[0].date : anniversary;
  return distributionsInUse(input.distributions, today, from).some(isDemoSource);
}

/**
 * Whether a fund's projected payouts (calendar estimates: amount from the recent payouts, ex-dates from
 * the cadence, pay lag from the latest known pay date) rest on demo data: the last CADENCE_LOOKBACK
 * distributions (declared future ones included) or the latest one with a pay date is demo.
 */
export function projectionIsDemo(distributions: readonly SourcedDistribution[]): boolean {
  const sorted = [...distributions].sort(byExDate);
  const withPay = sorted.filter((d) => d.payDate !== null);
  return sorted.slice(-CADENCE_LOOKBACK).some(isDemoSource) || isDemoSource(withPay[withPay.length - 1]);
}

/**
 * Whether a holding's own figures rest on demo data: its current price (value, gain), every distribution
 * it received (income, DRIP shares) and the close each was reinvested at, and the payouts its projected
 * income uses (the last CADENCE_LOOKBACK paid ones and declared future ones).
 */
export function holdingFiguresAreDemo(input: {
  today: IsoDate;
  bars: readonly SourcedBar[];
  quote: SourcedQuote | null;
  distributions: readonly SourcedDistribution[];
  payments: readonly Pick<HoldingPayment, 'exDate' | 'payDate' | 'reinvestPrice'>[];
}): boolean {
  const { today } = input;
  const current = resolveCurrentPrice(input.bars, input.quote, today);
  const usable = usableBars(input.bars, today);
  const byDate = new Map(input.bars.map((b) => [b.date, b]));
  const sourceOfBar = (date: IsoDate | undefined) => (date === undefined ? undefined : byDate.get(date));
  if (current?.kind === 'quote' && isDemoSource(input.quote)) return true;
  if (current?.kind === 'close' && isDemoSource(sourceOfBar(current.date))) return true;
  const byEx = new Map(input.distributions.map((d) => [d.exDate, d]));
  for (const p of input.payments) {
    if (isDemoSource(byEx.get(p.exDate))) return true;
    if (p.reinvestPrice !== null && isDemoSource(sourceOfBar(barOnOrBefore(usable, p.payDate)?.date))) return true;
  }
  return distributionsInUse(input.distributions, today, addDays(today, 1)).some(isDemoSource);
}
