import { describe, expect, it } from 'vitest';
import {
  annualDripYield,
  computeEtfMetrics,
  latestDeclared,
  nextExDividend,
  oneYearBefore,
  payoutsPerYear,
  projectExDates,
  usableBars,
  ttmYield,
  perPayoutAmount,
  perWeekAmount,
  presentEtfMetrics,
  weeklyAverage,
  type BarPoint,
  type DistributionPoint,
} from './etf-metrics.ts';
import { dec, fixed } from './decimal.ts';

/**
 * The worked example of docs/metrics.md. A weekly fund, today = Friday 2025-06-27, intraday quote
 * $15.10 at 13:00 New York time.
 */
const bars: BarPoint[] = [
  { date: '2024-06-26', close: '19.00' }, // before the window
  { date: '2024-06-27', close: '20.00' }, // window start: today - 365 days is 2024-06-27, a trading day
  { date: '2024-12-05', close: '17.50' },
  { date: '2025-03-13', close: '16.00' },
  { date: '2025-06-11', close: '15.00' }, // no bar on the 2025-06-12 ex-date: its DRIP uses this close
  { date: '2025-06-26', close: '15.00' }, // previous close
];
const distributions: DistributionPoint[] = [
  { exDate: '2024-06-27', payDate: '2024-06-28', amount: '0.50', status: 'declared' }, // on the start day: not earned
  { exDate: '2024-12-05', payDate: '2024-12-06', amount: '0.40', status: 'declared' },
  { exDate: '2025-03-13', payDate: '2025-03-14', amount: '0.32', status: 'declared' },
  { exDate: '2025-06-12', payDate: null, amount: '0.30', status: 'declared' },
  { exDate: '2025-07-03', payDate: '2025-07-07', amount: '0.25', status: 'declared' }, // future
];
const quote = { price: '15.10', quotedAt: '2025-06-27T17:00:00Z' };
const today = '2025-06-27';

describe('ETF metrics: the docs/metrics.md worked example', () => {
  const m = computeEtfMetrics({ today, frequency: 'weekly', bars, quote, distributions });
  const view = presentEtfMetrics(m);

  it('P is the intraday quote (newer than the last bar); previous close is the last bar before its session', () => {
    expect(view.currentPrice).toBe('15.10');
    expect(view.previousClose).toBe('15.00');
    // dayChange = 15.10 - 15.00 = 0.10; dayChangePercent = 0.10 / 15.00 x 100 = 0.6666... -> 0.67
    expect(view.dayChange).toBe(0.1);
    expect(view.dayChangePercent).toBe(0.67);
    expect(view.priceKind).toBe('quote');
  });
  it('weeklyAverage is the mean of the 3 latest distributions up to today', () => {
    // (0.40 + 0.32 + 0.30) / 3 = 1.02 / 3 = 0.34 (the future 0.25 does not count)
    expect(view.weeklyAverage).toBe('0.3400');
  });
  it('yieldPercent and annualDripYield', () => {
    // 0.34 x 52 / 15.10 x 100 = 17.68 / 15.10 x 100 = 117.0860927... -> 117.09
    expect(view.yieldPercent).toBe('117.09');
    // 0.34 / 15.10 = 0.0225165562913907...; 1.0225165562913907^52 = 3.1831575370589...
    // (3.1831575370589 - 1) x 100 = 218.3157537... -> 218.32
    expect(view.annualDripYield).toBe('218.32');
  });
  it('window: starts at the last close on or before the anniversary (2024-06-27, a trading day)', () => {
    expect(view.windowStart).toBe('2024-06-27');
    expect(view.historicalPeriodDays).toBe(365);
    expect(fixed(m.startPrice!, 2)).toBe('20.00');
  });
  it('oneYearReturn counts price change plus distributions with ex-date after the start day', () => {
    // distributions: 0.40 + 0.32 + 0.30 = 1.02 (0.50 went ex on the start day, 0.25 is in the future)
    // (15.10 - 20.00 + 1.02) / 20.00 x 100 = -3.88 / 20 x 100 = -19.40
    expect(fixed(m.windowDistributions!, 2)).toBe('1.02');
    expect(view.oneYearReturn).toBe('-19.40');
  });
  it('dripReturn reinvests at the ex-date close (or the last close before it)', () => {
    // 1 + 1 x 0.40 / 17.50                     = 1.022857142857...
    // x (1 + 0.32 / 16.00) = x 1.02             = 1.043314285714...
    // x (1 + 0.30 / 15.00) = x 1.02 (06-11 bar) = 1.064180571428...
    // (1.064180571428 x 15.10 / 20.00 - 1) x 100 = -19.6543668... -> -19.65
    expect(fixed(m.dripShares!, 12)).toBe('1.064180571429');
    expect(view.dripReturn).toBe('-19.65');
  });
  it('nextExDividend is the earliest declared ex-date from today on', () => {
    expect(view.nextExDividend).toBe('2025-07-03');
    expect(view.nextExDividendEstimated).toBe(false);
  });
});

describe('current price and day change outside the session', () => {
  it('after the close, P is today\'s close and the change is against the bar before', () => {
    const m = computeEtfMetrics({
      today,
      frequency: 'weekly',
      bars: [...bars, { date: '2025-06-27', close: '15.30' }],
      quote, // older than the closing bar of the same session: ignored
      distributions,
    });
    // 15.30 - 15.00 = 0.30; 0.30 / 15.00 x 100 = 2.00
    expect(presentEtfMetrics(m)).toMatchObject({ currentPrice: '15.30', dayChange: 0.3, dayChangePercent: 2, priceKind: 'close' });
  });
  it('on a weekend, P is Friday\'s close and the change is Friday\'s move', () => {
    const m = computeEtfMetrics({
      today: '2025-06-28',
      frequency: 'weekly',
      bars: [...bars, { date: '2025-06-27', close: '14.70' }],
      distributions,
    });
    // 14.70 - 15.00 = -0.30; -0.30 / 15.00 x 100 = -2.00
    expect(presentEtfMetrics(m)).toMatchObject({ currentPrice: '14.70', dayChange: -0.3, dayChangePercent: -2, priceDate: '2025-06-27' });
  });
});

describe('missing data gives nulls, never NaN', () => {
  it('no bars and no quote: every price-based metric is null', () => {
    const v = presentEtfMetrics(computeEtfMetrics({ today, frequency: 'weekly', bars: [], distributions }));
    expect(v).toMatchObject({
      currentPrice: null,
      dayChange: null,
      dayChangePercent: null,
      yieldPercent: null,
      annualDripYield: null,
      oneYearReturn: null,
      dripReturn: null,
      historicalPeriodDays: null,
      weeklyAverage: '0.3400',
    });
  });
  it('no distributions: weeklyAverage, yields and next ex-date are null; returns are price-only', () => {
    const v = presentEtfMetrics(computeEtfMetrics({ today, frequency: 'weekly', bars, quote, distributions: [] }));
    // (15.10 - 20.00) / 20.00 x 100 = -24.50; DRIP with no distributions is the same
    expect(v).toMatchObject({ weeklyAverage: null, yieldPercent: null, annualDripYield: null, nextExDividend: null, oneYearReturn: '-24.50', dripReturn: '-24.50' });
  });
  it('a zero price counts as missing', () => {
    const v = presentEtfMetrics(computeEtfMetrics({ today, frequency: 'weekly', bars: [{ date: '2025-06-26', close: '0' }], distributions }));
    expect(v.currentPrice).toBeNull();
    expect(v.yieldPercent).toBeNull();
    expect(JSON.stringify(v)).not.toMatch(/NaN|Infinity/);
  });
  it('a history shorter than a year starts at the first bar (inception)', () => {
    const m = computeEtfMetrics({
      today,
      frequency: 'weekly',
      bars: [
        { date: '2025-02-19', close: '25.00' },
        { date: '2025-06-26', close: '20.00' },
      ],
      distributions: [{ exDate: '2025-03-13', payDate: null, amount: '1.00' }],
    });
    // Feb 19 -> Jun 27: 9 + 31 + 30 + 31 + 27 = 128 days
    expect(m.historicalPeriodDays).toBe(128);
    // (20 - 25 + 1) / 25 x 100 = -16.00
    expect(presentEtfMetrics(m).oneYearReturn).toBe('-16.00');
    // DRIP: 1 + 1/25 (the 03-13 ex-date uses the last close before it, 25.00) = 1.04; 1.04 x 20 / 25 = 0.832 -> -16.80
    expect(presentEtfMetrics(m).dripReturn).toBe('-16.80');
  });
  it('when the anniversary is not a trading day the window starts on the last bar before it', () => {
    const m = computeEtfMetrics({
      today: '2025-06-30', // the anniversary 2024-06-30 is a Sunday: Friday 06-28's close
      frequency: 'weekly',
      bars: [
        { date: '2024-06-28', close: '10' },
        { date: '2024-07-01', close: '11' },
        { date: '2025-06-27', close: '12' },
      ],
      distributions: [],
    });
    expect(m.windowStart).toBe('2024-06-28');
    expect(m.historicalPeriodDays).toBe(367);
  });
});

describe('weeklyAverage by frequency', () => {
  const d = (exDate: string, amount: string): DistributionPoint => ({ exDate, payDate: null, amount });
  it('converts each payout to a per-week amount', () => {
    // every four weeks: (1.20 + 1.00 + 0.80) / 4 each -> (0.30 + 0.25 + 0.20) / 3 = 0.25
    expect(weeklyAverage([d('2025-04-10', '1.20'), d('2025-05-08', '1.00'), d('2025-06-05', '0.80')], 'four-weekly', today)!.toString()).toBe('0.25');
    // twice weekly: (0.10 + 0.12 + 0.11) x 2 / 3 = 0.22
    expect(weeklyAverage([d('2025-06-19', '0.10'), d('2025-06-23', '0.12'), d('2025-06-26', '0.11')], 'twice-weekly', today)!.toString()).toBe('0.22');
    // monthly: 1.30 x 12 / 52 = 0.3 per week
    expect(weeklyAverage([d('2025-06-02', '1.30')], 'monthly', today)!.toString()).toBe('0.3');
  });
  it('uses only what exists when fewer than three distributions are known', () => {
    // (0.40 + 0.20) / 2 = 0.30
    expect(weeklyAverage([d('2025-06-12', '0.40'), d('2025-06-19', '0.20')], 'weekly', today)!.toString()).toBe('0.3');
  });
  it('per-payout and per-week conversions are inverses', () => {
    for (const f of ['weekly', 'twice-weekly', 'four-weekly', 'monthly'] as const) {
      expect(perPayoutAmount(perWeekAmount(dec('1.3'), f), f).toDecimalPlaces(30).toString()).toBe('1.3');
    }
  });
});

describe('nextExDividend estimated from the cadence', () => {
  const weekly: DistributionPoint[] = [
    { exDate: '2025-05-29', payDate: null, amount: '0.3' },
    { exDate: '2025-06-05', payDate: null, amount: '0.3' },
    { exDate: '2025-06-12', payDate: null, amount: '0.3' },
  ];
  it('adds the cadence; a holiday moves the ex-date earlier (Juneteenth Thursday -> Wednesday)', () => {
    expect(nextExDividend(weekly, 'weekly', '2025-06-18')).toEqual({ date: '2025-06-18', estimated: true });
  });
  it('keeps stepping when the data is stale', () => {
    // 06-19 (-> 06-18) and 06-26 are before today 06-27; next is Thursday 07-03
    expect(nextExDividend(weekly, 'weekly', '2025-06-27')).toEqual({ date: '2025-07-03', estimated: true });
  });
  it('projects from the usual weekday when a holiday pushed the last ex-date', () => {
    // Mondays, then Tuesday 2025-05-27 after Memorial Day: the next is Monday 06-02, not Tuesday 06-03
    const mondays: DistributionPoint[] = ['2025-05-05', '2025-05-12', '2025-05-19', '2025-05-27'].map((exDate) => ({ exDate, payDate: null, amount: '0.2' }));
    expect(nextExDividend(mondays, 'weekly', '2025-05-28')).toEqual({ date: '2025-06-02', estimated: true });
  });
  it('twice weekly alternates Monday and Thursday', () => {
    const d: DistributionPoint[] = [{ exDate: '2025-09-22', payDate: null, amount: '0.1' }]; // Monday
    expect(nextExDividend(d, 'twice-weekly', '2025-09-23')).toEqual({ date: '2025-09-25', estimated: true }); // Thursday
    const t: DistributionPoint[] = [{ exDate: '2025-09-25', payDate: null, amount: '0.1' }];
    expect(nextExDividend(t, 'twice-weekly', '2025-09-26')).toEqual({ date: '2025-09-29', estimated: true }); // Monday
  });
  it('an issuer estimate from today on is returned flagged estimated', () => {
    expect(nextExDividend([...weekly, { exDate: '2025-06-19', payDate: null, amount: '0.3', status: 'estimated' }], 'weekly', '2025-06-13')).toEqual({ date: '2025-06-19', estimated: true });
  });
});

// ---------------------------------------------------------------------------------------------------
// Issue 10: rates, windows and projections (docs/metrics.md, the audit's scenarios)

/** Weekday closes of a flat price from `from` to `to` (weekends skipped; holidays too when given). */
function flatBars(from: string, to: string, close: string, skip: readonly string[] = []): BarPoint[] {
  const out: BarPoint[] = [];
  for (let d = new Date(`${from}T12:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !skip.includes(iso)) out.push({ date: iso, close });
  }
  return out;
}

describe('F3: distribution rate beside the spec yield (AUDC: $0.50 weekly cut to $0.10 at $20)', () => {
  const audc: DistributionPoint[] = [
    { exDate: '2026-10-27', payDate: '2026-10-28', amount: '0.50', status: 'declared' },
    { exDate: '2026-11-03', payDate: '2026-11-04', amount: '0.50', status: 'declared' },
    { exDate: '2026-11-10', payDate: '2026-11-11', amount: '0.50', status: 'declared' },
    { exDate: '2026-11-17', payDate: '2026-11-18', amount: '0.10', status: 'declared' },
  ];
  const v = presentEtfMetrics(
    computeEtfMetrics({ today: '2026-11-23', frequency: 'weekly', bars: flatBars('2026-10-01', '2026-11-20', '20.00'), distributions: audc }),
  );
  it('keeps the spec yield: (0.50 + 0.50 + 0.10) / 3 x 52 / 20 = 95.33', () => {
    expect(v.weeklyAverage).toBe('0.3667');
    expect(v.yieldPercent).toBe('95.33');
  });
  it('distributionRate = latest declared 0.10 x 52 / 20 x 100 = 26.00', () => {
    expect(v.distributionRate).toBe('26.00');
  });
  it('an issuer estimate is not the latest declaration; a declared future one is', () => {
    const est = [...audc, { exDate: '2026-11-24', payDate: null, amount: '0.90', status: 'estimated' as const }];
    expect(latestDeclared(est)!.amount).toBe('0.10');
    const declared = [...audc, { exDate: '2026-11-24', payDate: null, amount: '0.12', status: 'declared' as const }];
    expect(latestDeclared(declared)!.amount).toBe('0.12');
  });
  it('four-weekly: 1.20 x 13 / 15 = 104.00', () => {
    const r = computeEtfMetrics({
      today: '2026-11-23',
      frequency: 'four-weekly',
      bars: flatBars('2026-10-01', '2026-11-20', '15.00'),
      distributions: [{ exDate: '2026-10-22', payDate: null, amount: '1.20' }],
    });
    expect(presentEtfMetrics(r).distributionRate).toBe('104.00');
  });
});

describe('F4: annual DRIP yield compounds the fund\'s real payouts a year', () => {
  it('payouts a year come from the catalog frequency', () => {
    expect((['weekly', 'twice-weekly', 'four-weekly', 'monthly'] as const).map(payoutsPerYear)).toEqual([52, 104, 13, 12]);
  });
  it('AUD4: four-weekly $1.20 at $15: 1.08^13 - 1 = 171.96 %, not 180.03', () => {
    // weeklyAverage 1.20 / 4 = 0.30; one payout 0.30 x 4 = 1.20; 1.20 / 15 = 0.08; 1.08^13 = 2.7196237...
    expect(fixed(annualDripYield(dec('0.30'), dec('15'), 'four-weekly')!, 2)).toBe('171.96');
  });
  it('twice weekly $0.10 at $10 compounds 104 times: 1.01^104 - 1 = 181.46 %', () => {
    // weeklyAverage 0.20; one payout 0.10; 1.01^104 = 2.8146401...
    expect(fixed(annualDripYield(dec('0.20'), dec('10'), 'twice-weekly')!, 2)).toBe('181.46');
  });
  it('weekly stays (1 + weeklyAverage / P)^52 - 1: $0.10 at $10 -> 67.77', () => {
    expect(fixed(annualDripYield(dec('0.10'), dec('10'), 'weekly')!, 2)).toBe('67.77');
  });
});

describe('F5: the one-year window starts at the last close on or before the anniversary', () => {
  const old = flatBars('2025-06-02', '2026-11-27', '10.00', ['2025-11-27', '2026-11-26']);
  it('on a Monday (anniversary a Sunday): Friday 2025-11-21, 367 days, never "since inception"', () => {
    const m = computeEtfMetrics({ today: '2026-11-23', frequency: 'weekly', bars: old, distributions: [] });
    expect(m.windowStart).toBe('2025-11-21');
    expect(m.historicalPeriodDays).toBe(367);
  });
  it('after a holiday anniversary (Thanksgiving 2025-11-27): Wednesday 2025-11-26, 366 days', () => {
    const m = computeEtfMetrics({ today: '2026-11-27', frequency: 'weekly', bars: old, distributions: [] });
    expect(m.windowStart).toBe('2025-11-26');
    expect(m.historicalPeriodDays).toBe(366);
  });
  it('every weekday of a year reports at least 365 days for a fund older than a year', () => {
    for (const bar of old.filter((b) => b.date >= '2026-06-03')) {
      // (the first bar, Monday 2025-06-02, is more than a year old from Wednesday 2026-06-03 on)
      expect(computeEtfMetrics({ today: bar.date, frequency: 'weekly', bars: old, distributions: [] }).historicalPeriodDays).toBeGreaterThanOrEqual(365);
    }
  });
  it('the anniversary of Feb 29 is Feb 28', () => {
    expect(oneYearBefore('2028-02-29')).toBe('2027-02-28');
  });
});

describe('F11: DRIP on an ex-date reinvests at the ex-date price', () => {
  it('ex-date today with an intraday quote: reinvests at the quote, not the previous close', () => {
    const m = computeEtfMetrics({
      today: '2026-11-23',
      frequency: 'weekly',
      bars: [
        { date: '2025-11-21', close: '10.00' },
        { date: '2026-11-20', close: '10.00' },
      ],
      quote: { price: '9.90', quotedAt: '2026-11-23T17:00:00Z' },
      distributions: [{ exDate: '2026-11-23', payDate: null, amount: '0.10' }],
    });
    // shares 1 + 0.10 / 9.90 = 1.0101...; 1.0101... x 9.90 = 10.00; 10.00 / 10.00 - 1 = 0.00
    // (at the previous close: 1.01 x 9.90 / 10 - 1 = -0.01 %)
    expect(presentEtfMetrics(m).dripReturn).toBe('0.00');
  });
});

describe('F6: projected ex-dates follow the issuer\'s weekday pattern, moved earlier on holidays', () => {
  const thursdays = ['2026-10-29', '2026-11-05', '2026-11-12', '2026-11-19'];
  const pts = (dates: readonly string[]): DistributionPoint[] => dates.map((exDate) => ({ exDate, payDate: null, amount: '0.10' }));
  it('a Thursday fund goes ex Wednesday in Thanksgiving week (2026-11-25), not Friday', () => {
    expect(nextExDividend(pts(thursdays), 'weekly', '2026-11-23')).toEqual({ date: '2026-11-25', estimated: true });
  });
  it('after a declared Wednesday (moved for the holiday) the projections stay on Thursdays', () => {
    expect(projectExDates([...thursdays, '2026-11-25'], 'weekly', '2026-11-23', '2026-12-20')).toEqual(['2026-12-03', '2026-12-10', '2026-12-17']);
  });
  it('Juneteenth Thursday 2025-06-19 moves to Wednesday 06-18', () => {
    expect(nextExDividend(pts(['2025-05-29', '2025-06-05', '2025-06-12']), 'weekly', '2025-06-16')).toEqual({ date: '2025-06-18', estimated: true });
  });
  it('a Monday holiday moves to the Friday before, as issuers do (Memorial Day 2025-05-26 -> 05-23)', () => {
    expect(nextExDividend(pts(['2025-05-05', '2025-05-12', '2025-05-19']), 'weekly', '2025-05-20')).toEqual({ date: '2025-05-23', estimated: true });
  });
  it('one ex-date the day after a holiday is its own weekday: a Tuesday after Martin Luther King Day stays Tuesday', () => {
    expect(projectExDates(['2026-01-20'], 'weekly', '2026-01-21', '2026-02-03')).toEqual(['2026-01-27', '2026-02-03']);
  });
  it('among Monday ex-dates the Tuesday after a Monday holiday counts as Monday', () => {
    expect(projectExDates(['2026-01-05', '2026-01-12', '2026-01-20'], 'weekly', '2026-01-21', '2026-02-02')).toEqual(['2026-01-26', '2026-02-02']);
  });
  it('twice weekly (Monday and Thursday): Thanksgiving Thursday -> Wednesday, then Monday again', () => {
    const legs = ['2026-11-09', '2026-11-12', '2026-11-16', '2026-11-19', '2026-11-23'];
    expect(projectExDates(legs, 'twice-weekly', '2026-11-24', '2026-12-07')).toEqual(['2026-11-25', '2026-11-30', '2026-12-03', '2026-12-07']);
    expect(projectExDates([...legs, '2026-11-25'], 'twice-weekly', '2026-11-26', '2026-12-07')).toEqual(['2026-11-30', '2026-12-03', '2026-12-07']);
  });
  it('every four weeks keeps its weekday from the last ex-date\'s week', () => {
    // Thursday 2026-10-29, moved Wednesday 11-25 (Thanksgiving): next Thursday 12-24, then Thursday 2027-01-21
    expect(projectExDates(['2026-10-29', '2026-11-25'], 'four-weekly', '2026-11-26', '2027-01-31')).toEqual(['2026-12-24', '2027-01-21']);
  });
});

describe('F17: trailing-twelve-month yield beside the others', () => {
  // Weekly $0.10 on Thursdays from 2025-11-20 to 2026-11-19, and one declared for 2026-11-26; P = $10.
  const weeklies: DistributionPoint[] = [];
  for (let d = new Date('2025-11-20T12:00:00Z'); d <= new Date('2026-11-26T12:00:00Z'); d.setUTCDate(d.getUTCDate() + 7)) {
    weeklies.push({ exDate: d.toISOString().slice(0, 10), payDate: null, amount: '0.10' });
  }
  it('sums the ex-dates after the anniversary and up to today: 52 x 0.10 / 10 = 52.00', () => {
    // today Monday 2026-11-23, anniversary 2025-11-23: 2025-11-20 is before it, 2026-11-26 is in the future;
    // 2025-11-27 .. 2026-11-19 are 52 payouts
    expect(fixed(ttmYield(weeklies, dec('10'), '2026-11-23')!, 2)).toBe('52.00');
  });
  it('a young fund sums what it paid: 38 payouts of 0.10 at $10 = 38.00 (GIF-like)', () => {
    expect(fixed(ttmYield(weeklies.slice(-39, -1), dec('10'), '2026-11-23')!, 2)).toBe('38.00');
  });
  it('null without a price or without distributions', () => {
    expect(ttmYield(weeklies, null, '2026-11-23')).toBeNull();
    expect(ttmYield([], dec('10'), '2026-11-23')).toBeNull();
  });
});

describe('usableBars and projectExDates, worked out once per input', () => {
  const bars = [
    { date: '2026-01-21', close: '10.00' },
    { date: '2026-01-20', close: '0' },
    { date: '2026-01-22', close: '11.00' },
  ];

  it('usableBars keeps its answer for a frozen bar array (per today) and recomputes an array that can change', () => {
    const frozen = Object.freeze(bars.map((b) => ({ ...b })));
    const first = usableBars(frozen, '2026-01-22');
    expect(first.map((b) => [b.date, b.close.toString()])).toEqual([
      ['2026-01-21', '10'],
      ['2026-01-22', '11'],
    ]);
    expect(usableBars(frozen, '2026-01-22')).toBe(first);
    expect(usableBars(frozen, '2026-01-21').map((b) => b.date)).toEqual(['2026-01-21']);
    expect(Object.isFrozen(first)).toBe(true);

    const changing = bars.map((b) => ({ ...b }));
    expect(usableBars(changing, '2026-01-22')).toHaveLength(2);
    changing.push({ date: '2026-01-23', close: '12.00' });
    expect(usableBars(changing, '2026-01-23').map((b) => b.date)).toEqual(['2026-01-21', '2026-01-22', '2026-01-23']);
  });

  it('projectExDates answers from its input alone: other ex-dates or another window give their own dates', () => {
    const once = projectExDates(['2026-01-20'], 'weekly', '2026-01-21', '2026-02-03');
    expect(projectExDates(['2026-01-20'], 'weekly', '2026-01-21', '2026-02-03')).toEqual(once);
    expect(Object.isFrozen(once)).toBe(true);
    expect(projectExDates(['2026-01-20', '2026-01-27'], 'weekly', '2026-01-21', '2026-02-03')).toEqual(['2026-02-03']);
    expect(projectExDates(['2026-01-20'], 'weekly', '2026-01-21', '2026-01-27')).toEqual(['2026-01-27']);
  });
});
