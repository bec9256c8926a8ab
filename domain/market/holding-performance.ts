import type { PayoutFrequency } from '../../events/catalog.ts';
import { HUNDRED, ZERO, dec, type Decimal } from './decimal.ts';
import {
  barOnOrBefore,
  byExDate,
  latestDeclared,
  payoutsPerYear,
  resolveCurrentPrice,
  runRateStaleness,
  usableBars,
  type BarPoint,
  type DistributionPoint,
  type QuotePoint,
  type Staleness,
} from './etf-metrics.ts';
import { houseMoney, type HouseMoney } from './house-money.ts';
import { kindOf, runRateOf, type DistributionKind } from './run-rate.ts';
import {
  capitalReturnedOf,
  holdingReturnOfCapital,
  rocOf,
  rocTtm,
  type HoldingReturnOfCapital,
  type RocFigures,
  type RocShare,
} from './return-of-capital.ts';
import { adjustBars, adjustDistributions, adjustPrice, adjustQuote, adjustShares, type SplitPoint } from './splits.ts';
import { addBusinessDays, type IsoDate } from './trading-days.ts';

/** A holding's growth since purchase, from the fund's bars, quote and distributions (used by the portfolio read model). */

export interface HoldingPerformanceInput {
  /** The day the shares were bought; distributions with an ex-date after it are received. */
  purchaseDate: IsoDate;
  shares: string;
  purchasePrice: string | null;
  drip: boolean;
  today: IsoDate;
  frequency: PayoutFrequency;
  bars: readonly BarPoint[];
  quote?: QuotePoint | null;
  distributions: readonly DistributionPoint[];
  /**
   * The fund's splits and reverse splits: everything is computed on the share basis of `today`
   * (domain/market/splits.ts): shares bought before a split's ex-date x newRate / oldRate, the purchase
   * price, closes and amounts dated before it x oldRate / newRate.
   */
  splits?: readonly SplitPoint[];
  /**
   * By ex-date, what the payout ledger counts of a payout whose arrival it knows differs from the
   * fund's distributions × shares (domain/market/payout-ledger.ts `countedIncome`): what arrived of a
   * received or short payout, 0 for a missing or projected one. The ex-date's payments then count it
   * instead of their cash (shared in proportion to it), and every figure made of the income follows;
   * the shares (DRIP reinvestments) stay as estimated. Ex-dates not in it count their cash.
   */
  counted?: ReadonlyMap<IsoDate, Decimal>;
}

export interface HoldingPayment {
  exDate: IsoDate;
  /** The pay date, or the business day after the ex-date when none is known. */
  payDate: IsoDate;
  amountPerShare: Decimal;
  /** Shares held on the ex-date (they earn this distribution). */
  sharesEntitled: Decimal;
  cash: Decimal;
  /** The close the cash was reinvested at (DRIP), null when not reinvested. */
  reinvestPrice: Decimal | null;
  sharesAdded: Decimal;
  kind: DistributionKind;
  /** The distribution's return-of-capital figures (the estimate, the final character). */
  figures: RocFigures;
  /** Its ROC share: final, else estimate, else not published (0). */
  roc: RocShare;
  /** cash × ROC share. */
  capitalReturned: Decimal;
}

export interface HoldingPerformance {
  /** The shares bought, on today's share basis (after the splits since the purchase). */
  initialShares: Decimal;
  /** Shares now (initial plus reinvested). */
  shares: Decimal;
  currentPrice: Decimal | null;
  marketValue: Decimal | null;
  costBasis: Decimal | null;
  /** Cash value of every distribution paid since purchase (reinvested or not). */
  incomeReceived: Decimal;
  payments: HoldingPayment[];
  /**
   * shares x the latest declared regular distribution x payouts a year at the frequency used (the
   * issuer's current rate); null for a stale fund.
   */
  projectedAnnualIncome: Decimal | null;
  /** The fund's data stopped (etf-metrics `staleness`): no income or house-money date is projected. */
  stale: Staleness | null;
  /** initialShares x (P - purchase price). */
  priceReturn: Decimal | null;
  /** Non-DRIP: the cash received; DRIP: the value now of the reinvested shares. */
  distributionReturn: Decimal | null;
  totalReturn: Decimal | null;
  totalReturnPercent: Decimal | null;
  /** How much of the cost basis the distributions paid back, and when all of it (domain/market/house-money.ts). */
  houseMoney: HouseMoney;
  /** Capital returned, income net of it, the cost basis per lot adjusted for it (domain/market/return-of-capital.ts). */
  returnOfCapital: HoldingReturnOfCapital;
  /** The fund's rocShareTtm (null without a payout in the last twelve months: nothing is taken off the income). */
  rocShareTtm: Decimal | null;
  /** projectedAnnualIncome × (100 − rocShareTtm) / 100: its income part. */
  projectedAnnualIncomeNet: Decimal | null;
  /** projectedAnnualIncome / costBasis × 100. */
  yieldOnCost: Decimal | null;
  /** projectedAnnualIncomeNet / adjustedCostBasis × 100 (null when the adjusted cost is 0). */
  yieldOnAdjustedCost: Decimal | null;
  /** marketValue − adjustedCostBasis: the gain on the money still in (gain = this + incomeReceivedNet + capitalGainFromRoc). */
  gainOnAdjustedCost: Decimal | null;
  /** incomeReceivedNet / adjustedCostBasis × 100 (null when the adjusted cost is 0). */
  houseMoneyOnAdjustedCost: Decimal | null;
}

/**
 * A holding's growth since purchase. A distribution is received when its ex-date is after the purchase
 * date and its pay date (else ex-date + 1 business day) is on or before today. With DRIP the cash is
 * reinvested at the close of the pay date (the last close before it when that day has no bar; kept as
 * cash when there is no bar at all), so later distributions are earned on the larger share count.
 */
export function holdingPerformance(raw: HoldingPerformanceInput): HoldingPerformance {
  const splits = raw.splits ?? [];
  const input: HoldingPerformanceInput = {
    ...raw,
    bars: adjustBars(raw.bars, splits, raw.today),
    quote: adjustQuote(raw.quote, splits, raw.today),
    distributions: adjustDistributions(raw.distributions, splits, raw.today),
  };
  const initialShares = adjustShares(raw.shares, raw.purchaseDate, splits, raw.today);
  const bars = usableBars(input.bars, input.today);
  const current = resolveCurrentPrice(input.bars, input.quote, input.today);
  const P = current?.price ?? null;

  const paid = input.distributions
    .map((d) => ({ ...d, payDate: d.payDate ?? addBusinessDays(d.exDate, 1) }))
    .filter((d) => d.exDate > input.purchaseDate && d.payDate <= input.today)
    .sort(byExDate);

  let shares = initialShares;
  let income = ZERO;
  const payments: HoldingPayment[] = [];
  // Reinvestment happens on the pay date, which can come after a later ex-date (weekly funds pay
  // within days, but be exact): entitlement uses the shares held on each ex-date.
  const pending: { payDate: IsoDate; cash: Decimal; index: number }[] = [];
  const settle = (upTo: IsoDate | null) => {
    pending.sort((a, b) => (a.payDate < b.payDate ? -1 : a.payDate > b.payDate ? 1 : a.index - b.index));
    while (pending.length > 0 && (upTo === null || pending[0]!.payDate < upTo)) {
      const p = pending.shift()!;
      const payment = payments[p.index]!;
      const bar = barOnOrBefore(bars, p.payDate);
      if (input.drip && bar) {
        payment.reinvestPrice = bar.close;
        payment.sharesAdded = p.cash.div(bar.close);
        shares = shares.plus(payment.sharesAdded);
      }
    }
  };
  for (const d of paid) {
    settle(d.exDate); // pay dates before this ex-date add their shares first
    const amount = dec(d.amount);
    const cash = shares.times(amount);
    income = income.plus(cash);
    const figures: RocFigures = { rocEstimatePercent: d.rocEstimatePercent ?? null, character: d.character ?? null };
    const roc = rocOf(figures);
    payments.push({
      exDate: d.exDate,
      payDate: d.payDate,
      amountPerShare: amount,
      sharesEntitled: shares,
      cash,
      reinvestPrice: null,
      sharesAdded: ZERO,
      kind: kindOf(d),
      figures,
      roc,
      capitalReturned: capitalReturnedOf(cash, roc),
    });
    pending.push({ payDate: d.payDate, cash, index: payments.length - 1 });
  }
  settle(null);
  if (input.counted && input.counted.size > 0) income = applyCounted(payments, input.counted);

  // the run rate: the latest regular distribution, annualised at the frequency the fund's figures use;
  // nothing of it is projected for a stale fund (docs/metrics.md "Stale data")
  const runRate = runRateOf(input.distributions, input.frequency, input.today);
  const latest = latestDeclared(runRate.regular);
  const stale = runRateStaleness(runRate, current?.date ?? null, input.today);
  const purchasePrice = raw.purchasePrice === null ? null : adjustPrice(raw.purchasePrice, raw.purchaseDate, splits, raw.today);
  const costBasis = purchasePrice ? initialShares.times(purchasePrice) : null;
  const marketValue = P ? shares.times(P) : null;
  const priceReturn = P && purchasePrice ? initialShares.times(P.minus(purchasePrice)) : null;
  const distributionReturn = input.drip ? (P ? shares.minus(initialShares).times(P) : null) : income;
  const totalReturn = priceReturn !== null && distributionReturn !== null ? priceReturn.plus(distributionReturn) : null;
  const totalReturnPercent =
    totalReturn !== null && costBasis !== null && costBasis.gt(0) ? totalReturn.div(costBasis).times(HUNDRED) : null;
  const projectedAnnualIncome = latest && stale === null ? shares.times(dec(latest.amount)).times(payoutsPerYear(runRate.frequency)) : null;
  const returnOfCapital = holdingReturnOfCapital({ heldSince: input.purchaseDate, initialShares, purchaseCost: costBasis, incomeReceived: income, payments });
  // the fund's share of capital returned over its last twelve months (its trueIncomeRate's): no payout, nothing taken off
  const rocShareTtm = rocTtm(input.distributions, input.today).percent;
  const projectedAnnualIncomeNet = projectedAnnualIncome === null ? null : projectedAnnualIncome.times(HUNDRED.minus(rocShareTtm ?? ZERO)).div(HUNDRED);
  const adjusted = returnOfCapital.adjustedCostBasis;
  const ratio = (part: Decimal | null, base: Decimal | null) => (part === null || base === null || !base.gt(0) ? null : part.div(base).times(HUNDRED));

  return {
    initialShares,
    shares,
    currentPrice: P,
    marketValue,
    costBasis,
    incomeReceived: income,
    payments,
    projectedAnnualIncome,
    stale,
    priceReturn,
    distributionReturn,
    totalReturn,
    totalReturnPercent,
    houseMoney: houseMoney({
      today: input.today,
      heldSince: input.purchaseDate,
      frequency: runRate.frequency,
      distributions: input.distributions,
      splits,
      costBasis,
      payments: [...payments].sort((a, b) => (a.payDate < b.payDate ? -1 : a.payDate > b.payDate ? 1 : 0)),
      shares,
      drip: input.drip,
      currentPrice: P,
      stale: stale !== null,
    }),
    returnOfCapital,
    rocShareTtm,
    projectedAnnualIncomeNet,
    yieldOnCost: ratio(projectedAnnualIncome, costBasis),
    yieldOnAdjustedCost: ratio(projectedAnnualIncomeNet, adjusted),
    gainOnAdjustedCost: marketValue !== null && adjusted !== null ? marketValue.minus(adjusted) : null,
    houseMoneyOnAdjustedCost: ratio(returnOfCapital.incomeReceivedNet, adjusted),
  };
}



/**
 * Replaces the cash of the payments of each ex-date in `counted` by their share of its counted amount
 * (in proportion to their cash; equal shares when their cash is 0) and returns the income: Σ cash.
 */
function applyCounted(payments: HoldingPayment[], counted: ReadonlyMap<IsoDate, Decimal>): Decimal {
  const cashByExDate = new Map<IsoDate, { cash: Decimal; n: number }>();
  for (const p of payments) {
    const t = cashByExDate.get(p.exDate) ?? { cash: ZERO, n: 0 };
    cashByExDate.set(p.exDate, { cash: t.cash.plus(p.cash), n: t.n + 1 });
  }
  let income = ZERO;
  for (const p of payments) {
    const amount = counted.get(p.exDate);
    if (amount !== undefined) {
      const t = cashByExDate.get(p.exDate)!;
      p.cash = t.cash.gt(0) ? amount.times(p.cash).div(t.cash) : amount.div(t.n);
      p.capitalReturned = capitalReturnedOf(p.cash, p.roc);
    }
    income = income.plus(p.cash);
  }
  return income;
}
