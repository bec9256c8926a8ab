import { describe, expect, it } from 'vitest';
import type { HoldingView, UserCalendarEntry } from '../../../../contracts/portfolio.ts';
import { etf, holdingView } from '../../testing/fixtures.ts';
import { payoutWeeks } from './payout-weeks.ts';
import { holdingGain, portfolioSummary } from './portfolio-summary.ts';
import { SEARCH_LIMIT, searchEtfs } from './search-etfs.ts';

function holding(overrides: Partial<HoldingView> = {}): HoldingView {
  return holdingView({ etf: etf({ currentPrice: '50.00' }), ...overrides });
}

describe('portfolio summary: total value and total gain', () => {
  it('value = price × shares held; gain = (price − purchase price) × shares over holdings with a purchase price', () => {
    const s = portfolioSummary([
      holding({ shares: '10', purchasePrice: '40', currentPrice: '50.00', incomeReceived: '3.50', projectedAnnualIncome: '200.20' }),
      // DRIP: 2 shares reinvested; the value counts them, the gain uses the 20 bought.
      holding({ id: 'h2', shares: '20', sharesBought: '20', currentShares: '22', isDrip: 1, purchasePrice: '12.50', currentPrice: '10.00', incomeReceived: '19.80', projectedAnnualIncome: '100' }),
      // No purchase price: in the value, not in the gain.
      holding({ id: 'h3', shares: '1.5', currentPrice: '100.00', incomeReceived: '0.00', projectedAnnualIncome: null }),
    ]);
    expect(s.holdingsCount).toBe(3);
    expect(s.totalValue).toBeCloseTo(10 * 50 + 22 * 10 + 1.5 * 100, 10);
    expect(s.totalGain).toBeCloseTo(10 * (50 - 40) + 20 * (10 - 12.5), 10); // 100 − 50 = 50
    expect(s.totalGainPercent).toBeCloseTo((50 / (400 + 250)) * 100, 10);
    expect(s.holdingsWithCost).toBe(2);
    expect(s.incomeReceived).toBeCloseTo(23.3, 10);
    expect(s.projectedAnnualIncome).toBeCloseTo(300.2, 10);
  });

  it('falls back to the fund price and the entered shares; no price counts as 0', () => {
    const s = portfolioSummary([holding({ etf: etf({ currentPrice: '20.00' }) }), holding({ id: 'h2', etf: etf({ currentPrice: '' }), purchasePrice: '5' })]);
    expect(s.totalValue).toBe(200);
    expect(s.totalGain).toBe(0);
    expect(s.totalGainPercent).toBeNull();
    expect(s.projectedAnnualIncome).toBeNull();
  });

  it('an empty portfolio', () => {
    expect(portfolioSummary([])).toMatchObject({ holdingsCount: 0, totalValue: 0, totalGain: 0, totalGainPercent: null, incomeReceived: 0, projectedAnnualIncome: 0 });
  });

  it('a holding gain only with a purchase price', () => {
    expect(holdingGain(holding())).toBeNull();
    expect(holdingGain(holding({ purchasePrice: '62.5' }))).toEqual({ amount: -125, percent: -20 });
  });
});

describe('upcoming payouts (four weeks from Monday, weekdays only)', () => {
  const entry = (payoutDate: string, ticker: string, estimatedPayout: string, extra: Partial<UserCalendarEntry> = {}): UserCalendarEntry => ({
    etfId: `e-${ticker}`,
    ticker,
    payoutDate,
    amount: '0.5',
    shares: '10',
    estimatedPayout,
    estimated: false,
    isDemo: false,
    ...extra,
  });

  // Today: Wednesday 2026-11-18. Weeks start Mon 11-16, 11-23, 11-30, 12-07.
  const today = '2026-11-18';

  it('groups by day, Monday to Friday, weeks without payouts left out, with day and week totals', () => {
    const weeks = payoutWeeks(
      [
        entry('2026-11-20', 'NVDW', '5.00'),
        entry('2026-11-20', 'AAPW', '2.25', { estimated: true }),
        entry('2026-11-16', 'TSLW', '1.10'),
        entry('2026-12-11', 'NVDW', '5.00'),
        entry('2026-11-21', 'SATW', '9.00'), // a Saturday: not shown
        entry('2026-11-09', 'OLDW', '9.00'), // before this week
        entry('2026-12-14', 'NEXT', '9.00'), // after the fourth week
      ],
      today,
    );
    expect(weeks.map((w) => w.number)).toEqual([1, 4]);
    const first = weeks[0]!;
    expect(first.days.map((d) => d.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    const friday = first.days[4]!;
    expect(friday.payouts.map((p) => p.ticker)).toEqual(['AAPW', 'NVDW']);
    expect(friday.total).toBeCloseTo(7.25, 10);
    expect(first.days[1]!.payouts).toEqual([]);
    expect(first.count).toBe(3);
    expect(first.total).toBeCloseTo(8.35, 10);
    expect(weeks[1]!.days[0]!.date).toBe('2026-12-07');
    expect(weeks[1]!.total).toBe(5);
  });

  it('on a Sunday the weeks still start at that week\'s Monday', () => {
    const weeks = payoutWeeks([entry('2026-11-16', 'NVDW', '1')], '2026-11-22');
    expect(weeks[0]!.days[0]!.date).toBe('2026-11-16');
  });

  it('nothing in the four weeks: no weeks', () => {
    expect(payoutWeeks([entry('2027-01-04', 'NVDW', '1')], today)).toEqual([]);
  });
});

describe('Find ETFs search', () => {
  const list = [
    etf({ id: '1', ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF' }),
    etf({ id: '2', ticker: 'AAPW', name: 'Roundhill AAPL WeeklyPay ETF' }),
    etf({ id: '3', ticker: 'XDIV', name: 'Something nvdw-like income' }),
    etf({ id: '4', ticker: 'ANVD', name: 'Other' }),
  ];

  it('is a case-insensitive substring match on ticker or name; ticker matches first', () => {
    expect(searchEtfs(list, 'nvd').map((e) => e.ticker)).toEqual(['NVDW', 'ANVD', 'XDIV']);
    expect(searchEtfs(list, 'WEEKLYPAY').map((e) => e.ticker)).toEqual(['NVDW', 'AAPW']);
    expect(searchEtfs(list, '  aapw ').map((e) => e.ticker)).toEqual(['AAPW']);
    expect(searchEtfs(list, 'zzz')).toEqual([]);
  });

  it('an empty query finds nothing', () => {
    expect(searchEtfs(list, '')).toEqual([]);
    expect(searchEtfs(list, '   ')).toEqual([]);
  });

  it('at most 10 results', () => {
    const many = Array.from({ length: 25 }, (_, i) => etf({ id: String(i), ticker: `W${i}`, name: 'Weekly fund' }));
    expect(SEARCH_LIMIT).toBe(10);
    expect(searchEtfs(many, 'weekly')).toHaveLength(10);
    expect(searchEtfs(many, 'weekly').map((e) => e.ticker)).toEqual(many.slice(0, 10).map((e) => e.ticker));
  });
});
