import { describe, expect, it } from 'vitest';
import { dec, fixed, type Decimal } from './decimal.ts';
import { computeEtfMetrics, presentEtfMetrics, type BarPoint, type DistributionPoint } from './etf-metrics.ts';
import { explainMetrics, returnOfCapitalTtm } from './explain.ts';
import { holdingPerformance, type HoldingPerformanceInput } from './holding-performance.ts';
import { allocateCents, characterSumProblem, rocOf, splitByCharacter } from './return-of-capital.ts';
import { addDays, businessDaysBetween, isBusinessDay, previousBusinessDay, type IsoDate } from './trading-days.ts';

/**
 * Return of capital and true income (issue 27): the hand-computed cases of docs/metrics.md "Return of
 * capital", number for number. Every payout pays the next business day (no pay date given).
 */

const money = (v: Decimal | null) => (v === null ? null : fixed(v, 2));
const flatBars = (from: IsoDate, to: IsoDate, close: string): BarPoint[] => businessDaysBetween(from, to).map((date) => ({ date, close }));
/** Every `weekday` ex-date of the weeks from `first` to `last`, a closed day moved to the business day before (as issuers do). */
function weekly(first: IsoDate, last: IsoDate, patch: Partial<DistributionPoint>): DistributionPoint[] {
  const out: DistributionPoint[] = [];
  for (let d = first; d <= last; d = addDays(d, 7)) out.push({ exDate: isBusinessDay(d) ? d : previousBusinessDay(d), payDate: null, amount: '0', ...patch });
  return out;
}

describe('the ROC share of one distribution (final, else estimate, else not published)', () => {
  it('the final character replaces the estimate; the estimate is kept beside it', () => {
    const character = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' };
    expect(rocOf({ rocEstimatePercent: '92', character })).toEqual({ basis: 'final', percent: dec(100) });
    expect(rocOf({ rocEstimatePercent: '92', character: null })).toEqual({ basis: 'estimate', percent: dec(92) });
    // nothing invented: no figure counts as income, and says so
    expect(rocOf({ rocEstimatePercent: null, character: null })).toEqual({ basis: 'not-published', percent: dec(0) });
    expect(rocOf({})).toEqual({ basis: 'not-published', percent: dec(0) });
  });
  it('a character published rounded (99.98 in all) is taken as shares of its sum', () => {
    // 96.93 / 99.98 x 100 = 96.949389...
    const roc = rocOf({ character: { ordinary: '2.05', qualified: '0', capitalGain: '1', returnOfCapital: '96.93' } });
    expect(roc.basis).toBe('final');
    expect(fixed(roc.percent, 6)).toBe('96.949390');
  });
  it('the four percentages add up to 100 within 0.1', () => {
    expect(characterSumProblem({ ordinary: '33.33', qualified: '33.33', capitalGain: '33.33', returnOfCapital: '0' })).toBeNull();
    expect(characterSumProblem({ ordinary: '0', qualified: '0', capitalGain: '0.1', returnOfCapital: '100' })).toBeNull();
    expect(characterSumProblem({ ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '92' })).toBe('the four percentages add up to 92, not 100 (within 0.1)');
    expect(characterSumProblem({ ordinary: '0', qualified: '0', capitalGain: '0.11', returnOfCapital: '100' })).toBe('the four percentages add up to 100.11, not 100 (within 0.1)');
  });
});

describe('a payment split by character, in cents (the tax-year summary)', () => {
  it('the parts add up to the cash exactly and none is negative', () => {
    // 0.05 in halves: 2.5 cents each; the leftover cent goes to the first of the tie
    expect(allocateCents(dec('0.05'), [dec('0.5'), dec('0.5')]).map((v) => fixed(v, 2))).toEqual(['0.03', '0.02']);
    // thirds of 0.10: 3.33.. cents each, the cent left to the first
    expect(allocateCents(dec('0.1'), [dec(1).div(3), dec(1).div(3), dec(1).div(3)]).map((v) => fixed(v, 2))).toEqual(['0.04', '0.03', '0.03']);
  });
  it('final: the four parts; estimate: ROC at the estimate and the rest income not characterised yet; none: all income', () => {
    const final = splitByCharacter(dec(50), { rocEstimatePercent: '92', character: { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' } });
    expect([final.basis, money(final.returnOfCapital), money(final.ordinary), money(final.qualified), money(final.capitalGain), money(final.income), money(final.unclassifiedIncome)]).toEqual(
      ['final', '45.00', '2.50', '1.00', '1.50', '5.00', '0.00'],
    );
    const estimate = splitByCharacter(dec(50), { rocEstimatePercent: '92' });
    expect([estimate.basis, money(estimate.returnOfCapital), estimate.ordinary, money(estimate.income), money(estimate.unclassifiedIncome)]).toEqual(['estimate', '46.00', null, '4.00', '4.00']);
    const none = splitByCharacter(dec('12.345'), {});
    expect([none.basis, money(none.cash), money(none.returnOfCapital), money(none.unclassifiedIncome)]).toEqual(['not-published', '12.35', '0.00', '12.35']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Case 1: a 100 % ROC fund (docs/metrics.md, "Return of capital", case 1)

describe('case 1: a 100 % ROC fund (RCAW)', () => {
  // $20.00 every session, $0.20 ex every Thursday with the issuer's estimate 100 % ROC; today Monday 2026-11-23.
  const today = '2026-11-23';
  const bars = flatBars('2025-10-01', today, '20.00');
  const distributions = weekly('2025-10-02', '2026-11-19', { amount: '0.20', rocEstimatePercent: '100' });

  it('rocShareTtm 100.00, trueIncomeRate 0.00: the distribution rate of 52.00 is all capital returned', () => {
    const m = computeEtfMetrics({ today, frequency: 'weekly', bars, distributions });
    const v = presentEtfMetrics(m);
    // 52 payouts ex 2025-11-26 (Thanksgiving's Wednesday) .. 2026-11-19: 52 x 0.20 = 10.40 paid, all returned
    expect([v.distributionRate, v.rocShareTtm, v.rocShareTtmBasis, v.trueIncomeRate]).toEqual(['52.00', '100.00', { payouts: 52, final: 0, estimated: 52, notPublished: 0 }, '0.00']);
    expect(returnOfCapitalTtm(m)).toMatchObject({ since: '2025-11-23', paidPerShare: '10.4000', capitalReturnedPerShare: '10.4000', incomePerShare: '0.0000', rocShareTtm: '100.00' });
    const explain = explainMetrics(m, { frequency: 'weekly', distributions, today });
    expect(explain.trueIncomeRate.inputs).toMatchObject({ distributionRate: '52', rocShareTtm: '100', payouts: 52, estimated: 52 });
    expect(explain.rocShareTtm.inputs).toMatchObject({ since: '2025-11-23', paidPerShare: '10.4', capitalReturnedPerShare: '10.4' });
    expect((explain.rocShareTtm.inputs['distributions'] as unknown[])[0]).toEqual({ exDividendDate: '2025-11-26', amount: '0.2', kind: 'regular', rocPercent: '100', rocBasis: 'estimate' });
  });

  it('a holding: every payment is capital returned, no income; the adjusted cost falls by it', () => {
    // 100 shares bought Thursday 2026-10-01 at $20.00 (cost 2,000.00), no DRIP: 7 payments (ex 10-08 .. 11-19) of 100 x 0.20 = 20.00
    const h = holdingPerformance({ purchaseDate: '2026-10-01', shares: '100', purchasePrice: '20.00', drip: false, today, frequency: 'weekly', bars, distributions });
    const r = h.returnOfCapital;
    expect([money(h.incomeReceived), money(r.capitalReturned), money(r.incomeReceivedNet)]).toEqual(['140.00', '140.00', '0.00']);
    expect([money(r.adjustedCostBasis), money(r.capitalGainFromRoc), r.bases]).toEqual(['1860.00', '0.00', { payouts: 7, final: 0, estimated: 7, notPublished: 0 }]);
    // gain on the purchase cost: price 0 + 140 of distributions = 140.00 (7.00 %); on the adjusted cost: 2,000 - 1,860 = 140.00 (7.53 %)
    expect([money(h.totalReturn), money(h.gainOnAdjustedCost), fixed(h.gainOnAdjustedCost!.div(r.adjustedCostBasis!).times(100), 2)]).toEqual(['140.00', '140.00', '7.53']);
    // house money 140 / 2,000 = 7.00 % on the purchase cost, 0 / 1,860 = 0.00 % on the adjusted cost
    expect([money(h.houseMoney.percent), money(h.houseMoneyOnAdjustedCost)]).toEqual(['7.00', '0.00']);
    // yield on cost 100 x 0.20 x 52 = 1,040.00 / 2,000 = 52.00 %; its income part 1,040 x 0 = 0.00: 0.00 % on the adjusted cost
    expect([money(h.projectedAnnualIncome), money(h.yieldOnCost), money(h.projectedAnnualIncomeNet), money(h.yieldOnAdjustedCost)]).toEqual(['1040.00', '52.00', '0.00', '0.00']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Case 2: final figures replacing estimates

describe('case 2: final figures replace the estimates (FINW)', () => {
  // $10.00, $0.25 ex every Wednesday from 2025-12-03, the issuer's estimate 92 % ROC each; today Monday 2026-01-12.
  // 200 shares bought Monday 2025-12-01 at $10.00 (cost 2,000.00), no DRIP: every payment is 200 x 0.25 = 50.00.
  const today = '2026-01-12';
  const bars = flatBars('2025-11-03', today, '10.00');
  const estimated = weekly('2025-12-03', '2026-01-07', { amount: '0.25', rocEstimatePercent: '92' });
  // After the year ends the fund reports 2025's: ex 12-03 90 % ROC (5 ordinary, 2 qualified, 3 capital gain), the others 100 %.
  const roc100 = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' };
  const final = estimated.map((d) =>
    d.exDate === '2025-12-03' ? { ...d, character: { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' } } : d.exDate < '2026-01-01' ? { ...d, character: roc100 } : d,
  );
  const holding = (distributions: DistributionPoint[]): HoldingPerformanceInput => ({
    purchaseDate: '2025-12-01',
    shares: '200',
    purchasePrice: '10.00',
    drip: false,
    today,
    frequency: 'weekly',
    bars,
    distributions,
  });

  it('the fund: rocShareTtm 92.00 on estimates, 97.00 once 2025 is final; trueIncomeRate 10.40, then 3.90', () => {
    // six payouts ex 12-03 .. 01-07; distributionRate 0.25 x 52 / 10 = 130.00
    const before = presentEtfMetrics(computeEtfMetrics({ today, frequency: 'weekly', bars, distributions: estimated }));
    expect([before.distributionRate, before.rocShareTtm, before.rocShareTtmBasis, before.trueIncomeRate]).toEqual(['130.00', '92.00', { payouts: 6, final: 0, estimated: 6, notPublished: 0 }, '10.40']);
    // 0.25 x (90 + 4 x 100 + 92) / (6 x 0.25) = 582 / 6 = 97.00; 130 x (100 - 97) / 100 = 3.90
    const after = presentEtfMetrics(computeEtfMetrics({ today, frequency: 'weekly', bars, distributions: final }));
    expect([after.rocShareTtm, after.rocShareTtmBasis, after.trueIncomeRate]).toEqual(['97.00', { payouts: 6, final: 5, estimated: 1, notPublished: 0 }, '3.90']);
  });

  it('the holding: capital returned 276.00 on estimates, 291.00 once final; the adjusted cost 1,724.00, then 1,709.00', () => {
    // six payments paid 12-04, 12-11, 12-18, 12-26 (Christmas), 2026-01-02 (New Year's Day), 01-08: 300.00
    const before = holdingPerformance(holding(estimated));
    expect([money(before.incomeReceived), money(before.returnOfCapital.capitalReturned), money(before.returnOfCapital.incomeReceivedNet), money(before.returnOfCapital.adjustedCostBasis)]).toEqual(
      ['300.00', '276.00', '24.00', '1724.00'],
    );
    // 50 x 0.90 + 4 x 50 + 50 x 0.92 = 45 + 200 + 46 = 291.00
    const after = holdingPerformance(holding(final));
    expect([money(after.returnOfCapital.capitalReturned), money(after.returnOfCapital.incomeReceivedNet), money(after.returnOfCapital.adjustedCostBasis)]).toEqual(['291.00', '9.00', '1709.00']);
    expect(after.returnOfCapital.bases).toEqual({ payouts: 6, final: 5, estimated: 1, notPublished: 0 });
    // each payment keeps its estimate beside the final figures
    expect(after.payments[0]).toMatchObject({ exDate: '2025-12-03', figures: { rocEstimatePercent: '92', character: { returnOfCapital: '90' } }, roc: { basis: 'final' } });
    expect(money(after.payments[0]!.capitalReturned)).toBe('45.00');
  });
});

// ---------------------------------------------------------------------------------------------------
// Case 3: a cost basis driven to zero

describe('case 3: a cost basis driven to zero (ZERW)', () => {
  // $0.10 ex every Thursday, the issuer's estimate 100 % ROC; the price eroded to $1.50; today Monday 2026-06-29.
  // 100 shares bought Thursday 2026-01-08 at $2.00 (cost 200.00), no DRIP: 24 payments (ex 01-15 .. 06-25) of 10.00.
  const today = '2026-06-29';
  const bars = flatBars('2025-12-01', today, '1.50');
  const distributions = weekly('2026-01-08', '2026-06-25', { amount: '0.10', rocEstimatePercent: '100' });
  const h = holdingPerformance({ purchaseDate: '2026-01-08', shares: '100', purchasePrice: '2.00', drip: false, today, frequency: 'weekly', bars, distributions });
  const r = h.returnOfCapital;

  it('the cost never goes below zero; what is returned beyond it is a capital gain', () => {
    // 24 x 10.00 = 240.00 returned, 200.00 of it against the cost: adjusted 0.00, capital gain 40.00
    expect([r.bases.payouts, money(h.incomeReceived), money(r.capitalReturned), money(r.incomeReceivedNet)]).toEqual([24, '240.00', '240.00', '0.00']);
    expect([money(r.adjustedCostBasis), money(r.capitalGainFromRoc)]).toEqual(['0.00', '40.00']);
  });

  it('gain on both bases: 190.00 on the purchase cost = 150.00 on the adjusted cost + 0.00 income + 40.00 capital gain', () => {
    // price 100 x (1.50 - 2.00) = -50.00, distributions 240.00: 190.00 (95.00 %); value 150.00 - 0.00 adjusted
    expect([money(h.totalReturn), money(h.totalReturnPercent), money(h.gainOnAdjustedCost)]).toEqual(['190.00', '95.00', '150.00']);
    expect(money(h.gainOnAdjustedCost!.plus(r.incomeReceivedNet).plus(r.capitalGainFromRoc!))).toBe(money(h.totalReturn));
    // house money 240 / 200 = 120.00 %, paid back by the 20th payment (ex 05-28, paid 05-29); nothing to divide on the adjusted cost
    expect([money(h.houseMoney.percent), h.houseMoney.date, h.houseMoney.reached, h.houseMoneyOnAdjustedCost]).toEqual(['120.00', '2026-05-29', true, null]);
    // yield on cost 100 x 0.10 x 52 = 520.00 / 200 = 260.00 %; the projected income is all capital (rocShareTtm 100): 0.00, no yield on a zero cost
    expect([money(h.yieldOnCost), money(h.projectedAnnualIncomeNet), h.yieldOnAdjustedCost]).toEqual(['260.00', '0.00', null]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Case 4: DRIP with ROC

describe('case 4: DRIP with ROC (DRCW)', () => {
  // $10.00 every session, $0.10 ex every Thursday from 2026-10-08 (paid Friday), the estimate 50 % ROC; today Monday 2026-10-26.
  // 100 shares bought Thursday 2026-10-01 at $10.00 (cost 1,000.00), DRIP at the pay date's close.
  const today = '2026-10-26';
  const bars = flatBars('2026-09-01', today, '10.00');
  const distributions = weekly('2026-10-08', '2026-10-22', { amount: '0.10', rocEstimatePercent: '50' });
  const h = holdingPerformance({ purchaseDate: '2026-10-01', shares: '100', purchasePrice: '10.00', drip: true, today, frequency: 'weekly', bars, distributions });
  const r = h.returnOfCapital;

  it('each reinvested payment is a lot with its own cost; the ROC of later payouts lowers every lot held on their ex-date', () => {
    // ex 10-08: 100 x 0.10 = 10.00 -> 1 share (lot A, 10-09); ex 10-15: 101 x 0.10 = 10.10 -> 1.01 (lot B, 10-16);
    // ex 10-22: 102.01 x 0.10 = 10.201 -> 1.0201 (lot C, 10-23). ROC per share 0.05 a payout.
    expect(h.shares.toString()).toBe('103.0301');
    expect(r.lots.map((l) => [l.acquired, l.shares.toString(), l.cost!.toString(), l.capitalReturned.toString(), l.adjustedCost!.toString()])).toEqual([
      ['2026-10-01', '100', '1000', '15', '985'], // 3 payouts x 0.05 x 100
      ['2026-10-09', '1', '10', '0.1', '9.9'], // ex 10-15 and 10-22
      ['2026-10-16', '1.01', '10.1', '0.0505', '10.0495'], // ex 10-22
      ['2026-10-23', '1.0201', '10.201', '0', '10.201'], // bought after the last ex-date
    ]);
    // capital returned 30.301 x 50 % = 15.1505 (= the lots' 15 + 0.1 + 0.0505); adjusted 1,000 + 30.301 - 15.1505 = 1,015.1505
    expect([r.capitalReturned.toString(), r.reinvestedCost.toString(), r.adjustedCostBasis!.toString(), money(r.capitalGainFromRoc)]).toEqual(['15.1505', '30.301', '1015.1505', '0.00']);
    expect([money(h.incomeReceived), money(r.capitalReturned), money(r.incomeReceivedNet), money(r.adjustedCostBasis)]).toEqual(['30.30', '15.15', '15.15', '1015.15']);
  });

  it('gain, house money and yield on cost on both bases', () => {
    // value 103.0301 x 10 = 1,030.301; gain (DRIP) = value - cost = 30.301 -> 30.30; on the adjusted cost 1,030.301 - 1,015.1505 = 15.1505
    expect([money(h.marketValue), money(h.totalReturn), money(h.gainOnAdjustedCost)]).toEqual(['1030.30', '30.30', '15.15']);
    // gain = 15.1505 + 15.1505 (income net) + 0 (capital gain)
    expect(h.gainOnAdjustedCost!.plus(r.incomeReceivedNet).plus(r.capitalGainFromRoc!).toString()).toBe(h.totalReturn!.toString());
    // house money 30.301 / 1,000 = 3.03 %; on the adjusted cost 15.1505 / 1,015.1505 = 1.4924... -> 1.49 %
    expect([money(h.houseMoney.percent), money(h.houseMoneyOnAdjustedCost)]).toEqual(['3.03', '1.49']);
    // projected 103.0301 x 0.10 x 52 = 535.75652: 53.58 % on cost; its income part (rocShareTtm 50) 267.87826 / 1,015.1505 = 26.388... -> 26.39 %
    expect([money(h.projectedAnnualIncome), money(h.yieldOnCost), money(h.projectedAnnualIncomeNet), money(h.yieldOnAdjustedCost)]).toEqual(['535.76', '53.58', '267.88', '26.39']);
  });
});
