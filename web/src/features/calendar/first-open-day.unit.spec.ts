import { describe, expect, it } from 'vitest';
import { firstOpenDay } from './first-open-day.ts';

const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
const counts = (map: Record<string, number>) => (day: string) => map[day] ?? 0;

describe('the day the phone calendar opens', () => {
  it('today when it has payouts', () => {
    expect(firstOpenDay(days, '2026-11-18', counts({ '2026-11-17': 3, '2026-11-18': 2, '2026-11-19': 5 }))).toBe('2026-11-18');
  });

  it('else the next day with payouts: never a past one (a weekend today opens Monday)', () => {
    expect(firstOpenDay(days, '2026-11-18', counts({ '2026-11-17': 3, '2026-11-20': 1 }))).toBe('2026-11-20');
    expect(firstOpenDay(days, '2026-11-21', counts({ '2026-11-20': 4, '2026-11-23': 2 }))).toBe('2026-11-23');
  });

  it('none when nothing is left to pay', () => {
    expect(firstOpenDay(days, '2026-11-18', counts({ '2026-11-16': 1 }))).toBeNull();
    expect(firstOpenDay(days, '2026-11-18', counts({}))).toBeNull();
  });
});
