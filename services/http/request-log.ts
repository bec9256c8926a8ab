import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino, type Level, type Logger } from 'pino';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Query parameters that carry secrets (the reset link's token) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|password|secret)=)[^&#]*/gi;

/** A private calendar feed's path holds its bearer token (services/calendar-feeds). */
const SECRET_PATH = /(\/api\/calendar-feeds\/)[^/?#]+/i;
const FEED_PATH = /\/api\/calendar-feeds\//i;

export function redactUrl(url: string): string {
  // most URLs have neither a query value nor a feed path: nothing to replace (two replacements a request saved)
  const query = url.includes('=') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
  return FEED_PATH.test(query) ? query.replace(SECRET_PATH, '$1[redacted]') : query;
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
 * passes it, and answers in the same turn (the fast reads): its line is written at once, with no
 * listener waiting for the finish, and nothing at all when its level is off (a 200 at LOG_LEVEL=warn).
 */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, knownStatus?: number): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  if (knownStatus !== undefined) {
    const level = levelOf(knownStatus);
    if (logger.isLevelEnabled(level)) writeRequestLine(logger, level, req, id, knownStatus, 0);
    return id;
  }
  const started = performance.now();
  res.once('finish', () => {
    const status = res.statusCode;
    const level = levelOf(status);
    if (logger.isLevelEnabled(level)) writeRequestLine(logger, level, req, id, status, Math.round(performance.now() - started));
  });
  return id;
}

const { chindingsSym, needsMetadataGsym, streamSym, timeSym } = pino.symbols;

interface LogStream {
  write(line: string): void;
  [needsMetadataGsym]?: boolean;
  lastLevel?: number;
}

/**
 * The request line, serialised here rather than by pino: the very line pino writes for
 * `logger[level]({ req: { id, method, url, remoteAddress }, res: { statusCode }, responseTime }, 'request completed')`
 * (level, time and the logger's bindings from pino itself; request-log.int.spec.ts compares the two),
 * without building the objects and walking them on every request (issue 30: about a microsecond of the
 * hot path). For the app's plain loggers: no mixin, hooks, redaction or formatters apply to this line.
 */
function writeRequestLine(logger: Logger, level: Level, req: IncomingMessage, id: string, status: number, responseTime: number): void {
  // id (INCOMING_ID or a UUID) and method (an HTTP token) have nothing to escape; the url and address may
  const internal = logger as unknown as Record<symbol, unknown>;
  const stream = internal[streamSym] as LogStream;
  const levelValue = logger.levels.values[level]!;
  // Express's originalUrl: the URL as it arrived, before any router stripped a mount path.
  const url = redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
  const address = req.socket.remoteAddress;
  const line = `{"level":${levelValue}${(internal[timeSym] as () => string)()}${internal[chindingsSym] as string},"req":{"id":"${id}","method":"${req.method}","url":${JSON.stringify(url)}${address === undefined ? '' : `,"remoteAddress":${JSON.stringify(address)}`}},"res":{"statusCode":${status}},"responseTime":${responseTime},"msg":"request completed"}\n`;
  if (stream[needsMetadataGsym] === true) stream.lastLevel = levelValue;
  stream.write(line);
}

/**
 * 503 is `warn`: the service is unavailable for a known reason (a full disk, a cap reached), whose cause
 * is logged once where it is known (a full disk: once per incident, security audit S6), not an error per
 * request.
 */
function levelOf(status: number): Level {
  return status >= 500 && status !== 503 ? 'error' : status === 429 || status === 503 ? 'warn' : 'info';
}
