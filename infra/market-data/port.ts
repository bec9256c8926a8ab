/**
 * The market-data provider port: where prices and distributions come from. Two adapters: the
 * deterministic demo provider (default without Alpaca keys) and Alpaca (real data). Values are JSON-safe
 * decimal strings and `YYYY-MM-DD` New York dates, ready for the price and dividend deciders.
 */

export type ProviderSource = 'demo' | 'alpaca';

export interface LatestPrice {
  ticker: string;
  /** The latest trade price (decimal string). */
  price: string;
  /** ISO instant of that trade (for a closed market: the last session's close). */
  at: string;
  /** The close of the session before the one `at` belongs to, when the provider knows it. */
  previousClose: string | null;
}

export interface ProviderBar {
  ticker: string;
  /** Trading date (America/New_York). */
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

export interface ProviderDistribution {
  ticker: string;
  exDate: string;
  recordDate: string | null;
  payDate: string | null;
  /** Cash per share (decimal string). */
  amount: string;
  /**
   * A provider's record is one distribution: `special` when the provider flags it so (Alpaca's
   * `special: true`); absent means regular. Two records of one kind on one ex-date are added up.
   */
  kind?: 'regular' | 'special';
}

/** A share split or reverse split: `oldRate` shares before become `newRate` shares from the ex-date on. */
export interface ProviderSplit {
  ticker: string;
  exDate: string;
  /** Decimal strings: a 1-for-10 reverse split is oldRate "10", newRate "1". */
  oldRate: string;
  newRate: string;
}

export interface MarketDataProvider {
  /** Every event built from this provider's data carries this source (`demo` data is labelled as such). */
  readonly source: ProviderSource;
  /** Latest prices; tickers the provider does not know are left out. */
  latestPrices(tickers: readonly string[]): Promise<LatestPrice[]>;
  /** Raw (unadjusted) daily bars with dates in [from, to], per ticker in date order. */
  dailyBars(tickers: readonly string[], from: string, to: string): Promise<ProviderBar[]>;
  /** Cash distributions with ex-dates in [from, to], one per provider record (a regular and a special on one date are two). */
  distributions(tickers: readonly string[], from: string, to: string): Promise<ProviderDistribution[]>;
  /** Forward and reverse splits with ex-dates in [from, to]. */
  splits(tickers: readonly string[], from: string, to: string): Promise<ProviderSplit[]>;
}

/** A provider call that failed for good (after retries); `status` is the HTTP status when there was one. */
export class MarketDataProviderError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'MarketDataProviderError';
    this.status = status;
  }
}
