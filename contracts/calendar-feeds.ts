import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** `GET /api/user/calendar-feed` and `POST /api/user/calendar-feed/rotate`: the private feed's URL. */
export const CalendarFeedUrl = z.object({
  /** https URL of the feed (`APP_URL/api/calendar-feeds/<token>.ics`); calendar apps subscribe to it without a cookie. */
  url: z.string(),
  /** The same feed as a `webcal://` link, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
});
export type CalendarFeedUrl = z.infer<typeof CalendarFeedUrl>;

// ---------------------------------------------------------------------------------------------------
// Endpoints (docs/calendar-feeds.md)

const ics = (description: string) => ({ description, content: { 'text/calendar': z.string() } });

export const getPublicCalendarIcs = endpoint({
  method: 'get',
  path: '/api/dividends/calendar.ics',
  access: 'public',
  summary: 'The public four-week payout calendar as iCalendar (RFC 5545): an all-day event per payout on its pay date.',
  tags: ['Market'],
  responses: { 200: ics('The calendar; estimated payouts say "Estimated" in the title; UIDs stable per fund and ex-date.') },
  errors: [],
  reads: ['market'],
});

export const getCalendarFeed = endpoint({
  method: 'get',
  path: '/api/user/calendar-feed',
  access: 'user',
  tokenReadable: true,
  summary: "The URL of the user's private payout feed (issued on first read), for calendar apps (no cookie needed).",
  tags: ['Portfolio'],
  responses: { 200: { description: 'The feed URL, also as webcal://.', json: CalendarFeedUrl } },
  errors: [],
  reads: ['calendar-feeds'],
  // the first read issues the feed (a write)
  waitsFor: 'all',
});

export const rotateCalendarFeed = endpoint({
  method: 'post',
  path: '/api/user/calendar-feed/rotate',
  access: 'user',
  summary: 'Replaces the private feed URL; the old one answers 404 from now on.',
  tags: ['Portfolio'],
  responses: { 200: { description: 'The new feed URL.', json: CalendarFeedUrl } },
  errors: [400],
  waitsFor: 'all',
});

export const getUserCalendarIcs = endpoint({
  method: 'get',
  path: '/api/calendar-feeds/:file',
  access: 'public',
  summary: "A user's private payout feed (shares × amount); the unguessable token in the path is the key.",
  tags: ['Portfolio'],
  params: z.object({ file: z.string().describe('`<token>.ics`') }),
  responses: { 200: ics("The user's payouts of the four weeks from Monday of this week.") },
  errors: [404],
  reads: ['calendar-feeds', 'portfolio', 'market'],
});
