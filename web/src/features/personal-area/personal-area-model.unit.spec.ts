import { describe, expect, it } from 'vitest';
import type { HoldingView, UserCalendarEntry } from '../../../../contracts/portfolio.ts';
import { etf, holdingView, OWNER_ORIGIN } from '../../testing/fixtures.ts';
import { payoutWeeks } from './payout-weeks.ts';
import { holdingGain, holdingValue, portfolioSummary } from './portfolio-summary.ts';
import { SEARCH_LIMIT, searchEtfs } from './search-etfs.ts';

function holding(overrides: Partial<HoldingView> = {}): HoldingView {
  return holdingView({ etf: etf({ currentPrice: '50.00' }), ...overrides });
}

describe('portfolio summary: total value and total gain', () => {
  it('value = price × shares held; gain = the server gain over holdings with a purchase price', () => {
    const s = portfolioSummary([
      holding({ shares: '10', purchasePrice: '40', currentPrice: '50.00', costBasis: '400.00', gain: '103.50', priceChange: '100.00', distributionReturn: '3.50', incomeReceived: '3.50', projectedAnnualIncome: '200.20' }),
      // DRIP: 2 shares reinvested at $9.90; the value counts them, and so does the gain (value − cost).
      holding({ id: 'h2', shares: '20', sharesBought: '20', currentShares: '22', isDrip: 1, purchasePrice: '12.50', currentPrice: '10.00', costBasis: '250.00', gain: '-30.00', priceChange: '-50.00', distributionReturn: '20.00', incomeReceived: '19.80', projectedAnnualIncome: '100' }),
      // No purchase price: in the value, not in the gain.
      holding({ id: 'h3', shares: '1.5', currentPrice: '100.00', incomeReceived: '0.00', projectedAnnualIncome: null }),
    ]);
    expect(s.holdingsCount).toBe(3);
    expect(s.totalValue).toBeCloseTo(10 * 50 + 22 * 10 + 1.5 * 100, 10);
    expect(s.totalGain).toBeCloseTo(103.5 - 30, 10); // (500 + 3.50 − 400) + (220 − 250)
    expect(s.totalGainPercent).toBeCloseTo((73.5 / (400 + 250)) * 100, 10);
    expect(s.priceChange).toBeCloseTo(10 * (50 - 40) + 20 * (10 - 12.5), 10); // the spec's formula: 100 − 50
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

  it('a split since the purchase is no phantom gain: the server\'s split-adjusted figures count (1,000 sh at $2.00, 1-for-10 reverse split, now 100 sh at $20.00)', () => {
    const auds = holding({
      shares: '1000',
      sharesBought: '1000',
      currentShares: '100',
      purchasePrice: '2.00',
      currentPrice: '20.00',
      currentValue: '2000.00',
      costBasis: '2000.00',
      priceChange: '0.00',
      priceChangePercent: '0.00',
      gain: '140.00',
      gainPercent: '7.00',
      distributionReturn: '140.00',
      incomeReceived: '140.00',
      projectedAnnualIncome: '1040.00',
    });
    // gain = price change 0 + the 140.00 paid (no DRIP), not +18,000 on the old share count
    expect(holdingGain(auds)).toEqual({ amount: 140, percent: 7 });
    const summary = portfolioSummary([auds]);
    expect(summary).toMatchObject({ totalValue: 2000, totalGain: 140, incomeReceived: 140, projectedAnnualIncome: 1040 });
    expect(summary.totalGainPercent).toBeCloseTo(7, 9); // 140 / 2,000 (the cards add numbers; the screen rounds once)
  });

  it('a holding gain only when the server gives one (a purchase price and a price)', () => {
    expect(holdingGain(holding())).toBeNull();
    expect(holdingGain(holding({ purchasePrice: '62.5', gain: '-125.00', gainPercent: '-20.00' }))).toEqual({ amount: -125, percent: -20 });
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
    kind: 'regular',
    paid: false,
    isDemo: false,
    distributionId: `e-${ticker}_${payoutDate}`,
    payoutStatus: 'declared',
    receivedAmount: null,
    ...OWNER_ORIGIN,
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

describe('portfolio: the server figures for a DRIP holding (D9, docs/metrics.md "Holding value, gain and income")', () => {
  // The audit's HOOW: 10.5 shares bought at $20 (cost $210), DRIP; $335.71 paid, reinvested into 17.09
  // shares; price now $12.27. Value 27.59 × 12.27 = 338.5293 → $338.53; gain = value − cost = 128.5293 →
  // +$128.53 (+61.2%); of which price −$81.17 (10.5 × −7.73) and distributions +$209.69 (17.09 × 12.27).
  const hoow = holding({
    shares: '10.5',
    sharesBought: '10.5',
    currentShares: '27.59',
    sharesReinvested: '17.09',
    isDrip: 1,
    purchasePrice: '20',
    currentPrice: '12.27',
    currentValue: '338.53',
    costBasis: '210.00',
    incomeReceived: '335.71',
    gain: '128.53',
    gainPercent: '61.20',
    priceChange: '-81.17',
    priceChangePercent: '-38.65',
    distributionReturn: '209.69',
    distributionReturnPercent: '99.85',
  });

  it('the holding shows the server value and gain, never a gain on the bought shares only', () => {
    expect(holdingValue(hoow)).toBe(338.53);
    expect(holdingGain(hoow)).toEqual({ amount: 128.53, percent: 61.2 });
  });

  it('the cards add the server figures up: value, gain (price + distributions), income received and the part reinvested', () => {
    const cash = holding({ id: 'h2', shares: '10', purchasePrice: '40', currentPrice: '50.00', currentValue: '500.00', costBasis: '400.00', incomeReceived: '3.50', gain: '103.50', gainPercent: '25.88', priceChange: '100.00', distributionReturn: '3.50' });
    const s = portfolioSummary([hoow, cash]);
    expect(s.totalValue).toBe(838.53);
    expect(s.totalGain).toBe(232.03);
    expect(s.totalGainPercent).toBeCloseTo((232.03 / 610) * 100, 10);
    expect(s.priceChange).toBe(18.83);
    expect(s.distributionReturn).toBe(213.19);
    expect(s.incomeReceived).toBe(339.21);
    expect(s.incomeReinvested).toBe(335.71);
  });
});
