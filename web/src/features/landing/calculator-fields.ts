import type { EtfListItem } from '../../../../contracts/market.ts';
import { parseAmountInput, toNumber } from '../../lib/format.ts';

/** The picker's option for typing values by hand. */
export const MANUAL = 'manual';

/** Calculator defaults; DRIP years from 1 to 30. */
export const CALCULATOR_DEFAULTS = { investment: '10,000', years: '5', frequency: 'weekly' } as const;
export const DRIP_YEARS = { min: 1, max: 30 } as const;

/** A decimal string as an input value ("" when missing). */
function inputValue(value: string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '' : String(value).trim();
}

/** Choosing an ETF in the yield calculator copies its yieldPercent into the yield field. */
export function yieldFieldsFromEtf(etf: Pick<EtfListItem, 'yieldPercent'>): { yieldPercent: string } {
  return { yieldPercent: inputValue(etf.yieldPercent) };
}

/** Choosing an ETF in the DRIP calculator copies currentPrice to share price and weeklyAverage to weekly dividend. */
export function dripFieldsFromEtf(etf: Pick<EtfListItem, 'currentPrice' | 'weeklyAverage'>): { sharePrice: string; weeklyDividend: string } {
  return { sharePrice: inputValue(etf.currentPrice), weeklyDividend: inputValue(etf.weeklyAverage) };
}

export interface YieldForm {
  investment: string;
  yieldPercent: string;
  frequency: string;
}

/** The request body, or null when a required field is missing (→ "Missing Data" toast). */
export function yieldRequestOf(form: YieldForm): { investment: number; yieldPercent: number; frequency: string } | null {
  const investment = parseAmountInput(form.investment);
  const yieldPercent = toNumber(form.yieldPercent);
  if (investment === null || yieldPercent === null) return null;
  return { investment, yieldPercent, frequency: form.frequency || 'weekly' };
}

export interface DripForm {
  initialInvestment: string;
  sharePrice: string;
  weeklyDividend: string;
  years: string;
}

export function dripRequestOf(form: DripForm): { initialInvestment: number; sharePrice: number; weeklyDividend: number; years: number } | null {
  const initialInvestment = parseAmountInput(form.initialInvestment);
  const sharePrice = toNumber(form.sharePrice);
  const weeklyDividend = toNumber(form.weeklyDividend);
  const years = toNumber(form.years);
  if (initialInvestment === null || sharePrice === null || weeklyDividend === null || years === null) return null;
  return { initialInvestment, sharePrice, weeklyDividend, years };
}
