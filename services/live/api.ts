import { LIVE_SERVER_FULL, LIVE_TOO_MANY_TABS, openLiveUpdates } from '../../contracts/live.ts';
import { AppError, tooManyRequests } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import { RECONNECT_MS } from './hub.ts';

/**
 * `GET /api/user/live` (contracts/live.ts): the Premium user's live updates as server-sent events
 * (docs/live-updates.md). 401 signed out, 403 without Premium, 429 when the user has the most streams
 * open already, 503 when the process holds the most streams it allows. Resumes from `Last-Event-ID`.
 */
export const liveApi = apiModule('live', (deps) => {
  const hub = deps.live;

  return [
    handle(openLiveUpdates, async ({ query }, call) => {
      const { req, res, auth } = call;
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
      const lastEventId = req.header('last-event-id') ?? query.lastEventId;
      await hub.open(res, auth.user, auth.session, lastEventId);
      return SENT;
    }),
  ];
});
