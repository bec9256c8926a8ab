import { describe, expect, it } from 'vitest';
import { computeEtfMetrics, presentEtfMetrics, returnWindowStart, usableBars, type BarPoint, type DistributionPoint } from './etf-metrics.ts';
import { addDays, businessDaysBetween, isBusinessDay, nextBusinessDay, previousBusinessDay, type IsoDate } from './trading-days.ts';

/** Every business day in [from, to] at `close`, except those in `skip` ([from, to]). */
function flat(from: IsoDate, to: IsoDate, close: string, skip?: [IsoDate, IsoDate]): BarPoint[] {
  return businessDaysBetween(from, to)
    .filter((d) => !skip || d < skip[0] || d > skip[1])
    .map((date) => ({ date, close }));
}

/** $amount every Thursday in [from, to] (a closed Thursday moves to the day before), paid the next business day. */
function thursdays(from: IsoDate, to: IsoDate, amount: string): DistributionPoint[] {
  const out: DistributionPoint[] = [];
  for (let d = from; d <= to; d = addDays(d, 7)) {
    const ex = isBusinessDay(d) ? d : previousBusinessDay(d);
    out.push({ exDate: ex, payDate: nextBusinessDay(ex), amount, status: 'declared' });
  }
  return out;
}

describe('the one-year window across a price gap (docs/metrics.md "Window", audit N6)', () => {
  // The audit's N3GP: $10 flat, $0.10 every Thursday from 2025-06-05; no bars 2025-10-01 .. 2025-12-31;
  // today Friday 2026-11-27, so the anniversary (Thanksgiving 2025-11-27) falls inside the gap.
  const today = '2026-11-27';
  const bars = flat('2025-06-02', today, '10.00', ['2025-10-01', '2025-12-31']);
  const distributions = thursdays('2025-06-05', '2026-11-26', '0.10');

  it('starts at the first close after the gap, and says so: 329 days, not 423', () => {
    // the last close on or before the anniversary is 2025-09-30, 40 sessions before it: more than five
    const m = computeEtfMetrics({ today, frequency: 'weekly', bars, quote: null, distributions });
    // 2026-01-01 is New Year's Day: the first close after the gap is Friday 01-02
    expect(m.windowStart).toBe('2026-01-02');
    expect(m.windowBasis).toBe('after-gap');
    expect(m.historicalPeriodDays).toBe(329);
    const view = presentEtfMetrics(m);
    // 47 payouts after 01-02 (Thursdays 01-08 .. 11-19 and Wednesday 11-25): 4.70 on a $10 start
    expect(view.oneYearReturn).toBe('47.00');
    expect(view.priceReturn).toBe('0.00');
    // 1.01^47 - 1 = 0.596263443...
    expect(view.dripReturn).toBe('59.63');
    // the trailing twelve months do not depend on bars: 52 payouts after the anniversary
    expect(view.ttmYield).toBe('52.00');
    expect(view.windowStart).toBe('2026-01-02');
    expect(view.windowBasis).toBe('after-gap');
  });

  it('keeps the last close on or before the anniversary when at most five sessions lie between', () => {
    // anniversary Monday 2025-11-24 (today Tuesday 2026-11-24); no bars 11-18 .. 11-24: the last close is
    // Monday 11-17, with 18, 19, 20, 21, 24 (five sessions) between: still the one-year window, 372 days
    const gap5 = flat('2025-06-02', '2026-11-24', '10.00', ['2025-11-18', '2025-11-24']);
    const five = usableBars(gap5, '2026-11-24');
    expect(returnWindowStart(five, '2026-11-24')).toEqual({ bar: { date: '2025-11-17', close: expect.anything() }, basis: 'one-year' });
    expect(computeEtfMetrics({ today: '2026-11-24', frequency: 'weekly', bars: gap5, distributions }).historicalPeriodDays).toBe(372);
    // one more session missing (no close on 11-17 either): the first close after the anniversary, 11-25
    const gap6 = flat('2025-06-02', '2026-11-24', '10.00', ['2025-11-17', '2025-11-24']);
    expect(returnWindowStart(usableBars(gap6, '2026-11-24'), '2026-11-24')).toEqual({ bar: { date: '2025-11-25', close: expect.anything() }, basis: 'after-gap' });
    expect(computeEtfMetrics({ today: '2026-11-24', frequency: 'weekly', bars: gap6, distributions }).historicalPeriodDays).toBe(364);
  });

  it('a weekend or holiday anniversary is no gap: Monday today -> Friday, 367 days; Thanksgiving -> Wednesday, 366', () => {
    const all = flat('2025-06-02', today, '10.00');
    expect(computeEtfMetrics({ today: '2026-11-23', frequency: 'weekly', bars: all, distributions })).toMatchObject({ windowStart: '2025-11-21', historicalPeriodDays: 367, windowBasis: 'one-year' });
    expect(computeEtfMetrics({ today, frequency: 'weekly', bars: all, distributions })).toMatchObject({ windowStart: '2025-11-26', historicalPeriodDays: 366, windowBasis: 'one-year' });
  });

  it('a fund younger than a year starts at its first close: since inception', () => {
    const young = flat('2026-11-02', today, '25.00');
    expect(computeEtfMetrics({ today, frequency: 'weekly', bars: young, distributions: [] })).toMatchObject({ windowStart: '2026-11-02', historicalPeriodDays: 25, windowBasis: 'inception' });
  });
});
