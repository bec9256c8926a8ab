import type { Response } from 'express';
import { getCalendarFeed, getPublicCalendarIcs, getUserCalendarIcs, rotateCalendarFeed, type CalendarFeedUrl } from '../../contracts/calendar-feeds.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { getPublicCalendar } from '../../read-models/market/queries.ts';
import { calendarFeedOwner } from '../../read-models/calendar-feeds/queries.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { FeedTokens } from './feed-token.ts';
import { publicCalendarIcs, userCalendarIcs } from './ics.ts';

export const calendarFeedMessages = { notFound: 'Calendar feed not found. Get the current link in your WeeklyDiv personal area.' } as const;

/** Calendar apps poll; the figures change with the market day, so they always get the current file. */
function sendIcs(res: Response, body: string, filename: string, cacheControl = 'no-cache'): void {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Disposition', `inline; filename="${filename}"`);
  res.setHeader('Cache-Control', cacheControl);
  res.send(body);
}

/**
 * Calendar feeds (definitions in contracts/calendar-feeds.ts), docs/calendar-feeds.md: the public
 * four-week calendar as iCalendar; the signed-in user's private feed URL (issued on first read) and its
 * rotation (the old URL answers 404); a private feed, no cookie (the unguessable token is the key).
 */
export const calendarFeedsApi = apiModule('calendar-feeds', (deps) => {
  const tokens = new FeedTokens(deps.config.session.secret);
  const appUrl = deps.config.appUrl;

  const feedUrls = (feedId: string): CalendarFeedUrl => {
    const url = `${appUrl}/api/calendar-feeds/${tokens.token(feedId)}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  };

  return [
    handle(getPublicCalendarIcs, async (_input, call) => {
      sendIcs(call.res, publicCalendarIcs(await getPublicCalendar(deps.readModels), { appUrl, now: deps.now() }), 'weeklydiv-dividend-calendar.ics');
      return SENT;
    }),

    handle(getCalendarFeed, async (_input, call) => {
      const { feedId, position } = await commands.ensureCalendarFeed(deps, call.auth.user._id, call.context());
      await call.waitFor(position);
      call.res.setHeader('Cache-Control', 'no-store');
      return feedUrls(feedId);
    }),

    handle(rotateCalendarFeed, async (_input, call) => {
      const { feedId, position } = await commands.rotateCalendarFeed(deps, call.auth.user._id, call.context());
      await call.waitFor(position);
      call.res.setHeader('Cache-Control', 'no-store');
      return feedUrls(feedId);
    }),

    handle(getUserCalendarIcs, async ({ params: { file } }, call) => {
      const feedId = file.endsWith('.ics') ? tokens.feedIdOf(file.slice(0, -'.ics'.length)) : null;
      const userId = feedId === null ? null : await calendarFeedOwner(deps.readModels, feedId);
      if (userId === null) throw notFound(calendarFeedMessages.notFound);
      const today = newYorkDate(deps.now().getTime());
      const entries = JSON.parse(await deps.userArea.calendarJson(userId, today)) as UserCalendarEntry[];
      // The URL is a bearer secret: never kept by shared caches, never sent on as a referrer.
      call.res.setHeader('Referrer-Policy', 'no-referrer');
      sendIcs(call.res, userCalendarIcs(entries, { appUrl, now: deps.now(), userId }), 'weeklydiv-my-payouts.ics', 'private, no-cache');
      return SENT;
    }),
  ];
});
