import { z } from 'zod';
import { EtfListItem, IsoDate } from './market.ts';

/**
 * The signed-in user's portfolio (`/api/user/portfolio`) and payout calendar
 * (`/api/user/dividends/calendar`). Built by read-models/portfolio/views.ts.
 */

/** What the client sends to add a holding (the server also accepts numbers and "1,000"-style text). */
export const NewHolding = z.object({
  etfId: z.string(),
  /** Decimal text, > 0. */
  shares: z.string(),
  /** Decimal text, > 0; null or left out when unknown. */
  purchasePrice: z.string().nullable().optional(),
  /** `YYYY-MM-DD`, not in the future; null or left out when unknown. */
  purchaseDate: IsoDate.nullable().optional(),
  isDrip: z.literal([0, 1]),
});
export type NewHolding = z.infer<typeof NewHolding>;

/** A holding as `GET /api/user/portfolio` shows it (the fields the client sends and reads first, then the derived values; docs/user-area.md). */
export const HoldingView = z.object({
  id: z.string(),
  etfId: z.string(),
  /** Shares bought, as entered (canonical decimal string). */
  shares: z.string(),
  purchasePrice: z.string().nullable(),
  purchaseDate: IsoDate.nullable(),
  isDrip: z.literal([0, 1]),
  /** The fund's list item (as `GET /api/etfs`), null if the market read side does not know it. */
  etf: EtfListItem.nullable(),
  addedAt: z.string(),
  /** The day distributions are counted from (purchaseDate, else the day the holding was added). */
  heldSince: IsoDate,
  /** Same as `shares`: what was bought. */
  sharesBought: z.string(),
  /**
   * Shares now: with DRIP, bought plus reinvested (6 decimals); otherwise the shares bought. On today's
   * share basis: 1,000 bought before a 1-for-10 reverse split are 100 (docs/metrics.md, splits).
   */
  currentShares: z.string(),
  /** Shares added by reinvestment (0 without DRIP), on today's share basis. */
  sharesReinvested: z.string(),
  currentPrice: z.string().nullable(),
  /** currentShares x currentPrice. */
  currentValue: z.string().nullable(),
  /** sharesBought x purchasePrice. */
  costBasis: z.string().nullable(),
  /** Cash value of every distribution paid since heldSince (reinvested or not). */
  incomeReceived: z.string(),
  /** How many distributions were paid since heldSince. */
  paymentsReceived: z.number(),
  /** currentShares x the latest declared distribution x payouts a year (docs/metrics.md). */
  projectedAnnualIncome: z.string().nullable(),
  /** Total return (priceChange + distributionReturn); null without a purchase price or a price. */
  gain: z.string().nullable(),
  gainPercent: z.string().nullable(),
  /** sharesBought x (currentPrice - purchasePrice), on today's share basis (after a split: shares x new/old, price x old/new). */
  priceChange: z.string().nullable(),
  priceChangePercent: z.string().nullable(),
  /** Without DRIP the cash received; with DRIP the value now of the reinvested shares. */
  distributionReturn: z.string().nullable(),
  distributionReturnPercent: z.string().nullable(),
  /**
   * House money: incomeReceived / costBasis x 100 (2 decimals), how much of the money put in the
   * distributions have paid back; null without a purchase price (docs/metrics.md "House money").
   */
  houseMoneyPercent: z.string().nullable(),
  /**
   * The day the distributions paid back the cost basis (houseMoneyReached) or the projected pay date of
   * the payout that will (at the latest declared amount, DRIP reinvested at today's price); null without a
   * purchase price, without an income rate or beyond 50 years.
   */
  houseMoneyDate: IsoDate.nullable(),
  /** True when the income received has reached the cost basis (houseMoneyDate is then a past pay date). */
  houseMoneyReached: z.boolean(),
  /**
   * True exactly when a figure of this holding rests on demo data: its current price, a distribution it
   * received or the close it was reinvested at, or the payouts its projected income uses (docs/user-area.md).
   */
  isDemo: z.boolean(),
});
export type HoldingView = z.infer<typeof HoldingView>;

/** One payout of the user's calendar: the public entry of a held fund times the shares entitled to it. */
export const UserCalendarEntry = z.object({
  etfId: z.string(),
  ticker: z.string(),
  payoutDate: IsoDate,
  amount: z.string(),
  shares: z.string(),
  /** shares x amount, rounded to cents. */
  estimatedPayout: z.string(),
  estimated: z.boolean(),
  /** Declared and its pay date on or before today (New York): already paid, and in the holding's incomeReceived. */
  paid: z.boolean(),
  /** The public entry is demo data (its `isDemo`). */
  isDemo: z.boolean(),
});
export type UserCalendarEntry = z.infer<typeof UserCalendarEntry>;

/**
 * `POST /api/user/portfolio/import`: what a holdings CSV did (docs/holdings-csv.md). A line in `errors`
 * changed nothing; every other line was imported.
 */
export const HoldingsImportResult = z.object({
  /** Holdings of funds not held before. */
  created: z.number(),
  /** The user's own holdings whose entered values changed. */
  updated: z.number(),
  /** One entry per line not imported, by file line (1-based, the header is line 1 in our layout). */
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type HoldingsImportResult = z.infer<typeof HoldingsImportResult>;
