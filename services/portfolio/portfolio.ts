import { withEntered, type HoldingEntered, type PortfolioEvent } from '../../events/portfolio.ts';

/**
 * The `portfolio-<userId>` stream: the holdings a user tracks by hand, at most one per ETF and
 * account (no account: one per ETF).
 * Decisions are in business-logic.ts.
 */

/** A holding: what the user entered (`HoldingEntered`) and where it comes from. */
export interface Holding extends HoldingEntered {
  holdingId: string;
  etfId: string;
  addedAt: string;
  /** `manual`: added by the user; `brokerage`: created by a brokerage sync (and kept in line by the next ones). */
  source: 'manual' | 'brokerage';
  /** The account label an import kept it apart under (absent: none). */
  account?: string;
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
      const { holdingId } = event.data;
      return { holdings: state.holdings.map((h) => (h.holdingId === holdingId ? withEntered(h, event.data) : h)) };
    }
    case 'HoldingRemoved':
      return { holdings: state.holdings.filter((h) => h.holdingId !== event.data.holdingId) };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}
