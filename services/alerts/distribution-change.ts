import type { PayoutFrequency } from '../../events/catalog.ts';
import { dec, HUNDRED } from '../../domain/market/decimal.ts';
import { byExDate, perPayoutAmount, weeklyAverage, weeklyAverageDistributions, type DistributionPoint } from '../../domain/market/etf-metrics.ts';
import type { Decimal } from 'decimal.js';

/**
 * The distribution-change rule (docs/alerts.md). The baseline of a newly declared payout is the fund's
 * weeklyAverage (docs/metrics.md: the mean of the three most recent declared distributions, per week by
 * the fund's frequency) as of the payout's ex-date, leaving the payout itself out, converted back to
 * ONE payout by the same frequency (so a monthly fund's payout is compared with a monthly payout).
 * change = (amount − baseline) ÷ baseline × 100; an alert when |change| is MORE than the threshold.
 *
 * Worked example (weekly): the three payouts before are 0.38, 0.40, 0.42 → average 0.40; a new 0.46 is
 * +15 % (more than 10 %: a mail); a new 0.43 is +7.5 % (none); 0.36 is −10 % (exactly 10 %: none).
 * Monthly: 1.20, 1.20, 1.50 → per week (×12/52) mean 0.30 → per payout (×52/12) 1.30; a new 1.04 is −20 %.
 */
export interface DistributionChange {
  /** One payout's worth of the 3-week average, before this payout. */
  baseline: Decimal;
  /** The payout before this one (ex-date before), for the mail's "previous amount". */
  previous: DistributionPoint;
  /** (amount − baseline) ÷ baseline × 100. */
  changePercent: Decimal;
}

/**
 * The change of `amount` (ex-date `exDate`) against the declared payouts before it; null when the fund
 * has no declared payout before it (nothing to compare with) or the baseline is zero.
 * `history`: the fund's declared, not withdrawn distributions (any order; estimates must be left out).
 */
export function distributionChange(history: readonly DistributionPoint[], frequency: PayoutFrequency, exDate: string, amount: string): DistributionChange | null {
  const before = history.filter((d) => d.exDate < exDate && d.status !== 'estimated');
  const weekly = weeklyAverage(before, frequency, exDate);
  if (weekly === null) return null;
  const baseline = perPayoutAmount(weekly, frequency);
  if (baseline.isZero()) return null;
  const previous = [...weeklyAverageDistributions(before, exDate)].sort(byExDate).at(-1)!;
  return { baseline, previous, changePercent: dec(amount).minus(baseline).div(baseline).times(HUNDRED) };
}

/** Whether a change is worth a mail: strictly more than the threshold, either way. */
export function exceedsThreshold(change: DistributionChange, thresholdPercent: number): boolean {
  return change.changePercent.abs().greaterThan(thresholdPercent);
}
