import { describe, expect, it } from 'vitest';
import { calendarWeeks, groupByDate, mondayOf, weekdayOf } from './calendar-weeks.ts';
import { isoDate } from './format.ts';

describe('calendar weeks', () => {
  it('starts on the Monday of the current week', () => {
    expect(isoDate(mondayOf(new Date(2026, 10, 22)))).toBe('2026-11-16'); // Sunday
    expect(isoDate(mondayOf(new Date(2026, 10, 16)))).toBe('2026-11-16'); // Monday
    expect(isoDate(mondayOf(new Date(2026, 10, 19)))).toBe('2026-11-16'); // Thursday
  });

  it('public calendar: 4 weeks of 7 days, across a month end', () => {
    const weeks = calendarWeeks('2026-11-19');
    expect(weeks.map((w) => w.number)).toEqual([1, 2, 3, 4]);
    expect(weeks[0]!.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(weeks[2]!.days[0]).toBe('2026-11-30');
    expect(weeks[3]!.days[6]).toBe('2026-12-13');
  });

  it('no weeks for a date that does not read', () => {
    expect(calendarWeeks('')).toEqual([]);
  });

  it('user calendar: weekdays only', () => {
    const weeks = calendarWeeks('2026-11-19', 4, 5);
    expect(weeks[1]!.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
  });

  it('names weekdays and groups entries by date', () => {
    expect(weekdayOf('2026-11-16')).toBe('Monday');
    const grouped = groupByDate([{ d: '2026-11-16', t: 'A' }, { d: '2026-11-17', t: 'B' }, { d: '2026-11-16', t: 'C' }], (e) => e.d);
    expect(grouped.get('2026-11-16')!.map((e) => e.t)).toEqual(['A', 'C']);
  });
});
