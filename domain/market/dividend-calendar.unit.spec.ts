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
      // B: weeklyAverage 1.20 / 4 = 0.30; per payout 0.30 x 4 = 1.2000; ex 05-23 + 28 = Fri 06-20,
      // paid 2 business days later: Mon 06-23, Tue 06-24
      ['2025-06-24', 'BBBY', '1.2000', true],
      // A: weeklyAverage (0.30 + 0.33 + 0.36) / 3 = 0.33 (06-23 is after today); ex 06-23 + 7 = 06-30, paid Tue 07-01
      ['2025-07-01', 'AAAW', '0.3300', true],
      ['2025-07-07', 'DDDX', '0.12', false],
      ['2025-07-08', 'AAAW', '0.3300', true], // ex 07-07, paid 07-08
      // D: weeklyAverage (0.10 + 0.11) / 2 = 0.105; ex 07-03 + 7 = 07-10, paid 07-11
      ['2025-07-11', 'DDDX', '0.1050', true],
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
      ['2025-07-01', 'AAAW', '15.5', '5.12'], // 15.5 x 0.33 = 5.115 -> 5.12 (half up)
      ['2025-07-08', 'AAAW', '15.5', '5.12'],
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
