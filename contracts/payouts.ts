import { z } from 'zod';
import { canonical, parseAmount } from '../domain/market/decimal.ts';
import { isValidDate } from '../domain/market/trading-days.ts';
import { endpoint } from './endpoint.ts';
import { decimalDoc, lenient } from './fields.ts';
import { DistributionKind, IsoDate } from './market.ts';

/**
 * The payout ledger, the income record and the income goal (docs/payouts.md): every payout of the
 * user's holdings with its state, what the brokerage reported, the income per week, month or year, and
 * the goal. Built by read-models/payouts/ledger.ts.
 */

export const PayoutStatus = z.enum(['projected', 'declared', 'entitled', 'paid', 'received', 'short', 'missing']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** One dividend record of the brokerage as kept (SnapTrade's account activity). */
export const BrokerRecord = z.object({
  id: z.string(),
  accountId: z.string(),
  /** `DIVIDEND` (cash) or `REI` (a dividend reinvested). */
  type: z.enum(['DIVIDEND', 'REI']),
  symbol: z.string(),
  /** As the broker signs it (a reinvestment's purchase is negative). */
  amount: z.string(),
  units: z.string().nullable(),
  price: z.string().nullable(),
  date: IsoDate,
  /** `file`: a line of a dividend history file the user imported; absent: the brokerage sync. */
  source: z.literal('file').optional(),
});
export type BrokerRecord = z.infer<typeof BrokerRecord>;

/** What says the payout arrived: the brokerage's records, or the user's mark (the mark wins over the brokerage). */
export const PayoutMatch = z.discriminatedUnion('source', [
  z.object({ source: z.literal('brokerage'), records: z.array(BrokerRecord) }),
  z.object({ source: z.literal('user'), markedAt: z.string() }),
]);
export type PayoutMatch = z.infer<typeof PayoutMatch>;

/** One payout of one holding (several distributions of a fund on one ex-date are one payout). */
export const LedgerPayout = z.object({
  holdingId: z.string(),
  etfId: z.string(),
  ticker: z.string(),
  kind: DistributionKind,
  exDate: IsoDate,
  payDate: IsoDate,
  /** Shares held at the ex-date (6 decimals). */
  entitledShares: z.string(),
  /** Cash per share (full precision), on today's share basis. */
  amountPerShare: z.string(),
  /** entitledShares × amountPerShare, in cents. */
  expected: z.string(),
  /** What arrived, in cents; null until known. */
  received: z.string().nullable(),
  status: PayoutStatus,
  match: PayoutMatch.nullable(),
  /** The holding is synced from a brokerage (missing applies; hand marks still allowed). */
  brokerageSynced: z.boolean(),
  /** The distribution ids this payout stands for ([] for a projection). */
  distributionIds: z.array(z.string()),
});
export type LedgerPayout = z.infer<typeof LedgerPayout>;

/** `GET /api/user/payouts`: the payouts by pay date in the range asked for, and the broker records no payout took. */
export const PayoutLedger = z.object({
  /** The market date the states are as of. */
  asOf: IsoDate,
  from: IsoDate,
  to: IsoDate,
  payouts: z.array(LedgerPayout),
  /** Every brokerage dividend record that matched no payout (any date), newest first. */
  unmatched: z.array(BrokerRecord),
});
export type PayoutLedger = z.infer<typeof PayoutLedger>;

/** The largest range of `GET /api/user/payouts` (days, both ends included). */
export const PAYOUTS_MAX_RANGE_DAYS = 400;

export const payoutMessages = {
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  rangeOrder: 'to must be on or after from',
  rangeTooLong: `The range may span at most ${PAYOUTS_MAX_RANGE_DAYS} days`,
  exDateInvalid: 'exDate must be a date (YYYY-MM-DD)',
  amountPositive: 'Amount must be a positive number',
  amountTooLarge: 'Amount must be at most 100,000,000',
  amountCents: 'Amount must have at most 2 decimal places',
  payoutNotFound: 'This holding has no payout with that ex-date',
  notPaidYet: 'This payout is not paid yet: it can be marked received from its pay date',
  byInvalid: 'by must be week, month or year',
  periodInvalid: 'period must be week or month',
  etfNotFound: 'ETF not found',
  noGoal: 'No income goal set',
} as const;

const dateField = (message: string) => z.string({ error: message }).refine(isValidDate, message);

export const PayoutsQuery = z
  .object({
    from: dateField(payoutMessages.fromInvalid).optional().describe('First pay date (YYYY-MM-DD); 90 days before today when left out.'),
    to: dateField(payoutMessages.toInvalid).optional().describe(`Last pay date (YYYY-MM-DD); 35 days after today when left out. At most ${PAYOUTS_MAX_RANGE_DAYS} days after from.`),
  })
  .superRefine((q, ctx) => {
    if (q.from === undefined || q.to === undefined) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: payoutMessages.rangeOrder });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > PAYOUTS_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: payoutMessages.rangeTooLong });
  });

/** A positive amount of dollars up to `max`, at most 2 decimals, as canonical decimal text. */
const dollars = (max: number) =>
  lenient<string>(
    z
      .unknown()
      .optional()
      .transform((value, ctx): string => {
        if (value === undefined || value === null) {
          ctx.addIssue({ code: 'custom', message: 'Required' });
          return z.NEVER;
        }
        const d = parseAmount(value);
        if (d === null || !d.gt(0)) {
          ctx.addIssue({ code: 'custom', message: payoutMessages.amountPositive });
          return z.NEVER;
        }
        if (d.gt(max)) {
          ctx.addIssue({ code: 'custom', message: payoutMessages.amountTooLarge });
          return z.NEVER;
        }
        if (d.decimalPlaces() > 2) {
          ctx.addIssue({ code: 'custom', message: payoutMessages.amountCents });
          return z.NEVER;
        }
        return canonical(d);
      }) as z.ZodType<string>,
    decimalDoc('Dollars, > 0, at most 100,000,000, cents at most'),
  );

export const MarkReceived = z.object({ amount: dollars(100_000_000) });
export type MarkReceived = z.input<typeof MarkReceived>;

const payoutParams = z.object({
  holdingId: z.string().describe('The holding id (uuid).'),
  exDate: dateField(payoutMessages.exDateInvalid).describe('The payout\'s ex-date (YYYY-MM-DD).'),
});

// ---------------------------------------------------------------------------------------------------
// The income record

export const IncomePeriodKind = z.enum(['week', 'month', 'year']);

export const IncomeAmounts = z.object({
  /** What arrived (received and short payouts), cents. */
  received: z.string(),
  /** Paid by the issuer, not confirmed yet (no broker record, no mark), at the expected amount. */
  unconfirmed: z.string(),
  /** Not paid yet (projected, declared, entitled), at the expected amount. */
  expected: z.string(),
  /** Brokerage-synced payouts with no broker record (docs/payouts.md), at the expected amount. */
  missing: z.string(),
  /** received + unconfirmed + expected. */
  total: z.string(),
});
export type IncomeAmounts = z.infer<typeof IncomeAmounts>;

export const IncomeFundAmounts = IncomeAmounts.extend({ etfId: z.string(), ticker: z.string() });

export const IncomePeriod = IncomeAmounts.extend({
  /** `2026-01-19` (the week's Monday), `2026-01`, or `2026`. */
  period: z.string(),
  /** First and last day of the period. */
  start: IsoDate,
  end: IsoDate,
  funds: z.array(IncomeFundAmounts),
});
export type IncomePeriod = z.infer<typeof IncomePeriod>;

/** `GET /api/user/income?by=`: income per period (by pay date, New York market calendar) and per fund, with totals. */
export const IncomeSeries = z.object({
  by: IncomePeriodKind,
  asOf: IsoDate,
  from: IsoDate,
  to: IsoDate,
  /** Every period of the range, ascending (a period without a payout is there, at 0.00). */
  periods: z.array(IncomePeriod),
  /** Sums over the range, and per fund. */
  totals: IncomeAmounts.extend({ funds: z.array(IncomeFundAmounts) }),
});
export type IncomeSeries = z.infer<typeof IncomeSeries>;

export const IncomeQuery = z.object({
  by: z.enum(['week', 'month', 'year'], { error: payoutMessages.byInvalid }).default('month').describe('week (Monday-start), month or year; month when left out.'),
});

// ---------------------------------------------------------------------------------------------------
// The income goal

/** Said with every "what it would take": distributions vary. */
export const GOAL_CAVEAT =
  "Distributions vary: this uses the fund's latest regular distribution as if every payout were the same. Weekly-paying funds often change their payout from week to week, and past payouts do not guarantee future ones. Not financial advice.";

export const IncomeGoalInput = z.object({
  period: z.enum(['week', 'month'], { error: payoutMessages.periodInvalid }),
  amount: dollars(100_000_000),
});
export type IncomeGoalInput = z.input<typeof IncomeGoalInput>;

export const WhatItTakes = z.object({
  etfId: z.string(),
  ticker: z.string(),
  /** The latest regular distribution per share and the payouts a year it is annualised with. */
  amountPerShare: z.string(),
  payoutsPerYear: z.number(),
  /** Shares that alone would pay the goal (6 decimals). */
  sharesForGoal: z.string(),
  /** More shares that would close the gap at the current run rate (6 decimals; 0 when reached). */
  sharesForGap: z.string(),
  /** The fund's current price, and sharesForGap × price (cents); null without a price. */
  price: z.string().nullable(),
  costForGap: z.string().nullable(),
});
export type WhatItTakes = z.infer<typeof WhatItTakes>;

/** `GET /api/user/income-goal?etfId=`: the goal, the progress at the current run rate, and what it would take. */
export const IncomeGoalView = z.object({
  asOf: IsoDate,
  goal: z.object({ period: z.enum(['week', 'month']), amount: z.string(), setAt: z.string() }).nullable(),
  /** The holdings' projected annual income (sum of each holding's), cents. */
  projectedAnnualIncome: z.string(),
  /** projectedAnnualIncome / 52 (week) or / 12 (month), cents; null without a goal. */
  runRatePerPeriod: z.string().nullable(),
  /** runRatePerPeriod / goal × 100, 2 decimals; null without a goal. */
  progressPercent: z.string().nullable(),
  /** max(0, goal − runRatePerPeriod), cents; null without a goal. */
  gapPerPeriod: z.string().nullable(),
  /** For the fund asked for (`etfId`); null when none was asked for, without a goal, or when the fund pays nothing. */
  whatItTakes: WhatItTakes.nullable(),
  caveat: z.string(),
});
export type IncomeGoalView = z.infer<typeof IncomeGoalView>;

export const IncomeGoalQuery = z.object({
  etfId: z.string().optional().describe('A fund to say how many shares of it would reach the goal.'),
});

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Payouts'];

export const getPayouts = endpoint({
  method: 'get',
  path: '/api/user/payouts',
  access: 'user',
  tokenReadable: true,
  summary: "Every payout of the user's holdings by pay date in [from, to], with its state (projected, declared, entitled, paid, received, short, missing), and the broker records no payout took.",
  description: 'States, matching and marking: docs/payouts.md.',
  tags,
  query: PayoutsQuery,
  responses: { 200: { description: 'The ledger.', json: PayoutLedger } },
  errors: [400],
  reads: ['portfolio', 'payouts', 'market'],
});

export const markPayoutReceived = endpoint({
  method: 'post',
  path: '/api/user/payouts/:holdingId/:exDate/received',
  access: 'user',
  summary: 'Mark one payout received with the amount that arrived (a second mark revises it). Only from its pay date.',
  tags,
  params: payoutParams,
  body: MarkReceived,
  responses: { 200: { description: 'The payout, with its new state.', json: LedgerPayout } },
  errors: [400, 404, 409, 412],
  reads: ['portfolio', 'payouts', 'market'],
  waitsFor: ['payouts'],
});

// The income record and the goal are Premium's "advanced analytics" (docs/billing.md "What Premium gives");
// the ledger and "Mark received" above stay Free: they are the payout calendar's own.
export const getIncome = endpoint({
  method: 'get',
  path: '/api/user/income',
  access: 'premium',
  tokenReadable: true,
  summary: 'Income per week (Monday-start), month or year and per fund: received, unconfirmed, still expected and missing, with totals.',
  description: 'Periods and ranges: docs/payouts.md "Income record".',
  tags,
  query: IncomeQuery,
  responses: { 200: { description: 'The series.', json: IncomeSeries } },
  errors: [400],
  reads: ['portfolio', 'payouts', 'market'],
});

export const getIncomeCsv = endpoint({
  method: 'get',
  path: '/api/user/income.csv',
  access: 'premium',
  tokenReadable: true,
  summary: 'The same series as CSV: one row per period and fund, a total row per period, and the range total.',
  tags,
  query: IncomeQuery,
  responses: { 200: { description: 'The CSV file (attachment `weeklydiv-income-<by>.csv`).', content: { 'text/csv': z.string() } } },
  errors: [400],
  reads: ['portfolio', 'payouts', 'market'],
});

export const getIncomeGoal = endpoint({
  method: 'get',
  path: '/api/user/income-goal',
  access: 'premium',
  tokenReadable: true,
  summary: 'The income goal, the progress at the current run rate and, for a fund, the shares it would take (with the caveat that distributions vary).',
  tags,
  query: IncomeGoalQuery,
  responses: { 200: { description: 'The goal and its progress.', json: IncomeGoalView } },
  errors: [404],
  reads: ['portfolio', 'payouts', 'market'],
});

export const putIncomeGoal = endpoint({
  method: 'put',
  path: '/api/user/income-goal',
  access: 'premium',
  summary: 'Set the income goal: an amount a week or a month.',
  tags,
  body: IncomeGoalInput,
  responses: { 200: { description: 'The goal and its progress.', json: IncomeGoalView } },
  errors: [400, 412],
  reads: ['portfolio', 'payouts', 'market'],
  waitsFor: ['payouts'],
});

// ---------------------------------------------------------------------------------------------------
// A broker's dividend history file (issue 28: hand-entered holdings)

/** The largest dividend history file the import reads, as text/csv or JSON `{csv}` (413 beyond). */
export const DIVIDEND_HISTORY_LIMIT_BYTES = 512 * 1024;

export const DividendHistoryBroker = z.enum(['fidelity', 'schwab', 'robinhood', 'etrade', 'vanguard', 'ibkr']);

/** A record of the file that no payout of a hand-entered holding took, with its line. */
export const DividendHistoryUnmatched = BrokerRecord.extend({ line: z.number().int() });

/** `POST /api/user/payouts/import`: what a dividend history file did (docs/payouts.md "Dividend history files"). */
export const DividendHistoryImportResult = z.object({
  broker: DividendHistoryBroker,
  /** The file's dividend and reinvestment lines read. */
  lines: z.number().int(),
  /** Records new (or changed) since an earlier import: 0 when the same file comes again. */
  recorded: z.number().int(),
  /** The file's records a payout of a hand-entered holding took (received or short). */
  matched: z.number().int(),
  /** The others: listed, never dropped (also in `unmatched` of `GET /api/user/payouts`). */
  unmatched: z.array(DividendHistoryUnmatched),
  /** Dividend lines whose date or amount could not be read. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type DividendHistoryImportResult = z.infer<typeof DividendHistoryImportResult>;

export const importDividendHistory = endpoint({
  method: 'post',
  path: '/api/user/payouts/import',
  access: 'user',
  summary:
    "Import a broker's dividend history (an account activity / transactions CSV of Fidelity, Schwab, Robinhood, E*TRADE, Vanguard or Interactive Brokers): its dividend lines become broker records matched to the hand-entered holdings' payouts; the same file again records nothing.",
  description: 'Layouts, matching and ids: docs/payouts.md "Dividend history files".',
  tags,
  upload: { kind: 'csv', maxBytes: DIVIDEND_HISTORY_LIMIT_BYTES },
  responses: { 200: { description: 'What the file gave, what a payout took and what no payout took.', json: DividendHistoryImportResult } },
  errors: [400, 412, 413],
  reads: ['portfolio', 'payouts', 'market'],
  waitsFor: ['payouts'],
});
