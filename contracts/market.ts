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
  /** Annual DRIP yield, 2 decimals. */
  annualDripYield: z.string().nullable(),
  oneYearReturn: z.string().nullable(),
  dripReturn: z.string().nullable(),
  /** Mean per-week amount of the last three distributions, 4 decimals. */
  weeklyAverage: z.string().nullable(),
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
});
export type EtfListItem = z.infer<typeof EtfListItem>;

export const DividendHistoryItem = z.object({
  id: z.string(),
  exDividendDate: IsoDate,
  /** The pay date, or (when none is declared) the next business day after the ex-date. */
  payoutDate: IsoDate,
  /** Cash per share as declared (full precision decimal string). */
  amount: z.string(),
  /** An issuer or provider estimate, not a declaration. */
  estimated: z.boolean(),
  /** The distribution is demo data. */
  isDemo: z.boolean(),
});
export type DividendHistoryItem = z.infer<typeof DividendHistoryItem>;

export const SimilarEtf = EtfListItem.pick({ id: true, ticker: true, name: true, brand: true, brandSlug: true, currentPrice: true, yieldPercent: true, isDemo: true });
export type SimilarEtf = z.infer<typeof SimilarEtf>;

export const EtfDetail = EtfListItem.extend({
  description: z.string(),
  inceptionDate: IsoDate.nullable(),
  /** Days from the start of the return window to the market date (< 365: "since inception"). */
  historicalPeriodDays: z.number().nullable(),
  windowStart: IsoDate.nullable(),
  previousClose: z.string().nullable(),
  /** Every active distribution, newest first. */
  dividendHistory: z.array(DividendHistoryItem),
  similarEtfs: z.array(SimilarEtf),
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
  /** Cash per share: as declared (full precision), or the estimate rounded to 4 decimals. */
  amount: z.string(),
  /** True for projected payouts and issuer estimates. */
  estimated: z.boolean(),
  /** The (projected) ex-date the payout belongs to. */
  exDate: IsoDate,
  /** Declared: the distribution is demo data; projected: the payouts it is projected from are. */
  isDemo: z.boolean(),
});
export type PublicCalendarEntry = z.infer<typeof PublicCalendarEntry>;

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
});
export type DripCalculatorResult = z.infer<typeof DripCalculatorResult>;
