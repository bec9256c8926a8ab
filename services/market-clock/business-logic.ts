import type { MarketClockEvent } from '../../events/market-clock.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest } from '../core/errors.ts';
import { isValidDate, newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The `market-clock` stream. A daily job sends `BeginMarketDay` with the New York date of its clock
 * (`marketDayOf(ctx.now)`); the stream only moves forward, so re-running the job the same day, or a
 * late job for an earlier day, appends nothing.
 */

export type MarketClockCommand = { type: 'BeginMarketDay'; date: IsoDate };

export interface MarketClockState {
  today: IsoDate | null;
}

export const initialMarketClockState = (): MarketClockState => ({ today: null });

export function evolveMarketClock(state: MarketClockState, event: MarketClockEvent): MarketClockState {
  switch (event.type) {
    case 'MarketDayBegan':
      return { today: state.today !== null && state.today > event.data.date ? state.today : event.data.date };
    default: {
      const never: never = event.type;
      throw new Error(`unhandled event ${String(never)}`);
    }
  }
}

export function decideMarketClock(command: MarketClockCommand, state: MarketClockState, _ctx?: CommandContext): MarketClockEvent[] {
  if (!isValidDate(command.date)) throw badRequest(`market day must be YYYY-MM-DD, got ${JSON.stringify(command.date)}`);
  if (state.today !== null && command.date <= state.today) return [];
  return [{ type: 'MarketDayBegan', data: { date: command.date } }];
}

export const marketClockDecider: Decider<MarketClockCommand, MarketClockState, MarketClockEvent> = {
  initialState: initialMarketClockState,
  evolve: evolveMarketClock,
  decide: decideMarketClock,
  folds: { MarketDayBegan: true },
};

/** The market day of a command's clock: the America/New_York date of `now`. */
export function marketDayOf(now: string): IsoDate {
  return newYorkDate(now);
}
