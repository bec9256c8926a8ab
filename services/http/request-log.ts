import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Query parameters that carry secrets (the reset link's token) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|password|secret)=)[^&#]*/gi;

/** A private calendar feed's path holds its bearer token (services/calendar-feeds). */
const SECRET_PATH = /(\/api\/calendar-feeds\/)[^/?#]+/i;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (see requestLog). */
    id?: string;
  }
}

/**
 * One log line per request (method, url, status, time) through the app's logger, so LOG_LEVEL
 * applies (tests run silent). Each request gets an id — the caller's `X-Request-Id` when it looks
 * sane (a load balancer's), otherwise a UUID — echoed in the response header and used as the
 * correlation id of the events the request appends. Cookies, session seals and secret query
 * parameters stay out of the logs.
 *
 * Written directly on pino (rather than pino-http) because it runs on every request, including the
 * hot cached reads: no per-request child logger, and nothing is serialised when the level is off.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Request-Id', logRequest(logger, req, res));
    next();
  };
}

/**
 * The request log's work for one request, for Express (above) and for the fast reads in front of it
 * (services/http/fast-reads.ts): sets `req.id` and writes the log line when the response finishes.
 * Answers the id, which the caller sends as `X-Request-Id`. A caller that already knows the status
 * passes it: when its level is off (a 200 at LOG_LEVEL=warn), nothing waits for the finish.
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, knownStatus?: number): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  if (knownStatus !== undefined && !logger.isLevelEnabled(levelOf(knownStatus))) return id;
  const started = performance.now();
  res.once('finish', () => {
    const status = res.statusCode;
    const level = levelOf(status);
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        // Express's originalUrl: the URL as it arrived, before any router stripped a mount path.
        req: { id, method: req.method, url: redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? ''), remoteAddress: req.socket.remoteAddress },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      },
      'request completed',
    );
  });
  return id;
}

/**
 * 503 is `warn`: the service is unavailable for a known reason (a full disk, a cap reached), whose cause
 * is logged once where it is known (a full disk: once per incident, security audit S6), not an error per
 * request.
 */
function levelOf(status: number): Level {
  return status >= 500 && status !== 503 ? 'error' : status === 429 || status === 503 ? 'warn' : 'info';
}
