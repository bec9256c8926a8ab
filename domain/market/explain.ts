import type { PayoutFrequency } from '../../events/catalog.ts';
import { dec, fixed } from './decimal.ts';
import {
  exactText,
  payoutsPerYear,
  perPayoutAmount,
  weeklyAverageDistributions,
  formatPrice,
  METRIC_PRECISION,
  type DistributionPoint,
  type EtfMetrics,
} from './etf-metrics.ts';
import type { IsoDate } from './trading-days.ts';

/**
 * Metrics that explain themselves (docs/metrics.md "Explanations"): for each headline metric of the
 * detail its formula and the exact inputs it was computed from, each under the name the API uses for
 * it elsewhere, at 12 decimals so anyone can recompute the figure; the one-year return split into its
 * price and distribution parts; NAV erosion since inception.
 */

export type MetricInputValue = string | number | null | { exDividendDate: IsoDate; amount: string }[];

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
}

const PER_WEEK: Record<PayoutFrequency, string> = {
  weekly: 'as paid (weekly)',
  'twice-weekly': '× 2 (twice weekly)',
  'four-weekly': '÷ 4 (every four weeks)',
  monthly: '× 12 / 52 (monthly)',
};

/**
 * The explanations of a fund's metrics. `distributions` and `today` are the metrics' own input (split-
 * adjusted); `m` their result.
 */
export function explainMetrics(m: EtfMetrics, input: { frequency: PayoutFrequency; distributions: readonly DistributionPoint[]; today: IsoDate }): MetricExplanations {
  const n = payoutsPerYear(input.frequency);
  const P = exactText(m.currentPrice);
  const weekly = exactText(m.weeklyAverage);
  const S = exactText(m.startPrice);
  // A stale fund's traces say so (docs/metrics.md "Stale data"): the date of the price they use and since
  // when the data stopped. A current fund's traces are unchanged.
  const stale = (usesPrice: boolean): Record<string, MetricInputValue> =>
    m.stale === null ? {} : { ...(usesPrice ? { priceAsOf: m.priceDate } : {}), staleSince: m.stale.since, staleReason: m.stale.reason };
  return {
    weeklyAverage: {
      formula: `Mean of the last 3 distributions with an ex-date on or before ${input.today}, each as a per-week amount: ${PER_WEEK[input.frequency]}`,
      inputs: {
        distributions: weeklyAverageDistributions(input.distributions, input.today).map((d) => ({ exDividendDate: d.exDate, amount: exactText(dec(d.amount))! })),
        frequency: input.frequency,
        ...stale(false),
      },
    },
    yieldPercent: {
      formula: 'weeklyAverage × 52 / currentPrice × 100',
      inputs: { weeklyAverage: weekly, currentPrice: P, ...stale(true) },
    },
    distributionRate: {
      formula: 'latestDistribution × payoutsPerYear / currentPrice × 100',
      inputs: { latestDistribution: exactText(m.latestAmount), payoutsPerYear: n, currentPrice: P, ...stale(true) },
    },
    annualDripYield: {
      formula: '((1 + payout / currentPrice) ^ payoutsPerYear − 1) × 100, where payout is weeklyAverage as one payout',
      inputs: {
        weeklyAverage: weekly,
        payout: m.weeklyAverage === null ? null : exactText(perPayoutAmount(m.weeklyAverage, input.frequency)),
        payoutsPerYear: n,
        currentPrice: P,
        ...stale(true),
      },
    },
    oneYearReturn: {
      formula: '(currentPrice − startPrice + windowDistributions) / startPrice × 100, distributions with an ex-date after windowStart up to today',
      inputs: {
        currentPrice: P,
        startPrice: S,
        windowStart: m.windowStart,
        windowDistributions: exactText(m.windowDistributions),
        historicalPeriodDays: m.historicalPeriodDays,
        ...stale(true),
      },
    },
    dripReturn: {
      formula: '(dripShares × currentPrice / startPrice − 1) × 100, one share bought at startPrice on windowStart, each distribution reinvested at its ex-date close',
      inputs: { currentPrice: P, startPrice: S, windowStart: m.windowStart, dripShares: exactText(m.dripShares), historicalPeriodDays: m.historicalPeriodDays, ...stale(true) },
    },
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
