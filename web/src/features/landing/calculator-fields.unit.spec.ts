import { describe, expect, it } from 'vitest';
import { dripFieldsFromEtf, dripRequestOf, yieldFieldsFromEtf, yieldRequestOf } from './calculator-fields.ts';

describe('calculator field copying and requests', () => {
  it('the yield calculator copies the ETF yieldPercent', () => {
    expect(yieldFieldsFromEtf({ yieldPercent: '41.27' })).toEqual({ yieldPercent: '41.27' });
    expect(yieldFieldsFromEtf({ yieldPercent: null })).toEqual({ yieldPercent: '' });
  });

  it('the DRIP calculator copies currentPrice and weeklyAverage', () => {
    expect(dripFieldsFromEtf({ currentPrice: '50.12', weeklyAverage: '0.3850' })).toEqual({ sharePrice: '50.12', weeklyDividend: '0.3850' });
    expect(dripFieldsFromEtf({ currentPrice: '', weeklyAverage: null })).toEqual({ sharePrice: '', weeklyDividend: '' });
  });

  it('amounts are parsed after removing commas; missing required fields give null', () => {
    expect(yieldRequestOf({ investment: '10,000', yieldPercent: '40', frequency: 'weekly' })).toEqual({ investment: 10000, yieldPercent: 40, frequency: 'weekly' });
    expect(yieldRequestOf({ investment: '', yieldPercent: '40', frequency: 'weekly' })).toBeNull();
    expect(yieldRequestOf({ investment: '1,000', yieldPercent: '', frequency: 'weekly' })).toBeNull();
    expect(dripRequestOf({ initialInvestment: '25,000.5', sharePrice: '50', weeklyDividend: '0.4', years: '5' })).toEqual({
      initialInvestment: 25000.5,
      sharePrice: 50,
      weeklyDividend: 0.4,
      years: 5,
    });
    expect(dripRequestOf({ initialInvestment: '10,000', sharePrice: '50', weeklyDividend: '', years: '5' })).toBeNull();
  });
});
