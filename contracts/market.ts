import { z } from 'zod';
import { dataSourceSchema, payoutFrequencySchema } from '../events/catalog.ts';

/**
 * The public market reads (`/api/top-performers`, `/api/etfs…`, `/api/dividends/calendar`) and the
 * calculators. Decimals are strings; a metric the server cannot compute is null (the client shows N/A).
 * Rendered by read-models/market/render.ts; see docs/market-data-read-side.md.
 */

/** `YYYY-MM-DD` (a US market date). */
export const IsoDate = z.string();
export type IsoDate = z.infer<typeof IsoDate>;

export const DataSource = dataSourceSchema;
export type DataSource = z.infer<typeof DataSource>;
export const PayoutFrequency = payoutFrequencySchema;
export type PayoutFrequency = z.infer<typeof PayoutFrequency>;

/** The list item's figures at 12 decimals (trailing zeros cut); null where the rounded field is null. */
export const ExactMetrics = z.object({
  weeklyAverage: z.string().nullable(),
  yieldPercent: z.string().nullable(),
  distributionRate: z.string().nullable(),
  ttmYield: z.string().nullable(),
  annualDripYield: z.string().nullable(),
  oneYearReturn: z.string().nullable(),
  priceReturn: z.string().nullable(),
  dripReturn: z.string().nullable(),
});
export type ExactMetrics = z.infer<typeof ExactMetrics>;

/**
 * An ETF in lists (the list-item fields plus what users need; docs/market-data-read-side.md). `currentPrice` is "" when there is
 * no price; every other metric is null when it cannot be computed.
 */
export const EtfListItem = z.object({
  id: z.string(),
  ticker: z.string(),
  name: z.string(),
  brand: z.string(),
  brandSlug: z.string(),
  /** P: 2 decimals (4 below $1); "" when there is no price. */
  currentPrice: z.string(),
  /** P - previous close, rounded to 4 decimals. */
  dayChange: z.number().nullable(),
  /** 2 decimals. */
  dayChangePercent: z.number().nullable(),
  /** Annual non-DRIP yield, 2 decimals. */
  yieldPercent: z.string().nullable(),
  /** Issuer-style distribution rate: latest declared distribution x payouts a year / price x 100, 2 decimals. */
  distributionRate: z.string().nullable(),
  /** Trailing-twelve-month yield: distributions with ex-date in the last year / price x 100, 2 decimals. */
  ttmYield: z.string().nullable(),
  /** Annual DRIP yield: (1 + one payout / price)^(payouts a year) - 1, 2 decimals. */
  annualDripYield: z.string().nullable(),
  oneYearReturn: z.string().nullable(),
  /** The price part of oneYearReturn: (P - S) / S x 100, 2 decimals (the rest is distributions). */
  priceReturn: z.string().nullable(),
  dripReturn: z.string().nullable(),
  /** Mean per-week amount of the last three distributions, 4 decimals. */
  weeklyAverage: z.string().nullable(),
  /** Days from the start of the return window to the market date (< 365: the returns are "since inception"). */
  historicalPeriodDays: z.number().nullable(),
  /** The same figures unrounded (12 decimals), for the client to round once to its display precision. */
  exact: ExactMetrics,
  nextExDividend: IsoDate.nullable(),
  /** True when nextExDividend is projected from the cadence (or an issuer estimate). */
  nextExDividendEstimated: z.boolean(),
  frequency: PayoutFrequency,
  underlying: z.string().nullable(),
  dataSource: DataSource,
  /**
   * True exactly when a figure of the item rests on demo data: a bar the metrics look at (from the one
   * before the one-year window to today), the quote when it is the current price, or a distribution the
   * figures use (docs/market-data-read-side.md "Demo data").
   */
  isDemo: z.boolean(),
  /** The market date the metrics are computed as of (the latest MarketDayBegan). */
  asOf: IsoDate.nullable(),
  /** The session the current price belongs to. */
  priceAsOf: IsoDate.nullable(),
  /**
   * The instant the current price is as of (ISO, UTC): the quote's trade time, or the close of
   * priceAsOf's session (4:00 PM New York). The screens' "Updated …" shows it.
   */
  priceAsOfTime: z.string().nullable(),
});
export type EtfListItem = z.infer<typeof EtfListItem>;

export const DividendHistoryItem = z.object({
  id: z.string(),
  exDividendDate: IsoDate,
  /** The pay date, or (when none is declared) the next business day after the ex-date. */
  payoutDate: IsoDate,
  /**
   * Cash per share on today's share basis: as declared (full precision), or, for an ex-date before a
   * split, the declared amount x oldRate / newRate (`splitAdjusted`).
   */
  amount: z.string(),
  /** An issuer or provider estimate, not a declaration. */
  estimated: z.boolean(),
  /** True when `amount` is adjusted for a later split (then `declaredAmount` is what was paid per old share). */
  splitAdjusted: z.boolean(),
  /** The amount as declared, per share of its day. */
  declaredAmount: z.string(),
  /** The distribution is demo data. */
  isDemo: z.boolean(),
});
export type DividendHistoryItem = z.infer<typeof DividendHistoryItem>;

/**
 * A share split or reverse split (docs/metrics.md, "Splits and reverse splits"): `oldRate` shares
 * before become `newRate` shares from `exDate` on (a 1-for-10 reverse split: oldRate "10", newRate "1").
 */
export const EtfSplit = z.object({
  exDate: IsoDate,
  oldRate: z.string(),
  newRate: z.string(),
  /** "1-for-10 reverse split", "3-for-1 split". */
  description: z.string(),
  /** True while the ex-date is after the market date: nothing is adjusted for it yet. */
  upcoming: z.boolean(),
});
export type EtfSplit = z.infer<typeof EtfSplit>;

export const SimilarEtf = EtfListItem.pick({ id: true, ticker: true, name: true, brand: true, brandSlug: true, currentPrice: true, yieldPercent: true, isDemo: true }).extend({
  /** The unrounded yield (12 decimals), formatted once by the client. */
  exactYieldPercent: z.string().nullable(),
});
export type SimilarEtf = z.infer<typeof SimilarEtf>;

/** An input of a metric's formula: a figure (decimal string), a count, a date, or the distributions used. */
export const MetricInput = z.union([z.string(), z.number(), z.null(), z.array(z.object({ exDividendDate: IsoDate, amount: z.string() }))]);
export type MetricInput = z.infer<typeof MetricInput>;

/** How a headline metric is computed: its formula and the exact inputs used, under their API names (docs/metrics.md). */
export const MetricExplanation = z.object({ formula: z.string(), inputs: z.record(z.string(), MetricInput) });
export type MetricExplanation = z.infer<typeof MetricExplanation>;

export const EXPLAINED_METRICS = ['yieldPercent', 'distributionRate', 'annualDripYield', 'oneYearReturn', 'dripReturn', 'weeklyAverage'] as const;
export type ExplainedMetric = (typeof EXPLAINED_METRICS)[number];
export const MetricExplanations = z.object({
  yieldPercent: MetricExplanation,
  distributionRate: MetricExplanation,
  annualDripYield: MetricExplanation,
  oneYearReturn: MetricExplanation,
  dripReturn: MetricExplanation,
  weeklyAverage: MetricExplanation,
});
export type MetricExplanations = z.infer<typeof MetricExplanations>;

/** A fund on the same underlying, side by side on the detail (the fund itself included). */
export const SameUnderlyingEtf = EtfListItem.pick({
  id: true,
  ticker: true,
  name: true,
  brand: true,
  brandSlug: true,
  frequency: true,
  yieldPercent: true,
  distributionRate: true,
  priceReturn: true,
  oneYearReturn: true,
  historicalPeriodDays: true,
  exact: true,
  isDemo: true,
});
export type SameUnderlyingEtf = z.infer<typeof SameUnderlyingEtf>;

export const EtfDetail = EtfListItem.extend({
  description: z.string(),
  inceptionDate: IsoDate.nullable(),
  windowStart: IsoDate.nullable(),
  previousClose: z.string().nullable(),
  /** Every active distribution, newest first. */
  dividendHistory: z.array(DividendHistoryItem),
  /** The fund's splits and reverse splits, newest first. Prices, amounts and metrics are adjusted for those not upcoming. */
  splits: z.array(EtfSplit),
  similarEtfs: z.array(SimilarEtf),
  /**
   * oneYearReturn split into its price part and its distribution part, 2 decimals each and adding up
   * to oneYearReturn exactly (distributionReturn = oneYearReturn - priceReturn after rounding; `exact`
   * unrounded). Null without a return.
   */
  returnBreakdown: z
    .object({ priceReturn: z.string(), distributionReturn: z.string(), exact: z.object({ priceReturn: z.string(), distributionReturn: z.string() }) })
    .nullable(),
  /**
   * NAV erosion since inception: the change of the (split-adjusted) price from the first close to P,
   * in percent, 2 decimals (negative: the price eroded); `exact` unrounded. Null without prices.
   */
  navErosion: z.object({ since: IsoDate, startPrice: z.string(), currentPrice: z.string(), percent: z.string(), exact: z.string() }).nullable(),
  /** For each headline metric its formula and exact inputs ("how is this computed?"). */
  explain: MetricExplanations,
  /** The funds on the same underlying (this one included), by ticker; empty without an underlying or when it is the only one. */
  sameUnderlying: z.array(SameUnderlyingEtf),
});
export type EtfDetail = z.infer<typeof EtfDetail>;

/** A history point: `timestamp` is the session's ISO date (`YYYY-MM-DD`), `price` the close (or the current quote); `isDemo`: that bar or quote is demo data. */
export const PricePoint = z.object({ timestamp: IsoDate, price: z.number(), isDemo: z.boolean() });
export type PricePoint = z.infer<typeof PricePoint>;

export const HISTORY_RANGES = ['1M', '3M', '6M', '1Y', 'all'] as const;
export const HistoryRange = z.enum(HISTORY_RANGES);
export type HistoryRange = z.infer<typeof HistoryRange>;

/** The public calendar entry (etfId, ticker, name, payoutDate, amount, estimated) plus its ex-date. */
export const PublicCalendarEntry = z.object({
  etfId: z.string(),
  ticker: z.string(),
  name: z.string(),
  payoutDate: IsoDate,
  /** Cash per share as declared (full precision); a projection repeats the latest declared amount. */
  amount: z.string(),
  /** True for projected payouts and issuer estimates. */
  estimated: z.boolean(),
  /** The (projected) ex-date the payout belongs to. */
  exDate: IsoDate,
  /** Declared: the distribution is demo data; projected: the payouts it is projected from are. */
  isDemo: z.boolean(),
});
export type PublicCalendarEntry = z.infer<typeof PublicCalendarEntry>;

/** A day the NYSE is closed inside the calendar window (`GET /api/dividends/calendar/holidays`). */
export const MarketHoliday = z.object({ date: IsoDate, name: z.string() });
export type MarketHoliday = z.infer<typeof MarketHoliday>;

// ---------------------------------------------------------------------------------------------------
// Calculators: what the client sends (the server also accepts "$1,000"-style strings) and the answers

/** An amount as a number or a decimal text (`"10,000"`, `"$12.50"`). */
const Amount = z.union([z.number(), z.string()]);

export const YIELD_FREQUENCIES = ['weekly', 'four-week', 'monthly', 'quarterly'] as const;
export const YieldFrequency = z.enum(YIELD_FREQUENCIES);
export type YieldFrequency = z.infer<typeof YieldFrequency>;

export const YieldCalculatorRequest = z.object({
  investment: Amount,
  yieldPercent: Amount,
  /** Default weekly. */
  frequency: YieldFrequency.optional(),
});
export type YieldCalculatorRequest = z.infer<typeof YieldCalculatorRequest>;

export const YieldCalculatorResult = z.object({
  annual: z.string(),
  monthly: z.string(),
  weekly: z.string(),
  perPayout: z.string(),
  payoutsPerYear: z.number(),
  /** True when yieldPercent is above 15: income at a constant price is not realistic there (docs/metrics.md, Calculators). */
  highYield: z.boolean(),
});
export type YieldCalculatorResult = z.infer<typeof YieldCalculatorResult>;

export const DripCalculatorRequest = z.object({
  initialInvestment: Amount,
  sharePrice: Amount,
  weeklyDividend: Amount,
  /** Whole years, 1-30. */
  years: Amount,
});
export type DripCalculatorRequest = z.infer<typeof DripCalculatorRequest>;

export const DripCalculatorResult = z.object({
  finalValue: z.string(),
  totalShares: z.string(),
  growth: z.string(),
  /** Weeks simulated (years x 52). */
  weeks: z.number(),
  /** The yield the projection compounds: weeklyDividend x 52 / sharePrice x 100, 2 decimals. */
  annualYieldPercent: z.string(),
  /** True when annualYieldPercent is above 15: compounding it at a constant price is not realistic (docs/metrics.md, Calculators). */
  highYield: z.boolean(),
});
export type DripCalculatorResult = z.infer<typeof DripCalculatorResult>;
