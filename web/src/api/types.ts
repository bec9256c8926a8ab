/**
 * API shapes the client reads (spec §3 plus the extras the server adds). Shared by every feature.
 * Decimal values arrive as strings; a metric the server cannot compute is null.
 */

export type IsoDate = string;

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  subscriptionTier: 'free' | 'premium';
  subscriptionStatus: string | null;
  isOwner: boolean;
}

export type PayoutFrequency = 'weekly' | 'four-week' | 'monthly' | 'quarterly' | string;

export interface EtfListItem {
  id: string;
  ticker: string;
  name: string;
  brand: string;
  brandSlug?: string;
  /** "" when there is no price. */
  currentPrice: string;
  dayChange: number | null;
  dayChangePercent: number | null;
  yieldPercent: string | null;
  annualDripYield?: string | null;
  oneYearReturn: string | null;
  dripReturn: string | null;
  weeklyAverage: string | null;
  nextExDividend: IsoDate | null;
  nextExDividendEstimated?: boolean;
  frequency?: PayoutFrequency;
  underlying?: string | null;
  isDemo?: boolean;
  asOf?: IsoDate | null;
  priceAsOf?: IsoDate | null;
}

export interface DividendHistoryItem {
  id: string;
  exDividendDate: IsoDate;
  payoutDate: IsoDate;
  amount: string;
  estimated?: boolean;
}

export interface SimilarEtf {
  id: string;
  ticker: string;
  name: string;
  brand?: string;
  brandSlug?: string;
  currentPrice: string;
  yieldPercent: string | null;
}

export interface EtfDetail extends EtfListItem {
  description: string;
  historicalPeriodDays: number | null;
  inceptionDate?: IsoDate | null;
  dividendHistory: DividendHistoryItem[];
  similarEtfs: SimilarEtf[];
}

export interface PricePoint {
  timestamp: string;
  price: number;
}

export type HistoryRange = '1M' | '3M' | '6M' | '1Y' | 'all';

export interface PublicCalendarEntry {
  etfId: string;
  ticker: string;
  name: string;
  payoutDate: IsoDate;
  amount: string;
  /** Projected payouts and issuer estimates. */
  estimated?: boolean;
  exDate?: IsoDate;
}

export interface UserCalendarEntry {
  etfId: string;
  ticker: string;
  payoutDate: IsoDate;
  amount: string;
  shares: string;
  estimatedPayout: string;
  estimated?: boolean;
}

export interface Favorite {
  id: string;
  etfId: string;
  /** Null when the market read side does not know the fund (any more). */
  etf: EtfListItem | null;
}

export interface Holding {
  id: string;
  etfId: string;
  shares: string;
  purchasePrice: string | null;
  purchaseDate: string | null;
  isDrip: 0 | 1;
  /** Null when the market read side does not know the fund. */
  etf: EtfListItem | null;
  // Derived by the server (read-models/portfolio/views.ts); decimal strings, null when unknown.
  addedAt?: string;
  heldSince?: IsoDate;
  sharesBought?: string;
  /** With DRIP: bought plus reinvested shares. */
  currentShares?: string;
  sharesReinvested?: string;
  currentPrice?: string | null;
  currentValue?: string | null;
  costBasis?: string | null;
  incomeReceived?: string;
  paymentsReceived?: number;
  projectedAnnualIncome?: string | null;
  gain?: string | null;
  gainPercent?: string | null;
  priceChange?: string | null;
  priceChangePercent?: string | null;
  distributionReturn?: string | null;
  distributionReturnPercent?: string | null;
}

export interface NewHolding {
  etfId: string;
  shares: string;
  purchasePrice?: string | null;
  purchaseDate?: string | null;
  isDrip: 0 | 1;
}

export interface NewsItem {
  id: string;
  title: string;
  link: string;
  summary: string | null;
  source: string | null;
  /** Comma-separated. */
  tags: string | null;
  publishedAt: string | null;
}
