import { describe, expect, it } from 'vitest';
import {
  computeEtfMetrics,
  nextExDividend,
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
  it('window: starts on the first trading day on or after today - 365 days', () => {
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
  it('when today - 365 days is not a trading day the window starts on the next bar', () => {
    const m = computeEtfMetrics({
      today: '2025-06-30', // today - 365 = 2024-06-30, a Sunday
      frequency: 'weekly',
      bars: [
        { date: '2024-06-28', close: '10' },
        { date: '2024-07-01', close: '11' },
        { date: '2025-06-27', close: '12' },
      ],
      distributions: [],
    });
    expect(m.windowStart).toBe('2024-07-01');
    expect(m.historicalPeriodDays).toBe(364);
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
  it('adds the cadence and rolls to a business day (Juneteenth Thursday -> Friday)', () => {
    expect(nextExDividend(weekly, 'weekly', '2025-06-18')).toEqual({ date: '2025-06-20', estimated: true });
  });
  it('keeps stepping when the data is stale', () => {
    // 06-19 (-> 06-20) and 06-26 are before today 06-27; next is Thursday 07-03
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
