import { describe, expect, it } from 'vitest';
import { fixed } from './decimal.ts';
import type { BarPoint, DistributionPoint } from './etf-metrics.ts';
import { holdingPerformance } from './holding-performance.ts';

describe('holding performance (portfolio)', () => {
  const hBars: BarPoint[] = [
    { date: '2025-06-06', close: '15.00' },
    { date: '2025-06-13', close: '15.30' },
    { date: '2025-06-26', close: '13.00' },
  ];
  const hDist: DistributionPoint[] = [
    { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.30' },
    { exDate: '2025-06-12', payDate: null, amount: '0.30' }, // pays the next business day, 06-13
    { exDate: '2025-06-26', payDate: '2025-06-27', amount: '0.25' }, // pays today, no bar yet: 06-26 close
    { exDate: '2025-07-03', payDate: '2025-07-07', amount: '0.25' }, // not paid yet
  ];
  const base = {
    purchaseDate: '2025-06-01',
    shares: '100',
    purchasePrice: '15.50',
    today: '2025-06-27',
    frequency: 'weekly' as const,
    bars: hBars,
    quote: { price: '13.50', quotedAt: '2025-06-27T18:00:00Z' },
    distributions: hDist,
  };
  it('DRIP reinvests each payment at the pay-date close', () => {
    const h = holdingPerformance({ ...base, drip: true });
    // 100 x 0.30 = 30.00 at 15.00 -> +2 = 102; 102 x 0.30 = 30.60 at 15.30 -> +2 = 104;
    // 104 x 0.25 = 26.00 at 13.00 -> +2 = 106
    expect(h.shares.toString()).toBe('106');
    expect(fixed(h.incomeReceived, 2)).toBe('86.60');
    expect(h.payments.map((p) => p.payDate)).toEqual(['2025-06-06', '2025-06-13', '2025-06-27']);
    // value 106 x 13.50 = 1431.00; cost 100 x 15.50 = 1550.00
    expect(fixed(h.marketValue!, 2)).toBe('1431.00');
    // price: 100 x (13.50 - 15.50) = -200.00; distributions: 6 x 13.50 = 81.00; total -119.00
    expect(fixed(h.priceReturn!, 2)).toBe('-200.00');
    expect(fixed(h.distributionReturn!, 2)).toBe('81.00');
    expect(fixed(h.totalReturn!, 2)).toBe('-119.00');
    // -119 / 1550 x 100 = -7.6774... -> -7.68
    expect(fixed(h.totalReturnPercent!, 2)).toBe('-7.68');
    // weeklyAverage (0.30 + 0.30 + 0.25) / 3 = 0.28333...; 106 x 0.28333... x 52 = 1561.7333... -> 1561.73
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1561.73');
  });
  it('without DRIP the cash is income and the share count stays', () => {
    const h = holdingPerformance({ ...base, drip: false });
    // 30.00 + 30.00 + 25.00 = 85.00; total -200 + 85 = -115.00; -115 / 1550 x 100 = -7.419... -> -7.42
    expect(h.shares.toString()).toBe('100');
    expect(fixed(h.incomeReceived, 2)).toBe('85.00');
    expect(fixed(h.totalReturn!, 2)).toBe('-115.00');
    expect(fixed(h.totalReturnPercent!, 2)).toBe('-7.42');
    // 100 x 0.28333... x 52 = 1473.333... -> 1473.33
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1473.33');
  });
  it('buying on the ex-date does not earn that distribution', () => {
    const h = holdingPerformance({ ...base, purchaseDate: '2025-06-05', drip: false });
    // 06-12 and 06-26 only: 100 x 0.30 + 100 x 0.25 = 55.00
    expect(fixed(h.incomeReceived, 2)).toBe('55.00');
  });
  it('without a purchase price there is no cost basis and no return, but income still counts', () => {
    const h = holdingPerformance({ ...base, purchasePrice: null, drip: false });
    expect(h.costBasis).toBeNull();
    expect(h.totalReturn).toBeNull();
    expect(fixed(h.incomeReceived, 2)).toBe('85.00');
  });
});
