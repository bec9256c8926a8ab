import type { PayoutFrequency } from '../../events/catalog.ts';
import type { DistributionKind } from '../../events/dividends.ts';
import { daysBetween, type IsoDate } from './trading-days.ts';

/**
 * The run rate of a fund (docs/metrics.md, "Kinds of distribution" and "Cadence"): which of its
 * distributions the run-rate figures (the spec's yield, the distribution rate, DRIP yield, projected
 * payouts and income, the house-money date) rest on, and at which frequency they are annualised.
 * - Only **regular** distributions make the run rate; a special or a capital gain is cash paid (TTM,
 *   returns, income) but never a payout to repeat.
 * - The **frequency used** is the catalog's, unless the fund's last regular payouts are spaced like
 *   another cadence (`inferFrequency`): a fund marked weekly that pays every 28 days is annualised 13
 *   times, never 52.
 * - The **current regime** is the regular payouts since the last gap that is clearly another cadence
 *   than the frequency used (`currentRegime`): after a move from monthly to weekly the weekly average
 *   never mixes a monthly amount in.
 */

export type { DistributionKind };

interface Kinded {
  exDate: IsoDate;
  /** Absent: regular (every distribution before kinds existed). */
  kind?: DistributionKind;
}

export function kindOf(d: { kind?: DistributionKind }): DistributionKind {
  return d.kind ?? 'regular';
}

export function isRegular(d: { kind?: DistributionKind }): boolean {
  return kindOf(d) === 'regular';
}

/** The order of kinds on one ex-date: the regular payout first. */
export const KIND_ORDER: Readonly<Record<DistributionKind, number>> = { regular: 0, special: 1, 'capital-gain': 2 };

// ---------------------------------------------------------------------------------------------------
// Cadence of the gaps between regular ex-dates

/** The spacing classes a gap between two ex-dates can belong to (four-weekly and monthly are one class: `long`). */
type Cadence = 'twice-weekly' | 'weekly' | 'long';

/**
 * The gaps (calendar days) that fit each class, holiday moves included: twice weekly 3-4 days (2-5 when
 * a leg moves); weekly 7 (a Monday fund going ex the Friday before a Monday holiday has 4 and 10); four
 * weeks 28 and a month 28-31 (a date moved earlier or a weekday pattern: 24-38). The ranges overlap on
 * purpose: a gap breaks a regime only when it fits another class and not the regime's own.
 */
const FITS: Readonly<Record<Cadence, readonly [number, number]>> = { 'twice-weekly': [1, 5], weekly: [3, 10], long: [24, 38] };

/** Shortest period first. */
const RANK: Readonly<Record<Cadence, number>> = { 'twice-weekly': 0, weekly: 1, long: 2 };

function cadenceOf(frequency: PayoutFrequency): Cadence {
  switch (frequency) {
    case 'twice-weekly':
      return 'twice-weekly';
    case 'weekly':
      return 'weekly';
    case 'four-weekly':
    case 'monthly':
      return 'long';
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

function fits(gap: number, cadence: Cadence): boolean {
  const [min, max] = FITS[cadence];
  return gap >= min && gap <= max;
}

/** A gap that fits another class but not `cadence` (a gap that fits no class, a skipped payout, is bridged). */
function breaks(gap: number, cadence: Cadence): boolean {
  return !fits(gap, cadence) && (Object.keys(FITS) as Cadence[]).some((c) => c !== cadence && fits(gap, c));
}

/** Three gaps agreeing on a cadence contradict the catalog (docs/metrics.md, "Cadence"). */
export const INFERENCE_GAPS = 3;

export interface InferredFrequency {
  /** The frequency the payouts' spacing says (the figures use it). */
  frequency: PayoutFrequency;
  /** The mean gap between the payouts looked at, in days, rounded. */
  gapDays: number;
  /** True when every gap looked at is exactly `gapDays`. */
  evenly: boolean;
}

/**
 * The frequency the last regular payouts' spacing says, when it contradicts the catalog's `declared`
 * one; null when it agrees or says nothing clear. Looked at: the last three gaps between regular
 * ex-dates (`exDates` ascending, up to today). Their mean decides the class: up to 5 days twice
 * weekly, 6-10 weekly, 24-38 four-weekly (mean below 29.5) or monthly, and every gap must fit that
 * class. A longer cadence than the catalog's (annualising less) is inferred from fewer gaps when the fund
 * has fewer (a young fund: from one gap); a shorter one (annualising more) always needs three. Four-weekly
 * and monthly are too close to tell apart against the catalog: either one declared stands.
 */
export function inferFrequency(exDates: readonly IsoDate[], declared: PayoutFrequency): InferredFrequency | null {
  const last = exDates.slice(-(INFERENCE_GAPS + 1));
  const gaps: number[] = [];
  for (let i = 1; i < last.length; i++) gaps.push(daysBetween(last[i - 1]!, last[i]!));
  if (gaps.length === 0) return null;
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const cadence: Cadence | null = mean <= 5 ? 'twice-weekly' : mean <= 10 ? 'weekly' : mean >= 24 && mean <= 38 ? 'long' : null;
  if (cadence === null || !gaps.every((g) => fits(g, cadence)) || cadence === cadenceOf(declared)) return null;
  const shorter = RANK[cadence] < RANK[cadenceOf(declared)];
  if (shorter && gaps.length < INFERENCE_GAPS) return null;
  const frequency: PayoutFrequency = cadence === 'long' ? (mean < 29.5 ? 'four-weekly' : 'monthly') : cadence;
  const gapDays = Math.round(mean);
  return { frequency, gapDays, evenly: gaps.every((g) => g === gapDays) };
}

/**
 * The current regime: the payouts (regular, ascending, up to today) after the last gap that fits
 * another cadence and not the one of `frequency`, at least the last one. A gap that fits no cadence (a
 * skipped payout, a sparse history) is bridged, so a weekly fund that skipped a week keeps its regime;
 * the payout that ends a gap of the old cadence belongs to the old regime (it paid for that period).
 */
export function currentRegime<T extends Kinded>(sorted: readonly T[], frequency: PayoutFrequency): T[] {
  const cadence = cadenceOf(frequency);
  for (let i = sorted.length - 1; i >= 1; i--) {
    if (breaks(daysBetween(sorted[i - 1]!.exDate, sorted[i]!.exDate), cadence)) return sorted.slice(Math.min(i + 1, sorted.length - 1));
  }
  return [...sorted];
}

export interface RunRate<T extends Kinded> {
  /** The regular distributions, ascending by ex-date (future declared ones included). */
  regular: T[];
  /** The catalog's frequency. */
  declared: PayoutFrequency;
  /** The frequency every annualisation uses: the inferred one when there is one, else the catalog's. */
  frequency: PayoutFrequency;
  inferred: InferredFrequency | null;
  /** The current regime: regular distributions with ex-date up to today since the last change of cadence, ascending. */
  regime: T[];
}

/** The run rate of a fund's distributions (any order, every kind) as of `today`. */
export function runRateOf<T extends Kinded>(distributions: readonly T[], declared: PayoutFrequency, today: IsoDate): RunRate<T> {
  const regular = distributions.filter(isRegular).sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  const past = regular.filter((d) => d.exDate <= today);
  const inferred = inferFrequency(
    past.map((d) => d.exDate),
    declared,
  );
  const frequency = inferred?.frequency ?? declared;
  return { regular, declared, frequency, inferred, regime: currentRegime(past, frequency) };
}

/**
 * The owner's warning when the figures use an inferred frequency (the distribution import's answer and
 * the admin's fund data dialog say the same): "Payouts every 28 days; the catalog says weekly — figures
 * use four-weekly".
 */
export function inferredFrequencyWarning(declared: PayoutFrequency, inferred: InferredFrequency): string {
  return `Payouts ${inferred.evenly ? 'every' : 'about every'} ${inferred.gapDays} days; the catalog says ${declared} — figures use ${inferred.frequency}`;
}
