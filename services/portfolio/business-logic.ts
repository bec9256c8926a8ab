import type { PortfolioEvent } from '../../events/portfolio.ts';
import type { Decider, CommandContext } from '../core/decider.ts';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { dec } from '../../domain/market/decimal.ts';
import { isValidDate, newYorkDate } from '../../domain/market/trading-days.ts';
import { evolvePortfolio, initialPortfolioState, type PortfolioState } from './portfolio.ts';

export const portfolioMessages = {
  sharesPositive: 'Must be a positive number',
  pricePositive: 'Purchase price must be a positive number',
  dateInvalid: 'Purchase date must be a valid date (YYYY-MM-DD)',
  dateInFuture: 'Purchase date cannot be in the future',
  dateBeforeFirstTradingDay: (ticker: string, firstTradingDay: string) => `Purchase date cannot be before ${ticker}'s first trading day, ${firstTradingDay}`,
  holdingNotFound: 'Holding not found',
  alreadyHeld: (ticker: string) => `${ticker} is already in your portfolio`,
} as const;

export type PortfolioCommand =
  | {
      type: 'AddHolding';
      /** Already parsed by the API (canonical decimal strings); the ETF is known to exist as `ticker`. */
      data: {
        userId: string;
        holdingId: string;
        etfId: string;
        ticker: string;
        shares: string;
        purchasePrice: string | null;
        purchaseDate: string | null;
        isDrip: boolean;
      };
      /**
       * The fund's first trading day (its inception date, else its first bar); null when unknown. A
       * purchase date before it is refused: the holding would collect payouts the fund never made.
       */
      firstTradingDay?: string | null;
    }
  | { type: 'RemoveHolding'; data: { userId: string; holdingId: string } };

export function decidePortfolio(command: PortfolioCommand, state: PortfolioState, ctx: CommandContext): PortfolioEvent[] {
  switch (command.type) {
    case 'AddHolding': {
      const { ticker, ...data } = command.data;
      // The API validated these; the decider keeps the invariants whoever sends the command.
      if (!dec(data.shares).gt(0)) throw badRequest(portfolioMessages.sharesPositive, { shares: portfolioMessages.sharesPositive });
      if (data.purchasePrice !== null && !dec(data.purchasePrice).gt(0)) {
        throw badRequest(portfolioMessages.pricePositive, { purchasePrice: portfolioMessages.pricePositive });
      }
      if (data.purchaseDate !== null) {
        if (!isValidDate(data.purchaseDate)) throw badRequest(portfolioMessages.dateInvalid, { purchaseDate: portfolioMessages.dateInvalid });
        if (data.purchaseDate > newYorkDate(ctx.now)) throw badRequest(portfolioMessages.dateInFuture, { purchaseDate: portfolioMessages.dateInFuture });
        const first = command.firstTradingDay ?? null;
        if (first !== null && data.purchaseDate < first) {
          const message = portfolioMessages.dateBeforeFirstTradingDay(ticker, first);
          throw badRequest(message, { purchaseDate: message });
        }
      }
      if (state.holdings.some((h) => h.etfId === data.etfId)) throw conflict(portfolioMessages.alreadyHeld(ticker));
      return [{ type: 'HoldingAdded', data: { ...data, addedAt: ctx.now } }];
    }
    case 'RemoveHolding': {
      const { userId, holdingId } = command.data;
      const holding = state.holdings.find((h) => h.holdingId === holdingId);
      if (!holding) throw notFound(portfolioMessages.holdingNotFound);
      return [{ type: 'HoldingRemoved', data: { userId, holdingId, etfId: holding.etfId, removedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const portfolioDecider: Decider<PortfolioCommand, PortfolioState, PortfolioEvent> = {
  initialState: initialPortfolioState,
  evolve: evolvePortfolio,
  decide: decidePortfolio,
  folds: { HoldingAdded: true, HoldingRemoved: true },
};
