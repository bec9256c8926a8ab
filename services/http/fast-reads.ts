import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from 'express';
import type { Logger } from 'pino';
import { gzippedBody, type PreparedJson } from '../../read-models/runtime/prepared-json.ts';
import type { Config } from './config.ts';
import { etagMatches, gzipEtag, JSON_TYPE, sendsGzip } from './etag.ts';
import type { Handled } from './endpoints.ts';
import { logRequest } from './request-log.ts';
import { securityHeaderSet } from './security.ts';

/**
 * The prepared answer of a public GET, by the request's path and query (without the `?`); undefined
 * when it is not one (or not ready): Express answers it.
 */
export type FastRead = (path: string, query: string) => PreparedJson | undefined;

/** A path segment in its canonical spelling: nothing to decode. */
const CANONICAL_SEGMENT = '([A-Za-z0-9._-]+)';

/**
 * The fast read of the handled endpoints that have a fast answer (`prepared` definitions), matched by
 * each endpoint's own path pattern: the exact spelling of the definition's path (so lower case, no
 * trailing slash) with every parameter a canonical segment, and a query its schema accepts, each key
 * once. Anything else is undefined, and Express answers it with the same handler: a 400 for a query the
 * schema refuses, another spelling, a view still loading.
 */
export function preparedReads(handled: readonly Handled[]): FastRead {
  const routes = handled.filter((h) => h.fast !== undefined && h.endpoint.method === 'get').map(fastRoute);
  return (path, query) => {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (match) return route.answer(match, query);
    }
    return undefined;
  };
}

function fastRoute(h: Handled) {
  const { endpoint } = h;
  const fast = h.fast!;
  const names: string[] = [];
  const source = endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return CANONICAL_SEGMENT;
    })
    .join('/');
  const pattern = new RegExp(`^${source}$`);
  const parse = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } } | undefined, value: object): T | undefined => {
    if (!schema) return {} as T;
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  // Without a query string (the common case) the query is the same every time: parsed once.
  const noQuery = parse(endpoint.query, {});
  return {
    pattern,
    answer(match: RegExpExecArray, query: string): PreparedJson | undefined {
      let params: unknown = {};
      if (names.length > 0) {
        const raw: Record<string, string> = {};
        for (let i = 0; i < names.length; i++) raw[names[i]!] = match[i + 1]!;
        params = parse(endpoint.params, raw);
        if (params === undefined) return undefined;
      }
      let q = noQuery;
      if (query !== '') {
        const object = queryObject(query);
        if (object === undefined) return undefined;
        q = parse(endpoint.query, object);
      }
      if (q === undefined) return undefined;
      return fast({ params: params as never, query: q as never });
    },
  };
}

/** The query string as an object when every key is plain and appears once (else undefined: Express decides). */
function queryObject(query: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    if (!/^[A-Za-z0-9_]+$/.test(key) || !/^[A-Za-z0-9._-]*$/.test(value) || key in out) return undefined;
    out[key] = value;
  }
  return out;
}

/** Answers a request and says true, or says false and leaves the request untouched. */
export type FastReads = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The hot public reads (the market's pre-serialised views) answered straight on node:http, in front of
 * Express (issue 17's hot path). Express spent more per request than writing the answer itself (in a
 * CPU profile about 13 µs of app, router and layer plumbing, plus 11.6 µs for 18 `setHeader` calls and
 * `end`, against 6.5 µs here for one `writeHead` with the same headers and `end`; docs/architecture.md,
 * "The fast reads"). The fast reads do only what that route's answer is made of,
 * and send the same bytes and the same headers as the Express route:
 * - the security headers (worked out once by securityHeaderSet, as the Express middleware does),
 * - the request log (`logRequest`: X-Request-Id, one line at 'info' when the response finishes),
 * - `Cache-Control: no-cache`, `Vary: Accept-Encoding`, the strong ETag and 304, gzip when accepted
 *   (sendPreparedJson's rules, shared through etag.ts).
 * Everything else falls through to Express untouched: other methods, requests with a body, any path
 * `read` does not know in its exact canonical spelling, views not loaded yet.
 */
export function fastReads(config: Config, logger: Logger, read: FastRead): FastReads {
  const answers = answerHeaders(securityHeaderSet(config).set.flat(), JSON_TYPE);
  return (req, res) => {
    if (!answerableFromMemory(req)) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const prepared = q < 0 ? read(url, '') : read(url.slice(0, q), url.slice(q + 1));
    if (prepared === undefined) return false;
    sendFromMemory(req, res, prepared, answers, logger);
    return true;
  };
}

/** A GET without a body: the only requests an answer from memory may take (anything else goes to Express). */
export function answerableFromMemory(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const headers = req.headers;
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}

/**
 * Sends an answer kept in memory on node:http, by sendPreparedJson's rules (etag.ts): the gzip bytes when
 * accepted, 304 when the client's ETag matches, one request-log line; the headers from `answerHeaders`.
 * The fast reads' JSON and the kept rendered pages (services/gateway/ssr.ts) go out through it.
 */
export function sendFromMemory(req: IncomingMessage, res: ServerResponse, prepared: PreparedJson, answers: AnswerHeaders, logger: Logger): void {
  const headers = req.headers;
  const gzip = sendsGzip(prepared, headers['accept-encoding']);
  const etag = gzip ? gzipEtag(prepared) : prepared.etag;
  if (etagMatches(headers['if-none-match'], etag)) {
    res.writeHead(304, answers.notModified(logRequest(logger, req, res, 304), etag));
    res.end();
    return;
  }
  const body = gzip ? gzippedBody(prepared) : prepared.body;
  res.writeHead(200, (gzip ? answers.gzip : answers.identity)(logRequest(logger, req, res, 200), etag, body.length));
  res.end(body);
}

export type AnswerHeaders = ReturnType<typeof answerHeaders>;

/**
 * The header lists of the three answers (304, 200 identity, 200 gzip) of a content type as flat
 * [name, value...] arrays in the order the Express route sets them: made once, copied and filled in per
 * request.
 */
export function answerHeaders(security: (string | string[])[], contentType: string) {
  const common = [...security, 'X-Request-Id', '', 'Cache-Control', 'no-cache', 'Vary', 'Accept-Encoding', 'ETag', ''];
  const ID = security.length + 1;
  const ETAG = common.length - 1;
  const type = ['Content-Type', contentType];
  const identity = [...common, ...type, 'Content-Length', ''];
  const gzip = [...common, ...type, 'Content-Encoding', 'gzip', 'Content-Length', ''];
  const fill = (template: (string | string[])[], id: string, etag: string, length?: number) => {
    const out = template.slice();
    out[ID] = id;
    out[ETAG] = etag;
    if (length !== undefined) out[out.length - 1] = String(length);
    return out;
  };
  return {
    notModified: (id: string, etag: string) => fill(common, id, etag),
    identity: (id: string, etag: string, length: number) => fill(identity, id, etag, length),
    gzip: (id: string, etag: string, length: number) => fill(gzip, id, etag, length),
  };
}

type Handle = (req: IncomingMessage, res: ServerResponse, done?: (error?: unknown) => void) => void;

/**
 * Puts the fast reads in front of an Express app. `app.handle` is the entry every way of serving the
 * app goes through (`app.listen`, `http.createServer(app)`, supertest), so all of them get the fast
 * reads, and the app keeps its type for its callers.
 */
export function inFrontOf(app: Application, fast: FastReads): Application {
  const express = app as unknown as { handle: Handle };
  const handle = express.handle;
  express.handle = function (this: unknown, req, res, done) {
    if (!fast(req, res)) handle.call(this, req, res, done);
  };
  return app;
}
