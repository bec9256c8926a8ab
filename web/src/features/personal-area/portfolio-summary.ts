import type { HoldingView } from '../../../../contracts/portfolio.ts';
import { toNumber } from '../../lib/format.ts';

/**
 * The personal area's figures are the server's (docs/metrics.md "Holding value, gain and income"); the
 * client only adds them up, in whole cents, and never recomputes a holding:
 * - value = shares held now (with DRIP bought + reinvested) × price: the server's `currentValue`;
 * - gain = the server's `gain`, the total return: price change on the shares bought plus the
 *   distributions (without DRIP the cash received; with DRIP the value now of the reinvested shares),
 *   i.e. for DRIP value − cost. The spec's (price − purchase price) × shares is its price part
 *   (`priceChange`), shown beside it;
 * - income received = the cash the distributions paid (`incomeReceived`); with DRIP it was reinvested,
 *   so it is already inside the value and the gain (as reinvested shares at today's price), not on top.
 * Without the server's value (no price known to the portfolio yet) the value falls back to the fund's
 * list price × shares held.
 */

export function holdingPrice(h: HoldingView): number | null {
  return toNumber(h.currentPrice ?? null) ?? toNumber(h.etf?.currentPrice ?? null);
}

/** Shares held now (bought + reinvested with DRIP). */
export function currentShares(h: HoldingView): number {
  return toNumber(h.currentShares ?? null) ?? toNumber(h.shares) ?? 0;
}

export function sharesBought(h: HoldingView): number {
  return toNumber(h.sharesBought ?? null) ?? toNumber(h.shares) ?? 0;
}

/** A 2-decimal amount as whole cents, so sums of server figures stay exact. */
function cents(value: number | null): number {
  return value === null ? 0 : Math.round(value * 100);
}

/** The server's value (shares held now × price); else the list price × shares held; null without a price. */
export function holdingValue(h: HoldingView): number | null {
  const server = toNumber(h.currentValue ?? null);
  if (server !== null) return server;
  const price = holdingPrice(h);
  return price === null ? null : cents(price * currentShares(h)) / 100;
}

export interface Gain {
  amount: number;
  /** Of the purchase cost; null when that is 0. */
  percent: number | null;
}

/** The server's gain (total return) and its percentage of the cost (as the server gives it; the screen rounds once); null without a purchase price or a price. */
export function holdingGain(h: HoldingView): Gain | null {
  const amount = toNumber(h.gain ?? null);
  if (amount === null) return null;
  return { amount, percent: toNumber(h.gainPercent ?? null) };
}

export interface PortfolioSummary {
  holdingsCount: number;
  totalValue: number;
  /** Σ server gain (price change + distributions). */
  totalGain: number;
  /** Total gain over the cost of the holdings that count for it; null when none has a purchase price. */
  totalGainPercent: number | null;
  /** The price part of the gain: Σ (price − purchase price) × shares bought (the spec's formula). */
  priceChange: number;
  /** The distributions' part of the gain: cash received, or the value now of the reinvested shares. */
  distributionReturn: number;
  /** How many holdings have a purchase price (and so count for the gain). */
  holdingsWithCost: number;
  /** Distributions paid on the holdings so far, in cash value (reinvested or not). */
  incomeReceived: number;
  /** The part of incomeReceived that DRIP holdings reinvested (it is in the value, as shares). */
  incomeReinvested: number;
  /** Issue 27: the part of incomeReceived that was capital returned (Σ capitalReturned) and the income (Σ incomeReceivedNet). */
  capitalReturned: number;
  incomeReceivedNet: number;
  /**
   * Issue 27, the gain on your adjusted cost over the holdings with a purchase price: Σ gainOnAdjustedCost
   * and Σ adjustedCostBasis (each the server's, per holding), the percent over that cost (null at 0), and
   * the capital returned beyond a holding's cost (Σ capitalGainFromRoc). Null without such a holding.
   */
  adjusted: { gain: number; cost: number; percent: number | null; capitalGainFromRoc: number } | null;
  /**
   * The holdings' projectedAnnualIncome (current shares × the latest declared distribution × payouts a
   * year, docs/metrics.md), summed; 0 without holdings, null when no holding has one.
   */
  projectedAnnualIncome: number | null;
  /** Tickers of the holdings whose fund is stale (no income projected for them), in holding order, once each. */
  staleTickers: string[];
}

export function portfolioSummary(holdings: readonly HoldingView[]): PortfolioSummary {
  let value = 0;
  let gain = 0;
  let cost = 0;
  let price = 0;
  let distributions = 0;
  let holdingsWithCost = 0;
  let income = 0;
  let reinvested = 0;
  let capital = 0;
  let net = 0;
  let adjustedGain = 0;
  let adjustedCost = 0;
  let beyondCost = 0;
  let holdingsAdjusted = 0;
  let projected: number | null = null;
  const staleTickers: string[] = [];
  for (const h of holdings) {
    if (h.etf?.stale && !staleTickers.includes(h.etf.ticker)) staleTickers.push(h.etf.ticker);
    value += cents(holdingValue(h));
    if (toNumber(h.gain ?? null) !== null) {
      gain += cents(toNumber(h.gain));
      cost += cents(toNumber(h.costBasis ?? null));
      price += cents(toNumber(h.priceChange ?? null));
      distributions += cents(toNumber(h.distributionReturn ?? null));
      holdingsWithCost += 1;
    }
    const received = cents(toNumber(h.incomeReceived ?? null));
    income += received;
    if (h.isDrip === 1) reinvested += received;
    capital += cents(toNumber(h.capitalReturned ?? null));
    net += cents(toNumber(h.incomeReceivedNet ?? null));
    const gainOnAdjusted = toNumber(h.gainOnAdjustedCost ?? null);
    if (gainOnAdjusted !== null) {
      adjustedGain += cents(gainOnAdjusted);
      adjustedCost += cents(toNumber(h.adjustedCostBasis ?? null));
      beyondCost += cents(toNumber(h.capitalGainFromRoc ?? null));
      holdingsAdjusted += 1;
    }
    const annual = toNumber(h.projectedAnnualIncome ?? null);
    if (annual !== null) projected = (projected ?? 0) + cents(annual);
  }
  return {
    holdingsCount: holdings.length,
    totalValue: value / 100,
    totalGain: gain / 100,
    totalGainPercent: cost > 0 ? (gain / cost) * 100 : null,
    priceChange: price / 100,
    distributionReturn: distributions / 100,
    holdingsWithCost,
    incomeReceived: income / 100,
    incomeReinvested: reinvested / 100,
    capitalReturned: capital / 100,
    incomeReceivedNet: net / 100,
    adjusted:
      holdingsAdjusted === 0
        ? null
        : { gain: adjustedGain / 100, cost: adjustedCost / 100, percent: adjustedCost > 0 ? (adjustedGain / adjustedCost) * 100 : null, capitalGainFromRoc: beyondCost / 100 },
    projectedAnnualIncome: holdings.length === 0 ? 0 : projected === null ? null : projected / 100,
    staleTickers,
  };
}
