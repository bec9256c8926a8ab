import { describe, expect, it } from 'vitest';
import { chartPoints, performancePeriodLabel, priceChangeOf } from './performance-period.ts';

describe('ETF detail helpers', () => {
  it('labels the performance period', () => {
    expect(performancePeriodLabel({ historicalPeriodDays: 120, windowStart: '2026-07-30', windowBasis: 'inception' })).toBe('since inception');
    expect(performancePeriodLabel({ historicalPeriodDays: 364 })).toBe('since inception');
    expect(performancePeriodLabel({ historicalPeriodDays: 365, windowStart: '2025-11-27', windowBasis: 'one-year' })).toBe('1-year');
    expect(performancePeriodLabel({ historicalPeriodDays: null })).toBe('1-year');
  });

  it('labels "1-year" only what is one year (audit N6): a window after a price gap, or a longer one, says its start', () => {
    // Monday 2026-11-23: anniversary Sunday -> Friday 2025-11-21, 367 days; a close 5 sessions before it: 372
    expect(performancePeriodLabel({ historicalPeriodDays: 367, windowStart: '2025-11-21', windowBasis: 'one-year' })).toBe('1-year');
    expect(performancePeriodLabel({ historicalPeriodDays: 377, windowStart: '2025-11-15', windowBasis: 'one-year' })).toBe('1-year');
    // the audit's N3GP: no closes 2025-10-01 .. 12-31; the window starts at the first close after the gap
    expect(performancePeriodLabel({ historicalPeriodDays: 329, windowStart: '2026-01-02', windowBasis: 'after-gap' })).toBe('since Jan 2, 2026');
    // what the old rule served for it (423 days from 2025-09-30) is not called 1-year either
    expect(performancePeriodLabel({ historicalPeriodDays: 423, windowStart: '2025-09-30', windowBasis: 'one-year' })).toBe('since Sep 30, 2025');
    expect(performancePeriodLabel({ historicalPeriodDays: 423 })).toBe('over 423 days');
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
