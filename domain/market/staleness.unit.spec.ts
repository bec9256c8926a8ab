import { describe, expect, it } from 'vitest';
import { buildDividendCalendar } from './dividend-calendar.ts';
import { explainMetrics } from './explain.ts';
import { computeEtfMetrics, presentEtfMetrics, staleness, type BarPoint, type DistributionPoint } from './etf-metrics.ts';
import { holdingPerformance } from './holding-performance.ts';
import { addDays, businessDaysBetween, isBusinessDay, previousBusinessDay, type IsoDate } from './trading-days.ts';

/** Every business day in [from, to] at `close`. */
const flat = (from: IsoDate, to: IsoDate, close: string): BarPoint[] => businessDaysBetween(from, to).map((date) => ({ date, close }));

/** A weekly payout every Thursday (a closed Thursday moves to the day before) in [from, to], paid the next business day. */
function thursdays(from: IsoDate, to: IsoDate, amount: string): DistributionPoint[] {
  const out: DistributionPoint[] = [];
  for (let d = from; d <= to; d = addDays(d, 7)) {
    const ex = isBusinessDay(d) ? d : previousBusinessDay(d);
    out.push({ exDate: ex, payDate: businessDaysBetween(addDays(ex, 1), addDays(ex, 7))[0]!, amount, status: 'declared' });
  }
  return out;
}

describe('staleness (docs/metrics.md "Stale data")', () => {
  const exDates = ['2026-10-29', '2026-11-05', '2026-11-12', '2026-11-19'];

  it('a price older than five sessions before today is stale, since its date', () => {
    // last close Monday 11-16: sessions without one before Tuesday 11-24 are 17, 18, 19, 20, 23 (five): not stale
    expect(staleness({ today: '2026-11-24', frequency: 'weekly', priceDate: '2026-11-16', exDates })).toBeNull();
    // Wednesday 11-25: 24 is the sixth
    expect(staleness({ today: '2026-11-25', frequency: 'weekly', priceDate: '2026-11-16', exDates })).toEqual({ since: '2026-11-16', reason: 'no-recent-price' });
    // a holiday is no session: last close Friday 11-20, today Tuesday 12-01 -> 23, 24, 25, 27, 30 (Thanksgiving 26 closed): five
    expect(staleness({ today: '2026-12-01', frequency: 'weekly', priceDate: '2026-11-20', exDates: [...exDates, '2026-11-25'] })).toBeNull();
  });

  it('two expected ex-dates passed with nothing recorded is stale, since the last ex-date', () => {
    // last ex Thursday 11-05: expected 11-12 and 11-19; on 11-19 the second has not passed yet
    const upTo = ['2026-10-22', '2026-10-29', '2026-11-05'];
    expect(staleness({ today: '2026-11-19', frequency: 'weekly', priceDate: '2026-11-18', exDates: upTo })).toBeNull();
    expect(staleness({ today: '2026-11-20', frequency: 'weekly', priceDate: '2026-11-19', exDates: upTo })).toEqual({ since: '2026-11-05', reason: 'missed-payouts' });
    // a declared ex-date after today: the fund is paying
    expect(staleness({ today: '2026-11-20', frequency: 'weekly', priceDate: '2026-11-19', exDates: [...upTo, '2026-11-25'] })).toBeNull();
    // monthly: expected 10-09 (10-10 a Saturday) and 11-10 passed
    expect(staleness({ today: '2026-11-23', frequency: 'monthly', priceDate: '2026-11-20', exDates: ['2026-08-10', '2026-09-10'] })).toEqual({ since: '2026-09-10', reason: 'missed-payouts' });
  });

  it('a fund still paying on a slower schedule than its catalog frequency (every 28 days, marked weekly) is not stale before two of its own gaps', () => {
    const fourWeekly = ['2026-09-03', '2026-10-01', '2026-10-29'];
    // weekly would expect 11-05 and 11-12; its own spacing expects 11-26 and 12-24
    expect(staleness({ today: '2026-11-23', frequency: 'weekly', priceDate: '2026-11-20', exDates: fourWeekly })).toBeNull();
    expect(staleness({ today: '2026-12-24', frequency: 'weekly', priceDate: '2026-12-23', exDates: fourWeekly })).toBeNull();
    expect(staleness({ today: '2026-12-28', frequency: 'weekly', priceDate: '2026-12-24', exDates: fourWeekly })).toEqual({ since: '2026-10-29', reason: 'missed-payouts' });
  });

  it('a young fund with one payout, or without data, is not stale', () => {
    // the audit's N3ON: listed 11-02, one payout ex 11-19; today 11-27
    expect(staleness({ today: '2026-11-27', frequency: 'weekly', priceDate: '2026-11-27', exDates: ['2026-11-19'] })).toBeNull();
    expect(staleness({ today: '2026-11-27', frequency: 'weekly', priceDate: null, exDates: [] })).toBeNull();
  });
});

// The metrics audit's N3CL (N5): $10 flat, $0.10 every Thursday; last bar Wednesday 2026-09-30, last ex-date
// 09-24; today Friday 2026-11-27.
describe('a stale fund (the audit N3CL): nothing projected until data resumes', () => {
  const today = '2026-11-27';
  const bars = flat('2025-06-02', '2026-09-30', '10.00');
  const distributions = thursdays('2025-06-05', '2026-09-24', '0.10');
  const input = { today, frequency: 'weekly' as const, bars, quote: null, distributions };

  it('the metrics say stale since the price date, and project no next ex-date', () => {
    const m = computeEtfMetrics(input);
    expect(m.stale).toEqual({ since: '2026-09-30', reason: 'no-recent-price' });
    expect(m.priceDate).toBe('2026-09-30');
    expect(m.nextExDividend).toBeNull();
    const view = presentEtfMetrics(m);
    expect(view.stale).toEqual({ since: '2026-09-30', reason: 'no-recent-price' });
    expect(view.nextExDividend).toBeNull();
    expect(view.nextExDividendEstimated).toBe(false);
  });

  it('the explain traces say so: the price date they use and since when the data stopped', () => {
    const e = explainMetrics(computeEtfMetrics(input), input);
    expect(e.yieldPercent.inputs).toEqual({ weeklyAverage: '0.1', currentPrice: '10', priceAsOf: '2026-09-30', staleSince: '2026-09-30', staleReason: 'no-recent-price' });
    expect(e.weeklyAverage.inputs).toMatchObject({ staleSince: '2026-09-30', staleReason: 'no-recent-price' });
    expect(e.weeklyAverage.inputs).not.toHaveProperty('priceAsOf');
    for (const k of ['distributionRate', 'annualDripYield', 'oneYearReturn', 'dripReturn'] as const) expect(e[k].inputs).toMatchObject({ priceAsOf: '2026-09-30' });
    // a current fund's traces are as before
    const current = { ...input, bars: [...bars, ...flat('2026-10-01', today, '10.00')], distributions: [...distributions, ...thursdays('2026-10-01', '2026-11-26', '0.10')] };
    expect(explainMetrics(computeEtfMetrics(current), current).yieldPercent.inputs).toEqual({ weeklyAverage: '0.1', currentPrice: '10' });
  });

  it('the calendar projects no payout for it (a declared one would still show)', () => {
    const fund = { etfId: 'n3cl', ticker: 'N3CL', name: 'Audit closed fund', frequency: 'weekly' as const, distributions };
    // without the flag: 4 estimated weekly payouts (the audit's 11-27, 12-04, 12-11, 12-18)
    expect(buildDividendCalendar([fund], today).map((e) => e.payoutDate)).toEqual(['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18']);
    expect(buildDividendCalendar([{ ...fund, stale: true }], today)).toEqual([]);
    const declared = [...distributions, { exDate: '2026-12-03', payDate: '2026-12-04', amount: '0.10', status: 'declared' as const }];
    expect(buildDividendCalendar([{ ...fund, distributions: declared, stale: true }], today).map((e) => [e.payoutDate, e.estimated])).toEqual([['2026-12-04', false]]);
  });

  it('a holding projects no income and no house-money date (income received stays)', () => {
    const h = holdingPerformance({ ...input, purchaseDate: '2026-06-01', shares: '100', purchasePrice: '10', drip: false });
    // 17 Thursdays 06-04 .. 09-24 x 100 x 0.10
    expect(h.incomeReceived.toFixed(2)).toBe('170.00');
    expect(h.stale).toEqual({ since: '2026-09-30', reason: 'no-recent-price' });
    expect(h.projectedAnnualIncome).toBeNull();
    expect(h.houseMoney).toMatchObject({ date: null, reached: false });
    expect(h.houseMoney.percent?.toFixed(2)).toBe('17.00');
  });

  it('when data resumes (closes up to today), it is projected again', () => {
    const resumed = { ...input, bars: [...bars, ...flat('2026-11-23', '2026-11-27', '10.00')], distributions: [...distributions, ...thursdays('2026-11-19', '2026-11-26', '0.10')] };
    const m = computeEtfMetrics(resumed);
    expect(m.stale).toBeNull();
    expect(m.nextExDividend).toEqual({ date: '2026-12-03', estimated: true });
    const h = holdingPerformance({ ...resumed, purchaseDate: '2026-06-01', shares: '100', purchasePrice: '10', drip: false });
    // 100 x 0.10 x 52
    expect(h.projectedAnnualIncome?.toFixed(2)).toBe('520.00');
    expect(h.houseMoney.date).not.toBeNull();
  });
});

// Staleness rests on the run rate (domain/market/run-rate.ts), as every projection does: the regular
// payouts at the frequency used. $10 flat, $0.10 every Thursday up to 2026-11-05, then only a special $1.00
// ex Thursday 11-12; closes up to today, Friday 11-20.
describe('a stale fund with a special: the regular payouts decide (docs/metrics.md "Stale data")', () => {
  const today = '2026-11-20';
  const regular = thursdays('2026-06-04', '2026-11-05', '0.10');
  const special: DistributionPoint = { exDate: '2026-11-12', payDate: '2026-11-13', amount: '1.00', status: 'declared', kind: 'special' };
  const input = { today, frequency: 'weekly' as const, bars: flat('2026-06-01', today, '10.00'), quote: null, distributions: [...regular, special] };

  it('a special on a regular payout weekday does not stand in for the missed ones: stale since the last regular ex-date', () => {
    const m = computeEtfMetrics(input);
    expect(m.stale).toEqual({ since: '2026-11-05', reason: 'missed-payouts' });
    expect(m.nextExDividend).toBeNull();
    const h = holdingPerformance({ ...input, purchaseDate: '2026-10-01', shares: '100', purchasePrice: '10', drip: false });
    expect(h.stale).toEqual({ since: '2026-11-05', reason: 'missed-payouts' });
    expect(h.projectedAnnualIncome).toBeNull();
    // counted over every kind, the special would have been the last ex-date (expected 11-19 and 11-25 next): current
    expect(staleness({ today, frequency: 'weekly', priceDate: today, exDates: input.distributions.map((d) => d.exDate) })).toBeNull();
  });

  it("a special the day after a regular payout neither shortens the fund's own gap nor hides its cadence", () => {
    // every 28 days (ex 09-03, 10-01, 10-29) while marked weekly, and a special Friday 10-30; today Monday 11-23.
    // Counted over every kind the last gap is one day and weekly 11-05 and 11-12 are missed: stale since 10-30.
    // The run rate: the regular gaps of 28 days say four-weekly, next expected 11-25 (11-26 is Thanksgiving).
    const distributions: DistributionPoint[] = [
      ...['2026-09-03', '2026-10-01', '2026-10-29'].map((exDate) => ({ exDate, payDate: addDays(exDate, 1), amount: '0.40', status: 'declared' as const })),
      { ...special, exDate: '2026-10-30', payDate: '2026-11-02' },
    ];
    const at = { ...input, today: '2026-11-23', bars: flat('2026-06-01', '2026-11-23', '10.00'), distributions };
    expect(staleness({ today: at.today, frequency: 'weekly', priceDate: at.today, exDates: distributions.map((d) => d.exDate) })).toEqual({ since: '2026-10-30', reason: 'missed-payouts' });
    const m = computeEtfMetrics(at);
    expect(m.stale).toBeNull();
    expect(m.nextExDividend).toEqual({ date: '2026-11-25', estimated: true });
  });
});
