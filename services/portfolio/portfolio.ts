import type { PortfolioEvent } from '../../events/portfolio.ts';

/**
 * The `portfolio-<userId>` stream: the holdings a user tracks by hand, at most one per ETF.
 * Decisions are in business-logic.ts.
 */

export interface Holding {
  holdingId: string;
  etfId: string;
  shares: string;
  purchasePrice: string | null;
  purchaseDate: string | null;
  isDrip: boolean;
  addedAt: string;
  /** `manual`: added by the user; `brokerage`: created by a brokerage sync (and kept in line by the next ones). */
  source: 'manual' | 'brokerage';
}

export interface PortfolioState {
  holdings: Holding[];
}

export const initialPortfolioState = (): PortfolioState => ({ holdings: [] });

export function evolvePortfolio(state: PortfolioState, event: PortfolioEvent): PortfolioState {
  switch (event.type) {
    case 'HoldingAdded': {
      const { userId: _u, source, ...holding } = event.data;
      if (state.holdings.some((h) => h.holdingId === holding.holdingId)) return state;
      return { holdings: [...state.holdings, { ...holding, source: source ?? 'manual' }] };
    }
    case 'HoldingSynced': {
      const { holdingId, shares, purchasePrice } = event.data;
      return { holdings: state.holdings.map((h) => (h.holdingId === holdingId ? { ...h, shares, purchasePrice } : h)) };
    }
    case 'HoldingUpdated': {
      const { holdingId, shares, purchasePrice, purchaseDate, isDrip } = event.data;
      return { holdings: state.holdings.map((h) => (h.holdingId === holdingId ? { ...h, shares, purchasePrice, purchaseDate, isDrip } : h)) };
    }
    case 'HoldingRemoved':
      return { holdings: state.holdings.filter((h) => h.holdingId !== event.data.holdingId) };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}
