import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Query parameters that carry secrets (the reset link's token) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|password|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * One log line per request (method, url, status, time) through the app's logger, so LOG_LEVEL
 * applies (tests run silent). Each request gets an id — the caller's `X-Request-Id` when it looks
 * sane (a load balancer's), otherwise a UUID — echoed in the response header and used as the
 * correlation id of the events the request appends.
 */
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode === 429) return 'warn';
      return 'info';
    },
    // Cookies, session seals and secret query parameters stay out of the logs.
    serializers: {
      req(req: { id: unknown; method: string; url: string; remoteAddress?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  }) as unknown as RequestHandler;
}
