import { Router } from 'express';
import { LIVE_SERVER_FULL, LIVE_TOO_MANY_TABS } from '../../contracts/live.ts';
import { AppError, tooManyRequests } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { authOf } from '../http/session.ts';
import { requirePremium } from '../billing/premium.ts';
import { RECONNECT_MS } from './hub.ts';

export const LIVE_PATH = '/user/live';

/**
 * `GET /api/user/live` (mounted at /api): the Premium user's live updates as server-sent events
 * (docs/live-updates.md). 401 signed out, 403 without Premium, 429 when the user has the most streams
 * open already, 503 when the process holds the most streams it allows. Resumes from `Last-Event-ID`.
 */
export function liveRouter(deps: AppDeps): Router {
  const router = Router();
  const hub = deps.live;

  router.get(LIVE_PATH, requirePremium(deps), async (req, res) => {
    const auth = authOf(res);
    const cap = hub.capReached(auth.user._id);
    if (cap === 'user') throw tooManyRequests(LIVE_TOO_MANY_TABS, RECONNECT_MS / 1000);
    if (cap === 'total') throw new AppError(503, LIVE_SERVER_FULL, { headers: { 'Retry-After': '60' } });
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-store is set for /api already; no-cache and no-transform keep proxies from holding or compressing it
    res.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // nginx and similar proxies buffer responses unless told not to
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    const lastEventId = req.header('last-event-id') ?? (typeof req.query['lastEventId'] === 'string' ? req.query['lastEventId'] : undefined);
    await hub.open(res, auth.user, auth.session, lastEventId);
  });

  return router;
}
