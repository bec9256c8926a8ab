import { Router, type Response } from 'express';
import type { CalendarFeedUrl } from '../../contracts/calendar-feeds.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { getPublicCalendar } from '../../read-models/market/queries.ts';
import { calendarFeedOwner } from '../../read-models/calendar-feeds/queries.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireUser } from '../http/session.ts';
import { ensureCalendarFeed, rotateCalendarFeed } from './commands.ts';
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
 * Calendar feeds (mounted at /api), docs/calendar-feeds.md:
 * - `GET /dividends/calendar.ics`: the public four-week calendar as iCalendar;
 * - `GET /user/calendar-feed` -> {url, webcalUrl}: the signed-in user's private feed (issued on first read);
 * - `POST /user/calendar-feed/rotate` -> {url, webcalUrl}: a new private URL; the old one answers 404;
 * - `GET /calendar-feeds/:token.ics`: a private feed, no cookie (the unguessable token is the key).
 */
export function calendarFeedsRouter(deps: AppDeps): Router {
  const router = Router();
  const tokens = new FeedTokens(deps.config.session.secret);
  const appUrl = deps.config.appUrl;

  const feedUrls = (feedId: string): CalendarFeedUrl => {
    const url = `${appUrl}/api/calendar-feeds/${tokens.token(feedId)}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  };

  router.get('/dividends/calendar.ics', async (_req, res) => {
    sendIcs(res, publicCalendarIcs(await getPublicCalendar(deps.readModels), { appUrl, now: deps.now() }), 'weeklydiv-dividend-calendar.ics');
  });

  router.get('/user/calendar-feed', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const { feedId, position } = await ensureCalendarFeed(deps, user._id, commandContext(req, deps, actors.user(user._id)));
    if (position > 0) await deps.readModels.waitFor(position);
    res.setHeader('Cache-Control', 'no-store');
    res.json(feedUrls(feedId));
  });

  router.post('/user/calendar-feed/rotate', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const { feedId, position } = await rotateCalendarFeed(deps, user._id, commandContext(req, deps, actors.user(user._id)));
    await deps.readModels.waitFor(position);
    res.setHeader('Cache-Control', 'no-store');
    res.json(feedUrls(feedId));
  });

  router.get('/calendar-feeds/:file', async (req, res) => {
    const file = String(req.params['file']);
    const feedId = file.endsWith('.ics') ? tokens.feedIdOf(file.slice(0, -'.ics'.length)) : null;
    const userId = feedId === null ? null : await calendarFeedOwner(deps.readModels, feedId);
    if (userId === null) throw notFound(calendarFeedMessages.notFound);
    const today = newYorkDate(deps.now().getTime());
    const entries = JSON.parse(await deps.userArea.calendarJson(userId, today)) as UserCalendarEntry[];
    // The URL is a bearer secret: never kept by shared caches, never sent on as a referrer.
    res.setHeader('Referrer-Policy', 'no-referrer');
    sendIcs(res, userCalendarIcs(entries, { appUrl, now: deps.now(), userId }), 'weeklydiv-my-payouts.ics', 'private, no-cache');
  });

  return router;
}
