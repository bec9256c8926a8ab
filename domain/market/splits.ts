import { ONE, canonical, dec, type Decimal } from './decimal.ts';
import type { BarPoint, DistributionPoint, MetricsInput, QuotePoint } from './etf-metrics.ts';
import { newYorkDate, type IsoDate } from './trading-days.ts';

/**
 * Split adjustment (docs/metrics.md, "Splits and reverse splits"). Every per-share figure is expressed
 * on the share basis of one day, `asOf` (the market date): a split with ex-date E, asOf >= E, turns
 * `oldRate` shares into `newRate` shares, so
 * - a price or a per-share amount dated before E is multiplied by oldRate / newRate;
 * - a share count held from before E is multiplied by newRate / oldRate.
 * A split whose ex-date is after `asOf` changes nothing yet. Several splits multiply. Pure and decimal:
 * the product of the ratios is kept as one fraction, so a 1-for-3 then 3-for-1 pair gives back the
 * exact figures.
 */

export interface SplitPoint {
  /** The first session on the new share basis. */
  exDate: IsoDate;
  /** Shares before (decimal string): 10 for a 1-for-10 reverse split. */
  oldRate: string;
  /** Shares after (decimal string): 1 for a 1-for-10 reverse split. */
  newRate: string;
}

/** The splits in effect on `asOf` (ex-date on or before it), ascending by ex-date. */
export function splitsInEffect<T extends SplitPoint>(splits: readonly T[], asOf: IsoDate): T[] {
  return splits.filter((s) => s.exDate <= asOf).sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
}

interface Ratio {
  num: Decimal;
  den: Decimal;
}

/** Π oldRate / Πnew rate over the splits with `date` < ex-date <= `asOf`. */
function priceRatio(splits: readonly SplitPoint[], date: IsoDate, asOf: IsoDate): Ratio | null {
  let r: Ratio | null = null;
  for (const s of splits) {
    if (!(date < s.exDate && s.exDate <= asOf)) continue;
    r = r === null ? { num: dec(s.oldRate), den: dec(s.newRate) } : { num: r.num.times(s.oldRate), den: r.den.times(s.newRate) };
  }
  return r;
}

/** The factor a price or per-share amount dated `date` is multiplied by (1 when no split applies). */
export function priceFactor(splits: readonly SplitPoint[], date: IsoDate, asOf: IsoDate): Decimal {
  const r = priceRatio(splits, date, asOf);
  return r === null ? ONE : r.num.div(r.den);
}

/** A price or per-share amount dated `date`, on the share basis of `asOf`. */
export function adjustPrice(value: string | Decimal, date: IsoDate, splits: readonly SplitPoint[], asOf: IsoDate): Decimal {
  const r = priceRatio(splits, date, asOf);
  return r === null ? dec(value) : dec(value).times(r.num).div(r.den);
}

/** Shares held since `since` (bought that day, at that day's price), counted on the share basis of `asOf`. */
export function adjustShares(shares: string | Decimal, since: IsoDate, splits: readonly SplitPoint[], asOf: IsoDate): Decimal {
  const r = priceRatio(splits, since, asOf);
  return r === null ? dec(shares) : dec(shares).times(r.den).div(r.num);
}

/** True when some split adjusts a figure dated `date` as of `asOf`. */
export function isAdjusted(splits: readonly SplitPoint[], date: IsoDate, asOf: IsoDate): boolean {
  return priceRatio(splits, date, asOf) !== null;
}

/** Daily closes on the share basis of `asOf` (`bars` itself when no split applies: see usableBars' cache). */
export function adjustBars(bars: readonly BarPoint[], splits: readonly SplitPoint[], asOf: IsoDate): readonly BarPoint[] {
  if (!splits.some((s) => s.exDate <= asOf)) return bars;
  return bars.map((b) => (isAdjusted(splits, b.date, asOf) ? { ...b, close: canonical(adjustPrice(b.close, b.date, splits, asOf)) } : b));
}

/** Per-share distribution amounts (by ex-date) on the share basis of `asOf`; other fields kept. */
export function adjustDistributions<T extends DistributionPoint>(distributions: readonly T[], splits: readonly SplitPoint[], asOf: IsoDate): T[] {
  if (!splits.some((s) => s.exDate <= asOf)) return [...distributions];
  return distributions.map((d) =>
    isAdjusted(splits, d.exDate, asOf) ? { ...d, amount: canonical(adjustPrice(d.amount, d.exDate, splits, asOf)) } : d,
  );
}

/** An intraday quote (dated by its New York day) on the share basis of `asOf`. */
export function adjustQuote(quote: QuotePoint | null | undefined, splits: readonly SplitPoint[], asOf: IsoDate): QuotePoint | null {
  if (!quote) return null;
  const date = newYorkDate(quote.quotedAt);
  return isAdjusted(splits, date, asOf) ? { ...quote, price: canonical(adjustPrice(quote.price, date, splits, asOf)) } : quote;
}

/** The metrics input with bars, quote and distributions on the share basis of its `today`. */
export function splitAdjustedInput(input: MetricsInput, splits: readonly SplitPoint[]): MetricsInput {
  if (!splits.some((s) => s.exDate <= input.today)) return input;
  return {
    ...input,
    bars: adjustBars(input.bars, splits, input.today),
    quote: adjustQuote(input.quote, splits, input.today),
    distributions: adjustDistributions(input.distributions, splits, input.today),
  };
}

/** "1-for-10 reverse split", "3-for-1 split", "3-for-2 split" (ratios as recorded). */
export function describeSplit(s: Pick<SplitPoint, 'oldRate' | 'newRate'>): string {
  const reverse = dec(s.newRate).lt(s.oldRate);
  return `${canonical(s.newRate)}-for-${canonical(s.oldRate)}${reverse ? ' reverse' : ''} split`;
}
