import type { HoldingView } from '../../../../contracts/portfolio.ts';
import { toNumber } from '../../lib/format.ts';

/**
 * The personal area's derived values:
 * - portfolio value = sum of price × shares. Shares are the shares held now: with DRIP the bought
 *   shares plus those reinvested (the server's `currentShares`), so the total matches the holdings'
 *   current values;
 * - total gain = sum of (price − purchase price) × shares over holdings that have a purchase price,
 *   with the shares bought (the server's `priceChange`); dividends are shown apart, as income.
 * The price is the holding's `currentPrice` (the market read side), else the fund's list price.
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

/** Price × shares held now; null without a price. */
export function holdingValue(h: HoldingView): number | null {
  const price = holdingPrice(h);
  return price === null ? null : price * currentShares(h);
}

export interface Gain {
  amount: number;
  /** Of the purchase cost; null when that is 0. */
  percent: number | null;
}

/**
 * (price − purchase price) × shares bought, and as a percentage of the cost; null without a purchase
 * price or a price. The server's `priceChange` when it has one: it is on today's share basis, so a
 * split since the purchase is no phantom gain (1,000 shares at $2.00 before a 1-for-10 reverse split
 * are 100 at $20.00; docs/metrics.md).
 */
export function holdingGain(h: HoldingView): Gain | null {
  const serverChange = toNumber(h.priceChange ?? null);
  if (serverChange !== null) return { amount: serverChange, percent: toNumber(h.priceChangePercent ?? null) };
  const purchase = toNumber(h.purchasePrice);
  const price = holdingPrice(h);
  if (purchase === null || price === null) return null;
  const shares = sharesBought(h);
  const cost = purchase * shares;
  return { amount: (price - purchase) * shares, percent: cost > 0 ? (((price - purchase) * shares) / cost) * 100 : null };
}

export interface PortfolioSummary {
  holdingsCount: number;
  totalValue: number;
  totalGain: number;
  /** Total gain over the cost of the holdings that count for it; null when none has a purchase price. */
  totalGainPercent: number | null;
  /** How many holdings have a purchase price (and so count for the gain). */
  holdingsWithCost: number;
  /** Distributions paid on the holdings so far (cash or reinvested). */
  incomeReceived: number;
  /** Current shares × weekly average × 52, summed; 0 without holdings, null when no holding has one. */
  projectedAnnualIncome: number | null;
}

export function portfolioSummary(holdings: readonly HoldingView[]): PortfolioSummary {
  let totalValue = 0;
  let totalGain = 0;
  let cost = 0;
  let holdingsWithCost = 0;
  let incomeReceived = 0;
  let projected: number | null = null;
  for (const h of holdings) {
    totalValue += holdingValue(h) ?? 0;
    const gain = holdingGain(h);
    if (gain) {
      totalGain += gain.amount;
      cost += (toNumber(h.purchasePrice) ?? 0) * sharesBought(h);
      holdingsWithCost += 1;
    }
    incomeReceived += toNumber(h.incomeReceived ?? null) ?? 0;
    const income = toNumber(h.projectedAnnualIncome ?? null);
    if (income !== null) projected = (projected ?? 0) + income;
  }
  return {
    holdingsCount: holdings.length,
    totalValue,
    totalGain,
    totalGainPercent: cost > 0 ? (totalGain / cost) * 100 : null,
    holdingsWithCost,
    incomeReceived,
    projectedAnnualIncome: holdings.length === 0 ? 0 : projected,
  };
}
