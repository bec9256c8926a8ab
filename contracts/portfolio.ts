import { z } from 'zod';
import { canonical, parseAmount } from '../domain/market/decimal.ts';
import { isValidDate } from '../domain/market/trading-days.ts';
import { ACCOUNT_LABEL_MAX } from '../events/portfolio.ts';
import { endpoint } from './endpoint.ts';
import { PayoutStatus } from './payouts.ts';
import { decimalDoc, lenient, lenientOptional } from './fields.ts';
import { DistributionCharacter, DistributionKind, DistributionOrigin, DistributionReturnOfCapital, EtfListItem, IsoDate, MetricExplanation, RocBasis, RocBasisCounts } from './market.ts';

/**
 * The signed-in user's portfolio (`/api/user/portfolio`) and payout calendar
 * (`/api/user/dividends/calendar`). Built by read-models/portfolio/views.ts.
 */

/** The largest values a holding takes (the form, the API and the CSV import). */
export const HOLDING_LIMITS = { maxShares: 1_000_000_000, maxPrice: 1_000_000 } as const;

/** The messages of a holding's entered values (docs/user-area.md, "Portfolio"), word for word on every path. */
export const holdingMessages = {
  etfIdText: 'ETF id must be text',
  sharesPositive: 'Must be a positive number',
  sharesTooLarge: 'Must be at most 1,000,000,000',
  pricePositive: 'Purchase price must be a positive number',
  priceTooLarge: 'Purchase price must be at most 1,000,000',
  dateInvalid: 'Purchase date must be a valid date (YYYY-MM-DD)',
  dateInFuture: 'Purchase date cannot be in the future',
  isDrip: 'Must be 1 or 0',
} as const;

const missing = (v: unknown) => v === undefined || v === null;
const blank = (v: unknown) => missing(v) || (typeof v === 'string' && v.trim() === '');

/** A positive decimal up to `max`, as canonical decimal text (`"1,000"` -> `"1000"`); null when optional and blank. */
const positiveDecimal = (messages: { invalid: string; tooLarge: string }, max: number, optional: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (missing(value) && !optional) {
        ctx.addIssue({ code: 'custom', message: 'Required' });
        return z.NEVER;
      }
      if (blank(value) && optional) return null;
      const d = parseAmount(value);
      if (d === null || !d.gt(0)) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      if (d.gt(max)) {
        ctx.addIssue({ code: 'custom', message: messages.tooLarge });
        return z.NEVER;
      }
      return canonical(d);
    });

/**
 * What a client sends to add a holding (`POST /api/user/portfolio`): `{etfId, shares, purchasePrice?,
 * purchaseDate?, isDrip}`. Decimals arrive as numbers or text (`12.5`, `"12.5"`, `"1,000"`) and leave as
 * canonical decimal strings; an empty price or date counts as left out; a date may be an ISO instant
 * (a date picker's `toISOString()`), whose date part is taken. A date in the future is the decider's
 * rule (it knows the New York date of the request).
 */
export const NewHolding = z.object({
  etfId: z.string({ error: (i) => (missing(i.input) ? 'Required' : holdingMessages.etfIdText) }).trim().min(1, 'Required'),
  shares: lenient<string>(
    positiveDecimal({ invalid: holdingMessages.sharesPositive, tooLarge: holdingMessages.sharesTooLarge }, HOLDING_LIMITS.maxShares, false) as z.ZodType<string>,
    decimalDoc('Shares, > 0 and at most 1,000,000,000'),
  ),
  purchasePrice: lenientOptional<string | null, string | number | null>(
    positiveDecimal({ invalid: holdingMessages.pricePositive, tooLarge: holdingMessages.priceTooLarge }, HOLDING_LIMITS.maxPrice, true),
    { ...decimalDoc('Price per share, > 0 and at most 1,000,000; null, empty or left out when unknown'), type: ['string', 'number', 'null'] },
  ),
  purchaseDate: lenientOptional<string | null, string | null>(
    z
      .unknown()
      .optional()
      .transform((value, ctx): string | null => {
        if (blank(value)) return null;
        const text = typeof value === 'string' ? value.trim() : '';
        const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? text.slice(0, 10) : '';
        if (!isValidDate(date)) {
          ctx.addIssue({ code: 'custom', message: holdingMessages.dateInvalid });
          return z.NEVER;
        }
        return date;
      }),
    { description: '`YYYY-MM-DD` (or an ISO instant), not in the future; null, empty or left out when unknown.', type: ['string', 'null'] },
  ),
  isDrip: lenientOptional<boolean, 0 | 1 | boolean>(
    z
      .unknown()
      .optional()
      .transform((value, ctx): boolean => {
        if (missing(value)) return false;
        if (value === 1 || value === true || value === '1' || value === 'true') return true;
        if (value === 0 || value === false || value === '0' || value === 'false') return false;
        ctx.addIssue({ code: 'custom', message: holdingMessages.isDrip });
        return z.NEVER;
      }),
    { description: 'Reinvest distributions: 1 or 0 (true/false too); 0 when left out.', type: ['integer', 'boolean', 'string'] },
  ),
});
/** What the client sends. */
export type NewHolding = z.input<typeof NewHolding>;
/** What the server reads from it (canonical decimals, a date or null, a boolean). */
export type HoldingInput = z.output<typeof NewHolding>;

/** A holding as `GET /api/user/portfolio` shows it (the fields the client sends and reads first, then the derived values; docs/user-area.md). */
export const HoldingView = z.object({
  id: z.string(),
  etfId: z.string(),
  /** Shares bought, as entered (canonical decimal string). */
  shares: z.string(),
  purchasePrice: z.string().nullable(),
  purchaseDate: IsoDate.nullable(),
  isDrip: z.union([z.literal(0), z.literal(1)]),
  /** The fund's list item (as `GET /api/etfs`), null if the market read side does not know it. */
  etf: EtfListItem.nullable(),
  addedAt: z.string(),
  /**
   * `manual`: the user added it (by hand or from a CSV); `brokerage`: a brokerage sync did, and each sync
   * keeps it in line with the brokerage (removed by hand, it comes back at the next sync; docs/brokerage.md).
   */
  source: z.enum(['manual', 'brokerage']),
  /**
   * The brokerage account an import kept it apart under ("Roth IRA"), null when none: a fund may then
   * be held once per account (docs/holdings-csv.md "Accounts").
   */
  account: z.string().nullable(),
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
  /**
   * Income Received as the payout ledger says (docs/metrics.md "Income received"): incomeConfirmed +
   * incomeUnconfirmed, 2 decimals. A missing payout counts nothing, a short one what arrived.
   */
  incomeReceived: z.string(),
  /** What arrived of the received and short payouts (the broker's records or the user's marks). */
  incomeConfirmed: z.string(),
  /** The expected amount of the paid payouts not confirmed yet (no broker record, no mark). */
  incomeUnconfirmed: z.string(),
  /** The expected amount of the missing payouts (not counted in incomeReceived). */
  incomeMissing: z.string(),
  /** What the short payouts fell below their expected amount (not counted in incomeReceived). */
  incomeShortfall: z.string(),
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
  // Return of capital (issue 27, docs/metrics.md "Return of capital"). "On your purchase cost" are the
  // fields above (costBasis, gain, houseMoneyPercent, yieldOnCost); "on your adjusted cost" the ones below.
  /** Σ over the payments received of cash × ROC % (final where recorded, else the estimate, else 0), 2 decimals. */
  capitalReturned: z.string(),
  /** incomeReceived − capitalReturned: the income the payments really were, 2 decimals. */
  incomeReceivedNet: z.string(),
  /** How many of the payments received had a final ROC figure, an estimate, or none (counted as income). */
  capitalReturnedBasis: RocBasisCounts,
  /** With DRIP: what the reinvested payments cost (their shares' own cost); "0.00" without DRIP. */
  reinvestedCost: z.string(),
  /**
   * The cost basis less the capital returned, per lot (the shares bought at costBasis and, with DRIP, each
   * reinvested payment at its own cost), never below zero: Σ max(0, lot cost − its capital returned).
   * Null without a purchase price.
   */
  adjustedCostBasis: z.string().nullable(),
  /** Capital returned beyond a lot's cost (its cost basis at zero): a capital gain. "0.00" until then; null without a purchase price. */
  capitalGainFromRoc: z.string().nullable(),
  /** currentValue − adjustedCostBasis; gain = gainOnAdjustedCost + incomeReceivedNet + capitalGainFromRoc. Null without a purchase price or a price. */
  gainOnAdjustedCost: z.string().nullable(),
  /** gainOnAdjustedCost / adjustedCostBasis × 100; null when the adjusted cost is 0. */
  gainOnAdjustedCostPercent: z.string().nullable(),
  /** House money on the adjusted cost: incomeReceivedNet / adjustedCostBasis × 100; null when the adjusted cost is 0 or unknown. */
  houseMoneyOnAdjustedCostPercent: z.string().nullable(),
  /** projectedAnnualIncome × (100 − the fund's rocShareTtm) / 100: the income part of the projected income. */
  projectedAnnualIncomeNet: z.string().nullable(),
  /** Yield on your purchase cost: projectedAnnualIncome / costBasis × 100. */
  yieldOnCost: z.string().nullable(),
  /** Yield on your adjusted cost: projectedAnnualIncomeNet / adjustedCostBasis × 100; null when the adjusted cost is 0. */
  yieldOnAdjustedCost: z.string().nullable(),
  /** For each figure above its formula and exact inputs (12 decimals), like the fund detail's `explain`. */
  explain: z.object({
    capitalReturned: MetricExplanation,
    adjustedCostBasis: MetricExplanation,
    gainOnAdjustedCost: MetricExplanation,
    houseMoneyOnAdjustedCost: MetricExplanation,
    yieldOnCost: MetricExplanation,
    yieldOnAdjustedCost: MetricExplanation,
  }),
  /**
   * True exactly when a figure of this holding rests on demo data: its current price, a distribution it
   * received or the close it was reinvested at, or the payouts its projected income uses (docs/user-area.md).
   */
  isDemo: z.boolean(),
  /**
   * The holding's latest declared payout whose ex-date has passed (the last five weeks), with its state in the
   * payout ledger (docs/payouts.md: entitled, paid, received, short or missing); null when none.
   */
  latestPayout: z
    .object({ exDate: IsoDate, payDate: IsoDate, status: PayoutStatus, expected: z.string(), received: z.string().nullable() })
    .nullable(),
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
  /** regular, special or capital-gain (the public entry's kind). */
  kind: DistributionKind,
  /** Declared and its pay date on or before today (New York): already paid, and in the holding's incomeReceived. */
  paid: z.boolean(),
  /** The public entry is demo data (its `isDemo`). */
  isDemo: z.boolean(),
  /** The public entry's `distributionId`: one per payout (two paid on one day are two), the private ICS feed's UID. */
  distributionId: z.string(),
  /** The payout's state in the user's ledger (docs/payouts.md): projected, declared, entitled, paid, received, short or missing. */
  payoutStatus: PayoutStatus,
  /** What arrived (cents) for a received or short payout; null otherwise. */
  receivedAmount: z.string().nullable(),
})
  // the public entry's origin: its source and, for an issuer's declaration, the release, its time and figures
  .extend(DistributionOrigin.shape)
  // and its return of capital (estimate, final character, the share used)
  .extend(DistributionReturnOfCapital.shape);
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

// ---------------------------------------------------------------------------------------------------
// The tax-year summary (issue 27, docs/user-area.md "Tax-year summary")

/**
 * The summary's disclaimer: the spec's (educational only, not financial advice), said of taxes. Sent in
 * the JSON answer (`disclaimer`) and as the first line of the CSV.
 */
export const TAX_SUMMARY_DISCLAIMER =
  'Not tax advice. This summary is for educational and informational purposes only and is not financial or tax advice. ' +
  "Return-of-capital figures are estimates (the issuer's or the site owner's) until the fund's year-end figures are recorded, " +
  'and a payout without a published figure is counted as income. Your broker\'s Form 1099-DIV is what you file; consult a tax professional.';

/** Money as the summary shows it: cents, decimal strings; the parts of a payment add up to its cash exactly. */
export const TaxPayment = z.object({
  exDividendDate: IsoDate,
  /** The pay date (the next business day after the ex-date when none is known): the payment's tax year. */
  payoutDate: IsoDate,
  kind: DistributionKind,
  /** Shares held on the ex-date (on today's share basis), 6 decimals. */
  shares: z.string(),
  /** Cash per share on today's share basis (full precision). */
  amountPerShare: z.string(),
  /** shares × amountPerShare, in cents. */
  cash: z.string(),
  /** final, estimate, or not-published (counted as income). */
  rocBasis: RocBasis,
  /** The ROC share used, percent (12 decimals); null when not published. */
  rocPercent: z.string().nullable(),
  /** The estimate as published (kept beside the final figures); null: none. */
  rocEstimatePercent: z.string().nullable(),
  /** The final character (percent), null until recorded. */
  character: DistributionCharacter.nullable(),
  returnOfCapital: z.string(),
  /** cash − returnOfCapital. */
  income: z.string(),
  /** Final only (null otherwise): the income by character. */
  ordinary: z.string().nullable(),
  qualified: z.string().nullable(),
  capitalGain: z.string().nullable(),
  /** Not final: the income whose character is not published yet (= income); "0.00" when final. */
  unclassifiedIncome: z.string(),
});
export type TaxPayment = z.infer<typeof TaxPayment>;

/** Sums of the payments (of a fund, or of every fund) of a year, each the sum of the payments' cents. */
export const TaxTotals = RocBasisCounts.extend({
  cash: z.string(),
  returnOfCapital: z.string(),
  income: z.string(),
  /** Of the final payments. */
  ordinary: z.string(),
  qualified: z.string(),
  capitalGain: z.string(),
  unclassifiedIncome: z.string(),
});
export type TaxTotals = z.infer<typeof TaxTotals>;

export const TaxFund = z.object({
  etfId: z.string(),
  ticker: z.string(),
  name: z.string(),
  holdingId: z.string(),
  /** The payments received in the year, by pay date. */
  payments: z.array(TaxPayment),
  totals: TaxTotals,
});
export type TaxFund = z.infer<typeof TaxFund>;

export const TaxYear = z.object({ year: z.number(), funds: z.array(TaxFund), totals: TaxTotals });
export type TaxYear = z.infer<typeof TaxYear>;

/** `GET /api/user/tax-summary?year=`: the distributions the user's holdings received, per year and fund, split by character. */
export const TaxSummary = z.object({
  disclaimer: z.string(),
  /** The market date the payments are counted up to (paid on or before it). */
  asOf: IsoDate,
  /** The year asked for, or null for every year. */
  year: z.number().nullable(),
  /** Ascending; a year without a payment is left out. */
  years: z.array(TaxYear),
});
export type TaxSummary = z.infer<typeof TaxSummary>;

const yearMessage = 'year must be a year from 1900 to 2100, e.g. 2026';
export const TaxSummaryQuery = z.object({
  year: z
    .string({ error: yearMessage })
    .regex(/^\d{4}$/, yearMessage)
    .transform(Number)
    .pipe(z.number().int().min(1900, yearMessage).max(2100, yearMessage))
    .optional()
    .describe('The tax year (by pay date); every year when left out.'),
});

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Portfolio'];
const holdingId = z.object({ holdingId: z.string().describe('The holding id (uuid).') });

/** The largest holdings CSV the import reads, as a text/csv body or as JSON `{csv}` (413 beyond). */
export const HOLDINGS_CSV_LIMIT_BYTES = 256 * 1024;

/** The portfolio answer's own demo label (its body is the spec's array of holdings). */
export const DEMO_DATA_HEADER = 'X-Demo-Data';

export const getPortfolio = endpoint({
  method: 'get',
  path: '/api/user/portfolio',
  access: 'user',
  tokenReadable: true,
  summary: 'Holdings in the order added, with their derived values.',
  tags,
  responses: {
    200: {
      description: 'The holdings, in the order added.',
      json: z.array(HoldingView),
      headers: { [DEMO_DATA_HEADER]: '`true` when any holding (so the portfolio totals) rests on demo data, else `false`.' },
    },
  },
  errors: [],
  reads: ['portfolio', 'market'],
});

export const exportHoldings = endpoint({
  method: 'get',
  path: '/api/user/portfolio/export.csv',
  access: 'user',
  summary: 'The holdings as entered, as CSV (ticker, shares, purchasePrice, purchaseDate, isDrip), in the order added (docs/holdings-csv.md).',
  tags,
  responses: { 200: { description: 'The CSV file (attachment `weeklydiv-holdings-YYYY-MM-DD.csv`).', content: { 'text/csv': z.string() } } },
  errors: [],
  reads: ['portfolio', 'catalog-index'],
});

/** The import's messages about accounts, word for word (docs/holdings-csv.md "Accounts"). */
export const importAccountMessages = {
  modeInvalid: 'accounts must be merge or separate',
  nameRequired: "Account name: Required to keep this account's positions separate",
  nameTooLong: `Account name: At most ${ACCOUNT_LABEL_MAX} characters`,
  nameWithMerge: 'Account name: Only used to keep an account separate (accounts=separate)',
} as const;

/**
 * Where an import's positions go (query fields, so a `text/csv` body and JSON `{csv}` take them alike):
 * merged into the user's holdings (the default; each fund's holding without an account, its values
 * replaced by the file's), or kept apart under an account name (the holdings of that account).
 */
export const HoldingsImportQuery = z.object({
  accounts: z
    .enum(['merge', 'separate'], { error: importAccountMessages.modeInvalid })
    .default('merge')
    .describe("`merge` (default): into the user's holdings; `separate`: kept apart as the holdings of `account`."),
  account: z
    .string()
    .trim()
    .max(ACCOUNT_LABEL_MAX, { error: importAccountMessages.nameTooLong })
    .optional()
    .describe(`The account's name (1-${ACCOUNT_LABEL_MAX} characters), with accounts=separate.`),
});

export const importHoldings = endpoint({
  method: 'post',
  path: '/api/user/portfolio/import',
  access: 'user',
  summary:
    "Import holdings from a CSV file (our layout, or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill, Interactive Brokers or Webull): creates holdings, updates the user's own ones of the same funds, never duplicates; one append.",
  description: 'Layouts and rules: docs/holdings-csv.md. A line that breaks a rule changes nothing and is reported with its line number.',
  tags,
  upload: { kind: 'csv', maxBytes: HOLDINGS_CSV_LIMIT_BYTES },
  query: HoldingsImportQuery,
  responses: { 200: { description: 'What was created and updated, and each line not imported with its reason.', json: HoldingsImportResult } },
  errors: [400, 412, 413],
  reads: ['catalog-index'],
  waitsFor: ['portfolio'],
});

export const getHolding = endpoint({
  method: 'get',
  path: '/api/user/portfolio/:holdingId',
  access: 'user',
  tokenReadable: true,
  summary: 'One holding with its derived values.',
  tags,
  params: holdingId,
  responses: { 200: { description: 'The holding.', json: HoldingView } },
  errors: [404],
  reads: ['portfolio', 'market'],
});

export const getUserCalendar = endpoint({
  method: 'get',
  path: '/api/user/dividends/calendar',
  access: 'user',
  tokenReadable: true,
  summary: "The user's payouts of the four weeks from Monday of this week.",
  tags,
  responses: { 200: { description: 'Entries of the held funds, weekdays only.', json: z.array(UserCalendarEntry) } },
  errors: [],
  reads: ['portfolio', 'market'],
});

export const addHolding = endpoint({
  method: 'post',
  path: '/api/user/portfolio',
  access: 'user',
  summary: 'Add a holding (one per fund).',
  tags,
  body: NewHolding,
  responses: { 201: { description: 'The holding, with its derived values.', json: HoldingView } },
  errors: [400, 404, 409, 412],
  waitsFor: ['portfolio'],
});

export const removeHolding = endpoint({
  method: 'delete',
  path: '/api/user/portfolio/:holdingId',
  access: 'user',
  summary: 'Remove a holding.',
  tags,
  params: holdingId,
  responses: { 204: { description: 'Removed.' } },
  errors: [404, 412],
  waitsFor: ['portfolio'],
});

// The tax-year summary is Premium's "advanced analytics" (docs/billing.md "What Premium gives").
export const getTaxSummary = endpoint({
  method: 'get',
  path: '/api/user/tax-summary',
  access: 'premium',
  summary: 'The distributions received, per tax year (by pay date) and fund, split by character: final, estimate or not published. Not tax advice.',
  tags,
  query: TaxSummaryQuery,
  responses: { 200: { description: 'The summary, with its disclaimer.', json: TaxSummary } },
  errors: [400],
  reads: ['portfolio', 'market'],
});

export const getTaxSummaryCsv = endpoint({
  method: 'get',
  path: '/api/user/tax-summary.csv',
  access: 'premium',
  summary: 'The same summary as CSV: the disclaimer on the first line, then one row per payment, fund total and year total (docs/user-area.md).',
  tags,
  query: TaxSummaryQuery,
  responses: { 200: { description: 'The CSV file (attachment `weeklydiv-tax-summary-<year|all>.csv`).', content: { 'text/csv': z.string() } } },
  errors: [400],
  reads: ['portfolio', 'market'],
});
