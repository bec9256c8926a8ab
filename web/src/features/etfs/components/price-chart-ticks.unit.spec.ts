import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { formatTickMark } from './price-chart-ticks.ts';

describe('price chart time axis labels', () => {
  it('a year boundary is the year, a month boundary the month name (en-US short)', () => {
    expect(formatTickMark('2026-01-02', TickMarkType.Year)).toBe('2026');
    expect(formatTickMark('2026-03-02', TickMarkType.Month)).toBe('Mar');
    const months = Array.from({ length: 12 }, (_, m) => formatTickMark(`2026-${String(m + 1).padStart(2, '0')}-01`, TickMarkType.Month));
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('a day mark names its month: the 1Y axis showed a bare "3" where March began', () => {
    // the library dropped the Mar 2 month mark and labelled Mar 3 as a day of the month
    expect(formatTickMark('2026-03-03', TickMarkType.DayOfMonth)).toBe('Mar 3');
    expect(formatTickMark('2026-11-28', TickMarkType.DayOfMonth)).toBe('Nov 28');
  });

  it('reads business-day objects and UTC timestamps as the same calendar day, whatever the time zone', () => {
    expect(formatTickMark({ year: 2026, month: 3, day: 3 }, TickMarkType.DayOfMonth)).toBe('Mar 3');
    // 2026-03-01T00:00:00Z: the first of March even where the local clock still says February
    expect(formatTickMark(Date.UTC(2026, 2, 1) / 1000 as UTCTimestamp, TickMarkType.Month)).toBe('Mar');
    expect(formatTickMark(Date.UTC(2027, 0, 4) / 1000 as UTCTimestamp, TickMarkType.Year)).toBe('2027');
  });

  it('labels stay within the library\'s 8 characters', () => {
    for (let m = 1; m <= 12; m++) {
      expect(formatTickMark(`2026-${String(m).padStart(2, '0')}-28`, TickMarkType.DayOfMonth)!.length).toBeLessThanOrEqual(8);
    }
  });

  it('intraday marks and unreadable times fall back to the library (null)', () => {
    expect(formatTickMark('2026-03-03', TickMarkType.Time)).toBeNull();
    expect(formatTickMark('2026-03-03', TickMarkType.TimeWithSeconds)).toBeNull();
    expect(formatTickMark('not a date', TickMarkType.Month)).toBeNull();
  });
});
