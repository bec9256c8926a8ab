import { describe, expect, it } from 'vitest';
import { buildDividendCalendar, buildUserDividendCalendar, calendarWindow, payLagBusinessDays, type CalendarFund } from './dividend-calendar.ts';
import type { IsoDate } from './trading-days.ts';

/**
 * today = Wednesday 2025-06-18; window = Monday 2025-06-16 .. Sunday 2025-07-13 (4 weeks).
 * Holidays in play: Juneteenth Thu 06-19, Independence Day Fri 07-04.
 */
const today = '2025-06-18';

const funds: CalendarFund[] = [
  {
    // Weekly, ex Monday / pay Tuesday.
    etfId: 'a', ticker: 'AAAW', name: 'Fund A', frequency: 'weekly',
    distributions: [
      { exDate: '2025-06-02', payDate: '2025-06-03', amount: '0.30' },
      { exDate: '2025-06-09', payDate: '2025-06-10', amount: '0.33' },
      { exDate: '2025-06-16', payDate: '2025-06-17', amount: '0.36' },
      { exDate: '2025-06-23', payDate: null, amount: '0.40' }, // declared, no pay date: next business day 06-24
    ],
  },
  {
    // Every four weeks, ex Friday, paid 2 business days later (Fri 05-23 -> Tue 05-27 -> Wed 05-28, Memorial Day).
    etfId: 'b', ticker: 'BBBY', name: 'Fund B', frequency: 'four-weekly',
    distributions: [{ exDate: '2025-05-23', payDate: '2025-05-28', amount: '1.20' }],
  },
  { etfId: 'c', ticker: 'CCCC', name: 'Fund C', frequency: 'twice-weekly', distributions: [] },
  {
    // Weekly, ex Thursday; 07-03 declared without pay date -> next business day after Jul 4 weekend = Mon 07-07.
    etfId: 'd', ticker: 'DDDX', name: 'Fund D', frequency: 'weekly',
    distributions: [
      { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.10' },
      { exDate: '2025-06-12', payDate: '2025-06-13', amount: '0.11' },
      { exDate: '2025-07-03', payDate: null, amount: '0.12' },
    ],
  },
];

describe('public dividend calendar', () => {
  it('covers four Monday-to-Sunday weeks from the Monday of this week', () => {
    expect(calendarWindow(today)).toEqual({ from: '2025-06-16', to: '2025-07-13' });
  });
  it('lists declared payouts and projects undeclared ones, sorted by date then ticker', () => {
    const entries = buildDividendCalendar(funds, today).map((e) => [e.payoutDate, e.ticker, e.amount, e.estimated]);
    expect(entries).toEqual([
      ['2025-06-17', 'AAAW', '0.36', false],
      ['2025-06-24', 'AAAW', '0.4', false],
      // B: latest declared 1.20 (full precision, "1.2"); ex Friday 05-23, four weeks later Friday 06-20,
      // paid 2 business days later: Mon 06-23, Tue 06-24
      ['2025-06-24', 'BBBY', '1.2', true],
      // A: latest declared 0.40 (06-23, declared for next week); ex Monday 06-30, paid Tue 07-01
      ['2025-07-01', 'AAAW', '0.4', true],
      ['2025-07-07', 'DDDX', '0.12', false],
      ['2025-07-08', 'AAAW', '0.4', true], // ex 07-07, paid 07-08
      // D: latest declared 0.12; ex Thursday 07-10, paid 07-11
      ['2025-07-11', 'DDDX', '0.12', true],
    ]);
  });
  it('learns the pay lag from the latest known pay date', () => {
    expect(payLagBusinessDays(funds[1]!.distributions)).toBe(2);
    expect(payLagBusinessDays(funds[0]!.distributions)).toBe(1);
    expect(payLagBusinessDays([])).toBe(1);
  });
});

describe('user dividend calendar', () => {
  it('multiplies the held shares (several lots add up) by the amount per share', () => {
    const entries = buildDividendCalendar(funds, today);
    const mine = buildUserDividendCalendar(entries, [
      { etfId: 'a', shares: '10' },
      { etfId: 'a', shares: '5.5' },
      { etfId: 'b', shares: '3' },
    ], today);
    expect(mine.map((e) => [e.payoutDate, e.ticker, e.shares, e.estimatedPayout])).toEqual([
      ['2025-06-17', 'AAAW', '15.5', '5.58'], // 15.5 x 0.36 = 5.58
      ['2025-06-24', 'AAAW', '15.5', '6.20'], // 15.5 x 0.40 = 6.20
      ['2025-06-24', 'BBBY', '3', '3.60'], // 3 x 1.20 = 3.60
      ['2025-07-01', 'AAAW', '15.5', '6.20'], // projected at the latest declared 0.40: 15.5 x 0.40 = 6.20
      ['2025-07-08', 'AAAW', '15.5', '6.20'],
    ]);
  });

  it('marks paid the declared payouts whose pay date is on or before today, never an estimate (F13)', () => {
    // today Wednesday 2025-06-18: AAAW's 06-17 payout (declared, paid Tuesday) is paid; 06-24 is not yet.
    const entries = buildDividendCalendar(funds, today);
    const paid = (day: IsoDate) => buildUserDividendCalendar(entries, [{ etfId: 'a', shares: '10' }], day).map((e) => [e.payoutDate, e.estimated, e.paid]);
    expect(paid(today)).toEqual([
      ['2025-06-17', false, true],
      ['2025-06-24', false, false],
      ['2025-07-01', true, false],
      ['2025-07-08', true, false],
    ]);
    // on the pay date itself it counts as paid (as the holding's incomeReceived counts it)
    expect(paid('2025-06-24')[1]).toEqual(['2025-06-24', false, true]);
    // a projected date in the past was never declared: not paid
    expect(paid('2025-07-02')[2]).toEqual(['2025-07-01', true, false]);
  });
});

describe('issue 10: projected payouts (F3, F6, F16)', () => {
  it('AUDC ($0.50 cut to $0.10) projects the latest declared $0.10; 10.5 shares get $1.05 a payout', () => {
    const audc: CalendarFund = {
      etfId: 'c', ticker: 'AUDC', name: 'Cut', frequency: 'weekly',
      distributions: [
        { exDate: '2026-11-03', payDate: '2026-11-04', amount: '0.50' },
        { exDate: '2026-11-10', payDate: '2026-11-11', amount: '0.50' },
        { exDate: '2026-11-17', payDate: '2026-11-18', amount: '0.10' },
      ],
    };
    const entries = buildDividendCalendar([audc], '2026-11-23');
    expect(entries.filter((e) => e.estimated).map((e) => [e.exDate, e.payoutDate, e.amount])).toEqual([
      ['2026-11-24', '2026-11-25', '0.1'],
      ['2026-12-01', '2026-12-02', '0.1'],
      ['2026-12-08', '2026-12-09', '0.1'],
      ['2026-12-15', '2026-12-16', '0.1'],
    ]);
    expect(buildUserDividendCalendar(entries, [{ etfId: 'c', shares: '10.5' }], '2026-11-23').map((e) => e.estimatedPayout)).toEqual(['1.05', '1.05', '1.05', '1.05']);
  });
  it('a Thursday fund (AUDF) goes ex Wednesday in Thanksgiving week and then stays on Thursday / Friday', () => {
    const audf: CalendarFund = {
      etfId: 'f', ticker: 'AUDF', name: 'Flat', frequency: 'weekly',
      distributions: [
        { exDate: '2026-11-05', payDate: '2026-11-06', amount: '0.10' },
        { exDate: '2026-11-12', payDate: '2026-11-13', amount: '0.10' },
        { exDate: '2026-11-19', payDate: '2026-11-20', amount: '0.10' },
      ],
    };
    const projected = (f: CalendarFund) => buildDividendCalendar([f], '2026-11-23').filter((e) => e.estimated).map((e) => [e.exDate, e.payoutDate]);
    // Thanksgiving Thursday 11-26: ex Wednesday 11-25, paid one business day later: Friday 11-27 (Roundhill 2024: ex 11/27, paid 11/29)
    expect(projected(audf)).toEqual([
      ['2026-11-25', '2026-11-27'],
      ['2026-12-03', '2026-12-04'],
      ['2026-12-10', '2026-12-11'],
      ['2026-12-17', '2026-12-18'],
    ]);
    // The issuer declared Wednesday 11-25 (no pay date): later projections stay on Thursday, paid Friday
    const declared = { ...audf, distributions: [...audf.distributions, { exDate: '2026-11-25', payDate: null, amount: '0.10' }] };
    expect(projected(declared)).toEqual([
      ['2026-12-03', '2026-12-04'],
      ['2026-12-10', '2026-12-11'],
      ['2026-12-17', '2026-12-18'],
    ]);
  });
  it('AUDU: a sub-dollar payout keeps its precision ($0.0012345, not $0.0012)', () => {
    const audu: CalendarFund = {
      etfId: 'u', ticker: 'AUDU', name: 'Penny', frequency: 'weekly',
      distributions: [{ exDate: '2026-11-19', payDate: '2026-11-20', amount: '0.0012345' }],
    };
    expect(buildDividendCalendar([audu], '2026-11-23').filter((e) => e.estimated).map((e) => e.amount)).toEqual(['0.0012345', '0.0012345', '0.0012345', '0.0012345']);
  });
});
