import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * A user's payout ledger facts live on `payouts-<userId>` (one stream per user, beside the portfolio):
 * the payouts they marked received, the dividend records their brokerage reported, and their income
 * goal. Which payout is in which state is derived at read time (docs/payouts.md).
 */

/** The user marked one payout of a holding received, with the amount that arrived (a later mark revises it). */
export const payoutMarkedReceived = defineEvent(
  'PayoutMarkedReceived',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    exDate: isoDate,
    /** Dollars, canonical decimal text. */
    amount: decimalString,
    markedAt: isoInstant,
  }),
);

/** One dividend record of a brokerage account as SnapTrade reports it (an account activity). */
const brokerPayoutRecordV1 = z.object({
  /** SnapTrade's activity id. */
  id: z.string().min(1).max(200),
  accountId: z.string().min(1).max(200),
  /** `DIVIDEND` (cash paid) or `REI` (a dividend reinvested: shares bought). */
  type: z.enum(['DIVIDEND', 'REI']),
  /** The symbol as reported, upper case (`YMAX`; a venue suffix as SnapTrade sends it). */
  symbol: z.string().min(1).max(40),
  /** The cash, signed as the broker sent it, decimal text (`-12.5` for a reinvestment's purchase). */
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  /** Shares (a reinvestment's shares bought), decimal text; null when not given. */
  units: decimalString.nullable(),
  price: decimalString.nullable(),
  /** The record's New York date: its trade date, else its settlement date. */
  date: isoDate,
});

/**
 * Version 2 (issue 28, a broker's dividend history file): `source`, where the record comes from. Absent
 * (every version 1 record): the brokerage sync (SnapTrade), matched to the synced holdings' payouts;
 * `file`: a line of a dividend history / activity CSV the user uploaded, matched to the hand-entered
 * holdings' payouts (docs/payouts.md "Dividend history files").
 */
export const brokerPayoutRecord = brokerPayoutRecordV1.extend({ source: z.literal('file').optional() });
export type BrokerPayoutRecord = z.infer<typeof brokerPayoutRecord>;

/** A brokerage sync, or a dividend history file, gave dividend records not seen before (or changed since): they are kept, matched or not. */
export const brokerPayoutsRecorded = defineEvent(
  'BrokerPayoutsRecorded',
  z.object({
    userId: z.uuid(),
    records: z.array(brokerPayoutRecord).min(1),
    recordedAt: isoInstant,
  }),
  {
    version: 2,
    legacy: [
      {
        version: 1,
        schema: z.object({ userId: z.uuid(), records: z.array(brokerPayoutRecordV1).min(1), recordedAt: isoInstant }),
        upcast: <T extends object>(old: T): T => old,
      },
    ],
  },
);

/** The user's income goal: an amount a week or a month. */
export const incomeGoalSet = defineEvent(
  'IncomeGoalSet',
  z.object({
    userId: z.uuid(),
    period: z.enum(['week', 'month']),
    amount: decimalString,
    setAt: isoInstant,
  }),
);

export const payoutEvents = [payoutMarkedReceived, brokerPayoutsRecorded, incomeGoalSet] as const;

export type PayoutEvent = EventsOf<typeof payoutEvents>;
