import type { DistributionCharacter, DistributionKind } from '../../events/dividends.ts';
import { Decimal, HUNDRED, ZERO, dec } from './decimal.ts';
import { addMonths, type IsoDate } from './trading-days.ts';

/**
 * Return of capital and true income (issue 27, docs/metrics.md "Return of capital"). A distribution may
 * be partly the investor's own money handed back: the issuer (or the owner) estimates that part with
 * each payout (`rocEstimatePercent`), and the fund reports the final character after the year ends
 * (`character`: ordinary, qualified, capital gain, return of capital). Final figures replace estimates;
 * with neither, nothing is invented: the payout counts as income and says so (`not-published`).
 * Pure and decimal, like every figure of the kernel.
 */

/** Where a distribution's return-of-capital share comes from. */
export type RocBasis = 'final' | 'estimate' | 'not-published';

/** What is known about a distribution's return of capital. */
export interface RocFigures {
  /** The issuer's or the owner's estimate, percent 0-100; null or absent: none published. */
  rocEstimatePercent?: string | null;
  /** The final character (percentages), null or absent until recorded. */
  character?: DistributionCharacter | null;
}

export interface RocShare {
  basis: RocBasis;
  /** Percent of the payout that is capital returned (0 when not published). */
  percent: Decimal;
}

export const CHARACTER_PARTS = ['ordinary', 'qualified', 'capitalGain', 'returnOfCapital'] as const satisfies readonly (keyof DistributionCharacter)[];

/**
 * How far the four percentages of a final character may add up from 100: four figures published at 2
 * decimals are at most 0.02 off, so 0.1 leaves room for figures worked out from per-share amounts, and
 * still refuses a row that leaves a part out ("Return of Capital 92" alone).
 */
export const CHARACTER_SUM_TOLERANCE = dec('0.1');

/** The four percentages added up. */
export function characterSum(c: DistributionCharacter): Decimal {
  return CHARACTER_PARTS.reduce((acc, part) => acc.plus(dec(c[part])), ZERO);
}

/** Null when the four percentages add up to 100 within the tolerance, else the reason (for a message). */
export function characterSumProblem(c: DistributionCharacter): string | null {
  const sum = characterSum(c);
  return sum.minus(HUNDRED).abs().lte(CHARACTER_SUM_TOLERANCE) ? null : `the four percentages add up to ${sum.toFixed()}, not 100 (within ${CHARACTER_SUM_TOLERANCE.toFixed()})`;
}

/** True for a percentage from 0 to 100. */
export function isPercent(value: Decimal): boolean {
  return value.gte(0) && value.lte(HUNDRED);
}

/**
 * A character's parts as shares of the payout, each part / (sum of the four): the parts of a row that
 * adds up to 99.98 (rounded by its publisher) still make the whole payout, and none goes below zero.
 */
function characterShares(c: DistributionCharacter): Record<(typeof CHARACTER_PARTS)[number], Decimal> {
  const sum = characterSum(c);
  const share = (part: (typeof CHARACTER_PARTS)[number]) => (sum.gt(0) ? dec(c[part]).div(sum) : ZERO);
  return { ordinary: share('ordinary'), qualified: share('qualified'), capitalGain: share('capitalGain'), returnOfCapital: share('returnOfCapital') };
}

/**
 * The return-of-capital share of one distribution: the final character's (return of capital / the sum of
 * the four, which is 100 for a row as published), else the estimate, else 0 labelled `not-published`
 * (the payout counts as income).
 */
export function rocOf(d: RocFigures): RocShare {
  if (d.character) return { basis: 'final', percent: characterShares(d.character).returnOfCapital.times(HUNDRED) };
  if (d.rocEstimatePercent !== null && d.rocEstimatePercent !== undefined) return { basis: 'estimate', percent: dec(d.rocEstimatePercent) };
  return { basis: 'not-published', percent: ZERO };
}

/** The part of `cash` that is capital returned. */
export function capitalReturnedOf(cash: Decimal, roc: RocShare): Decimal {
  return cash.times(roc.percent).div(HUNDRED);
}

/** How many payouts rest on which basis. */
export interface RocBasisCounts {
  payouts: number;
  final: number;
  estimated: number;
  notPublished: number;
}

export function countBases(shares: readonly RocShare[]): RocBasisCounts {
  return {
    payouts: shares.length,
    final: shares.filter((s) => s.basis === 'final').length,
    estimated: shares.filter((s) => s.basis === 'estimate').length,
    notPublished: shares.filter((s) => s.basis === 'not-published').length,
  };
}

// ---------------------------------------------------------------------------------------------------
// A fund: the trailing twelve months

/** A distribution as the fund's figures see it (per share, on today's share basis). */
export interface RocPoint extends RocFigures {
  exDate: IsoDate;
  amount: string;
  kind?: DistributionKind;
}

export interface RocTtm<T extends RocPoint = RocPoint> extends RocBasisCounts {
  /** The anniversary (today − 1 year): the distributions counted have an ex-date after it. */
  since: IsoDate;
  /** Σ amount per share. */
  paid: Decimal;
  /** Σ amount × ROC share per share. */
  capitalReturned: Decimal;
  /** paid − capitalReturned. */
  income: Decimal;
  /** capitalReturned / paid × 100; null without a payout (or when they paid 0). */
  percent: Decimal | null;
  /** The distributions counted, oldest first, each with its ROC share. */
  points: { point: T; roc: RocShare }[];
}

/**
 * rocShareTtm: the percent of the last twelve months' payouts (every kind, ex-date after the anniversary
 * and on or before today, the window of ttmYield) that is capital returned, weighted by amount:
 * Σ amount × ROC % / Σ amount, each payout's ROC % final where recorded, else the estimate, else 0.
 */
export function rocTtm<T extends RocPoint>(distributions: readonly T[], today: IsoDate): RocTtm<T> {
  const since = addMonths(today, -12);
  const points = distributions
    .filter((d) => d.exDate > since && d.exDate <= today)
    .sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0))
    .map((point) => ({ point, roc: rocOf(point) }));
  let paid = ZERO;
  let capitalReturned = ZERO;
  for (const { point, roc } of points) {
    const amount = dec(point.amount);
    paid = paid.plus(amount);
    capitalReturned = capitalReturned.plus(capitalReturnedOf(amount, roc));
  }
  return {
    since,
    paid,
    capitalReturned,
    income: paid.minus(capitalReturned),
    percent: points.length > 0 && paid.gt(0) ? capitalReturned.div(paid).times(HUNDRED) : null,
    points,
    ...countBases(points.map((p) => p.roc)),
  };
}

/**
 * trueIncomeRate: the distribution rate × the income share, distributionRate × (100 − rocShareTtm) / 100.
 * Without a payout in the twelve months (rocShareTtm null) nothing is known of its character: the rate
 * counts as income, as a payout without a figure does. Null without a distribution rate.
 */
export function trueIncomeRate(distributionRate: Decimal | null, rocSharePercent: Decimal | null): Decimal | null {
  if (distributionRate === null) return null;
  return distributionRate.times(HUNDRED.minus(rocSharePercent ?? ZERO)).div(HUNDRED);
}

// ---------------------------------------------------------------------------------------------------
// A holding: capital returned, the adjusted cost basis, per lot

/** A payment a holding received (holding-performance.ts), with its distribution's ROC share. */
export interface RocPayment {
  exDate: IsoDate;
  payDate: IsoDate;
  /** Per share, on today's share basis. */
  amountPerShare: Decimal;
  /** Shares held on the ex-date × amountPerShare. */
  cash: Decimal;
  /** Shares the cash bought (DRIP) on the pay date; 0 when not reinvested. */
  sharesAdded: Decimal;
  roc: RocShare;
}

/** Shares acquired together, with their own cost: the purchase, or one reinvested payment (DRIP). */
export interface CostLot {
  /** The purchase date (heldSince) or the pay date the cash was reinvested on. */
  acquired: IsoDate;
  shares: Decimal;
  /** What the shares cost: shares × purchase price, or the cash reinvested; null for a purchase without a price. */
  cost: Decimal | null;
  /** The return of capital of the payouts these shares were entitled to (ROC per share × shares). */
  capitalReturned: Decimal;
  /** max(0, cost − capitalReturned); null without a cost. */
  adjustedCost: Decimal | null;
  /** max(0, capitalReturned − cost): capital returned beyond the lot's cost is a capital gain; null without a cost. */
  capitalGain: Decimal | null;
}

export interface HoldingReturnOfCapital {
  /** Σ cash × ROC share over the payments received. */
  capitalReturned: Decimal;
  /** incomeReceived − capitalReturned. */
  incomeReceivedNet: Decimal;
  /** What the reinvested payments cost (DRIP; 0 otherwise): the reinvested lots' cost. */
  reinvestedCost: Decimal;
  /** Σ over lots of max(0, cost − capitalReturned); null without a purchase price. */
  adjustedCostBasis: Decimal | null;
  /** Σ over lots of max(0, capitalReturned − cost); null without a purchase price. */
  capitalGainFromRoc: Decimal | null;
  lots: CostLot[];
  /** The payments received by basis of their ROC share. */
  bases: RocBasisCounts;
}

/**
 * A holding's return of capital. The payments (ex-date order) each return cash × ROC % of capital. The
 * cost basis is kept per lot: the shares bought (cost: shares × purchase price) and, with DRIP, each
 * reinvested payment (its own cost: the cash reinvested, on its pay date). A payout's return of capital
 * per share (amount × ROC %) lowers the cost of every lot held on its ex-date: the purchase lot for every
 * payment (they all go ex after the purchase), a reinvested lot for the payouts whose ex-date is after its
 * pay date (the rule by which holdingPerformance counts its shares as entitled). A lot's cost never goes
 * below zero; what is returned beyond it is a capital gain. Prefix sums of the ROC per share make it one
 * pass, whatever the number of lots.
 */
export function holdingReturnOfCapital(input: {
  heldSince: IsoDate;
  initialShares: Decimal;
  purchaseCost: Decimal | null;
  incomeReceived: Decimal;
  payments: readonly RocPayment[];
}): HoldingReturnOfCapital {
  const payments = [...input.payments].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
  // after[k] = Σ ROC per share of the payments k..n-1
  const after: Decimal[] = new Array<Decimal>(payments.length + 1);
  after[payments.length] = ZERO;
  for (let k = payments.length - 1; k >= 0; k--) {
    const p = payments[k]!;
    after[k] = after[k + 1]!.plus(p.amountPerShare.times(p.roc.percent).div(HUNDRED));
  }
  const firstExAfter = (date: IsoDate) => {
    let lo = 0;
    let hi = payments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (payments[mid]!.exDate > date) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const lot = (acquired: IsoDate, shares: Decimal, cost: Decimal | null, rocPerShare: Decimal): CostLot => {
    const returned = shares.times(rocPerShare);
    return {
      acquired,
      shares,
      cost,
      capitalReturned: returned,
      adjustedCost: cost === null ? null : atLeastZero(cost.minus(returned)),
      capitalGain: cost === null ? null : atLeastZero(returned.minus(cost)),
    };
  };
  const lots: CostLot[] = [lot(input.heldSince, input.initialShares, input.purchaseCost, after[0]!)];
  let reinvestedCost = ZERO;
  for (const p of payments) {
    if (!p.sharesAdded.gt(0)) continue;
    reinvestedCost = reinvestedCost.plus(p.cash);
    lots.push(lot(p.payDate, p.sharesAdded, p.cash, after[firstExAfter(p.payDate)]!));
  }
  const capitalReturned = payments.reduce((acc, p) => acc.plus(capitalReturnedOf(p.cash, p.roc)), ZERO);
  const known = input.purchaseCost !== null;
  return {
    capitalReturned,
    incomeReceivedNet: input.incomeReceived.minus(capitalReturned),
    reinvestedCost,
    adjustedCostBasis: known ? lots.reduce((acc, l) => acc.plus(l.adjustedCost!), ZERO) : null,
    capitalGainFromRoc: known ? lots.reduce((acc, l) => acc.plus(l.capitalGain!), ZERO) : null,
    lots,
    bases: countBases(payments.map((p) => p.roc)),
  };
}

/** max(0, v). */
function atLeastZero(v: Decimal): Decimal {
  return v.gt(0) ? v : ZERO;
}

// ---------------------------------------------------------------------------------------------------
// The tax-year summary: a payment split by character, in cents

export interface CharacterSplit {
  basis: RocBasis;
  /** The payment, rounded to cents. */
  cash: Decimal;
  returnOfCapital: Decimal;
  /** cash − returnOfCapital. */
  income: Decimal;
  /** Final only (null otherwise): the income by character. */
  ordinary: Decimal | null;
  qualified: Decimal | null;
  capitalGain: Decimal | null;
  /** Not final: the income whose character is not published yet (cash − returnOfCapital); 0 when final. */
  unclassifiedIncome: Decimal;
}

/**
 * Whole cents of `total` (rounded half-up) shared out by `shares` (adding up to 1) with the largest
 * remainders: each part gets its share's whole cents, the cents left go to the largest fractions (the
 * earlier part on a tie), so the parts add up to the total exactly and none is negative.
 */
export function allocateCents(total: Decimal, shares: readonly Decimal[]): Decimal[] {
  const cents = total.times(HUNDRED).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const exact = shares.map((s) => cents.times(s));
  const whole = exact.map((e) => e.floor());
  let left = cents.minus(whole.reduce((acc, w) => acc.plus(w), ZERO)).toNumber();
  const order = exact.map((e, i) => ({ i, fraction: e.minus(whole[i]!) })).sort((a, b) => b.fraction.comparedTo(a.fraction) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    whole[i] = whole[i]!.plus(1);
    left -= 1;
  }
  return whole.map((w) => w.div(HUNDRED));
}

/**
 * One payment split by character, in cents (a broker pays cents): final, its four parts (shares of the
 * sum of the four); otherwise the return of capital at the estimate (0 when not published) and the rest
 * as income whose character is not published yet. The parts add up to the cash exactly.
 */
export function splitByCharacter(cash: Decimal, d: RocFigures): CharacterSplit {
  const roc = rocOf(d);
  if (roc.basis === 'final') {
    const s = characterShares(d.character!);
    const [returnOfCapital, capitalGain, qualified, ordinary] = allocateCents(cash, [s.returnOfCapital, s.capitalGain, s.qualified, s.ordinary]);
    const total = returnOfCapital!.plus(capitalGain!).plus(qualified!).plus(ordinary!);
    return { basis: 'final', cash: total, returnOfCapital: returnOfCapital!, income: total.minus(returnOfCapital!), ordinary: ordinary!, qualified: qualified!, capitalGain: capitalGain!, unclassifiedIncome: ZERO };
  }
  const share = roc.percent.div(HUNDRED);
  const [returnOfCapital, income] = allocateCents(cash, [share, dec(1).minus(share)]);
  return { basis: roc.basis, cash: returnOfCapital!.plus(income!), returnOfCapital: returnOfCapital!, income: income!, ordinary: null, qualified: null, capitalGain: null, unclassifiedIncome: income! };
}
