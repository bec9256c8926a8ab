import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { lenientOptional } from './fields.ts';

/**
 * Live updates (docs/live-updates.md): the events of `GET /api/user/live` (text/event-stream). Every
 * event's `id` is a log position; `data` is one JSON object.
 */

/** `ready`: the stream is open; `position` is where it stands (also the event id). */
export const LiveReadyEvent = z.object({ position: z.number().int().min(0) });
export type LiveReadyEvent = z.infer<typeof LiveReadyEvent>;

/** `market`: market views changed: the funds whose detail or price history changed, and whether the public calendar or fund lists did. */
export const LiveMarketEvent = z.object({ tickers: z.array(z.string()), calendar: z.boolean(), lists: z.boolean() });
export type LiveMarketEvent = z.infer<typeof LiveMarketEvent>;

/** `portfolio`: the signed-in user's holdings' figures and payout calendar changed (read them again). */
export const LivePortfolioEvent = z.object({ holdings: z.literal(true), calendar: z.literal(true) });
export type LivePortfolioEvent = z.infer<typeof LivePortfolioEvent>;

/** `resync`: the stream cannot say what changed since `Last-Event-ID` (too far behind, or an unknown position): read everything shown again. */
export const LiveResyncEvent = z.object({ reason: z.enum(['too-far-behind', 'unknown-position']) });
export type LiveResyncEvent = z.infer<typeof LiveResyncEvent>;

/** `end`: the server closes the stream (signed out, session expired, Premium ended, shutdown). */
export const LiveEndEvent = z.object({ reason: z.enum(['signed-out', 'session-expired', 'premium-ended', 'shutdown']) });
export type LiveEndEvent = z.infer<typeof LiveEndEvent>;

/** The answer when a user already has the most streams allowed open (429). */
export const LIVE_TOO_MANY_TABS = 'Live updates are already open in too many tabs. Close another WeeklyDiv tab to get live updates here.';
/** The answer when the server holds the most streams it allows (503). */
export const LIVE_SERVER_FULL = 'Live updates are busy right now. Figures still refresh when you reload.';

/** `GET /api/user/live`. */
export const openLiveUpdates = endpoint({
  method: 'get',
  path: '/api/user/live',
  access: 'premium',
  summary: "The Premium user's live updates as server-sent events (one stream per tab, resumable).",
  description: [
    'A `text/event-stream` that stays open. Every event has an `id` (a log position) and one JSON object as `data`:',
    '`ready` (LiveReadyEvent), `market` (LiveMarketEvent: funds whose detail or history changed), `portfolio` (LivePortfolioEvent: the',
    "user's holdings and payout calendar changed), `resync` (LiveResyncEvent: read everything again), `end` (LiveEndEvent: the server",
    'closes the stream). A `: keep-alive` comment comes every 25 s. Send `Last-Event-ID` (EventSource does on reconnect) to get what',
    'changed since that id. The stream ends when the session ends (sign-out, idle time) or Premium does.',
    '429: the user has live updates open in the most tabs allowed (LIVE_MAX_STREAMS_PER_USER).',
    '503: the server holds the most live streams it allows (LIVE_MAX_STREAMS).',
  ].join(' '),
  tags: ['Live updates'],
  query: z.object({
    // Not a string (a repeated parameter): ignored, like a missing one.
    lastEventId: lenientOptional<string | undefined, string>(
      z
        .unknown()
        .optional()
        .transform((value) => (typeof value === 'string' ? value : undefined)),
      { description: 'The id of the last event received, for a client that cannot send the `Last-Event-ID` header (the header wins).', type: ['string'] },
    ),
  }),
  responses: {
    200: {
      description: 'The event stream (`Cache-Control: no-cache`, `X-Accel-Buffering: no`).',
      content: { 'text/event-stream': z.union([LiveReadyEvent, LiveMarketEvent, LivePortfolioEvent, LiveResyncEvent, LiveEndEvent]) },
    },
  },
  errors: [429, 503],
  reads: ['market', 'portfolio', 'users'],
});
