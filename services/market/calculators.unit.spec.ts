import { describe, expect, it } from 'vitest';
import { calculateDrip, calculateYield, dripCalculatorSchema, fieldErrorsOf, yieldCalculatorSchema } from './calculators.ts';

const parseYield = (body: unknown) => yieldCalculatorSchema.safeParse(body);
const parseDrip = (body: unknown) => dripCalculatorSchema.safeParse(body);

describe('yield calculator', () => {
  it('computes annual, monthly, weekly and per-payout income', () => {
    const input = yieldCalculatorSchema.parse({ investment: '10,000', yieldPercent: 12.5 });
    expect(input).toEqual({ investment: '10000', yieldPercent: '12.5', frequency: 'weekly' });
    // annual = 10000 x 12.5 / 100 = 1250; monthly = 1250 / 12 = 104.1666... -> 104.17;
    // weekly = 1250 / 52 = 24.0384... -> 24.04; per payout (weekly, 52 a year) = 24.04
    expect(calculateYield(input)).toEqual({ annual: '1250.00', monthly: '104.17', weekly: '24.04', perPayout: '24.04', payoutsPerYear: 52 });
  });
  it('per payout follows the frequency: four-week 13, monthly 12, quarterly 4 a year', () => {
    const per = (frequency: string) => calculateYield(yieldCalculatorSchema.parse({ investment: 10000, yieldPercent: '12.5', frequency })).perPayout;
    expect(per('four-week')).toBe('96.15'); // 1250 / 13 = 96.1538...
    expect(per('monthly')).toBe('104.17');
    expect(per('quarterly')).toBe('312.50');
  });
  it('explains what is wrong, per field', () => {
    const r = parseYield({ investment: '', yieldPercent: '-1', frequency: 'daily' });
    expect(fieldErrorsOf(r.error!)).toEqual({
      investment: 'Required',
      yieldPercent: 'Yield percent must be between 0 and 1000',
      frequency: 'Frequency must be one of weekly, four-week, monthly, quarterly',
    });
    expect(fieldErrorsOf(parseYield({ investment: '0', yieldPercent: 'abc' }).error!)).toEqual({
      investment: 'Investment must be greater than 0 and at most 1,000,000,000',
      yieldPercent: 'Yield percent must be a number',
    });
    expect(fieldErrorsOf(parseYield({}).error!)).toEqual({ investment: 'Required', yieldPercent: 'Required' });
  });
  it('accepts $ signs and thousands separators but not malformed groups', () => {
    expect(parseYield({ investment: '$25,000.50', yieldPercent: '10' }).data?.investment).toBe('25000.5');
    expect(parseYield({ investment: '25,00', yieldPercent: '10' }).success).toBe(false);
  });
});

describe('DRIP calculator', () => {
  it('compounds weekly at a constant price and dividend', () => {
    const input = dripCalculatorSchema.parse({ initialInvestment: '10,000', sharePrice: '20', weeklyDividend: '0.20', years: 1 });
    // shares = 10000 / 20 = 500; each week x (1 + 0.20 / 20) = x 1.01; 52 weeks: 1.01^52 = 1.6776889214629...
    // shares = 838.84446...; final = 838.84446 x 20 = 16776.889... ; growth = 67.7688...%
    expect(calculateDrip(input)).toEqual({ finalValue: '16776.89', totalShares: '838.8445', growth: '67.77', weeks: 52 });
  });
  it('five years (the default) of a 15c dividend on a $12.34 share', () => {
    const r = calculateDrip(dripCalculatorSchema.parse({ initialInvestment: 2500, sharePrice: 12.34, weeklyDividend: 0.15, years: '5' }));
    // (1 + 0.15 / 12.34)^260 = 23.136222700971...; 2500 / 12.34 x that = 4687.2412 shares; x 12.34 = 57840.56
    expect(r).toEqual({ finalValue: '57840.56', totalShares: '4687.2412', growth: '2213.62', weeks: 260 });
  });
  it('validates each field with a clear message', () => {
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '0', weeklyDividend: '-0.1', years: 31 }).error!)).toEqual({
      sharePrice: 'Share price must be greater than 0',
      weeklyDividend: 'Weekly dividend must be 0 or more',
      years: 'Years must be between 1 and 30',
    });
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '0.1', years: 2.5 }).error!)).toEqual({ years: 'Years must be a whole number' });
    expect(fieldErrorsOf(parseDrip({}).error!)).toEqual({ initialInvestment: 'Required', sharePrice: 'Required', weeklyDividend: 'Required', years: 'Required' });
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '2', years: 1 }).error!)).toEqual({
      weeklyDividend: 'Weekly dividend must be at most 10% of the share price',
    });
  });
  it('a zero dividend keeps the value', () => {
    expect(calculateDrip(dripCalculatorSchema.parse({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '0', years: 30 }))).toMatchObject({ finalValue: '1000.00', growth: '0.00' });
  });
});
