import type { DataSource } from '../../events/catalog.ts';
import { registerCacheKind } from '../caches/registry.ts';
import { dec } from './decimal.ts';
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
 * Whether a fund's figures (price, day change, yields, weekly average, one-year and DRIP returns, next
 * ex-date) rest on demo data as of `today`: the bar or quote that is the current price, the previous
 * close, the close the return window starts at (`windowStart`, as the metrics chose it), the close each
 * DRIP reinvestment in the window uses (on or before its ex-date), and any distribution of
 * `distributionsInUse` from the window start. Other bars (say, the middle of the year) are in no figure.
 */
export function fundFiguresAreDemo(input: {
  today: IsoDate;
  /** The first bar of the return window (the metrics' `windowStart`); null without one. */
  windowStart: IsoDate | null;
  bars: readonly SourcedBar[];
  quote: SourcedQuote | null;
  distributions: readonly SourcedDistribution[];
}): boolean {
  const { today, windowStart } = input;
  const usable = input.bars.filter((b) => b.date <= today && dec(b.close).gt(0)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const current = resolveCurrentPrice(input.bars, input.quote, today);
  if (current === null) return distributionsInUse(input.distributions, today, addDays(today, 1)).some(isDemoSource);
  if (current.kind === 'quote' && isDemoSource(input.quote)) return true;
  // the current price's close (unless a quote is the price) and the previous close
  const used: (SourcedBar | null)[] = [barOnOrBefore(usable, addDays(current.date, -1))];
  if (current.kind === 'close') used.push(barOnOrBefore(usable, current.date));
  if (windowStart !== null) {
    used.push(barOnOrBefore(usable, windowStart));
    for (const d of input.distributions) if (d.exDate > windowStart && d.exDate <= today) used.push(barOnOrBefore(usable, d.exDate));
  }
  if (used.some(isDemoSource)) return true;
  return distributionsInUse(input.distributions, today, windowStart ?? addDays(today, 1)).some(isDemoSource);
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
 * An index of an array's items by one key (the last of equal keys), kept for frozen arrays: the market
 * snapshot freezes the series it hands out, so every holding of a fund computed in one market version
 * shares one index of its two years of bars instead of building it again.
 */
function indexBy<T>(key: (item: T) => string): (items: readonly T[]) => ReadonlyMap<string, T> {
  const memo: IndexMemo = { kept: new WeakMap() };
  indexMemos.track(memo);
  return (items) => {
    const cached = memo.kept.get(items) as ReadonlyMap<string, T> | undefined;
    if (cached) return cached;
    const index = new Map(items.map((item) => [key(item), item]));
    if (Object.isFrozen(items)) memo.kept.set(items, index);
    return index;
  };
}

interface IndexMemo {
  kept: WeakMap<readonly unknown[], ReadonlyMap<string, unknown>>;
}

/** In the cache registry (domain/caches/registry.ts): one memo per index (bars by date, distributions by ex-date). */
const indexMemos = registerCacheKind<IndexMemo>({
  name: 'demo-label-indexes',
  owner: 'domain/market/demo-data.ts',
  key: 'a frozen array (by identity, a WeakMap): the bars by date, the distributions by ex-date',
  bound: 'one per frozen array alive (the series of market-snapshots)',
  eviction: 'with its array (garbage-collected)',
  coherence: 'only frozen arrays are kept, and a frozen array cannot change: a changed series is a new array',
  clearable: true,
  clear: (memo) => void (memo.kept = new WeakMap()),
});
const barsByDate = indexBy<SourcedBar>((b) => b.date);
const distributionsByExDate = indexBy<SourcedDistribution>((d) => d.exDate);

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
  const byDate = barsByDate(input.bars);
  const sourceOfBar = (date: IsoDate | undefined) => (date === undefined ? undefined : byDate.get(date));
  if (current?.kind === 'quote' && isDemoSource(input.quote)) return true;
  if (current?.kind === 'close' && isDemoSource(sourceOfBar(current.date))) return true;
  const byEx = distributionsByExDate(input.distributions);
  for (const p of input.payments) {
    if (isDemoSource(byEx.get(p.exDate))) return true;
    if (p.reinvestPrice !== null && isDemoSource(sourceOfBar(barOnOrBefore(usable, p.payDate)?.date))) return true;
  }
  return distributionsInUse(input.distributions, today, addDays(today, 1)).some(isDemoSource);
}
