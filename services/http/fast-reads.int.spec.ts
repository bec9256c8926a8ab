import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allFixtureEvents, appendAll } from '../../read-models/market/fixtures.ts';
import { marketApi } from '../market/api.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { clearCaches } from '../../domain/caches/registry.ts';
import { fastReads, inFrontOf, preparedReads } from './fast-reads.ts';

/** The fields of a request log line these tests read. */
interface LogLine {
  msg: string;
  req?: { id: string; method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire (gzip bytes are not decompressed). */
  body: Buffer;
}

let ctx: TestContext;
let server: Server;
let base: string;
const lines: LogLine[] = [];
/** The URLs the fast reads handed to Express. */
const fellThrough: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  ctx = await createTestContext({}, { now: new Date('2026-01-14T16:00:00.000Z'), logger });
  await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, allFixtureEvents()));
  // The fast reads as createApp puts them in front of Express, with a record of what they hand on.
  const fast = fastReads(ctx.deps.config, ctx.deps.logger, preparedReads(marketApi.handled(ctx.deps)));
  server = createServer((req, res) => {
    if (fast(req, res)) return;
    fellThrough.push(`${req.method} ${req.url}`);
    ctx.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (the clock, the request id). */
function comparable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

/** The same route spelt with a trailing slash: Express serves it (it ignores the slash), the fast reads do not. */
function expressSpelling(path: string): string {
  const q = path.indexOf('?');
  return q < 0 ? `${path}/` : `${path.slice(0, q)}/${path.slice(q)}`;
}

describe('fast reads', () => {
  it.each([
    ['/api/top-performers', {}],
    ['/api/top-performers', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['/api/top-performers?limit=2', {}],
    ['/api/etfs', { 'accept-encoding': 'gzip' }],
    ['/api/etfs/by-brand/yieldmax', {}],
    ['/api/etfs/detail/fixw', {}],
    ['/api/etfs/detail/AAAW/history', {}],
    ['/api/etfs/detail/AAAW/history?range=1m', {}],
    ['/api/dividends/calendar', {}],
  ])('answers GET %s %j with the bytes and headers (security headers included) of the Express route', async (path, headers) => {
    fellThrough.length = 0;
    const fast = await get(path, headers);
    const slow = await get(expressSpelling(path), headers);
    expect(fellThrough).toEqual([`GET ${expressSpelling(path)}`]);
    expect(fast.status).toBe(200);
    expect(fast.body.equals(slow.body)).toBe(true);
    expect(comparable(fast.headers)).toEqual(comparable(slow.headers));
    // the header set is the whole of it, in the same order (what the client sees first to last)
    expect(Object.keys(fast.headers)).toEqual(Object.keys(slow.headers));
    expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
    expect(fast.headers['x-frame-options']).toBe('DENY');
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends gzip with its own ETag, and 304 without a body to a matching If-None-Match', async () => {
    const gz = await get('/api/top-performers', { 'accept-encoding': 'gzip' });
    const plain = await get('/api/top-performers', { 'accept-encoding': 'identity' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gz"`);
    fellThrough.length = 0;
    for (const [encoding, etag] of [['gzip', gz.headers.etag!], ['identity', plain.headers.etag!], ['identity', `"other", W/${plain.headers.etag!}`], ['identity', '*']]) {
      const again = await get('/api/top-performers', { 'accept-encoding': encoding!, 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const express304 = await get('/api/top-performers/', { 'accept-encoding': encoding!, 'if-none-match': etag! });
      expect(comparable(again.headers)).toEqual(comparable(express304.headers));
    }
    expect(fellThrough.every((url) => url === 'GET /api/top-performers/')).toBe(true);
    expect((await get('/api/top-performers', { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it.each([
    ['POST', '/api/top-performers', 404],
    ['HEAD', '/api/top-performers', 200],
    ['GET', '/api/top-performers?limit=abc', 400],
    ['GET', '/api/top-performers?limit=2&limit=3', 400],
    ['GET', '/api/Top-Performers', 200],
    ['GET', '/api/etfs/detail/NOPE', 404],
    ['GET', '/api/etfs/detail/NOPE/history', 404],
    ['GET', '/api/etfs/detail/%ZZ', 400],
    ['GET', '/api/etfs/by-brand/no-such-brand', 200],
    ['GET', '/api/etfs/detail/AAAW/history?range=5Y', 400],
    ['GET', '/api/no-such-route', 404],
  ])('hands %s %s to Express (%i)', async (method, path, status) => {
    fellThrough.length = 0;
    const res = await get(path, {}, method);
    expect(res.status).toBe(status);
    expect(fellThrough).toEqual([`${method} ${path}`]);
  });

  it('hands a GET with a body to Express (the JSON body parser has its say)', async () => {
    fellThrough.length = 0;
    const res = await request(server).get('/api/top-performers').set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(400);
    expect(fellThrough).toEqual(['GET /api/top-performers']);
  });

  it('hands a view to Express while the cache is (re)loading, then serves it again', async () => {
    await clearCaches();
    fellThrough.length = 0;
    const first = await get('/api/top-performers');
    const second = await get('/api/top-performers');
    expect(fellThrough).toEqual(['GET /api/top-performers']);
    expect(second.body.equals(first.body)).toBe(true);
  });

  it('writes the request log line (same fields and level as Express), with the caller’s X-Request-Id', async () => {
    lines.length = 0;
    const fast = await get('/api/top-performers?limit=2', { 'x-request-id': 'lb-1234' });
    const slow = await get('/api/top-performers/?limit=2');
    // the line is written when the response finishes on the server, which may come after the client read it
    const logged = await vi.waitFor(() => {
      const found = lines.filter((l) => l.msg === 'request completed');
      expect(found).toHaveLength(2);
      return found;
    });
    const [fastLine, slowLine] = logged as [LogLine, LogLine];
    expect(fast.headers['x-request-id']).toBe('lb-1234');
    expect(fastLine).toMatchObject({ level: 30, req: { id: 'lb-1234', method: 'GET', url: '/api/top-performers?limit=2', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(slowLine.req!.id).toBe(slow.headers['x-request-id']);
    const shape = (line: LogLine) => Object.keys(line).filter((k) => !['time', 'pid', 'hostname'].includes(k)).sort();
    expect(shape(fastLine)).toEqual(shape(slowLine));
    expect(Object.keys(fastLine.req!).sort()).toEqual(Object.keys(slowLine.req!).sort());
  });
});

describe('inFrontOf', () => {
  it('asks the fast reads first, and Express only when they did not answer', async () => {
    const seen: string[] = [];
    const app = express();
    app.get('/{*path}', (req, res) => {
      seen.push(`express ${req.path}`);
      res.send('from express');
    });
    inFrontOf(app, (req, res) => {
      seen.push(`fast ${req.url}`);
      if (req.url !== '/fast') return false;
      res.end('from the fast reads');
      return true;
    });
    expect((await request(app).get('/fast')).text).toBe('from the fast reads');
    expect((await request(app).get('/other')).text).toBe('from express');
    expect(seen).toEqual(['fast /fast', 'fast /other', 'express /other']);
  });
});
