import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlpacaMarketDataProvider } from './alpaca-provider.ts';
import { MarketDataProviderError } from './port.ts';
import { createMarketDataProvider } from './provider-factory.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

interface Seen {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** A local Alpaca: serves the recorded fixtures; a test can queue special answers per path. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let queued: Record<string, { status: number; headers?: Record<string, string>; body: string }[]> = {};
let extraHeaders: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    seen.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const special = queued[url.pathname]?.shift();
    if (special) {
      res.writeHead(special.status, { 'content-type': 'application/json', ...special.headers });
      res.end(special.body);
      return;
    }
    const page = url.searchParams.get('page_token') ? 2 : 1;
    const files: Record<string, string> = {
      '/v2/stocks/snapshots': 'alpaca-snapshots.json',
      '/v2/stocks/bars': `alpaca-bars-page-${page}.json`,
      '/v1/corporate-actions': (url.searchParams.get('types') ?? '').includes('split') ? `alpaca-splits-page-${page}.json` : `alpaca-corporate-actions-page-${page}.json`,
    };
    const file = files[url.pathname];
    if (!file) {
      res.writeHead(404).end('{"message":"not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '150', ...extraHeaders[url.pathname] });
    res.end(fixture(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  queued = {};
  extraHeaders = {};
});

const NOW = Date.parse('2026-03-18T18:30:00Z');
function provider(overrides: Partial<ConstructorParameters<typeof AlpacaMarketDataProvider>[0]> = {}) {
  const sleeps: number[] = [];
  const p = new AlpacaMarketDataProvider({
    keyId: 'AKTESTKEY',
    secretKey: 'test-secret',
    dataUrl: `${baseUrl}/`,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    nowMs: () => NOW,
    ...overrides,
  });
  return { p, sleeps };
}

describe('Alpaca adapter against a local server with recorded answers', () => {
  it('sends the API key headers on every request', async () => {
    await provider().p.latestPrices(['NVDW']);
    expect(seen[0]!.headers['apca-api-key-id']).toBe('AKTESTKEY');
    expect(seen[0]!.headers['apca-api-secret-key']).toBe('test-secret');
    expect(seen[0]!.query).toMatchObject({ symbols: 'NVDW', feed: 'iex' });
  });

  it('reads latest prices from snapshots, with the previous session close', async () => {
    const prices = await provider().p.latestPrices(['NVDW', 'ULTY', 'NOPE']);
    expect(prices).toEqual([
      // intraday: latest trade 47.63 on 03-18, daily bar is 03-18, so the previous close is 03-17's 46.98
      { ticker: 'NVDW', price: '47.63', at: '2026-03-18T18:29:58.412Z', previousClose: '46.98' },
      // after hours on 03-17: the daily bar is 03-17, previous close 03-16's 5.9
      { ticker: 'ULTY', price: '5.845', at: '2026-03-17T23:59:12.000Z', previousClose: '5.9' },
    ]);
  });

  it('follows bars pagination, asks for raw daily bars, and keeps New York dates in range', async () => {
    const bars = await provider().p.dailyBars(['NVDW', 'ULTY'], '2026-03-06', '2026-03-10');
    expect(seen.map((s) => s.query.page_token ?? null)).toEqual([null, 'TlZEV3wxRHwyMDI2LTAzLTA5VDA0OjAwOjAwLjAwMDAwMDAwMFo=']);
    expect(seen[0]!.query).toMatchObject({ symbols: 'NVDW,ULTY', timeframe: '1Day', start: '2026-03-06', end: '2026-03-11', adjustment: 'raw', feed: 'iex', limit: '10000' });
    expect(bars).toEqual([
      { ticker: 'NVDW', date: '2026-03-06', open: '45.2', high: '45.97', low: '44.81', close: '45.55', volume: 280113 },
      { ticker: 'NVDW', date: '2026-03-09', open: '45.6', high: '46.4', low: '45.3', close: '46.12', volume: 265400 },
      { ticker: 'NVDW', date: '2026-03-10', open: '46.1', high: '46.5', low: '45.1', close: '45.31', volume: 301877 },
      { ticker: 'ULTY', date: '2026-03-06', open: '6.02', high: '6.05', low: '5.97', close: '6.01', volume: 9102334 },
      { ticker: 'ULTY', date: '2026-03-09', open: '6', high: '6.04', low: '5.95', close: '5.9701', volume: 8822012 },
      // the 03-11 bar is after `to` and is left out
    ]);
  });

  it('widens the corporate-actions window (process date) and filters by ex-date, across pages, without duplicates; keeps a special apart', async () => {
    const list = await provider().p.distributions(['NVDW', 'ULTY'], '2026-03-04', '2026-03-17');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.query).toMatchObject({ symbols: 'NVDW,ULTY', types: 'cash_dividend', start: '2026-02-25', end: '2026-05-16' });
    expect(seen[1]!.query.page_token).toBe('MjAyNi0wMy0wNXw3YjllM2I4ZA==');
    expect(list).toEqual([
      { ticker: 'NVDW', exDate: '2026-03-10', recordDate: '2026-03-10', payDate: null, amount: '0.263798', kind: 'regular' },
      // `special: true` on the same ex-date: its own distribution (N1), never added to the regular one
      { ticker: 'NVDW', exDate: '2026-03-10', recordDate: '2026-03-10', payDate: '2026-03-11', amount: '0.5', kind: 'special' },
      { ticker: 'ULTY', exDate: '2026-03-04', recordDate: '2026-03-04', payDate: '2026-03-05', amount: '0.0908', kind: 'regular' },
    ]);
  });

  it('reads forward and reverse splits (old_rate, new_rate) by ex-date, across pages, without duplicates', async () => {
    const list = await provider().p.splits(['NVDW', 'ULTY'], '2026-03-04', '2026-03-17');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.query).toMatchObject({ symbols: 'NVDW,ULTY', types: 'forward_split,reverse_split', start: '2026-02-25', end: '2026-03-24' });
    expect(seen[1]!.query.page_token).toBe('MjAyNi0wMy0wOXw5YzhiN2E2Zg==');
    expect(list).toEqual([
      { ticker: 'NVDW', exDate: '2026-03-16', oldRate: '2', newRate: '3' },
      { ticker: 'ULTY', exDate: '2026-03-09', oldRate: '10', newRate: '1' },
    ]);
  });

  it('honours a 429 with Retry-After, then succeeds', async () => {
    queued['/v2/stocks/snapshots'] = [{ status: 429, headers: { 'retry-after': '3' }, body: '{"message":"too many requests"}' }];
    const { p, sleeps } = provider();
    const prices = await p.latestPrices(['NVDW']);
    expect(prices).toHaveLength(1);
    expect(sleeps).toEqual([3000]);
    expect(seen).toHaveLength(2);
  });

  it('without Retry-After a 429 waits until X-RateLimit-Reset', async () => {
    const reset = Math.floor(NOW / 1000) + 7; // 7 s after the injected clock (whole seconds)
    queued['/v2/stocks/snapshots'] = [{ status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, body: '{}' }];
    const { p, sleeps } = provider();
    await p.latestPrices(['NVDW']);
    // the 429 wait, then the pre-request wait for the same reset (both computed from the fixed clock)
    expect(sleeps[0]).toBe(reset * 1000 - NOW);
  });

  it('pauses before the next request when the quota is used up', async () => {
    const reset = Math.floor(NOW / 1000) + 30;
    extraHeaders['/v2/stocks/bars'] = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) };
    const { p, sleeps } = provider();
    await p.dailyBars(['NVDW', 'ULTY'], '2026-03-06', '2026-03-10');
    expect(sleeps).toEqual([reset * 1000 - NOW]); // before page 2
  });

  it('backs off exponentially on server errors and gives up after the retries', async () => {
    queued['/v2/stocks/snapshots'] = Array.from({ length: 3 }, () => ({ status: 503, body: 'unavailable' }));
    const { p, sleeps } = provider({ maxRetries: 2 });
    await expect(p.latestPrices(['NVDW'])).rejects.toThrow(MarketDataProviderError);
    expect(sleeps).toEqual([1000, 2000]);
    expect(seen).toHaveLength(3);
  });

  it('fails at once on rejected keys, with a hint', async () => {
    queued['/v2/stocks/bars'] = [{ status: 403, body: '{"message":"forbidden"}' }];
    const { p, sleeps } = provider();
    const error = await p.dailyBars(['NVDW'], '2026-03-06', '2026-03-10').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataProviderError);
    expect((error as MarketDataProviderError).status).toBe(403);
    expect((error as Error).message).toMatch(/ALPACA_KEY_ID/);
    expect(sleeps).toEqual([]);
  });

  it('batches symbols', async () => {
    await provider({ symbolsPerRequest: 1 }).p.latestPrices(['NVDW', 'ULTY']);
    expect(seen.map((s) => s.query.symbols)).toEqual(['NVDW', 'ULTY']);
  });
});

describe('provider choice', () => {
  const clock = () => new Date('2026-03-18T18:30:00Z');
  it('uses Alpaca with keys, demo without (or when demo data is forced)', () => {
    const alpaca = { keyId: 'k', secretKey: 's', dataUrl: 'https://data.alpaca.markets' };
    expect(createMarketDataProvider({ alpaca, demoData: false }, clock).source).toBe('alpaca');
    expect(createMarketDataProvider({ alpaca: undefined, demoData: true }, clock).source).toBe('demo');
    expect(createMarketDataProvider({ alpaca, demoData: true }, clock).source).toBe('demo');
  });
});
