import type { PayoutFrequency } from '../../events/catalog.ts';
import { HUNDRED, ZERO, dec, type Decimal } from './decimal.ts';
import { payLagBusinessDays, payoutDateOf } from './dividend-calendar.ts';
import { byExDate, latestDeclared, projectExDates, type DistributionPoint } from './etf-metrics.ts';
import { isRegular } from './run-rate.ts';
import { priceFactor, type SplitPoint } from './splits.ts';
import { addBusinessDays, addDays, type IsoDate } from './trading-days.ts';

/**
 * "House money" (docs/metrics.md): how much of the money put into a holding its distributions have
 * already paid back, and the day they did (or are projected to) pay back all of it.
 */

/** How far ahead a projection looks: beyond it the date is not given (null). */
export const HOUSE_MONEY_HORIZON_YEARS = 50;

export interface HouseMoneyInput {
  today: IsoDate;
  /** Distributions are received after this day (the holding's purchase date or the day it was added). */
  heldSince: IsoDate;
  /** The frequency the fund's figures use (domain/market/run-rate.ts: the catalog's unless its payouts say otherwise). */
  frequency: PayoutFrequency;
  /** The fund's distributions on today's share basis (splits up to today applied; withdrawn left out). */
  distributions: readonly DistributionPoint[];
  /** Splits, for those after today: a distribution dated after one is put back on today's basis. */
  splits: readonly SplitPoint[];
  /** Shares bought x purchase price, null without a purchase price. */
  costBasis: Decimal | null;
  /** The payments received so far, in pay-date order: their pay date and cash. */
  payments: readonly { payDate: IsoDate; cash: Decimal }[];
  /** Shares held now, on today's share basis (with DRIP, bought plus reinvested). */
  shares: Decimal;
  drip: boolean;
  /** The current price; with DRIP each projected payout is reinvested at it (null: not reinvested). */
  currentPrice: Decimal | null;
  /** The fund's data stopped (etf-metrics `staleness`): no date is projected (a reached one stays). */
  stale?: boolean;
}

export interface HouseMoney {
  /** incomeReceived / costBasis x 100; null without a cost basis (or a cost of 0). */
  percent: Decimal | null;
  /**
   * Reached: the pay date of the payment that took the cumulative income to the cost basis. Otherwise
   * projected: the pay date of the future payout that completes it, null without an income rate (no
   * distribution, or an amount of 0), for a stale fund, or when it lies beyond HOUSE_MONEY_HORIZON_YEARS.
   */
  date: IsoDate | null;
  reached: boolean;
}

/**
 * House money of a holding.
 * - percent = Σ cash received / cost basis x 100 (received as in holdingPerformance: ex-date after
 *   heldSince, pay date on or before today).
 * - reached when Σ cash received >= cost basis: the date is the pay date of the payment that crossed it.
 * - otherwise projected, payout by payout, as the user calendar shows them: first the distributions
 *   already declared (or estimated by the issuer) that are not paid yet, at their own amounts and pay
 *   dates (every kind: a declared special is cash on its way); then the fund's projected payouts (the
 *   calendar's rule, from the regular distributions only: ex-dates on the issuer's weekday pattern after
 *   the last regular one, paid the fund's usual lag later) at the latest declared regular amount, the
 *   holding's current income rate. Each pays shares x amount with the shares held now; with DRIP
 *   and a current price the cash buys cash / price shares that earn the next payouts (compounding at a
 *   constant price, as the DRIP calculator assumes). The date is the pay date of the payout after
 *   which the cumulative income reaches the cost basis.
 */
export function houseMoney(input: HouseMoneyInput): HouseMoney {
  const cost = input.costBasis;
  if (cost === null || !cost.gt(0)) return { percent: null, date: null, reached: false };
  const income = input.payments.reduce((acc, p) => acc.plus(p.cash), ZERO);
  const percent = income.div(cost).times(HUNDRED);
  let cumulative = ZERO;
  for (const p of input.payments) {
    cumulative = cumulative.plus(p.cash);
    if (cumulative.gte(cost)) return { percent, date: p.payDate, reached: true };
  }
  return { percent, date: input.stale === true ? null : projectedDate(input, cost.minus(income)), reached: false };
}

interface Payout {
  exDate: IsoDate;
  payDate: IsoDate;
  /** Per share, on today's share basis. */
  amount: Decimal;
}

/** The pay date of the future payout after which `remaining` is paid, or null (no income rate, too far). */
function projectedDate(input: HouseMoneyInput, remaining: Decimal): IsoDate | null {
  const regular = input.distributions.filter(isRegular);
  const latest = latestDeclared(regular);
  if (latest === null || !dec(latest.amount).gt(0) || !input.shares.gt(0)) return null;
  const horizon = addDays(input.today, Math.round(365.25 * HOUSE_MONEY_HORIZON_YEARS));
  const upcomingSplits = input.splits.filter((s) => s.exDate > input.today);
  // A per-share amount dated after an upcoming split is on that day's basis: back to today's.
  const onTodaysBasis = (amount: string | Decimal, exDate: IsoDate) => dec(amount).div(priceFactor(upcomingSplits, input.today, exDate));
  const price = input.drip && input.currentPrice !== null && input.currentPrice.gt(0) ? input.currentPrice : null;
  let shares = input.shares;
  let left = remaining;

  // The payouts already declared, one by one (their amounts differ).
  const known: Payout[] = input.distributions
    .filter((d) => payoutDateOf(d) > input.today)
    .sort(byExDate)
    .map((d) => ({ exDate: d.exDate, payDate: payoutDateOf(d), amount: onTodaysBasis(d.amount, d.exDate) }));
  for (const payout of known) {
    if (payout.exDate <= input.heldSince) continue;
    const cash = shares.times(payout.amount);
    left = left.minus(cash);
    if (!left.gt(0)) return payout.payDate;
    if (price !== null) shares = shares.plus(cash.div(price));
  }

  // Then the projected payouts, all at the same amount: how many complete `left` is worked out in closed
  // form (payoutsToPay), and only the date of the last one is looked up.
  const amount = onTodaysBasis(latest.amount, latest.exDate);
  const needed = payoutsToPay(left, shares, amount, price);
  if (needed === null) return null;
  const exDates = regular.map((d) => d.exDate);
  const lag = payLagBusinessDays(regular);
  let counted = 0;
  // Two years of dates at a time, so a holding paid back soon never projects fifty years of them.
  for (let from = input.today; from <= horizon; from = addDays(from, 731)) {
    const to = addDays(from, 730) < horizon ? addDays(from, 730) : horizon;
    for (const exDate of projectExDates(exDates, input.frequency, from, to)) {
      if (exDate <= input.heldSince || ++counted < needed) continue;
      const payDate = addBusinessDays(exDate, lag);
      return payDate > horizon ? null : payDate;
    }
  }
  return null;
}

/**
 * More payouts than fifty years can hold (a business day each): beyond it the date is not given, and
 * the count is not worked out exactly.
 */
const MORE_PAYOUTS_THAN_THE_HORIZON = 300 * HOUSE_MONEY_HORIZON_YEARS;

/**
 * How many payouts of `amount` a share pay `left` on `shares` (n >= 1), null when more than
 * MORE_PAYOUTS_THAN_THE_HORIZON. Payout k pays s_k x amount.
 * - Without reinvestment s_k = shares: the n-th payout completes it when n x shares x amount >= left.
 * - With DRIP at a constant price P, each payout buys cash / P shares: s_k = shares x g^k with
 *   g = 1 + amount / P, and the first n payouts pay shares x amount x (g^n - 1) / (g - 1) =
 *   shares x P x (g^n - 1), so n is the least with g^n >= 1 + left / (shares x P).
 * A floating-point estimate of n is checked and corrected with decimals, so n is exact.
 */
export function payoutsToPay(left: Decimal, shares: Decimal, amount: Decimal, price: Decimal | null): number | null {
  const cash = shares.times(amount);
  if (price === null) {
    const estimate = Math.ceil(left.div(cash).toNumber());
    if (!(estimate <= MORE_PAYOUTS_THAN_THE_HORIZON)) return null;
    return exactLeast(estimate, (n) => cash.times(n).gte(left));
  }
  const growth = amount.div(price).plus(1);
  const target = left.div(shares.times(price)).plus(1);
  const estimate = Math.ceil(Math.log(target.toNumber()) / Math.log1p(amount.div(price).toNumber()));
  if (!(estimate <= MORE_PAYOUTS_THAN_THE_HORIZON)) return null;
  return exactLeast(estimate, (n) => growth.pow(n).gte(target));
}

/** The least n >= 1 for which `enough(n)` holds (it holds for every n after), starting from an estimate. */
function exactLeast(estimate: number, enough: (n: number) => boolean): number {
  let n = Math.max(1, estimate);
  while (!enough(n)) n++;
  while (n > 1 && enough(n - 1)) n--;
  return n;
}
