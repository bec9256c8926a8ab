import type { PayoutFrequency } from '../../events/catalog.ts';
import { canonical, dec, HUNDRED, type Decimal } from '../../domain/market/decimal.ts';
import { byExDate, perPayoutAmount, weeklyAverage, weeklyAverageDistributions, type DistributionPoint } from '../../domain/market/etf-metrics.ts';
import { adjustDistributions, adjustPrice, isAdjusted, type SplitPoint } from '../../domain/market/splits.ts';
import { maxDate, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The distribution-change rule (docs/alerts.md). The baseline of a newly declared payout is the fund's
 * weeklyAverage (docs/metrics.md: the mean of the three most recent declared distributions, per week by
 * the fund's frequency) as of the payout's ex-date, leaving the payout itself out, converted back to
 * ONE payout by the same frequency (so a monthly fund's payout is compared with a monthly payout).
 * change = (amount − baseline) ÷ baseline × 100; an alert when |change| is MORE than the threshold.
 *
 * Every amount is compared on ONE share basis, with the fund's own split adjustment
 * (domain/market/splits.ts, the factors the market read side applies): the basis of the later of today
 * and the payout's ex-date. So after a 1-for-5 reverse split a $0.10 payout before it counts as $0.50,
 * and a new $0.50 is unchanged (0 %); after a 2-for-1 split $0.30 counts as $0.15.
 *
 * Worked example (weekly): the three payouts before are 0.38, 0.40, 0.42 → average 0.40; a new 0.46 is
 * +15 % (more than 10 %: a mail); a new 0.43 is +7.5 % (none); 0.36 is −10 % (exactly 10 %: none).
 * Monthly: 1.20, 1.20, 1.50 → per week (×12/52) mean 0.30 → per payout (×52/12) 1.30; a new 1.04 is −20 %.
 * Reverse split 1-for-5 ex 11-20: 0.10, 0.10, 0.10 before it → 0.50, 0.50, 0.50; a new 0.40 ex 11-25 is −20 %.
 */

/**
 * Whether a distribution is one of the fund's regular payouts, the only ones the baseline is taken over
 * and the only ones compared with it. Today every distribution is regular (events/dividends.ts has no
 * kind yet); once distributions carry `kind: regular | special | capital-gain`, this is
 * `d.kind === 'regular'`, and a special is never compared with the regular run rate (nor the next
 * regular payout with a special: the audit's false "−57.1 %" cut, N3).
 */
export function isRegular(_distribution: Pick<DistributionPoint, 'exDate'>): boolean {
  return true;
}

/** One payout as the mail shows it: on the comparison basis, with its declared amount. */
export interface ComparedPayout {
  exDate: IsoDate;
  /** Per share on the comparison basis (canonical decimal string). */
  amount: string;
  /** As declared, on the basis of its own ex-date. */
  declared: string;
  /** A split between its ex-date and the basis changed it (amount ≠ declared). */
  adjusted: boolean;
}

export interface DistributionChange {
  /** The share basis of every amount below: the later of today and the payout's ex-date. */
  basis: IsoDate;
  /** The new payout. */
  payout: ComparedPayout;
  /** One payout's worth of the 3-week average, before this payout. */
  baseline: Decimal;
  /** The payout before this one (ex-date before), for the mail's "previous amount". */
  previous: ComparedPayout;
  /** (amount − baseline) ÷ baseline × 100. */
  changePercent: Decimal;
  /** The splits that put a compared payout on another basis than its own, ascending (the mail names them). */
  splits: SplitPoint[];
}

/**
 * The change of `amount` (ex-date `exDate`) against the declared regular payouts before it; null when the
 * fund has no declared regular payout before it (nothing to compare with) or the baseline is zero.
 * `history`: the fund's declared, not withdrawn distributions (any order; estimates are left out here).
 * `splits`: the fund's splits; `today`: the market date (the basis is the later of it and `exDate`).
 */
export function distributionChange(
  history: readonly DistributionPoint[],
  frequency: PayoutFrequency,
  exDate: IsoDate,
  amount: string,
  options: { splits?: readonly SplitPoint[]; today?: IsoDate } = {},
): DistributionChange | null {
  const basis = maxDate(options.today ?? exDate, exDate);
  const splits = (options.splits ?? []).filter((s) => s.exDate <= basis);
  const before = history.filter((d) => d.exDate < exDate && d.status !== 'estimated' && isRegular(d));
  const adjusted = adjustDistributions(before, splits, basis);
  const weekly = weeklyAverage(adjusted, frequency, exDate);
  if (weekly === null) return null;
  const baseline = perPayoutAmount(weekly, frequency);
  if (baseline.isZero()) return null;
  const compared = [...weeklyAverageDistributions(before, exDate)].sort(byExDate);
  const previous = compared.at(-1)!;
  const on = (d: Pick<DistributionPoint, 'exDate' | 'amount'>): ComparedPayout => {
    const moved = isAdjusted(splits, d.exDate, basis);
    return { exDate: d.exDate, amount: moved ? canonical(adjustPrice(d.amount, d.exDate, splits, basis)) : d.amount, declared: d.amount, adjusted: moved };
  };
  const payout = on({ exDate, amount });
  const dates = [...compared.map((d) => d.exDate), exDate];
  return {
    basis,
    payout,
    baseline,
    previous: on(previous),
    changePercent: dec(payout.amount).minus(baseline).div(baseline).times(HUNDRED),
    splits: splits.filter((s) => dates.some((date) => date < s.exDate)).sort((a, b) => (a.exDate < b.exDate ? -1 : 1)),
  };
}

/** Whether a change is worth a mail: strictly more than the threshold, either way. */
export function exceedsThreshold(change: DistributionChange, thresholdPercent: number): boolean {
  return change.changePercent.abs().greaterThan(thresholdPercent);
}
