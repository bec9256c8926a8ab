import type { BrokerRecord, LedgerPayout, PayoutMatch } from '../../contracts/payouts.ts';
import { canonical, dec, fixed, ZERO, type Decimal } from '../../domain/market/decimal.ts';
import { buildDividendCalendar, payoutDateOf } from '../../domain/market/dividend-calendar.ts';
import { METRIC_PRECISION } from '../../domain/market/etf-metrics.ts';
import { matchBrokerRecords, MATCH_WINDOW_BUSINESS_DAYS, payoutStatus, receivedOfRecords, type BrokerRecordIn } from '../../domain/market/payout-ledger.ts';
import { KIND_ORDER } from '../../domain/market/run-rate.ts';
import { adjustDistributions } from '../../domain/market/splits.ts';
import { addDays, daysBetween, mondayOf, type IsoDate } from '../../domain/market/trading-days.ts';
import type { MarketInputs } from '../market/market-snapshot.ts';
import type { HoldingEntry } from './projection.ts';
import { computeHolding, sharesEntitled, sharesText, type HoldingComputation } from './views.ts';
import type { PayoutsDoc } from '../payouts/projection.ts';

/**
 * The payout ledger of a user (docs/payouts.md), derived from the holdings as entered, the market read
 * side and the user's `payouts` document. Pure: the same inputs give the same ledger.
 *
 * Payouts: the fund's recorded distributions (declared, and issuers' estimates) and, ahead of today,
 * the calendar's projections (buildDividendCalendar), each on today's share basis; a fund's
 * distributions sharing an ex-date are one payout (the user marks a payout by holding and ex-date).
 * Entitled shares: a hand-entered holding's shares at the ex-date (sharesEntitled: splits, the DRIP
 * estimate); a brokerage-synced holding's shares now less the shares its brokerage reinvestments
 * (REI records) bought on or after the ex-date, the brokerage's own history instead of the estimate.
 */

/** A record's ticker as payouts are matched on: upper case, a venue suffix (`.TO`) dropped. */
export function recordTicker(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/\..*$/, '');
}

export interface LedgerInput {
  holdings: readonly HoldingEntry[];
  market: MarketInputs;
  payouts: PayoutsDoc | null;
  /** The holdings' computations when the caller has them already (the user area), by holding id. */
  computed?: ReadonlyMap<string, HoldingComputation>;
}

/** One payout before matching: its entitlement, with the decimals kept. */
interface Draft {
  key: string;
  holding: HoldingEntry;
  ticker: string;
  kind: LedgerPayout['kind'];
  exDate: IsoDate;
  payDate: IsoDate;
  estimated: boolean;
  shares: Decimal;
  amountPerShare: Decimal;
  expected: Decimal;
  distributionIds: string[];
}

const money = (v: Decimal) => fixed(v, METRIC_PRECISION.money);

/** The key of a payout: a holding and an ex-date. */
export const payoutKey = (holdingId: string, exDate: IsoDate) => `${holdingId}/${exDate}`;

/** Entitled shares of a brokerage-synced holding at an ex-date: shares now − shares its reinvestments bought on or after it. */
function syncedSharesAt(c: HoldingComputation, exDate: IsoDate, reinvested: readonly { date: IsoDate; units: Decimal }[]): Decimal {
  if (exDate <= c.heldSince) return ZERO;
  const later = reinvested.filter((r) => r.date >= exDate).reduce((acc, r) => acc.plus(r.units), ZERO);
  const shares = dec(c.holding.shares).minus(later);
  return shares.gt(0) ? shares : ZERO;
}

/** The payouts of one holding with a pay date in [from, to]. */
function draftsOf(c: HoldingComputation, market: MarketInputs, from: IsoDate, to: IsoDate, reinvested: readonly { date: IsoDate; units: Decimal }[]): Draft[] {
  const { holding } = c;
  const series = market.series.get(holding.etfId) ?? null;
  if (!series) return [];
  const today = market.today;
  const synced = holding.source === 'brokerage';
  const recorded = adjustDistributions(series.distributions, series.splits, today);
  const rows: { exDate: IsoDate; payDate: IsoDate; amount: Decimal; kind: LedgerPayout['kind']; estimated: boolean; id: string | null }[] = recorded.map((d) => ({
    exDate: d.exDate,
    payDate: payoutDateOf(d),
    amount: dec(d.amount),
    kind: d.kind ?? 'regular',
    estimated: d.status === 'estimated',
    id: d.distributionId,
  }));
  if (to > today) {
    // the calendar's projections ahead (none for a stale fund), those of an ex-date not recorded
    const weeks = Math.ceil((daysBetween(mondayOf(today), to) + 1) / 7);
    const stale = (market.items.get(holding.etfId)?.stale ?? null) !== null;
    const known = new Set(recorded.map((d) => d.exDate));
    for (const e of buildDividendCalendar([{ etfId: holding.etfId, ticker: series.ticker, name: '', frequency: series.frequency, distributions: recorded, stale }], today, weeks)) {
      if (!known.has(e.exDate) && e.estimated) rows.push({ exDate: e.exDate, payDate: e.payoutDate, amount: dec(e.amount), kind: e.kind, estimated: true, id: null });
    }
  }
  const byExDate = new Map<IsoDate, typeof rows>();
  for (const r of rows) {
    if (r.payDate < from || r.payDate > to) continue;
    byExDate.set(r.exDate, [...(byExDate.get(r.exDate) ?? []), r]);
  }
  const drafts: Draft[] = [];
  for (const [exDate, group] of byExDate) {
    const shares = synced ? syncedSharesAt(c, exDate, reinvested) : sharesEntitled(c, exDate);
    if (!shares.gt(0)) continue;
    group.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    const amountPerShare = group.reduce((acc, r) => acc.plus(r.amount), ZERO);
    drafts.push({
      key: payoutKey(holding.id, exDate),
      holding,
      ticker: series.ticker,
      kind: group[0]!.kind,
      exDate,
      payDate: group.map((r) => r.payDate).sort()[group.length - 1]!,
      estimated: group.every((r) => r.estimated),
      shares,
      amountPerShare,
      expected: shares.times(amountPerShare),
      distributionIds: group.flatMap((r) => (r.id === null ? [] : [r.id])),
    });
  }
  return drafts;
}

export interface Ledger {
  payouts: LedgerPayout[];
  unmatched: BrokerRecord[];
}

/**
 * The ledger: every payout of the holdings with a pay date in [from, to], by pay date then ticker, and
 * the broker records no payout took. Broker records are matched against the synced holdings' payouts
 * around every record's date (whatever range is asked for), so a record's match never depends on the
 * range.
 */
export function buildLedger({ holdings, market, payouts, computed: known }: LedgerInput, from: IsoDate, to: IsoDate): Ledger {
  const records = payouts?.records ?? [];
  const marks = new Map((payouts?.marks ?? []).map((m) => [payoutKey(m.holdingId, m.exDate), m]));
  const recordsById = new Map(records.map((r) => [r.id, r]));
  const computed = holdings.map((h) => known?.get(h.id) ?? computeHolding(h, market));
  const tickerOf = (c: HoldingComputation) => market.series.get(c.holding.etfId)?.ticker ?? market.items.get(c.holding.etfId)?.ticker ?? '';
  const reinvestedOf = (c: HoldingComputation) =>
    c.holding.source === 'brokerage'
      ? records.filter((r) => r.type === 'REI' && r.source !== 'file' && recordTicker(r.symbol) === tickerOf(c).toUpperCase() && r.units !== null).map((r) => ({ date: r.date, units: dec(r.units!) }))
      : [];

  // Each source against its holdings, over the records' dates (plus the window), matched once: the
  // brokerage sync's records against the synced holdings' payouts, a dividend history file's against
  // the hand-entered holdings' payouts (a file never confirms what the sync reports, nor the reverse).
  const matched = new Map<string, string[]>();
  const unmatchedIds: string[] = [];
  for (const fromFile of [false, true]) {
    const own = records.filter((r) => (r.source === 'file') === fromFile);
    const held = computed.filter((c) => (c.holding.source === 'brokerage') !== fromFile);
    if (own.length === 0) continue;
    if (held.length === 0) {
      unmatchedIds.push(...own.map((r) => r.id));
      continue;
    }
    const dates = own.map((r) => r.date).sort();
    const pad = 2 * MATCH_WINDOW_BUSINESS_DAYS + 7;
    const candidates = held.flatMap((c) => draftsOf(c, market, addDays(dates[0]!, -pad), addDays(dates[dates.length - 1]!, pad), reinvestedOf(c))).filter((d) => !d.estimated);
    const recordIns: BrokerRecordIn[] = own.map((r) => ({ id: r.id, ticker: recordTicker(r.symbol), type: r.type, amount: dec(r.amount), date: r.date }));
    const result = matchBrokerRecords(
      candidates.map((d) => ({ key: d.key, ticker: d.ticker.toUpperCase(), payDate: d.payDate, expected: d.expected })),
      recordIns,
    );
    for (const [key, ids] of result.matched) matched.set(key, [...(matched.get(key) ?? []), ...ids]);
    unmatchedIds.push(...result.unmatched);
  }

  const out: LedgerPayout[] = [];
  for (const c of computed) {
    const brokerageSynced = c.holding.source === 'brokerage';
    for (const d of draftsOf(c, market, from, to, reinvestedOf(c))) {
      const mark = marks.get(d.key);
      const matchedRecords = (matched.get(d.key) ?? []).map((id) => recordsById.get(id)!);
      let received: Decimal | null = null;
      let match: PayoutMatch | null = null;
      if (mark) {
        received = dec(mark.amount);
        match = { source: 'user', markedAt: mark.markedAt };
      } else if (matchedRecords.length > 0) {
        received = receivedOfRecords(matchedRecords.map((r) => ({ type: r.type, amount: dec(r.amount) })));
        match = { source: 'brokerage', records: matchedRecords };
      }
      const expected = dec(money(d.expected));
      out.push({
        holdingId: c.holding.id,
        etfId: c.holding.etfId,
        ticker: d.ticker,
        kind: d.kind,
        exDate: d.exDate,
        payDate: d.payDate,
        entitledShares: sharesText(d.shares),
        amountPerShare: canonical(d.amountPerShare),
        expected: money(expected),
        received: received === null ? null : money(received),
        status: payoutStatus({ today: market.today, exDate: d.exDate, payDate: d.payDate, estimated: d.estimated, entitledShares: d.shares, expected, received, brokerageSynced }),
        match,
        brokerageSynced,
        distributionIds: d.distributionIds,
      });
    }
  }
  out.sort((a, b) => (a.payDate < b.payDate ? -1 : a.payDate > b.payDate ? 1 : a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : a.holdingId < b.holdingId ? -1 : 1));
  const unmatched = unmatchedIds
    .map((id) => recordsById.get(id)!)
    .sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : a.id < b.id ? -1 : 1));
  return { payouts: out, unmatched };
}
