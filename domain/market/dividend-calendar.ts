import type { PayoutFrequency } from '../../events/catalog.ts';
import { canonical, dec, fixed } from './decimal.ts';
import {
  addBusinessDays,
  addDays,
  mondayOf,
  nextBusinessDay,
  nyseHolidays,
  weekdayOf,
  yearOf,
  type Holiday,
  type IsoDate,
} from './trading-days.ts';
import { latestDeclared, projectExDates, type DistributionPoint } from './etf-metrics.ts';
import { KIND_ORDER, kindOf, runRateOf, type DistributionKind } from './run-rate.ts';

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
  /**
   * The fund's data stopped (etf-metrics `staleness`): its recorded distributions still show, nothing is
   * projected for it until data resumes.
   */
  stale?: boolean;
}

export interface CalendarEntry {
  etfId: string;
  ticker: string;
  name: string;
  payoutDate: IsoDate;
  /** Cash per share as declared (full precision); a projection repeats the latest declared amount. */
  amount: string;
  /** True for projected payouts and issuer estimates. */
  estimated: boolean;
  /** The (projected) ex-date the payout belongs to. */
  exDate: IsoDate;
  /** regular, special or capital-gain; a projected payout is regular. */
  kind: DistributionKind;
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

/** The NYSE holidays (full-day closures, with their names) of the calendar window, by date. */
export function marketHolidaysIn(window: CalendarWindow): Holiday[] {
  const years = new Set([yearOf(window.from), yearOf(window.to)]);
  return [...years].flatMap((y) => nyseHolidays(y)).filter((h) => h.date >= window.from && h.date <= window.to);
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
  if (a.exDate !== b.exDate) return a.exDate < b.exDate ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

/**
 * The public calendar: every payout with a payout date in the window.
 * - Declared distributions (and issuer estimates) at their payout date (`payoutDateOf`).
 * - Payouts not declared yet, projected per fund from its regular distributions only (a special is
 *   never repeated; domain/market/run-rate.ts): ex-dates after the fund's last regular ex-date on the
 *   issuer's weekday pattern (`projectExDates`: a closed day moves earlier in its week) at the
 *   frequency the figures use (the catalog's, or the one the payouts' spacing says), paid the fund's
 *   usual lag later (`payLagBusinessDays`), at the latest declared regular distribution's amount
 *   (`latestDeclared`) with its full precision (a $0.0012345 payout stays $0.0012345), flagged
 *   estimated. A fund without regular distributions, or a stale one (`stale`, from the same run rate:
 *   etf-metrics `runRateStaleness`), gets no projection; its recorded distributions still show.
 * Sorted by payout date, then ticker, ex-date and kind (the regular payout first).
 */
export function buildDividendCalendar(funds: readonly CalendarFund[], today: IsoDate, weeks = 4): CalendarEntry[] {
  const { from, to } = calendarWindow(today, weeks);
  const entries: CalendarEntry[] = [];
  for (const fund of funds) {
    const base = { etfId: fund.etfId, ticker: fund.ticker, name: fund.name };
    for (const d of fund.distributions) {
      const payoutDate = payoutDateOf(d);
      if (payoutDate < from || payoutDate > to) continue;
      entries.push({ ...base, payoutDate, amount: canonical(dec(d.amount)), estimated: d.status === 'estimated', exDate: d.exDate, kind: kindOf(d) });
    }
    if (fund.stale === true) continue;
    const runRate = runRateOf(fund.distributions, fund.frequency, today);
    const latest = latestDeclared(runRate.regular);
    if (latest === null) continue;
    const amount = canonical(dec(latest.amount));
    const lag = payLagBusinessDays(runRate.regular);
    // Ex-dates up to a month before the window can still pay inside it.
    for (const exDate of projectExDates(
      runRate.regular.map((d) => d.exDate),
      runRate.frequency,
      addDays(from, -31),
      to,
    )) {
      const payoutDate = addBusinessDays(exDate, lag);
      if (payoutDate < from || payoutDate > to) continue;
      entries.push({ ...base, payoutDate, amount, estimated: true, exDate, kind: 'regular' });
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
  /** regular, special or capital-gain (the public entry's). */
  kind: DistributionKind;
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
      kind: e.kind,
      paid: !e.estimated && e.payoutDate <= today,
    });
  }
  return out;
}
