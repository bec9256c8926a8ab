import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * A user's private calendar feed lives on `calendarfeed-<userId>`. `feedId` is a random public
 * identifier; the feed's URL adds an HMAC of it under a server key (services/calendar-feeds/feed-token.ts),
 * so the log holds nothing that opens the feed. Rotating issues a new id and retires the old one.
 */
export const calendarFeedIssued = defineEvent(
  'CalendarFeedIssued',
  z.object({
    userId: z.uuid(),
    feedId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    /** The feed this one replaces (a rotation), null for the first. */
    replacesFeedId: z.string().nullable(),
    issuedAt: isoInstant,
  }),
);

export const calendarFeedEvents = [calendarFeedIssued] as const;

export type CalendarFeedEvent = EventsOf<typeof calendarFeedEvents>;
export type CalendarFeedIssued = Extract<CalendarFeedEvent, { type: 'CalendarFeedIssued' }>;
