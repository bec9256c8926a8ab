import type { Request, Response } from 'express';

/**
 * Pre-serialized JSON answers: the body is a Buffer made once (when the read model changed), its strong
 * ETag computed once, so serving it costs no JSON.stringify and no hashing. Clients revalidate
 * (`Cache-Control: no-cache`) and get 304 while the ETag still matches.
 */
export interface PreparedJson {
  readonly body: Buffer;
  /** Strong ETag, quoted: `"abc..."`. */
  readonly etag: string;
}

export function prepareJson(body: string, etag: string): PreparedJson {
  return { body: Buffer.from(body, 'utf8'), etag };
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

/**
 * Sends a prepared JSON answer: 304 without a body when the client's ETag matches (GET/HEAD), else
 * 200 with the bytes. `Cache-Control: no-cache` overrides the API's default `no-store`: the browser
 * may keep the answer but must revalidate it every time, so nothing stale is ever shown.
 */
export function sendPreparedJson(req: Request, res: Response, prepared: PreparedJson): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', prepared.etag);
  if (etagMatches(req.headers['if-none-match'], prepared.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', prepared.body.length);
  res.end(prepared.body);
}
