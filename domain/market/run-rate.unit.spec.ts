import { describe, expect, it } from 'vitest';
import { fixed } from './decimal.ts';
import { buildDividendCalendar } from './dividend-calendar.ts';
import { computeEtfMetrics, presentEtfMetrics, type BarPoint, type DistributionPoint, type MetricsInput } from './etf-metrics.ts';
import { explainMetrics } from './explain.ts';
import { holdingPerformance } from './holding-performance.ts';
import { currentRegime, inferFrequency, inferredFrequencyWarning, runRateOf } from './run-rate.ts';
import { addDays, addMonths, isBusinessDay, nextBusinessDay, previousBusinessDay, weekdayOf, type IsoDate } from './trading-days.ts';

/**
 * The metrics audit's real-world funds (turn 3, ../shared/audits/turn3/metrics-audit.md) with the
 * figures a careful analyst expects, worked out by hand in docs/metrics.md ("Kinds of distribution",
 * "Cadence"). Today is Friday 2026-11-27 (the day after Thanksgiving); prices are flat.
 */
const TODAY = '2026-11-27';

/** Business days in [from, to]. */
function businessDays(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) out.push(d);
  return out;
}

/** The weekday `wd` (4 = Thursday) of every week in [from, to], moved to the previous business day when closed (as issuers do). */
function weekly(wd: number, from: IsoDate, to: IsoDate, everyWeeks = 1): IsoDate[] {
  let d = from;
  while (weekdayOf(d) !== wd) d = addDays(d, 1);
  const out: IsoDate[] = [];
  for (; d <= to; d = addDays(d, 7 * everyWeeks)) out.push(isBusinessDay(d) ? d : previousBusinessDay(d));
  return out;
}

/** The first Thursday of each month in [from, to], moved earlier when closed. */
function firstThursdays(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let month = from.slice(0, 7) + '-01'; month <= to; month = addMonths(month, 1)) {
    let d = month;
    while (weekdayOf(d) !== 4) d = addDays(d, 1);
    const ex = isBusinessDay(d) ? d : previousBusinessDay(d);
    if (ex >= from && ex <= to) out.push(ex);
  }
  return out;
}

const flat = (price: string, from: IsoDate): BarPoint[] => businessDays(from, TODAY).map((date) => ({ date, close: price }));
const paid = (exDates: IsoDate[], amount: string): DistributionPoint[] =>
  exDates.map((exDate) => ({ exDate, payDate: nextBusinessDay(exDate), amount, status: 'declared' as const }));

function metricsOf(input: Omit<MetricsInput, 'today'>) {
  const m = computeEtfMetrics({ today: TODAY, ...input });
  return { m, view: presentEtfMetrics(m) };
}

describe('N1 (N3SQ): a special on the regular ex-date counts as paid, never as the run rate', () => {
  // $20 flat, $0.20 every Thursday; ex Wednesday 11-25 (Thanksgiving week) a regular $0.20 and a special $1.00, both paid 11-27.
  const distributions: DistributionPoint[] = [
    ...paid(weekly(4, '2025-06-05', '2026-11-19'), '0.20'),
    { exDate: '2026-11-25', payDate: '2026-11-27', amount: '0.20', status: 'declared', kind: 'regular' },
    { exDate: '2026-11-25', payDate: '2026-11-27', amount: '1.00', status: 'declared', kind: 'special' },
  ];
  const input = { frequency: 'weekly' as const, bars: flat('20.00', '2025-06-02'), distributions };

  it('the distribution rate, yield and DRIP yield are at the regular $0.20; TTM and 1-year count the special', () => {
    const { view } = metricsOf(input);
    // 0.20 x 52 / 20 x 100 = 52.00 (with the special as the latest declared: 1.20 x 52 / 20 = 312.00)
    expect(view.distributionRate).toBe('52.00');
    // weekly average of the last three regular payouts (11-12, 11-19, 11-25) = 0.20: 52.00; 1.01^52 - 1 = 67.77
    expect(view.yieldPercent).toBe('52.00');
    expect(view.annualDripYield).toBe('67.77');
    // 52 regular payouts ex 2025-12-04 .. 2026-11-25 (10.40) and the special (1.00): 11.40 / 20 = 57.00
    expect(view.ttmYield).toBe('57.00');
    expect(view.oneYearReturn).toBe('57.00');
  });

  it("a 113.65-share DRIP holding: projected $1,181.92 a year and $22.73 a payout, paid back on 2027-12-31", () => {
    // 100 shares bought 2026-10-01 at $20 with DRIP: seven regular payouts (x 1.01 each), then 11-25's $1.20 (x 1.06):
    // 100 x 1.01^7 x 1.06 = 113.646347...
    const h = holdingPerformance({ purchaseDate: '2026-10-01', shares: '100', purchasePrice: '20', drip: true, today: TODAY, ...input });
    expect(fixed(h.shares, 2)).toBe('113.65');
    // every payment counts in income, the special too: 7 + 2 payments
    expect(h.payments).toHaveLength(9);
    // 113.646347 x 0.20 x 52 = 1181.92 (at 1.20 it was 7,091.53)
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1181.92');
    // income 272.93 of 2,000.00; 2272.93 x (1.01^n - 1) >= 1727.07 for n = 57 Thursdays after 11-25: ex 2027-12-30, paid 12-31
    expect(h.houseMoney.date).toBe('2027-12-31');
  });

  it('the calendar shows both declared payouts with their kinds and projects the regular $0.20', () => {
    const entries = buildDividendCalendar([{ etfId: 'sq', ticker: 'N3SQ', name: 'Special same day', ...input }], TODAY);
    const declared = entries.filter((e) => !e.estimated);
    expect(declared.map((e) => [e.payoutDate, e.amount, e.kind])).toEqual([
      ['2026-11-27', '0.2', 'regular'],
      ['2026-11-27', '1', 'special'],
    ]);
    const projected = entries.filter((e) => e.estimated);
    expect(projected.map((e) => [e.exDate, e.payoutDate, e.amount, e.kind])).toEqual([
      ['2026-12-03', '2026-12-04', '0.2', 'regular'],
      ['2026-12-10', '2026-12-11', '0.2', 'regular'],
      ['2026-12-17', '2026-12-18', '0.2', 'regular'],
    ]);
  });

  it('the explanations name the distributions used, with their kinds', () => {
    const m = computeEtfMetrics({ today: TODAY, ...input });
    const explain = explainMetrics(m, { today: TODAY, ...input });
    expect(explain.weeklyAverage.inputs['distributions']).toEqual([
      { exDividendDate: '2026-11-12', amount: '0.2', kind: 'regular' },
      { exDividendDate: '2026-11-19', amount: '0.2', kind: 'regular' },
      { exDividendDate: '2026-11-25', amount: '0.2', kind: 'regular' },
    ]);
    expect(explain.distributionRate.inputs['distributions']).toEqual([{ exDividendDate: '2026-11-25', amount: '0.2', kind: 'regular' }]);
    const window = explain.oneYearReturn.inputs['distributions'] as { kind: string }[];
    expect(window).toHaveLength(53);
    expect(window.filter((d) => d.kind === 'special')).toEqual([{ exDividendDate: '2026-11-25', amount: '1', kind: 'special' }]);
  });
});

describe('N1 (N3SP): a special on its own ex-date stays out of the weekly average', () => {
  const distributions: DistributionPoint[] = [
    ...paid(weekly(4, '2025-06-05', '2026-11-19'), '0.20'),
    { exDate: '2026-11-20', payDate: '2026-11-23', amount: '1.00', status: 'declared', kind: 'special' },
    { exDate: '2026-11-25', payDate: '2026-11-27', amount: '0.20', status: 'declared' },
  ];
  it('yield 52.00 and DRIP yield 67.77 (with the special averaged in: 121.33 and 231.81); TTM and 1-year 57.00', () => {
    const { view } = metricsOf({ frequency: 'weekly', bars: flat('20.00', '2025-06-02'), distributions });
    expect(view.weeklyAverage).toBe('0.2000');
    expect(view.yieldPercent).toBe('52.00');
    expect(view.annualDripYield).toBe('67.77');
    expect(view.distributionRate).toBe('52.00');
    expect(view.ttmYield).toBe('57.00');
    expect(view.oneYearReturn).toBe('57.00');
  });
});

describe('N9 (N3MW): a fund that moves from monthly to weekly averages the current regime only', () => {
  // $0.80 on the first Thursday of each month until 2026-11-05, then $0.20 weekly (11-19, Wednesday 11-25); the catalog now says weekly.
  const distributions = [...paid(firstThursdays('2025-01-02', '2026-11-05'), '0.80'), ...paid(['2026-11-19', '2026-11-25'], '0.20')];
  const input = { frequency: 'weekly' as const, bars: flat('20.00', '2025-01-02'), distributions };

  it('yield 52.00 and DRIP yield 67.77 from the two weekly payouts (the mix gave 104.00 and 180.03); TTM 50.00', () => {
    const { view } = metricsOf(input);
    // (0.20 + 0.20) / 2 = 0.20 a week: 0.20 x 52 / 20 = 52.00; the gap 11-05 -> 11-19 bridges, 10-01 -> 11-05 (35 days) is another cadence
    expect(view.weeklyAverage).toBe('0.2000');
    expect(view.yieldPercent).toBe('52.00');
    expect(view.annualDripYield).toBe('67.77');
    expect(view.distributionRate).toBe('52.00');
    // 12 monthly payouts 2025-12-04 .. 2026-11-05 (9.60) and two weekly (0.40): 10.00 / 20 = 50.00
    expect(view.ttmYield).toBe('50.00');
    // N15: a yield from fewer than three payouts says on how many it rests
    expect(view.yieldBasis).toEqual({ payouts: 2 });
    expect(view.frequencyUsed).toBe('weekly');
  });

  it('the explanation says since when the current regime runs and which frequency converts it', () => {
    const m = computeEtfMetrics({ today: TODAY, ...input });
    const inputs = explainMetrics(m, { today: TODAY, ...input }).weeklyAverage.inputs;
    expect(inputs['regimeSince']).toBe('2026-11-19');
    expect(inputs['frequency']).toBe('weekly');
    expect(inputs['catalogFrequency']).toBe('weekly');
  });

  it('four-weekly to weekly (MSTY in October 2025): the last four-weekly payout is not a weekly amount', () => {
    const fourWeekly = paid(weekly(4, '2026-06-04', '2026-10-22', 4), '1.20'); // ... 09-24, 10-22
    const dist = [...fourWeekly, ...paid(['2026-10-29', '2026-11-05', '2026-11-12'], '0.30')];
    const { view } = metricsOf({ frequency: 'weekly', bars: flat('15.00', '2026-06-01'), distributions: dist });
    // 0.30 x 52 / 15 = 104.00 (with 1.20 as a weekly amount in the mean: (1.20 + 0.30 + 0.30) / 3 x 52 / 15 = 208.00 a week earlier)
    expect(view.yieldPercent).toBe('104.00');
    expect(view.yieldBasis).toEqual({ payouts: 3 });
    const weekAfter = metricsOf({ frequency: 'weekly', bars: flat('15.00', '2026-06-01'), distributions: dist.slice(0, -1) }).view;
    expect(weekAfter.yieldPercent).toBe('104.00');
    expect(weekAfter.yieldBasis).toEqual({ payouts: 2 });
  });
});

describe('N9: payouts that contradict the catalog frequency are annualised by their own spacing', () => {
  // Catalog "weekly" (the default of a fund created without a frequency), $1.20 every fourth Thursday at $15 (01-08 .. 11-12).
  const distributions = paid(weekly(4, '2026-01-08', '2026-11-19', 4), '1.20');
  const input = { frequency: 'weekly' as const, bars: flat('15.00', '2026-01-02'), distributions };

  it('figures use four-weekly: 1.20 x 13 / 15 = 104.00 (never 1.20 x 52 = 416.00)', () => {
    const { view } = metricsOf(input);
    expect(view.frequencyUsed).toBe('four-weekly');
    expect(view.distributionRate).toBe('104.00');
    // weekly average 1.20 / 4 = 0.30: 0.30 x 52 / 15 = 104.00; DRIP 1.08^13 - 1 = 171.96
    expect(view.yieldPercent).toBe('104.00');
    expect(view.annualDripYield).toBe('171.96');
    expect(view.inferredFrequency).toEqual({ frequency: 'four-weekly', gapDays: 28, evenly: true });
  });

  it('projected income and the calendar follow the inferred cadence', () => {
    const h = holdingPerformance({ purchaseDate: '2026-01-02', shares: '50', purchasePrice: null, drip: false, today: TODAY, ...input });
    // 50 x 1.20 x 13 = 780.00
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('780.00');
    const projected = buildDividendCalendar([{ etfId: 'fw', ticker: 'AUD4', name: 'Four-weekly', ...input }], TODAY).filter((e) => e.estimated);
    // last ex 11-12 (every fourth Thursday from 01-08): the next is four weeks on, Thursday 12-10 (weekly gave 11-19, 11-25, 12-03, ...)
    expect(projected.map((e) => e.exDate)).toEqual(['2026-12-10']);
  });
});

describe('N15 (N3ON): a yield annualised from one payout says so', () => {
  it('yield 52.00 based on 1 payout; TTM 1.00', () => {
    const { view } = metricsOf({ frequency: 'weekly', bars: flat('25.00', '2026-11-02'), distributions: paid(['2026-11-19'], '0.25') });
    expect(view.yieldPercent).toBe('52.00');
    expect(view.ttmYield).toBe('1.00');
    expect(view.yieldBasis).toEqual({ payouts: 1 });
  });
  it('three payouts or more: the basis says 3', () => {
    const { view } = metricsOf({ frequency: 'weekly', bars: flat('25.00', '2026-11-02'), distributions: paid(['2026-11-05', '2026-11-12', '2026-11-19'], '0.25') });
    expect(view.yieldBasis).toEqual({ payouts: 3 });
  });
});

describe('cadence rules (domain/market/run-rate.ts)', () => {
  const at = (exDates: IsoDate[]) => exDates.map((exDate) => ({ exDate }));

  it('holiday moves and a skipped week keep a weekly regime; a gap of another cadence starts a new one', () => {
    // a Monday fund: Friday 05-22 before Memorial Day (gaps 4 and 10), a skipped week (14)
    const monday = at(['2026-05-11', '2026-05-18', '2026-05-22', '2026-06-01', '2026-06-15', '2026-06-22']);
    expect(currentRegime(monday, 'weekly')).toHaveLength(6);
    expect(inferFrequency(monday.map((d) => d.exDate), 'weekly')).toBeNull();
    // 28 days fits every-four-weeks, not weekly: the payout it ends belongs to the old regime
    expect(currentRegime(at(['2026-09-03', '2026-10-01', '2026-10-08', '2026-10-15']), 'weekly').map((d) => d.exDate)).toEqual(['2026-10-08', '2026-10-15']);
    // the last gap is another cadence: the regime is the last payout alone
    expect(currentRegime(at(['2026-10-01', '2026-10-08', '2026-11-05']), 'weekly').map((d) => d.exDate)).toEqual(['2026-11-05']);
  });

  it('infers a longer cadence from the gaps a young fund has; a shorter one needs three gaps', () => {
    expect(inferFrequency(['2026-10-01', '2026-10-29'], 'weekly')).toEqual({ frequency: 'four-weekly', gapDays: 28, evenly: true });
    // monthly: gaps 31, 30, 31 (mean 30.67)
    expect(inferFrequency(['2026-07-15', '2026-08-15', '2026-09-14', '2026-10-15'], 'weekly')).toEqual({ frequency: 'monthly', gapDays: 31, evenly: false });
    // weekly payouts on a fund marked monthly: two gaps are not enough, three are
    expect(inferFrequency(['2026-10-01', '2026-10-08', '2026-10-15'], 'monthly')).toBeNull();
    expect(inferFrequency(['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22'], 'monthly')).toEqual({ frequency: 'weekly', gapDays: 7, evenly: true });
    // twice weekly, Monday and Thursday legs (3 and 4 days), on a fund marked weekly
    expect(inferFrequency(['2026-10-05', '2026-10-08', '2026-10-12', '2026-10-15'], 'weekly')).toEqual({ frequency: 'twice-weekly', gapDays: 3, evenly: false });
    // four-weekly against monthly: too close to tell, the catalog stands
    expect(inferFrequency(['2026-07-02', '2026-07-30', '2026-08-27', '2026-09-24'], 'monthly')).toBeNull();
    // sparse or mixed gaps say nothing
    expect(inferFrequency(['2026-06-04', '2026-07-02', '2026-07-16', '2026-07-23'], 'weekly')).toBeNull();
  });

  it('the owner is told in one line', () => {
    expect(inferredFrequencyWarning('weekly', { frequency: 'four-weekly', gapDays: 28, evenly: true })).toBe(
      'Payouts every 28 days; the catalog says weekly — figures use four-weekly',
    );
    expect(inferredFrequencyWarning('weekly', { frequency: 'monthly', gapDays: 31, evenly: false })).toBe(
      'Payouts about every 31 days; the catalog says weekly — figures use monthly',
    );
  });

  it('specials and capital gains never enter the run rate', () => {
    const rr = runRateOf(
      [
        { exDate: '2026-12-17', kind: 'capital-gain' as const },
        { exDate: '2026-12-03' },
        { exDate: '2026-12-10' },
        { exDate: '2026-12-12', kind: 'special' as const },
      ],
      'weekly',
      '2026-12-18',
    );
    expect(rr.regime.map((d) => d.exDate)).toEqual(['2026-12-03', '2026-12-10']);
    expect(rr.frequency).toBe('weekly');
  });
});
