import type { Request, Response } from 'express';
import { registerCache } from '../../domain/caches/registry.ts';
import { GZIP_MIN_BYTES, gzippedBody, type PreparedJson } from '../../read-models/runtime/prepared-json.ts';

/** The last Accept-Encoding seen and its answer: a browser sends the same string on every request. */
let lastAcceptEncoding = '';
let lastAcceptsGzip = false;
registerCache({
  name: 'accept-encoding',
  owner: 'services/http/etag.ts',
  key: 'Accept-Encoding header value: whether it accepts gzip',
  bound: 'one (the last value seen)',
  eviction: 'replaced by the next other value',
  coherence: 'a pure function of the header value',
  clearable: true,
  clear: () => {
    lastAcceptEncoding = '';
    lastAcceptsGzip = false;
  },
  size: () => (lastAcceptEncoding === '' ? 0 : 1),
});

/** True when Accept-Encoding lists gzip (or `*`) without `q=0`. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  if (acceptEncoding === lastAcceptEncoding) return lastAcceptsGzip;
  lastAcceptsGzip = parseAcceptsGzip(acceptEncoding);
  lastAcceptEncoding = acceptEncoding;
  return lastAcceptsGzip;
}

function parseAcceptsGzip(acceptEncoding: string): boolean {
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/**
 * If-None-Match (RFC 9110 §13.1.2): `*` or any listed tag that matches by weak comparison
 * (`W/"x"` matches `"x"`).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Sends a prepared JSON answer: 304 without a body when the client's ETag matches (GET/HEAD), else
 * 200 with the bytes, gzip-compressed (compressed once, then kept) when the client accepts it and the
 * body is large enough; the gzip representation has its own strong ETag (`"<tag>-gz"`).
 * `Cache-Control: no-cache` overrides the API's default `no-store`: the browser may keep the answer
 * but must revalidate it every time, so nothing stale is ever shown. `contentType`: a rendered page
 * (services/gateway/ssr.ts) goes out by the same rules as HTML.
 */
export function sendPreparedJson(req: Request, res: Response, prepared: PreparedJson, contentType: string = JSON_TYPE): void {
  const gzip = sendsGzip(prepared, req.headers['accept-encoding']);
  const etag = gzip ? gzipEtag(prepared) : prepared.etag;
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  let body = prepared.body;
  if (gzip) {
    body = gzippedBody(prepared);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Whether a prepared answer goes out gzip-compressed to a client sending this Accept-Encoding. */
export function sendsGzip(prepared: PreparedJson, acceptEncoding: string | undefined): boolean {
  return prepared.body.length >= GZIP_MIN_BYTES && acceptsGzip(acceptEncoding);
}

/** The strong ETag of the gzip representation: `"<tag>-gz"`. */
export function gzipEtag(prepared: PreparedJson): string {
  return (prepared.gzipEtag ??= `${prepared.etag.slice(0, -1)}-gz"`);
}
