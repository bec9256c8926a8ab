import type { CalendarFeedEvent } from '../../events/calendar-feeds.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/** The `calendar-feeds` read model: one document per live feed id (a rotation deletes the old one). */
export interface CalendarFeedDoc extends Doc {
  /** The feed id. */
  _id: string;
  userId: string;
  issuedAt: string;
}

export const CALENDAR_FEEDS = 'calendar_feeds';

export const calendarFeedsProjection: Projection = {
  name: 'calendar-feeds',
  version: 1,
  handles: ['CalendarFeedIssued'] satisfies CalendarFeedEvent['type'][],
  collections: { [CALENDAR_FEEDS]: [{ key: { userId: 1 }, name: 'by_user' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<CalendarFeedEvent>;
    switch (event.type) {
      case 'CalendarFeedIssued': {
        const { userId, feedId, replacesFeedId, issuedAt } = event.data;
        if (replacesFeedId !== null) await ctx.update<CalendarFeedDoc>(CALENDAR_FEEDS, replacesFeedId, () => null);
        await ctx.update<CalendarFeedDoc>(CALENDAR_FEEDS, feedId, () => ({ _id: feedId, userId, issuedAt }));
        return;
      }
      default: {
        const never: never = event.type;
        throw new Error(`calendar-feeds projection cannot apply ${String(never)}`);
      }
    }
  },
};
