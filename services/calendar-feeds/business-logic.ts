import type { CalendarFeedEvent } from '../../events/calendar-feeds.ts';
import type { CommandContext, Decider } from '../core/decider.ts';

/**
 * A user's private calendar feed (`calendarfeed-<userId>`): at most one current feed id. `EnsureFeed`
 * issues the first one and is a no-op afterwards (so reading the feed URL twice gives the same URL);
 * `RotateFeed` always issues a new id and retires the current one; `ReplaceIssuedFeed` does the same
 * only when a feed was issued (what ends every session retires the URL, audit I1, and a user who never
 * asked for a feed gets none).
 */
export interface CalendarFeedState {
  feedId: string | null;
}

export type CalendarFeedCommand =
  | { type: 'EnsureFeed'; data: { userId: string; newFeedId: string } }
  | { type: 'RotateFeed'; data: { userId: string; newFeedId: string } }
  | { type: 'ReplaceIssuedFeed'; data: { userId: string; newFeedId: string } };

export const initialCalendarFeedState = (): CalendarFeedState => ({ feedId: null });

export function evolveCalendarFeed(_state: CalendarFeedState, event: CalendarFeedEvent): CalendarFeedState {
  switch (event.type) {
    case 'CalendarFeedIssued':
      return { feedId: event.data.feedId };
    default: {
      const never: never = event.type;
      throw new Error(`unhandled event ${String(never)}`);
    }
  }
}

export function decideCalendarFeed(command: CalendarFeedCommand, state: CalendarFeedState, ctx: CommandContext): CalendarFeedEvent[] {
  switch (command.type) {
    case 'EnsureFeed':
      if (state.feedId !== null) return [];
      return [{ type: 'CalendarFeedIssued', data: { userId: command.data.userId, feedId: command.data.newFeedId, replacesFeedId: null, issuedAt: ctx.now } }];
    case 'ReplaceIssuedFeed':
      if (state.feedId === null) return [];
      return [
        { type: 'CalendarFeedIssued', data: { userId: command.data.userId, feedId: command.data.newFeedId, replacesFeedId: state.feedId, issuedAt: ctx.now } },
      ];
    case 'RotateFeed':
      return [
        { type: 'CalendarFeedIssued', data: { userId: command.data.userId, feedId: command.data.newFeedId, replacesFeedId: state.feedId, issuedAt: ctx.now } },
      ];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${String((never as { type: string }).type)}`);
    }
  }
}

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarFeedState, CalendarFeedEvent> = {
  initialState: initialCalendarFeedState,
  evolve: evolveCalendarFeed,
  decide: decideCalendarFeed,
  folds: { CalendarFeedIssued: true },
};
