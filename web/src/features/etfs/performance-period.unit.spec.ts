import { describe, expect, it } from 'vitest';
import { chartPoints, performancePeriodLabel, priceChangeOf } from './performance-period.ts';

describe('ETF detail helpers', () => {
  it('labels the performance period', () => {
    expect(performancePeriodLabel(120)).toBe('since inception');
    expect(performancePeriodLabel(364)).toBe('since inception');
    expect(performancePeriodLabel(365)).toBe('1-year');
    expect(performancePeriodLabel(null)).toBe('1-year');
  });

  it('price change is last minus first, with a percentage only with more than one point', () => {
    expect(priceChangeOf([])).toBeNull();
    expect(priceChangeOf([{ price: 10 }])).toEqual({ change: 0, percent: null });
    const c = priceChangeOf([{ price: 20 }, { price: 18 }, { price: 22 }])!;
    expect(c.change).toBeCloseTo(2);
    expect(c.percent).toBeCloseTo(10);
  });

  it('chart points are ascending and unique by date', () => {
    expect(
      chartPoints([
        { timestamp: '2026-01-03', price: 3 },
        { timestamp: '2026-01-01', price: 1 },
        { timestamp: '2026-01-03', price: 4 },
      ]),
    ).toEqual([
      { time: '2026-01-01', value: 1 },
      { time: '2026-01-03', value: 4 },
    ]);
  });
});
