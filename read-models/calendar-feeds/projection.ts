import type { AccountDeletedEvent } from '../../events/accounts.ts';
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
  handles: ['CalendarFeedIssued', 'AccountDeleted'] satisfies (CalendarFeedEvent | AccountDeletedEvent)['type'][],
  collections: { [CALENDAR_FEEDS]: [{ key: { userId: 1 }, name: 'by_user' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<CalendarFeedEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'CalendarFeedIssued': {
        const { userId, feedId, replacesFeedId, issuedAt } = event.data;
        if (replacesFeedId !== null) await ctx.update<CalendarFeedDoc>(CALENDAR_FEEDS, replacesFeedId, () => null);
        await ctx.update<CalendarFeedDoc>(CALENDAR_FEEDS, feedId, () => ({ _id: feedId, userId, issuedAt }));
        return;
      }
      case 'AccountDeleted': {
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        for (const doc of await ctx.find<CalendarFeedDoc>(CALENDAR_FEEDS, { userId: event.data.userId })) await ctx.update<CalendarFeedDoc>(CALENDAR_FEEDS, doc._id, () => null);
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`calendar-feeds projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
