import { describe, expect, it } from 'vitest';
import { dec } from './decimal.ts';
import {
  addToIncome,
  businessDayDistance,
  goalProgress,
  holdingIncome,
  incomePeriodOf,
  incomeRange,
  isShort,
  matchBrokerRecords,
  missingFrom,
  NO_INCOME,
  payoutStatus,
  periodsBetween,
  receivedOfRecords,
  sharesForIncome,
  type BrokerRecordIn,
  type PayoutStatusInput,
} from './payout-ledger.ts';

/** The examples of docs/metrics.md "Payouts and income goals", computed by hand there. */

const base: PayoutStatusInput = {
  today: '2026-01-14',
  exDate: '2026-01-13',
  payDate: '2026-01-14',
  estimated: false,
  entitledShares: dec(100),
  expected: dec('40'),
  received: null,
  brokerageSynced: true,
};

describe('payoutStatus', () => {
  it('by the dates: projected, declared, entitled, paid, missing from 4 business days after the pay date (synced only)', () => {
    expect(payoutStatus({ ...base, estimated: true, today: '2026-01-05' })).toBe('projected');
    expect(payoutStatus({ ...base, today: '2026-01-12' })).toBe('declared');
    expect(payoutStatus({ ...base, today: '2026-01-13' })).toBe('entitled');
    expect(payoutStatus({ ...base, today: '2026-01-14' })).toBe('paid');
    // Wednesday 01-14 + 4 business days = Tuesday 01-20 (Monday 01-19 is Martin Luther King Jr. Day)
    expect(missingFrom('2026-01-14')).toBe('2026-01-21');
    expect(payoutStatus({ ...base, today: '2026-01-20' })).toBe('paid');
    expect(payoutStatus({ ...base, today: '2026-01-21' })).toBe('missing');
    expect(payoutStatus({ ...base, today: '2026-03-02', brokerageSynced: false })).toBe('paid');
  });

  it('received, or short when below expected by more than a cent a share: 100 shares, 40.00 expected, 39.00 is received, 38.99 short', () => {
    expect(isShort(dec('40'), dec('39'), dec(100))).toBe(false);
    expect(isShort(dec('40'), dec('38.99'), dec(100))).toBe(true);
    expect(payoutStatus({ ...base, received: dec('39') })).toBe('received');
    expect(payoutStatus({ ...base, received: dec('38.99') })).toBe('short');
    expect(payoutStatus({ ...base, received: dec('45') })).toBe('received');
  });
});

describe('matchBrokerRecords', () => {
  const payouts = [
    { key: 'h1/2026-01-06', ticker: 'RCVW', payDate: '2026-01-07', expected: dec('50') },
    { key: 'h1/2026-01-13', ticker: 'RCVW', payDate: '2026-01-14', expected: dec('40') },
    { key: 'h2/2026-01-13', ticker: 'SHTW', payDate: '2026-01-14', expected: dec('15') },
  ];
  const r = (id: string, ticker: string, type: 'DIVIDEND' | 'REI', amount: string, date: string): BrokerRecordIn => ({ id, ticker, type, amount: dec(amount), date });

  it('by ticker and the nearest pay date within 3 business days; one cash group and one reinvestment group a payout; two accounts on one date are one group', () => {
    const result = matchBrokerRecords(payouts, [
      r('a', 'RCVW', 'DIVIDEND', '30', '2026-01-14'),
      r('b', 'RCVW', 'DIVIDEND', '10', '2026-01-14'),
      r('c', 'RCVW', 'REI', '-40', '2026-01-14'),
      r('d', 'RCVW', 'DIVIDEND', '49', '2026-01-09'),
      r('e', 'SHTW', 'DIVIDEND', '13', '2026-01-16'),
      r('f', 'RCVW', 'DIVIDEND', '50', '2025-12-10'),
      r('g', 'ABCD', 'DIVIDEND', '7.5', '2026-01-14'),
    ]);
    expect(Object.fromEntries(result.matched)).toEqual({ 'h1/2026-01-13': ['a', 'b', 'c'], 'h1/2026-01-06': ['d'], 'h2/2026-01-13': ['e'] });
    expect(result.unmatched).toEqual(['f', 'g']);
  });

  it('a record 4 business days from every pay date is unmatched; a second cash group of one payout too', () => {
    expect(matchBrokerRecords(payouts, [r('x', 'SHTW', 'DIVIDEND', '15', '2026-01-21')]).unmatched).toEqual(['x']);
    const two = matchBrokerRecords([payouts[2]!], [r('y', 'SHTW', 'DIVIDEND', '15', '2026-01-14'), r('z', 'SHTW', 'DIVIDEND', '15', '2026-01-15')]);
    expect([Object.fromEntries(two.matched), two.unmatched]).toEqual([{ 'h2/2026-01-13': ['y'] }, ['z']]);
  });

  it('received: the cash records, else the reinvestment', () => {
    expect(receivedOfRecords([{ type: 'DIVIDEND', amount: dec('30') }, { type: 'DIVIDEND', amount: dec('10') }, { type: 'REI', amount: dec('-40') }])!.toString()).toBe('40');
    expect(receivedOfRecords([{ type: 'REI', amount: dec('-40') }])!.toString()).toBe('40');
    expect(receivedOfRecords([])).toBeNull();
  });

  it('business days between dates skip weekends and holidays', () => {
    expect(businessDayDistance('2026-01-14', '2026-01-16')).toBe(2);
    expect(businessDayDistance('2026-01-16', '2026-01-20')).toBe(1);
    expect(businessDayDistance('2026-01-20', '2026-01-14')).toBe(-3);
  });
});

describe('income periods and series', () => {
  it('weeks from Monday, months, years; the default ranges', () => {
    expect(incomePeriodOf('2026-01-18', 'week')).toBe('2026-01-12');
    expect(incomePeriodOf('2026-01-19', 'week')).toBe('2026-01-19');
    expect(incomePeriodOf('2026-01-19', 'month')).toBe('2026-01');
    expect(incomePeriodOf('2026-01-19', 'year')).toBe('2026');
    expect(incomeRange('2026-02-06', 'week')).toEqual({ from: '2025-11-10', to: '2026-03-08' });
    expect(incomeRange('2026-02-06', 'month')).toEqual({ from: '2025-03-01', to: '2026-04-30' });
    expect(incomeRange('2026-02-06', 'year')).toEqual({ from: '2024-01-01', to: '2026-12-31' });
    expect(periodsBetween('2026-01-01', '2026-03-31', 'month')).toEqual([
      { period: '2026-01', start: '2026-01-01', end: '2026-01-31' },
      { period: '2026-02', start: '2026-02-01', end: '2026-02-28' },
      { period: '2026-03', start: '2026-03-01', end: '2026-03-31' },
    ]);
  });

  it('each payout in its bucket: received (what arrived), unconfirmed, expected, missing', () => {
    const total = [
      { status: 'received' as const, expected: dec('50'), received: dec('50') },
      { status: 'short' as const, expected: dec('15'), received: dec('13') },
      { status: 'paid' as const, expected: dec('40'), received: null },
      { status: 'entitled' as const, expected: dec('25'), received: null },
      { status: 'projected' as const, expected: dec('30'), received: null },
      { status: 'missing' as const, expected: dec('2'), received: null },
    ].reduce(addToIncome, NO_INCOME);
    expect([total.received, total.unconfirmed, total.expected, total.missing].map(String)).toEqual(['63', '40', '55', '2']);
  });
});

describe("a holding's income received (docs/metrics.md \"Income received\")", () => {
  it('the hand example: $50.00 received, $13.00 of $15.00 short, $40.00 paid unconfirmed, $10.00 missing, $25.00 entitled and $30.00 projected', () => {
    const income = holdingIncome([
      { status: 'received', expected: dec('50'), received: dec('50') },
      { status: 'short', expected: dec('15'), received: dec('13') },
      { status: 'paid', expected: dec('40'), received: null },
      { status: 'missing', expected: dec('10'), received: null },
      { status: 'entitled', expected: dec('25'), received: null },
      { status: 'declared', expected: dec('20'), received: null },
      { status: 'projected', expected: dec('30'), received: null },
    ]);
    // the fund's distributions × shares counted every paid one in full: 50 + 15 + 40 + 10 = 115
    expect(Object.fromEntries(Object.entries(income).map(([k, v]) => [k, v.toFixed(2)]))).toEqual({
      received: '103.00',
      confirmed: '63.00',
      unconfirmed: '40.00',
      missing: '10.00',
      shortfall: '2.00',
    });
  });

  it('a mark above the expected counts what arrived; nothing paid yet counts nothing', () => {
    expect(holdingIncome([{ status: 'received', expected: dec('40'), received: dec('45') }]).received.toFixed(2)).toBe('45.00');
    expect(holdingIncome([{ status: 'projected', expected: dec('30'), received: null }]).received.toFixed(2)).toBe('0.00');
    expect(holdingIncome([]).received.toFixed(2)).toBe('0.00');
  });
});

describe('the income goal', () => {
  it('progress at the run rate: 1,560.00 a year against 100.00 a week is 30.00 a week, 30 %, a gap of 70.00', () => {
    const p = goalProgress(dec(100), 'week', dec(1560));
    expect([p.runRatePerPeriod, p.percent, p.gapPerPeriod].map(String)).toEqual(['30', '30', '70']);
    const m = goalProgress(dec(100), 'month', dec(1560));
    expect([m.runRatePerPeriod, m.percent, m.gapPerPeriod].map(String)).toEqual(['130', '130', '0']);
  });

  it('shares it would take: 70.00 a week at 0.30 weekly is 233.33 shares; 100.00 a month at 0.10 weekly is 230.77; a fund paying nothing: none', () => {
    expect(sharesForIncome(dec(70), 'week', dec('0.3'), 52)!.toFixed(6)).toBe('233.333333');
    expect(sharesForIncome(dec(100), 'month', dec('0.1'), 52)!.toFixed(6)).toBe('230.769231');
    expect(sharesForIncome(dec(100), 'month', dec(0), 52)).toBeNull();
  });
});
