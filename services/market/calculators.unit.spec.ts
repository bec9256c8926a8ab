import { describe, expect, it } from 'vitest';
import { DripCalculatorRequest as dripCalculatorSchema, YieldCalculatorRequest as yieldCalculatorSchema } from '../../contracts/market.ts';
import { calculateDrip, calculateYield, fieldErrorsOf } from './calculators.ts';

const parseYield = (body: unknown) => yieldCalculatorSchema.safeParse(body);
const parseDrip = (body: unknown) => dripCalculatorSchema.safeParse(body);

describe('yield calculator', () => {
  it('computes annual, monthly, weekly and per-payout income', () => {
    const input = yieldCalculatorSchema.parse({ investment: '10,000', yieldPercent: 12.5 });
    expect(input).toEqual({ investment: '10000', yieldPercent: '12.5', frequency: 'weekly' });
    // annual = 10000 x 12.5 / 100 = 1250; monthly = 1250 / 12 = 104.1666... -> 104.17;
    // weekly = 1250 / 52 = 24.0384... -> 24.04; per payout (weekly, 52 a year) = 24.04
    expect(calculateYield(input)).toEqual({ annual: '1250.00', monthly: '104.17', weekly: '24.04', perPayout: '24.04', payoutsPerYear: 52, highYield: false });
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
  it('flags a yield above 15 % a year (a constant price is not realistic there)', () => {
    const flag = (yieldPercent: string) => calculateYield(yieldCalculatorSchema.parse({ investment: 10000, yieldPercent })).highYield;
    expect(flag('15')).toBe(false);
    expect(flag('15.01')).toBe(true);
    expect(flag('132')).toBe(true);
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
    // the yield used: 0.20 x 52 / 20 = 52 %, above 15 %: flagged
    expect(calculateDrip(input)).toEqual({ finalValue: '16776.89', totalShares: '838.8445', growth: '67.77', weeks: 52, annualYieldPercent: '52.00', highYield: true });
  });
  it('five years (the default) of a 15c dividend on a $12.34 share', () => {
    const r = calculateDrip(dripCalculatorSchema.parse({ initialInvestment: 2500, sharePrice: 12.34, weeklyDividend: 0.15, years: '5' }));
    // (1 + 0.15 / 12.34)^260 = 23.136222700971...; 2500 / 12.34 x that = 4687.2412 shares; x 12.34 = 57840.56
    // yield used 0.15 x 52 / 12.34 = 63.2090...%
    expect(r).toEqual({ finalValue: '57840.56', totalShares: '4687.2412', growth: '2213.62', weeks: 260, annualYieldPercent: '63.21', highYield: true });
  });
  it('validates each field with a clear message', () => {
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '0', weeklyDividend: '-0.1', years: 31 }).error!)).toEqual({
      sharePrice: 'Share price must be at least 0.0001 and at most 1,000,000',
      weeklyDividend: 'Weekly dividend must be between 0 and 10% of the share price',
      years: 'Years must be between 1 and 30',
    });
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '0.1', years: 2.5 }).error!)).toEqual({ years: 'Years must be a whole number' });
    expect(fieldErrorsOf(parseDrip({}).error!)).toEqual({ initialInvestment: 'Required', sharePrice: 'Required', weeklyDividend: 'Required', years: 'Required' });
    expect(fieldErrorsOf(parseDrip({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '2', years: 1 }).error!)).toEqual({
      weeklyDividend: 'Weekly dividend must be between 0 and 10% of the share price',
    });
  });
  it('every out-of-range amount names both bounds of its rule (F14)', () => {
    const drip = { initialInvestment: '1000', sharePrice: '10', weeklyDividend: '0.1', years: 1 };
    const err = (patch: Record<string, unknown>) => fieldErrorsOf(parseDrip({ ...drip, ...patch }).error!);
    expect(err({ sharePrice: '1,000,001' })).toEqual({ sharePrice: 'Share price must be at least 0.0001 and at most 1,000,000' });
    expect(err({ sharePrice: '0.00009' })).toEqual({ sharePrice: 'Share price must be at least 0.0001 and at most 1,000,000' });
    expect(parseDrip({ ...drip, sharePrice: '0.0001', weeklyDividend: '0' }).success).toBe(true);
    expect(parseDrip({ ...drip, sharePrice: '1,000,000' }).success).toBe(true);
    expect(err({ initialInvestment: '1000000000.01' })).toEqual({ initialInvestment: 'Initial investment must be greater than 0 and at most 1,000,000,000' });
    expect(err({ initialInvestment: 0 })).toEqual({ initialInvestment: 'Initial investment must be greater than 0 and at most 1,000,000,000' });
  });
  it('the largest allowed input prints exact digits only (F14): 1e9 at $0.50 with $0.05 a week for 30 years', () => {
    // factor = 1 + 0.05 / 0.50 = 1.1 = 11/10 exactly, 1560 weeks: finalValue = 1e9 x 11^1560 / 10^1560, a
    // rational number computed exactly with BigInt; shares = finalValue / 0.5. Rounded half-up.
    const exact = (numerator: bigint, denominatorPow10: bigint, places: bigint): string => {
      const scale = 10n ** places;
      const q = (numerator * scale * 10n) / 10n ** denominatorPow10; // one extra digit for the half-up step
      const rounded = (q + 5n) / 10n;
      const s = rounded.toString();
      return `${s.slice(0, -Number(places))}.${s.slice(-Number(places))}`;
    };
    const value = 10n ** 9n * 11n ** 1560n; // / 10^1560
    const r = calculateDrip(dripCalculatorSchema.parse({ initialInvestment: '1,000,000,000', sharePrice: '0.50', weeklyDividend: '0.05', years: 30 }));
    expect(r.finalValue).toBe(exact(value, 1560n, 2n));
    expect(r.finalValue.length).toBe(74 + 3);
    expect(r.totalShares).toBe(exact(value * 2n, 1560n, 4n));
    // growth = (1.1^1560 - 1) x 100
    expect(r.growth).toBe(exact((11n ** 1560n - 10n ** 1560n) * 100n, 1560n, 2n));
    expect(r).toMatchObject({ annualYieldPercent: '520.00', highYield: true });
  });
  it('the smallest allowed price with the largest dividend and investment: shares are exact too', () => {
    // 1e9 / 0.0001 = 1e13 shares, x 1.1 a week (0.00001 / 0.0001) for 1560 weeks: 1e13 x 11^1560 / 10^1560 (78 integer digits)
    const r = calculateDrip(dripCalculatorSchema.parse({ initialInvestment: 1e9, sharePrice: '0.0001', weeklyDividend: '0.00001', years: 30 }));
    const digits = (10n ** 13n * 11n ** 1560n * 10n ** 5n) / 10n ** 1560n; // 4 decimals + 1 digit
    const rounded = ((digits + 5n) / 10n).toString();
    expect(r.totalShares).toBe(`${rounded.slice(0, -4)}.${rounded.slice(-4)}`);
    expect(rounded.length - 4).toBe(78);
  });
  it('a zero dividend keeps the value', () => {
    expect(calculateDrip(dripCalculatorSchema.parse({ initialInvestment: '1000', sharePrice: '10', weeklyDividend: '0', years: 30 }))).toMatchObject({ finalValue: '1000.00', growth: '0.00' });
  });
});
