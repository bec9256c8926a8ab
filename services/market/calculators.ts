import type { z } from 'zod';
import type { DripCalculatorInput, DripCalculatorResult, YieldCalculatorInput, YieldCalculatorResult, YieldFrequency } from '../../contracts/market.ts';
import { Dec, HUNDRED, dec, fixed } from '../../domain/market/decimal.ts';

/**
 * The public calculators (`POST /api/calculate/yield`, `POST /api/calculate/drip`): zod schemas for the
 * request bodies (exported for the route) and the pure calculations. Amounts may arrive as numbers or
 * as strings with `$` and thousands separators ("10,000"). Results are decimal strings: money 2
 * decimals, shares 4, percentages 2 (half-up); the arithmetic itself is exact decimal.
 */

/**
 * Above this annual yield (percent of the share price paid out a year) a projection at a constant share
 * price is not realistic: no fund earns that much on its holdings year after year, so part of the payout
 * comes out of the fund's own value and its price falls (NAV erosion, typical of high-yield option-income
 * funds). The answers say so (`highYield`); the client shows a warning. See docs/metrics.md.
 */
export const HIGH_YIELD_PERCENT = 15;

/** Payouts per year: weekly 52, every four weeks 13, monthly 12, quarterly 4. */
export const PAYOUTS_PER_YEAR: Record<YieldFrequency, number> = { weekly: 52, 'four-week': 13, monthly: 12, quarterly: 4 };

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
    highYield: dec(input.yieldPercent).gt(HIGH_YIELD_PERCENT),
  };
}

/**
 * The DRIP arithmetic's decimals: 100 significant digits. The allowed range bounds the result: at most
 * 1e9 / 0.0001 = 1e13 shares to start, x 1.1 a week (the 10 % cap) for 1,560 weeks = 1e13 x 1.1^1560,
 * about 3.7e77 shares: 78 integer digits + 4 decimals = 82 printed digits (the final value at most
 * 1e9 x 1.1^1560: 74 + 2). 1,562 roundings of 0.5e-99 each leave 17 exact guard digits, so every
 * printed digit is exact (the 40 digits of the other metrics printed rounding noise here, F14).
 */
const DRIP_DEC = Dec.clone({ precision: 100 });

/**
 * Weekly reinvestment at a constant price and dividend: shares = initial / price; each of years x 52
 * weeks, shares += shares x weeklyDividend / price; finalValue = shares x price;
 * growth = (finalValue / initial - 1) x 100. annualYieldPercent = weeklyDividend x 52 / price x 100,
 * the yield the projection compounds; highYield when it is above HIGH_YIELD_PERCENT.
 */
export function calculateDrip(input: DripCalculatorInput): DripCalculatorResult {
  const initial = new DRIP_DEC(input.initialInvestment);
  const price = new DRIP_DEC(input.sharePrice);
  const weekly = new DRIP_DEC(input.weeklyDividend);
  const factor = weekly.div(price).plus(1);
  const weeks = input.years * 52;
  let shares = initial.div(price);
  for (let i = 0; i < weeks; i++) shares = shares.times(factor);
  const finalValue = shares.times(price);
  const annualYield = weekly.times(52).div(price).times(100);
  return {
    finalValue: fixed(finalValue, 2),
    totalShares: fixed(shares, 4),
    growth: fixed(finalValue.div(initial).minus(1).times(100), 2),
    weeks,
    annualYieldPercent: fixed(annualYield, 2),
    highYield: annualYield.gt(HIGH_YIELD_PERCENT),
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
