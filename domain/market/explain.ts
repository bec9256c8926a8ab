import type { PayoutFrequency } from '../../events/catalog.ts';
import { dec, fixed } from './decimal.ts';
import {
  exactText,
  payoutsPerYear,
  perPayoutAmount,
  formatPrice,
  METRIC_PRECISION,
  type DistributionPoint,
  type EtfMetrics,
} from './etf-metrics.ts';
import { kindOf, type DistributionKind } from './run-rate.ts';
import type { RocBasis, RocBasisCounts, RocShare } from './return-of-capital.ts';
import type { HoldingPerformance } from './holding-performance.ts';
import type { IsoDate } from './trading-days.ts';

/**
 * Metrics that explain themselves (docs/metrics.md "Explanations"): for each headline metric of the
 * detail its formula and the exact inputs it was computed from, each under the name the API uses for
 * it elsewhere, at 12 decimals so anyone can recompute the figure; the one-year return split into its
 * price and distribution parts; NAV erosion since inception.
 */

/** A distribution a figure used: its ex-date, amount (12 decimals) and kind. */
export interface ExplainedDistribution {
  exDividendDate: IsoDate;
  amount: string;
  kind: DistributionKind;
  /** The return-of-capital share the figure used (rocShareTtm's distributions only): percent, 12 decimals. */
  rocPercent?: string;
  /** Where that share comes from: final, estimate, or not-published (0, counted as income). */
  rocBasis?: RocBasis;
}

export type MetricInputValue = string | number | null | ExplainedDistribution[];

export interface MetricExplanation {
  formula: string;
  inputs: Record<string, MetricInputValue>;
}

export interface MetricExplanations {
  yieldPercent: MetricExplanation;
  distributionRate: MetricExplanation;
  annualDripYield: MetricExplanation;
  oneYearReturn: MetricExplanation;
  dripReturn: MetricExplanation;
  weeklyAverage: MetricExplanation;
  rocShareTtm: MetricExplanation;
  trueIncomeRate: MetricExplanation;
}

const PAYOUTS: Record<PayoutFrequency, string> = {
  weekly: '52 payouts a year (weekly)',
  'twice-weekly': '104 payouts a year (twice weekly)',
  'four-weekly': '13 payouts a year (every four weeks)',
  monthly: '12 payouts a year (monthly)',
};

const PER_WEEK: Record<PayoutFrequency, string> = {
  weekly: 'as paid (weekly)',
  'twice-weekly': '× 2 (twice weekly)',
  'four-weekly': '÷ 4 (every four weeks)',
  monthly: '× 12 / 52 (monthly)',
};

const explained = (d: DistributionPoint): ExplainedDistribution => ({ exDividendDate: d.exDate, amount: exactText(dec(d.amount))!, kind: kindOf(d) });
const explainedWithRoc = ({ point, roc }: { point: DistributionPoint; roc: RocShare }): ExplainedDistribution => ({
  ...explained(point),
  rocPercent: exactText(roc.percent)!,
  rocBasis: roc.basis,
});

/** The ROC share's formula, in words (rocShareTtm's and trueIncomeRate's traces). */
const ROC_SHARE_RULE =
  "each payout's ROC % is the final character's return of capital where recorded, else the issuer's or the owner's estimate, else 0 (not published: counted as income)";

/**
 * The explanations of a fund's metrics. `input` is the metrics' own input (split-adjusted; its
 * `frequency` the catalog's); `m` their result, which says which distributions each figure used and
 * the frequency it was annualised with (docs/metrics.md, "Kinds of distribution" and "Cadence").
 */
export function explainMetrics(m: EtfMetrics, input: { frequency: PayoutFrequency; distributions: readonly DistributionPoint[]; today: IsoDate }): MetricExplanations {
  const used = m.frequencyUsed;
  const n = payoutsPerYear(used);
  const P = exactText(m.currentPrice);
  const weekly = exactText(m.weeklyAverage);
  const S = exactText(m.startPrice);
  // A stale fund's traces say so (docs/metrics.md "Stale data"): the date of the price they use and since
  // when the data stopped. A current fund's traces are unchanged.
  const stale = (usesPrice: boolean): Record<string, MetricInputValue> =>
    m.stale === null ? {} : { ...(usesPrice ? { priceAsOf: m.priceDate } : {}), staleSince: m.stale.since, staleReason: m.stale.reason };
  const frequencyNote = m.inferredFrequency
    ? ` (the catalog says ${input.frequency}; the last payouts are ${m.inferredFrequency.evenly ? '' : 'about '}${m.inferredFrequency.gapDays} days apart)`
    : '';
  return {
    weeklyAverage: {
      formula:
        `Mean of the last 3 regular distributions with an ex-date on or before ${input.today}, since the fund's current payout cadence began ` +
        `(specials and capital gains left out), each as a per-week amount: ${PER_WEEK[used]}${frequencyNote}`,
      inputs: {
        distributions: m.averaged.map(explained),
        frequency: used,
        catalogFrequency: input.frequency,
        regimeSince: m.regimeSince,
        ...stale(false),
      },
    },
    yieldPercent: {
      formula: 'weeklyAverage × 52 / currentPrice × 100',
      inputs: { weeklyAverage: weekly, currentPrice: P, ...stale(true) },
    },
    distributionRate: {
      formula: `latestDistribution × payoutsPerYear / currentPrice × 100, the latest declared regular distribution, ${PAYOUTS[used]}${frequencyNote}`,
      inputs: {
        latestDistribution: exactText(m.latestAmount),
        distributions: m.latestRegular ? [explained(m.latestRegular)] : [],
        payoutsPerYear: n,
        frequency: used,
        currentPrice: P,
        ...stale(true),
      },
    },
    annualDripYield: {
      formula: '((1 + payout / currentPrice) ^ payoutsPerYear − 1) × 100, where payout is weeklyAverage as one payout',
      inputs: {
        weeklyAverage: weekly,
        payout: m.weeklyAverage === null ? null : exactText(perPayoutAmount(m.weeklyAverage, used)),
        payoutsPerYear: n,
        frequency: used,
        currentPrice: P,
        ...stale(true),
      },
    },
    oneYearReturn: {
      formula: '(currentPrice − startPrice + windowDistributions) / startPrice × 100, distributions of every kind with an ex-date after windowStart up to today',
      inputs: {
        currentPrice: P,
        startPrice: S,
        windowStart: m.windowStart,
        windowDistributions: exactText(m.windowDistributions),
        distributions: m.windowPoints.map(explained),
        historicalPeriodDays: m.historicalPeriodDays,
        ...stale(true),
      },
    },
    dripReturn: {
      formula:
        '(dripShares × currentPrice / startPrice − 1) × 100, one share bought at startPrice on windowStart, each distribution of oneYearReturn (every kind) reinvested at its ex-date close',
      inputs: { currentPrice: P, startPrice: S, windowStart: m.windowStart, dripShares: exactText(m.dripShares), historicalPeriodDays: m.historicalPeriodDays, ...stale(true) },
    },
    rocShareTtm: {
      formula: `capitalReturnedPerShare / paidPerShare × 100 = Σ amount × ROC % / Σ amount, distributions of every kind with an ex-date after ${m.rocTtm.since} up to ${input.today}; ${ROC_SHARE_RULE}`,
      inputs: rocInputs(m),
    },
    trueIncomeRate: {
      formula: 'distributionRate × (100 − rocShareTtm) / 100: the distribution rate times the share of the last twelve months\' payouts that is income',
      inputs: { distributionRate: exactText(m.distributionRate), rocShareTtm: exactText(m.rocTtm.percent), ...basisCounts(m.rocTtm), ...stale(true) },
    },
  };
}

function basisCounts(c: RocBasisCounts): RocBasisCounts {
  return { payouts: c.payouts, final: c.final, estimated: c.estimated, notPublished: c.notPublished };
}

function rocInputs(m: EtfMetrics): Record<string, MetricInputValue> {
  return {
    since: m.rocTtm.since,
    paidPerShare: exactText(m.rocTtm.paid),
    capitalReturnedPerShare: exactText(m.rocTtm.capitalReturned),
    ...basisCounts(m.rocTtm),
    distributions: m.rocTtm.points.map(explainedWithRoc),
  };
}

/**
 * "How much of the last year's payouts was capital returned" (beside NAV erosion): per share, on today's
 * share basis, 4 decimals (the precision of a payout) and 12 (`exact`); null without a payout in the
 * twelve months.
 */
export interface ReturnOfCapitalTtm extends RocBasisCounts {
  since: IsoDate;
  paidPerShare: string;
  capitalReturnedPerShare: string;
  incomePerShare: string;
  /** = rocShareTtm. */
  rocShareTtm: string | null;
  exact: { paidPerShare: string; capitalReturnedPerShare: string; incomePerShare: string; rocShareTtm: string | null };
}

export function returnOfCapitalTtm(m: EtfMetrics): ReturnOfCapitalTtm | null {
  const r = m.rocTtm;
  if (r.payouts === 0) return null;
  const perShare = (v: typeof r.paid) => fixed(v, METRIC_PRECISION.amountPerShare);
  return {
    since: r.since,
    paidPerShare: perShare(r.paid),
    capitalReturnedPerShare: perShare(r.capitalReturned),
    incomePerShare: perShare(r.income),
    rocShareTtm: r.percent === null ? null : fixed(r.percent, METRIC_PRECISION.percent),
    ...basisCounts(r),
    exact: { paidPerShare: exactText(r.paid)!, capitalReturnedPerShare: exactText(r.capitalReturned)!, incomePerShare: exactText(r.income)!, rocShareTtm: exactText(r.percent) },
  };
}

export interface ReturnBreakdown {
  priceReturn: string;
  distributionReturn: string;
  exact: { priceReturn: string; distributionReturn: string };
}

/**
 * oneYearReturn = priceReturn + distributionReturn. Rounded to 2 decimals each, the distribution part
 * is the rounded total minus the rounded price part, so the two always add up to the figure shown.
 */
export function returnBreakdown(m: EtfMetrics): ReturnBreakdown | null {
  if (m.oneYearReturn === null || m.priceReturn === null || m.distributionReturn === null) return null;
  const total = dec(fixed(m.oneYearReturn, METRIC_PRECISION.percent));
  const price = dec(fixed(m.priceReturn, METRIC_PRECISION.percent));
  return {
    priceReturn: fixed(price, METRIC_PRECISION.percent),
    distributionReturn: fixed(total.minus(price), METRIC_PRECISION.percent),
    exact: { priceReturn: exactText(m.priceReturn)!, distributionReturn: exactText(m.distributionReturn)! },
  };
}

export interface NavErosion {
  since: IsoDate;
  startPrice: string;
  currentPrice: string;
  percent: string;
  exact: string;
}

/**
 * NAV erosion since inception: (P − first close) / first close × 100, both on today's share basis
 * (split-adjusted). Negative when the price has eroded.
 */
export function navErosion(first: { date: IsoDate; close: string } | null, currentPrice: EtfMetrics['currentPrice']): NavErosion | null {
  if (first === null || currentPrice === null) return null;
  const start = dec(first.close);
  if (!start.gt(0)) return null;
  const change = currentPrice.minus(start).div(start).times(100);
  return {
    since: first.date,
    startPrice: formatPrice(start),
    currentPrice: formatPrice(currentPrice),
    percent: fixed(change, METRIC_PRECISION.percent),
    exact: exactText(change)!,
  };
}

// ---------------------------------------------------------------------------------------------------
// A holding's return of capital (issue 27): the figures on the adjusted cost, and yield on cost

export interface HoldingRocExplanations {
  capitalReturned: MetricExplanation;
  adjustedCostBasis: MetricExplanation;
  gainOnAdjustedCost: MetricExplanation;
  houseMoneyOnAdjustedCost: MetricExplanation;
  yieldOnCost: MetricExplanation;
  yieldOnAdjustedCost: MetricExplanation;
}

/**
 * The formulas of a holding's return-of-capital figures with their exact inputs (12 decimals), under the
 * names the holding's API uses. The payments themselves, one by one with their ROC share, are the tax-year
 * summary's rows (`GET /api/user/tax-summary`); here their counts by basis.
 */
export function explainHoldingRoc(p: HoldingPerformance): HoldingRocExplanations {
  const r = p.returnOfCapital;
  const x = exactText;
  const bases = basisCounts(r.bases);
  return {
    capitalReturned: {
      formula: `Σ cash × ROC % / 100 over the payments received; ${ROC_SHARE_RULE.replace("each payout's", "each payment's")}`,
      inputs: { incomeReceived: x(p.incomeReceived), capitalReturned: x(r.capitalReturned), incomeReceivedNet: x(r.incomeReceivedNet), ...bases },
    },
    adjustedCostBasis: {
      formula:
        'Σ over lots of max(0, lot cost − the capital returned on its shares): the shares bought (costBasis) and, with DRIP, each reinvested payment ' +
        "(its own cost: the cash reinvested); a payout's return of capital per share (amount × ROC %) lowers every lot held on its ex-date; " +
        'what goes beyond a lot\'s cost is capitalGainFromRoc',
      inputs: {
        costBasis: x(p.costBasis),
        reinvestedCost: x(r.reinvestedCost),
        capitalReturned: x(r.capitalReturned),
        capitalGainFromRoc: x(r.capitalGainFromRoc),
        lots: r.lots.length,
      },
    },
    gainOnAdjustedCost: {
      formula: 'currentValue − adjustedCostBasis; gain = gainOnAdjustedCost + incomeReceivedNet + capitalGainFromRoc',
      inputs: { currentValue: x(p.marketValue), adjustedCostBasis: x(r.adjustedCostBasis), incomeReceivedNet: x(r.incomeReceivedNet), capitalGainFromRoc: x(r.capitalGainFromRoc) },
    },
    houseMoneyOnAdjustedCost: {
      formula: 'incomeReceivedNet / adjustedCostBasis × 100: how much of the money still in the holding its income (capital returned left out) has paid back',
      inputs: { incomeReceivedNet: x(r.incomeReceivedNet), adjustedCostBasis: x(r.adjustedCostBasis) },
    },
    yieldOnCost: {
      formula: 'projectedAnnualIncome / costBasis × 100',
      inputs: { projectedAnnualIncome: x(p.projectedAnnualIncome), costBasis: x(p.costBasis) },
    },
    yieldOnAdjustedCost: {
      formula: "projectedAnnualIncome × (100 − rocShareTtm) / 100 / adjustedCostBasis × 100, rocShareTtm the fund's (0 without a payout in its last twelve months)",
      inputs: {
        projectedAnnualIncome: x(p.projectedAnnualIncome),
        rocShareTtm: x(p.rocShareTtm),
        projectedAnnualIncomeNet: x(p.projectedAnnualIncomeNet),
        adjustedCostBasis: x(r.adjustedCostBasis),
      },
    },
  };
}
