import { describe, expect, it } from 'vitest';
import { dec } from './decimal.ts';
import { computeEtfMetrics, type EtfMetrics } from './etf-metrics.ts';
import { explainMetrics, navErosion, returnBreakdown } from './explain.ts';

/** The worked example of docs/metrics.md (as of Friday 2025-06-27, quote 15.10). */
const worked = {
  today: '2025-06-27',
  frequency: 'weekly' as const,
  bars: [
    { date: '2024-06-26', close: '19.00' },
    { date: '2024-06-27', close: '20.00' },
    { date: '2024-12-05', close: '17.50' },
    { date: '2025-03-13', close: '16.00' },
    { date: '2025-06-11', close: '15.00' },
    { date: '2025-06-26', close: '15.00' },
  ],
  quote: { price: '15.10', quotedAt: '2025-06-27T17:00:00.000Z' },
  distributions: [
    { exDate: '2024-06-27', payDate: '2024-06-28', amount: '0.50' },
    { exDate: '2024-12-05', payDate: '2024-12-06', amount: '0.40' },
    { exDate: '2025-03-13', payDate: '2025-03-14', amount: '0.32' },
    { exDate: '2025-06-12', payDate: null, amount: '0.30' },
    { exDate: '2025-07-03', payDate: '2025-07-07', amount: '0.25' },
  ],
};

describe('the worked example, explained', () => {
  const m = computeEtfMetrics(worked);

  it('splits oneYearReturn -19.40 into price -24.50 and distributions +5.10', () => {
    // price: (15.10 - 20.00) / 20 x 100 = -24.50; distributions (0.40 + 0.32 + 0.30) / 20 x 100 = 5.10
    expect(returnBreakdown(m)).toEqual({ priceReturn: '-24.50', distributionReturn: '5.10', exact: { priceReturn: '-24.5', distributionReturn: '5.1' } });
  });

  it('NAV erosion since the first close 19.00: (15.10 - 19) / 19 x 100 = -20.526.. -> -20.53', () => {
    expect(navErosion({ date: '2024-06-26', close: '19.00' }, m.currentPrice)).toEqual({
      since: '2024-06-26',
      startPrice: '19.00',
      currentPrice: '15.10',
      percent: '-20.53',
      exact: '-20.526315789474',
    });
    expect(navErosion(null, m.currentPrice)).toBeNull();
    expect(navErosion({ date: '2024-06-26', close: '19.00' }, null)).toBeNull();
  });

  it('names the inputs of each formula, and they give the figures back', () => {
    const e = explainMetrics(m, worked);
    expect(e.weeklyAverage.inputs).toEqual({
      // 07-03 is after today: not used
      distributions: [
        { exDividendDate: '2024-12-05', amount: '0.4', kind: 'regular' },
        { exDividendDate: '2025-03-13', amount: '0.32', kind: 'regular' },
        { exDividendDate: '2025-06-12', amount: '0.3', kind: 'regular' },
      ],
      frequency: 'weekly',
      catalogFrequency: 'weekly',
      // gaps of 161, 98 and 91 days fit no cadence: nothing breaks the regime, it runs from the first payout
      regimeSince: '2024-06-27',
    });
    expect(e.yieldPercent.inputs).toEqual({ weeklyAverage: '0.34', currentPrice: '15.1' });
    // 0.34 x 52 / 15.10 x 100 = 117.086..
    expect(dec('0.34').times(52).div('15.1').times(100).toFixed(2)).toBe('117.09');
    expect(e.oneYearReturn.inputs).toEqual({
      currentPrice: '15.1',
      startPrice: '20',
      windowStart: '2024-06-27',
      windowDistributions: '1.02',
      distributions: [
        { exDividendDate: '2024-12-05', amount: '0.4', kind: 'regular' },
        { exDividendDate: '2025-03-13', amount: '0.32', kind: 'regular' },
        { exDividendDate: '2025-06-12', amount: '0.3', kind: 'regular' },
      ],
      historicalPeriodDays: 365,
    });
    // 1.02 x 1.02 x 1.0228571.. = 1.064180571429
    expect(e.dripReturn.inputs).toMatchObject({ dripShares: '1.064180571429' });
    expect(e.distributionRate.inputs).toEqual({
      latestDistribution: '0.25',
      distributions: [{ exDividendDate: '2025-07-03', amount: '0.25', kind: 'regular' }],
      payoutsPerYear: 52,
      frequency: 'weekly',
      currentPrice: '15.1',
    });
  });

  it('a four-weekly fund names its conversion and its payout', () => {
    const e = explainMetrics(computeEtfMetrics({ ...worked, frequency: 'four-weekly' }), { ...worked, frequency: 'four-weekly' });
    expect(e.weeklyAverage.formula).toContain('÷ 4 (every four weeks)');
    // weeklyAverage (0.40 + 0.32 + 0.30) / 4 / 3 = 0.085; one payout 0.34
    expect(e.annualDripYield.inputs).toEqual({ weeklyAverage: '0.085', payout: '0.34', payoutsPerYear: 13, frequency: 'four-weekly', currentPrice: '15.1' });
  });
});

describe('returnBreakdown rounding', () => {
  it('the two parts always add up to the rounded total', () => {
    // total 10.005 -> 10.01; price 5.0049 -> 5.00; so distributions show 5.01 (exact 5.0001)
    const m = { oneYearReturn: dec('10.005'), priceReturn: dec('5.0049'), distributionReturn: dec('5.0001') } as EtfMetrics;
    expect(returnBreakdown(m)).toEqual({ priceReturn: '5.00', distributionReturn: '5.01', exact: { priceReturn: '5.0049', distributionReturn: '5.0001' } });
    expect(returnBreakdown({ oneYearReturn: null, priceReturn: null, distributionReturn: null } as EtfMetrics)).toBeNull();
  });
});
