import { ZERO, dec, type Decimal } from './decimal.ts';
import { addBusinessDays, addDays, addMonths, businessDaysBetween, mondayOf, type IsoDate } from './trading-days.ts';

/**
 * The payout ledger (docs/payouts.md): the state of each payout of a holding, the matching of a
 * brokerage's dividend records to payouts, the income series by week, month and year, and the income
 * goal. Pure: "today" is the New York market date, passed in.
 */

export type PayoutStatus = 'projected' | 'declared' | 'entitled' | 'paid' | 'received' | 'short' | 'missing';

/**
 * A brokerage-synced payout with no broker record this many business days after its pay date is
 * missing: the matching window (MATCH_WINDOW_BUSINESS_DAYS) has closed, and a day more lets the
 * brokerage's data reach SnapTrade (it refreshes daily). Four also keeps a payout paid on a Monday
 * missing by Friday, inside the calendar's week.
 */
export const MISSING_AFTER_BUSINESS_DAYS = 4;
/** A broker record matches a payout whose pay date is at most this many business days from the record's date. */
export const MATCH_WINDOW_BUSINESS_DAYS = 3;
/** What a received amount may fall below the entitlement, per entitled share, and still be received (a cent). */
export const SHORT_TOLERANCE_PER_SHARE = dec('0.01');

export interface PayoutStatusInput {
  today: IsoDate;
  exDate: IsoDate;
  payDate: IsoDate;
  /** Projected (not declared): a calendar projection or an issuer's estimate. */
  estimated: boolean;
  entitledShares: Decimal;
  /** entitledShares × amount per share. */
  expected: Decimal;
  /** What arrived (a matched broker record, or the user's mark); null until known. */
  received: Decimal | null;
  /** The holding is synced from a brokerage: a payout without a broker record can be missing. */
  brokerageSynced: boolean;
}

/**
 * The payout's state. Known receipts first: received, or short when the amount is below expected by
 * more than a cent per entitled share. Then by the dates: projected (estimated), declared (ex-date
 * ahead), entitled (ex-date reached, pay date ahead), paid (pay date reached); a brokerage-synced
 * payout still without a record MISSING_AFTER_BUSINESS_DAYS business days after its pay date is
 * missing. A hand-entered holding's payout stays paid until the user marks it.
 */
export function payoutStatus(p: PayoutStatusInput): PayoutStatus {
  if (p.received !== null) return isShort(p.expected, p.received, p.entitledShares) ? 'short' : 'received';
  if (p.estimated) return 'projected';
  if (p.exDate > p.today) return 'declared';
  if (p.payDate > p.today) return 'entitled';
  if (p.brokerageSynced && p.today >= missingFrom(p.payDate)) return 'missing';
  return 'paid';
}

/** The first market date a brokerage-synced payout without a record counts as missing. */
export function missingFrom(payDate: IsoDate): IsoDate {
  return addBusinessDays(payDate, MISSING_AFTER_BUSINESS_DAYS);
}

/** received < expected − SHORT_TOLERANCE_PER_SHARE × entitledShares. */
export function isShort(expected: Decimal, received: Decimal, entitledShares: Decimal): boolean {
  return received.lt(expected.minus(SHORT_TOLERANCE_PER_SHARE.times(entitledShares)));
}

/** Business days from `a` to `b` (0 on the same day; negative when `b` is before `a`); weekends and holidays are skipped. */
export function businessDayDistance(a: IsoDate, b: IsoDate): number {
  if (a === b) return 0;
  if (a < b) return businessDaysBetween(a, b).filter((d) => d > a).length;
  return -businessDaysBetween(b, a).filter((d) => d > b).length;
}

// ---------------------------------------------------------------------------------------------------
// Matching broker records

export interface LedgerPayoutKey {
  /** Unique per payout of the user (`<holdingId>/<exDate>/<kind>`). */
  key: string;
  ticker: string;
  payDate: IsoDate;
  expected: Decimal;
}

export interface BrokerRecordIn {
  id: string;
  /** Upper-case ticker without a venue suffix. */
  ticker: string;
  /** `DIVIDEND` (cash) or `REI` (the reinvestment of a dividend). */
  type: 'DIVIDEND' | 'REI';
  /** The cash of the record (positive for a dividend; a reinvestment's cash as the broker signs it). */
  amount: Decimal;
  date: IsoDate;
}

export interface MatchResult {
  /** By payout key: the records matched to it (cash records and reinvestments). */
  matched: Map<string, string[]>;
  /** Record ids no payout took. */
  unmatched: string[];
}

/**
 * Matches broker records to payouts. Records of one ticker on one date and of one type are one group
 * (one dividend paid into several accounts is one payout). A group matches the payout of its ticker
 * whose pay date is within MATCH_WINDOW_BUSINESS_DAYS business days of the group's date, the nearest
 * date first, then the amount nearest to the expected; a payout takes one cash group and one
 * reinvestment group. Whatever is left is unmatched, never dropped. The amount does not decide the
 * match (a short payout is a match); it decides received or short (payoutStatus).
 */
export function matchBrokerRecords(payouts: readonly LedgerPayoutKey[], records: readonly BrokerRecordIn[]): MatchResult {
  const groups = new Map<string, { ticker: string; type: BrokerRecordIn['type']; date: IsoDate; amount: Decimal; ids: string[] }>();
  for (const r of records) {
    const id = `${r.ticker}|${r.date}|${r.type}`;
    const g = groups.get(id) ?? { ticker: r.ticker, type: r.type, date: r.date, amount: ZERO, ids: [] };
    g.amount = g.amount.plus(r.amount.abs());
    g.ids.push(r.id);
    groups.set(id, g);
  }
  // every (group, payout) pair within the window, best first: nearest date, then nearest amount
  const pairs: { group: string; payout: LedgerPayoutKey; days: number; gap: Decimal }[] = [];
  for (const [id, g] of groups) {
    for (const p of payouts) {
      if (p.ticker !== g.ticker) continue;
      const days = Math.abs(businessDayDistance(p.payDate, g.date));
      if (days > MATCH_WINDOW_BUSINESS_DAYS) continue;
      pairs.push({ group: id, payout: p, days, gap: p.expected.minus(g.amount).abs() });
    }
  }
  pairs.sort((a, b) => a.days - b.days || a.gap.comparedTo(b.gap) || (a.payout.key < b.payout.key ? -1 : a.payout.key > b.payout.key ? 1 : 0) || (a.group < b.group ? -1 : 1));
  const taken = new Set<string>();
  const filled = new Set<string>();
  const matched = new Map<string, string[]>();
  for (const pair of pairs) {
    const g = groups.get(pair.group)!;
    const slot = `${pair.payout.key}|${g.type}`;
    if (taken.has(pair.group) || filled.has(slot)) continue;
    taken.add(pair.group);
    filled.add(slot);
    matched.set(pair.payout.key, [...(matched.get(pair.payout.key) ?? []), ...g.ids]);
  }
  const unmatched = [...groups.entries()].filter(([id]) => !taken.has(id)).flatMap(([, g]) => g.ids);
  return { matched, unmatched };
}

/**
 * The cash a payout's matched records say arrived: the dividends' cash; when the broker recorded only
 * the reinvestment, the reinvestment's cash.
 */
export function receivedOfRecords(records: readonly Pick<BrokerRecordIn, 'type' | 'amount'>[]): Decimal | null {
  const cash = records.filter((r) => r.type === 'DIVIDEND');
  const used = cash.length > 0 ? cash : records.filter((r) => r.type === 'REI');
  return used.length === 0 ? null : used.reduce((acc, r) => acc.plus(r.amount.abs()), ZERO);
}

// ---------------------------------------------------------------------------------------------------
// Income periods, series and goals

export type IncomePeriodKind = 'week' | 'month' | 'year';

/**
 * The period a New York market date falls in: weeks start on Monday (`2026-W` is not used: a week is
 * named by its Monday, `2026-01-19`), months `2026-01`, years `2026`.
 */
export function incomePeriodOf(date: IsoDate, by: IncomePeriodKind): string {
  if (by === 'week') return mondayOf(date);
  if (by === 'month') return date.slice(0, 7);
  return date.slice(0, 4);
}

/** The first and last day of the period `date` falls in. */
export function periodBounds(date: IsoDate, by: IncomePeriodKind): { start: IsoDate; end: IsoDate } {
  if (by === 'week') {
    const start = mondayOf(date);
    return { start, end: addDays(start, 6) };
  }
  if (by === 'month') {
    const start = `${date.slice(0, 7)}-01`;
    return { start, end: addDays(addMonths(start, 1), -1) };
  }
  return { start: `${date.slice(0, 4)}-01-01`, end: `${date.slice(0, 4)}-12-31` };
}

/**
 * The income series' range as of `today`: by week the 12 weeks before this one, this one and the 4
 * after (17 weeks); by month the 11 months before this one, this one and the 2 after (14 months); by
 * year the 2 years before this one and this one.
 */
export function incomeRange(today: IsoDate, by: IncomePeriodKind): { from: IsoDate; to: IsoDate } {
  if (by === 'week') {
    const monday = mondayOf(today);
    return { from: addDays(monday, -7 * 12), to: addDays(monday, 7 * 5 - 1) };
  }
  if (by === 'month') {
    const first = `${today.slice(0, 7)}-01`;
    return { from: addMonths(first, -11), to: addDays(addMonths(first, 3), -1) };
  }
  const year = Number(today.slice(0, 4));
  return { from: `${year - 2}-01-01`, to: `${year}-12-31` };
}

/** Every period from the one of `from` to the one of `to`, in order. */
export function periodsBetween(from: IsoDate, to: IsoDate, by: IncomePeriodKind): { period: string; start: IsoDate; end: IsoDate }[] {
  const out: { period: string; start: IsoDate; end: IsoDate }[] = [];
  for (let d = from; d <= to; ) {
    const bounds = periodBounds(d, by);
    out.push({ period: incomePeriodOf(d, by), ...bounds });
    d = addDays(bounds.end, 1);
  }
  return out;
}

/** How a ledger payout counts in the income series. */
export type IncomeBucket = 'received' | 'unconfirmed' | 'expected' | 'missing';

/** received and short count what arrived; paid is unconfirmed; projected, declared and entitled are expected; missing is missing. */
export function incomeBucketOf(status: PayoutStatus): IncomeBucket {
  switch (status) {
    case 'received':
    case 'short':
      return 'received';
    case 'paid':
      return 'unconfirmed';
    case 'projected':
    case 'declared':
    case 'entitled':
      return 'expected';
    case 'missing':
      return 'missing';
    default: {
      const never: never = status;
      throw new Error(`unknown payout status ${String(never)}`);
    }
  }
}

export interface IncomeAmounts {
  received: Decimal;
  unconfirmed: Decimal;
  expected: Decimal;
  missing: Decimal;
}

export const NO_INCOME: IncomeAmounts = { received: ZERO, unconfirmed: ZERO, expected: ZERO, missing: ZERO };

/** Adds one payout to amounts: `received` (what arrived) for received and short, else its expected amount in its bucket. */
export function addToIncome(total: IncomeAmounts, p: { status: PayoutStatus; expected: Decimal; received: Decimal | null }): IncomeAmounts {
  const bucket = incomeBucketOf(p.status);
  const value = bucket === 'received' ? (p.received ?? ZERO) : p.expected;
  return { ...total, [bucket]: total[bucket].plus(value) };
}

// ---------------------------------------------------------------------------------------------------
// A holding's income received

export interface HoldingIncome {
  /** received + unconfirmed: the holding's "Income Received". */
  received: Decimal;
  /** Σ what arrived of its received and short payouts (the broker's records, or the user's mark). */
  confirmed: Decimal;
  /** Σ expected of its paid payouts not confirmed yet (no record or mark: a hand-entered holding, or inside the 4-business-day window). */
  unconfirmed: Decimal;
  /** Σ expected of its missing payouts: not counted. */
  missing: Decimal;
  /** Σ (expected − received) of its short payouts: not counted. */
  shortfall: Decimal;
}

/**
 * A holding's income received as its ledger says (docs/metrics.md "Income received"): a received or
 * short payout counts what arrived, a paid one (not confirmed yet) its expected amount, a missing one
 * nothing; projected, declared and entitled payouts are not paid yet and count nothing.
 */
/**
 * What a payout counts in its holding's income received: what arrived of a received or short payout,
 * the expected amount of a paid one, nothing otherwise (missing, or not paid yet).
 */
export function countedIncome(p: { status: PayoutStatus; expected: Decimal; received: Decimal | null }): Decimal {
  const bucket = incomeBucketOf(p.status);
  if (bucket === 'received') return p.received ?? ZERO;
  return bucket === 'unconfirmed' ? p.expected : ZERO;
}

export function holdingIncome(payouts: readonly { status: PayoutStatus; expected: Decimal; received: Decimal | null }[]): HoldingIncome {
  let confirmed = ZERO;
  let unconfirmed = ZERO;
  let missing = ZERO;
  let shortfall = ZERO;
  for (const p of payouts) {
    switch (p.status) {
      case 'received':
        confirmed = confirmed.plus(p.received ?? ZERO);
        break;
      case 'short':
        confirmed = confirmed.plus(p.received ?? ZERO);
        shortfall = shortfall.plus(p.expected.minus(p.received ?? ZERO));
        break;
      case 'paid':
        unconfirmed = unconfirmed.plus(p.expected);
        break;
      case 'missing':
        missing = missing.plus(p.expected);
        break;
      case 'projected':
      case 'declared':
      case 'entitled':
        break;
      default: {
        const never: never = p.status;
        throw new Error(`unknown payout status ${String(never)}`);
      }
    }
  }
  return { received: confirmed.plus(unconfirmed), confirmed, unconfirmed, missing, shortfall };
}

/** Periods of an income goal a year: a week 52, a month 12. */
export function goalPeriodsPerYear(period: 'week' | 'month'): number {
  return period === 'week' ? 52 : 12;
}

export interface GoalProgress {
  /** The portfolio's projected annual income / periods a year. */
  runRatePerPeriod: Decimal;
  /** runRatePerPeriod / goal × 100. */
  percent: Decimal;
  /** max(0, goal − runRatePerPeriod). */
  gapPerPeriod: Decimal;
}

/** Progress toward a goal of `goal` a `period` at a projected annual income. */
export function goalProgress(goal: Decimal, period: 'week' | 'month', projectedAnnualIncome: Decimal): GoalProgress {
  const runRatePerPeriod = projectedAnnualIncome.div(goalPeriodsPerYear(period));
  const gap = goal.minus(runRatePerPeriod);
  return { runRatePerPeriod, percent: goal.gt(0) ? runRatePerPeriod.div(goal).times(100) : ZERO, gapPerPeriod: gap.gt(0) ? gap : ZERO };
}

/**
 * Shares of a fund that pay `perPeriod` a goal period at its current distribution rate: perPeriod ×
 * periods a year / (amount per share × payouts a year). Null when the fund pays nothing.
 */
export function sharesForIncome(perPeriod: Decimal, period: 'week' | 'month', amountPerShare: Decimal, payoutsPerYear: number): Decimal | null {
  const annualPerShare = amountPerShare.times(payoutsPerYear);
  if (!annualPerShare.gt(0)) return null;
  return perPeriod.times(goalPeriodsPerYear(period)).div(annualPerShare);
}
