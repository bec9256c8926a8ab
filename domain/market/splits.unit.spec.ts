import { describe, expect, it } from 'vitest';
import { fixed } from './decimal.ts';
import { computeEtfMetrics, presentEtfMetrics, type BarPoint, type DistributionPoint } from './etf-metrics.ts';
import { holdingPerformance } from './holding-performance.ts';
import { adjustBars, adjustDistributions, adjustPrice, adjustQuote, adjustShares, describeSplit, priceFactor, splitAdjustedInput, type SplitPoint } from './splits.ts';
import { addBusinessDays, addDays, isBusinessDay, previousBusinessDay, type IsoDate } from './trading-days.ts';

/**
 * The metrics audit's AUDS scenario (docs/metrics.md, "Splits and reverse splits"): a 1-for-10 reverse
 * split on Monday 2026-11-09; $2.00 a share before, $20.00 after; $0.02 a week before (ex Tuesday, paid
 * the next business day), $0.20 after. Economically a flat 52 % payer. Today Monday 2026-11-23.
 */
const TODAY = '2026-11-23';
const SPLIT_DAY = '2026-11-09';
const REVERSE_1_FOR_10: SplitPoint = { exDate: SPLIT_DAY, oldRate: '10', newRate: '1' };

function audsBars(): BarPoint[] {
  const out: BarPoint[] = [];
  for (let d: IsoDate = '2025-06-02'; d <= TODAY; d = addDays(d, 1)) {
    if (isBusinessDay(d)) out.push({ date: d, close: d < SPLIT_DAY ? '2.00' : '20.00' });
  }
  return out;
}

function audsDistributions(): DistributionPoint[] {
  const out: DistributionPoint[] = [];
  for (let t: IsoDate = '2025-06-03'; t <= '2026-11-17'; t = addDays(t, 7)) {
    const ex = isBusinessDay(t) ? t : previousBusinessDay(t);
    out.push({ exDate: ex, payDate: addBusinessDays(ex, 1), amount: ex < SPLIT_DAY ? '0.02' : '0.20', status: 'declared' });
  }
  return out;
}

describe('split adjustment kernel', () => {
  it('multiplies prices and amounts dated before the ex-date by old/new, shares by new/old', () => {
    expect(priceFactor([REVERSE_1_FOR_10], '2026-11-06', TODAY).toString()).toBe('10');
    expect(priceFactor([REVERSE_1_FOR_10], SPLIT_DAY, TODAY).toString()).toBe('1'); // the ex-date is already on the new basis
    expect(adjustPrice('2.00', '2026-10-01', [REVERSE_1_FOR_10], TODAY).toString()).toBe('20');
    expect(adjustShares('1000', '2026-10-01', [REVERSE_1_FOR_10], TODAY).toString()).toBe('100');
    expect(adjustShares('1000', SPLIT_DAY, [REVERSE_1_FOR_10], TODAY).toString()).toBe('1000'); // bought on the ex-date
  });

  it('ignores a split whose ex-date is after the market date', () => {
    expect(adjustPrice('2.00', '2026-10-01', [REVERSE_1_FOR_10], '2026-11-06').toString()).toBe('2');
    expect(adjustBars([{ date: '2026-11-06', close: '2' }], [REVERSE_1_FOR_10], '2026-11-06')).toEqual([{ date: '2026-11-06', close: '2' }]);
  });

  it('keeps several splits exact (3-for-1 then 1-for-3 gives the figures back)', () => {
    const splits: SplitPoint[] = [
      { exDate: '2026-03-02', oldRate: '1', newRate: '3' },
      { exDate: '2026-06-01', oldRate: '3', newRate: '1' },
    ];
    expect(adjustPrice('10.01', '2026-01-05', splits, TODAY).toString()).toBe('10.01');
    expect(adjustPrice('4.5', '2026-04-01', splits, TODAY).toString()).toBe('13.5');
    expect(adjustShares('7', '2026-01-05', splits, TODAY).toString()).toBe('7');
    expect(adjustShares('7', '2026-04-01', splits, TODAY).toString()).toBe('2.333333333333333333333333333333333333333');
  });

  it('adjusts bars, distributions and a quote by their own dates', () => {
    const s = [REVERSE_1_FOR_10];
    expect(adjustBars([{ date: '2026-11-06', close: '2.01' }, { date: SPLIT_DAY, close: '20.3' }], s, TODAY)).toEqual([
      { date: '2026-11-06', close: '20.1' },
      { date: SPLIT_DAY, close: '20.3' },
    ]);
    expect(adjustDistributions([{ exDate: '2026-11-03', payDate: '2026-11-04', amount: '0.0215' }], s, TODAY)).toEqual([
      { exDate: '2026-11-03', payDate: '2026-11-04', amount: '0.215' },
    ]);
    // 2026-11-06 19:00 UTC is 14:00 in New York, the Friday before the split
    expect(adjustQuote({ price: '2.05', quotedAt: '2026-11-06T19:00:00Z' }, s, TODAY)).toEqual({ price: '20.5', quotedAt: '2026-11-06T19:00:00Z' });
    expect(adjustQuote({ price: '20.5', quotedAt: '2026-11-23T19:00:00Z' }, s, TODAY)).toEqual({ price: '20.5', quotedAt: '2026-11-23T19:00:00Z' });
  });

  it('names splits as investors read them', () => {
    expect(describeSplit(REVERSE_1_FOR_10)).toBe('1-for-10 reverse split');
    expect(describeSplit({ oldRate: '1', newRate: '3' })).toBe('3-for-1 split');
    expect(describeSplit({ oldRate: '2', newRate: '3' })).toBe('3-for-2 split');
  });
});

describe('AUDS: a 1-for-10 reverse split, metrics and a holding (the audit hand figures)', () => {
  const input = { today: TODAY, frequency: 'weekly' as const, bars: audsBars(), quote: null, distributions: audsDistributions() };

  it('without the adjustment the figures are the audit phantom ones (F2)', () => {
    const m = presentEtfMetrics(computeEtfMetrics(input));
    expect([m.yieldPercent, m.oneYearReturn]).toEqual(['36.40', '970.00']);
  });

  it('split-adjusted: yield 52.00, DRIP yield 67.77, 1-year 52.00, DRIP return 67.77', () => {
    const m = presentEtfMetrics(computeEtfMetrics(splitAdjustedInput(input, [REVERSE_1_FOR_10])));
    // weekly average (0.20 + 0.20 + 0.02 x 10) / 3 = 0.20; 0.20 x 52 / 20 = 52 %
    expect(m.weeklyAverage).toBe('0.2000');
    expect(m.yieldPercent).toBe('52.00');
    // (1 + 0.20 / 20)^52 - 1 = 1.01^52 - 1
    expect(m.annualDripYield).toBe('67.77');
    // flat at 20 (adjusted) with 52 payouts of 0.20 in the window: 10.40 / 20
    expect(m.oneYearReturn).toBe('52.00');
    expect(m.dripReturn).toBe('67.77');
    expect(m.currentPrice).toBe('20.00');
  });

  it('1,000 shares bought 2026-10-01 at $2.00: 100 shares, value 2,000.00, no price change, income 140.00, projected 1,040.00', () => {
    const h = holdingPerformance({
      ...input,
      purchaseDate: '2026-10-01',
      shares: '1000',
      purchasePrice: '2.00',
      drip: false,
      splits: [REVERSE_1_FOR_10],
    });
    expect(h.initialShares.toString()).toBe('100');
    expect(h.shares.toString()).toBe('100');
    expect(fixed(h.marketValue!, 2)).toBe('2000.00');
    expect(fixed(h.costBasis!, 2)).toBe('2000.00');
    expect(fixed(h.priceReturn!, 2)).toBe('0.00');
    // five payouts of 1,000 x 0.02 = 20.00 (ex 10-06 .. 11-03) and two of 100 x 0.20 = 20.00 (11-10, 11-17)
    expect(h.payments).toHaveLength(7);
    expect(h.payments.map((p) => fixed(p.cash, 2))).toEqual(Array(7).fill('20.00'));
    expect(fixed(h.incomeReceived, 2)).toBe('140.00');
    // 100 x 0.20 x 52
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1040.00');
    expect(fixed(h.totalReturn!, 2)).toBe('140.00');
  });

  it('with DRIP the reinvested shares are on the new basis too', () => {
    const h = holdingPerformance({ ...input, purchaseDate: '2026-10-01', shares: '1000', purchasePrice: '2.00', drip: true, splits: [REVERSE_1_FOR_10] });
    // 100 adjusted shares, seven payouts of 1 % each reinvested at the (adjusted) flat 20.00
    expect(fixed(h.shares, 6)).toBe('107.213535'); // 100 x 1.01^7
    expect(fixed(h.marketValue!, 2)).toBe('2144.27');
  });

  it('a holding bought after the split is not adjusted', () => {
    const h = holdingPerformance({ ...input, purchaseDate: '2026-11-12', shares: '50', purchasePrice: '20', drip: false, splits: [REVERSE_1_FOR_10] });
    expect(h.initialShares.toString()).toBe('50');
    expect(fixed(h.incomeReceived, 2)).toBe('10.00'); // ex 11-17: 50 x 0.20
    expect(fixed(h.priceReturn!, 2)).toBe('0.00');
  });
});
