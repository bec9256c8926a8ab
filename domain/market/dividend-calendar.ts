import type { PayoutFrequency } from '../../events/catalog.ts';
import { canonical, dec, fixed } from './decimal.ts';
import {
  addBusinessDays,
  addDays,
  mondayOf,
  nextBusinessDay,
  weekdayOf,
  type IsoDate,
} from './trading-days.ts';
import { cadenceAnchor, perPayoutAmount, projectExDates, weeklyAverage, type DistributionPoint } from './etf-metrics.ts';

/**
 * Dividend calendars (docs/metrics.md "Calendar"). Pure: the caller passes "today" (the latest
 * MarketDayBegan date) and each fund's distributions (withdrawn ones left out).
 */

export interface CalendarFund {
  etfId: string;
  ticker: string;
  name: string;
  frequency: PayoutFrequency;
  distributions: readonly DistributionPoint[];
}

export interface CalendarEntry {
  etfId: string;
  ticker: string;
  name: string;
  payoutDate: IsoDate;
  /** Cash per share: as declared (full precision), or the estimate rounded to 4 decimals. */
  amount: string;
  /** True for projected payouts and issuer estimates. */
  estimated: boolean;
  /** The (projected) ex-date the payout belongs to. */
  exDate: IsoDate;
}

export interface CalendarWindow {
  from: IsoDate;
  to: IsoDate;
}

/** `weeks` Monday-to-Sunday weeks starting on the Monday of today's week. */
export function calendarWindow(today: IsoDate, weeks = 4): CalendarWindow {
  const from = mondayOf(today);
  return { from, to: addDays(from, 7 * weeks - 1) };
}

/** The payout date of a declared distribution: its pay date, else the next business day after the ex-date. */
export function payoutDateOf(d: Pick<DistributionPoint, 'exDate' | 'payDate'>): IsoDate {
  return d.payDate ?? nextBusinessDay(d.exDate);
}

/**
 * The fund's usual ex-to-pay lag in business days: from its latest distribution with a known pay date
 * (1 when none is known). Used for projected payouts only.
 */
export function payLagBusinessDays(distributions: readonly DistributionPoint[]): number {
  const withPay = distributions.filter((d) => d.payDate !== null).sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
  const last = withPay[withPay.length - 1];
  if (!last || last.payDate === null) return 1;
  let lag = 0;
  for (let d = last.exDate; d < last.payDate && lag < 30; d = nextBusinessDay(d)) lag++;
  return Math.max(1, lag);
}

function compareEntries(a: CalendarEntry, b: CalendarEntry): number {
  if (a.payoutDate !== b.payoutDate) return a.payoutDate < b.payoutDate ? -1 : 1;
  if (a.ticker !== b.ticker) return a.ticker < b.ticker ? -1 : 1;
  return a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0;
}

/**
 * The public calendar: every payout with a payout date in the window.
 * - Declared distributions (and issuer estimates) at their payout date (`payoutDateOf`).
 * - Payouts not declared yet, projected per fund: ex-dates after the fund's last known ex-date by its
 *   cadence (`projectExDates`, rolled to business days), paid the fund's usual lag later
 *   (`payLagBusinessDays`), at weeklyAverage (as of today) converted back to one payout
 *   (`perPayoutAmount`: weekly x1, twice weekly /2, four weeks x4, monthly x52/12), rounded to 4
 *   decimals, flagged estimated. A fund without distributions gets no projection.
 * Sorted by payout date, then ticker.
 */
export function buildDividendCalendar(funds: readonly CalendarFund[], today: IsoDate, weeks = 4): CalendarEntry[] {
  const { from, to } = calendarWindow(today, weeks);
  const entries: CalendarEntry[] = [];
  for (const fund of funds) {
    const base = { etfId: fund.etfId, ticker: fund.ticker, name: fund.name };
    for (const d of fund.distributions) {
      const payoutDate = payoutDateOf(d);
      if (payoutDate < from || payoutDate > to) continue;
      entries.push({ ...base, payoutDate, amount: canonical(dec(d.amount)), estimated: d.status === 'estimated', exDate: d.exDate });
    }
    const weekly = weeklyAverage(fund.distributions, fund.frequency, today);
    const anchor = cadenceAnchor(
      fund.distributions.map((d) => d.exDate),
      fund.frequency,
    );
    if (weekly === null || anchor === null) continue;
    const lastEx = fund.distributions.reduce((max, d) => (d.exDate > max ? d.exDate : max), anchor);
    const amount = fixed(perPayoutAmount(weekly, fund.frequency), 4);
    const lag = payLagBusinessDays(fund.distributions);
    // Ex-dates up to a month before the window can still pay inside it.
    for (const exDate of projectExDates(anchor, lastEx, fund.frequency, addDays(from, -31), to)) {
      const payoutDate = addBusinessDays(exDate, lag);
      if (payoutDate < from || payoutDate > to) continue;
      entries.push({ ...base, payoutDate, amount, estimated: true, exDate });
    }
  }
  return entries.sort(compareEntries);
}

export interface UserCalendarHolding {
  etfId: string;
  /** Shares held now (decimal string). */
  shares: string;
}

export interface UserCalendarEntry {
  etfId: string;
  ticker: string;
  payoutDate: IsoDate;
  amount: string;
  shares: string;
  /** shares x amount, rounded to cents. */
  estimatedPayout: string;
  estimated: boolean;
  /**
   * Already paid: a declared payout whose pay date is on or before today, the rule by which the
   * holding counts it in incomeReceived (an estimate is never paid: nothing was declared).
   */
  paid: boolean;
}

/**
 * The signed-in user's calendar: the public entries of the funds they hold, Monday to Friday only
 * (declared pay dates come from issuers and are kept as given, so only weekend dates are dropped),
 * with shares x amount per share. Several holdings of one fund add up. `paid` marks the declared
 * payouts whose pay date is on or before `today` (New York).
 */
export function buildUserDividendCalendar(entries: readonly CalendarEntry[], holdings: readonly UserCalendarHolding[], today: IsoDate): UserCalendarEntry[] {
  const shares = new Map<string, ReturnType<typeof dec>>();
  for (const h of holdings) shares.set(h.etfId, (shares.get(h.etfId) ?? dec(0)).plus(dec(h.shares)));
  const out: UserCalendarEntry[] = [];
  for (const e of entries) {
    const held = shares.get(e.etfId);
    const wd = weekdayOf(e.payoutDate);
    if (!held || wd === 0 || wd === 6) continue;
    out.push({
      etfId: e.etfId,
      ticker: e.ticker,
      payoutDate: e.payoutDate,
      amount: e.amount,
      shares: canonical(held),
      estimatedPayout: fixed(held.times(dec(e.amount)), 2),
      estimated: e.estimated,
      paid: !e.estimated && e.payoutDate <= today,
    });
  }
  return out;
}
