import { describe, expect, it } from 'vitest';
import type { BrokerPayoutRecord } from '../../events/payouts.ts';
import type { MarketInputs } from '../market/market-snapshot.ts';
import type { EtfListItem } from '../market/render.ts';
import type { EtfSeries } from '../market/queries.ts';
import type { PayoutsDoc } from '../payouts/projection.ts';
import { buildLedger } from './payout-ledger.ts';
import type { HoldingEntry } from './projection.ts';

/**
 * The ledger's shares and grouping (docs/payouts.md). PAYW pays weekly, ex Tuesday, paid Wednesday, at
 * $20; today Friday 2026-01-23.
 */
const ETF = '5e5e5e5e-0000-4000-8000-000000000007';
const TODAY = '2026-01-23';

function series(distributions: EtfSeries['distributions']): EtfSeries {
  const bars = ['2026-01-02', '2026-01-07', '2026-01-14', '2026-01-21', '2026-01-23'].map((date) => ({ date, close: '20', source: 'manual' as const }));
  return { etfId: ETF, ticker: 'PAYW', frequency: 'weekly', today: TODAY, bars, quote: null, distributions, splits: [], metrics: null };
}
const d = (exDate: string, amount: string, payDate: string, kind: 'regular' | 'special' = 'regular') => ({
  exDate,
  payDate,
  amount,
  kind,
  status: 'declared' as const,
  distributionId: `${ETF}_${exDate}${kind === 'special' ? '_special' : ''}`,
  recordDate: null,
  source: 'manual' as const,
});
const market = (s: EtfSeries): MarketInputs => ({ today: TODAY, items: new Map<string, EtfListItem>(), series: new Map([[ETF, s]]) });
const holding = (over: Partial<HoldingEntry>): HoldingEntry => ({ id: 'h1', etfId: ETF, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: false, addedAt: '2026-01-02T15:00:00.000Z', ...over });
const doc = (records: BrokerPayoutRecord[]): PayoutsDoc => ({ _id: 'u', marks: [], records, goal: null });
const rei = (id: string, date: string, amount: string, units: string): BrokerPayoutRecord => ({ id, accountId: 'a', type: 'REI', symbol: 'PAYW', amount, units, price: '20', date });

const weekly = [d('2026-01-06', '0.5', '2026-01-07'), d('2026-01-13', '0.4', '2026-01-14'), d('2026-01-20', '0.25', '2026-01-21')];

describe('buildLedger', () => {
  it('a hand-entered holding with DRIP: the shares at each ex-date, the reinvestments paid before it included (100 → 102.5 → 104.55)', () => {
    const l = buildLedger({ holdings: [holding({ isDrip: true })], market: market(series(weekly)), payouts: null }, '2026-01-05', '2026-01-23');
    // 100 × 0.50 = 50 reinvested at 20: 2.5 shares; 102.5 × 0.40 = 41 at 20: 2.05 shares; 104.55 × 0.25 = 26.1375
    expect(l.payouts.map((p) => [p.exDate, p.entitledShares, p.expected, p.status])).toEqual([
      ['2026-01-06', '100', '50.00', 'paid'],
      ['2026-01-13', '102.5', '41.00', 'paid'],
      ['2026-01-20', '104.55', '26.14', 'paid'],
    ]);
  });

  it('a regular and a special on one ex-date are one payout (amounts added, the regular kind, both ids)', () => {
    const l = buildLedger({ holdings: [holding({})], market: market(series([...weekly, d('2026-01-20', '1', '2026-01-21', 'special')])), payouts: null }, '2026-01-21', '2026-01-21');
    expect(l.payouts).toHaveLength(1);
    expect(l.payouts[0]).toMatchObject({ kind: 'regular', amountPerShare: '1.25', expected: '125.00', distributionIds: [`${ETF}_2026-01-20`, `${ETF}_2026-01-20_special`] });
  });

  it("a brokerage-synced holding: shares now less the reinvestments bought on or after each ex-date; nothing before it was held", () => {
    const synced = holding({ source: 'brokerage', shares: '104.55', purchaseDate: null, addedAt: '2026-01-05T15:00:00.000Z' });
    const records = [rei('r1', '2026-01-07', '-50', '2.5'), rei('r2', '2026-01-14', '-41', '2.05')];
    const l = buildLedger({ holdings: [synced], market: market(series([d('2026-01-02', '0.5', '2026-01-05'), ...weekly])), payouts: doc(records) }, '2026-01-01', '2026-01-23');
    // 104.55 now; 01-06: 104.55 − 2.5 − 2.05 = 100; 01-13: 104.55 − 2.05 = 102.5; 01-20: 104.55; ex 01-02 is before the first sync (01-05)
    // the reinvestments matched their payouts (pay dates 01-07 and 01-14): their cash received
    expect(l.payouts.map((p) => [p.exDate, p.entitledShares, p.expected, p.received, p.status])).toEqual([
      ['2026-01-06', '100', '50.00', '50.00', 'received'],
      ['2026-01-13', '102.5', '41.00', '41.00', 'received'],
      ['2026-01-20', '104.55', '26.14', null, 'paid'],
    ]);
    expect(l.unmatched).toEqual([]);
  });

  it('a dividend history file confirms the hand-entered holding, never the synced one; the sync confirms the synced one, never the hand-entered one', () => {
    const cash = (id: string, date: string, amount: string, source?: 'file'): BrokerPayoutRecord => ({
      id,
      accountId: source ? 'file:schwab' : 'a',
      type: 'DIVIDEND',
      symbol: 'PAYW',
      amount,
      units: null,
      price: null,
      date,
      ...(source ? { source } : {}),
    });
    const hand = holding({ id: 'hand' });
    const synced = holding({ id: 'sync', source: 'brokerage', purchaseDate: null, addedAt: '2026-01-05T15:00:00.000Z' });
    // the file says 01-07 $50 (the hand-entered holding's) and 01-14 $30 (short); the sync says 01-14 $40
    const records = [cash('f1', '2026-01-07', '50', 'file'), cash('f2', '2026-01-14', '30', 'file'), cash('s1', '2026-01-14', '40')];
    const l = buildLedger({ holdings: [hand, synced], market: market(series(weekly)), payouts: doc(records) }, '2026-01-05', '2026-01-16');
    expect(l.payouts.map((p) => [p.holdingId, p.exDate, p.received, p.status, p.match?.source === 'brokerage' ? p.match.records.map((r) => r.id) : null])).toEqual([
      ['hand', '2026-01-06', '50.00', 'received', ['f1']],
      // the file's 01-07 record is not the synced holding's: missing
      ['sync', '2026-01-06', null, 'missing', null],
      ['hand', '2026-01-13', '30.00', 'short', ['f2']],
      ['sync', '2026-01-13', '40.00', 'received', ['s1']],
    ]);
    expect(l.unmatched).toEqual([]);
    // without a hand-entered holding the file's records are listed, not taken by the synced holding
    const alone = buildLedger({ holdings: [synced], market: market(series(weekly)), payouts: doc(records) }, '2026-01-05', '2026-01-16');
    expect(alone.unmatched.map((r) => r.id).sort()).toEqual(['f1', 'f2']);
  });
});
