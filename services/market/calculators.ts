import { z } from 'zod';
import type { DripCalculatorResult, YieldCalculatorResult } from '../../contracts/market.ts';
import { HUNDRED, ONE, canonical, dec, fixed, parseAmount } from '../../domain/market/decimal.ts';

/**
 * The public calculators (`POST /api/calculate/yield`, `POST /api/calculate/drip`): zod schemas for the
 * request bodies (exported for the route) and the pure calculations. Amounts may arrive as numbers or
 * as strings with `$` and thousands separators ("10,000"). Results are decimal strings: money 2
 * decimals, shares 4, percentages 2 (half-up); the arithmetic itself is exact decimal.
 */

interface AmountRule {
  label: string;
  /** Exclusive lower bound. */
  gt?: number;
  /** Inclusive lower bound. */
  min?: number;
  /** Inclusive upper bound. */
  max?: number;
  rangeMessage: string;
}

function amountField(rule: AmountRule) {
  return z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.issues.push({ code: 'custom', message: 'Required', input: value });
      return z.NEVER;
    }
    const d = parseAmount(value);
    if (d === null) {
      ctx.issues.push({ code: 'custom', message: `${rule.label} must be a number`, input: value });
      return z.NEVER;
    }
    const tooLow = (rule.gt !== undefined && d.lte(rule.gt)) || (rule.min !== undefined && d.lt(rule.min));
    const tooHigh = rule.max !== undefined && d.gt(rule.max);
    if (tooLow || tooHigh) {
      ctx.issues.push({ code: 'custom', message: rule.rangeMessage, input: value });
      return z.NEVER;
    }
    return canonical(d);
  });
}

export const yieldFrequencies = ['weekly', 'four-week', 'monthly', 'quarterly'] as const;
export type YieldFrequency = (typeof yieldFrequencies)[number];

/** Payouts per year: weekly 52, every four weeks 13, monthly 12, quarterly 4. */
export const PAYOUTS_PER_YEAR: Record<YieldFrequency, number> = { weekly: 52, 'four-week': 13, monthly: 12, quarterly: 4 };

export const yieldCalculatorSchema = z.object({
  investment: amountField({ label: 'Investment', gt: 0, max: 1_000_000_000, rangeMessage: 'Investment must be greater than 0 and at most 1,000,000,000' }),
  yieldPercent: amountField({ label: 'Yield percent', min: 0, max: 1000, rangeMessage: 'Yield percent must be between 0 and 1000' }),
  frequency: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(yieldFrequencies, { error: `Frequency must be one of ${yieldFrequencies.join(', ')}` }).default('weekly'),
  ),
});
export type YieldCalculatorInput = z.output<typeof yieldCalculatorSchema>;

/** The answers: the contract (contracts/market.ts). */
export type { DripCalculatorResult, YieldCalculatorResult };

/** annual = investment x yield / 100; monthly = annual / 12; weekly = annual / 52; perPayout = annual / payouts a year. */
export function calculateYield(input: YieldCalculatorInput): YieldCalculatorResult {
  const annual = dec(input.investment).times(dec(input.yieldPercent)).div(HUNDRED);
  const payoutsPerYear = PAYOUTS_PER_YEAR[input.frequency];
  return {
    annual: fixed(annual, 2),
    monthly: fixed(annual.div(12), 2),
    weekly: fixed(annual.div(52), 2),
    perPayout: fixed(annual.div(payoutsPerYear), 2),
    payoutsPerYear,
  };
}

export const dripCalculatorSchema = z
  .object({
    initialInvestment: amountField({ label: 'Initial investment', gt: 0, max: 1_000_000_000, rangeMessage: 'Initial investment must be greater than 0 and at most 1,000,000,000' }),
    sharePrice: amountField({ label: 'Share price', gt: 0, max: 1_000_000, rangeMessage: 'Share price must be greater than 0' }),
    weeklyDividend: amountField({ label: 'Weekly dividend', min: 0, rangeMessage: 'Weekly dividend must be 0 or more' }),
    years: z.unknown().transform((value, ctx): number => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: 'Required', input: value });
        return z.NEVER;
      }
      const d = parseAmount(value);
      if (d === null) {
        ctx.issues.push({ code: 'custom', message: 'Years must be a number', input: value });
        return z.NEVER;
      }
      if (!d.isInteger()) {
        ctx.issues.push({ code: 'custom', message: 'Years must be a whole number', input: value });
        return z.NEVER;
      }
      if (d.lt(1) || d.gt(30)) {
        ctx.issues.push({ code: 'custom', message: 'Years must be between 1 and 30', input: value });
        return z.NEVER;
      }
      return d.toNumber();
    }),
  })
  .superRefine((v, ctx) => {
    // 10% a week is 520% a year: beyond any real fund, and it keeps 30-year compounding printable.
    if (dec(v.weeklyDividend).gt(dec(v.sharePrice).div(10))) {
      ctx.addIssue({ code: 'custom', path: ['weeklyDividend'], message: 'Weekly dividend must be at most 10% of the share price' });
    }
  });
export type DripCalculatorInput = z.output<typeof dripCalculatorSchema>;

/**
 * Weekly reinvestment at a constant price and dividend: shares = initial / price; each of years x 52
 * weeks, shares += shares x weeklyDividend / price; finalValue = shares x price;
 * growth = (finalValue / initial - 1) x 100.
 */
export function calculateDrip(input: DripCalculatorInput): DripCalculatorResult {
  const initial = dec(input.initialInvestment);
  const price = dec(input.sharePrice);
  const factor = ONE.plus(dec(input.weeklyDividend).div(price));
  const weeks = input.years * 52;
  let shares = initial.div(price);
  for (let i = 0; i < weeks; i++) shares = shares.times(factor);
  const finalValue = shares.times(price);
  return {
    finalValue: fixed(finalValue, 2),
    totalShares: fixed(shares, 4),
    growth: fixed(finalValue.div(initial).minus(ONE).times(HUNDRED), 2),
    weeks,
  };
}

/** The first message per field of a failed parse: `{ investment: 'Required', ... }` for `AppError` fieldErrors. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
