/**
 * `npm run bench:api:user`: the signed-in user's reads under load. One user holds 50 funds (each with
 * a year of daily closes and weekly distributions, DRIP on every other holding); autocannon measures
 * `GET /api/user/portfolio` and `GET /api/user/dividends/calendar` with the session cookie, and the
 * same answers served by a raw node:http server (the ceiling of one Node process on this machine), in
 * the same run. Also: the latency of adding a holding (command + read-your-writes wait + the holding's
 * derived values) and the cost of recomputing the user's document when it is not cached.
 *
 * The app and the raw server each run in their own child process (127.0.0.1, random port); autocannon
 * runs in this one. Prints a markdown section and writes it into docs/benchmarks.md ("User area API").
 *
 * Modes: no argument (the bench), `serve-app`, `serve-raw` (children, driven over IPC).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NewEvent } from '../events/envelope.ts';
import { distributionIdOf } from '../events/dividends.ts';
import { registry } from '../events/registry.ts';
import { streams } from '../events/streams.ts';
import { MarketSnapshots } from '../read-models/market/market-snapshot.ts';
import { UserAreaReads } from '../read-models/portfolio/queries.ts';
import { createTestContext } from '../services/testing/harness.ts';
import { addDays, businessDaysBetween, weekdayOf, yearOf, type IsoDate } from '../domain/market/trading-days.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';
import { percentile } from './support/http-load.ts';
import { startForkOptions } from './support/server-process.ts';
import { startCommand } from '../scripts/start-command.ts';
import { createServerLogger } from '../services/gateway/logger.ts';
import { loadConfig } from '../services/http/config.ts';

/** The part of autocannon's API used here (the package ships no types; loaded without a global declaration). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  pipelining: number;
}) => Promise<AutocannonResult>;

const HOLDINGS = 50;
const MARKET_DAY: IsoDate = '2026-01-23';
const NOW = new Date('2026-01-23T17:00:00.000Z');
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

// ---------------------------------------------------------------------------------------------------
// Data: 50 weekly funds, 2025-01-21 .. 2026-01-23

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Fund {
  etfId: string;
  ticker: string;
}

function fundId(i: number): string {
  return `b0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
}

/** Events per stream for one fund: listing, a year of closes, weekly distributions (ex weekday by fund). */
function fundEvents(i: number): { fund: Fund; byStream: Map<string, NewEvent[]> } {
  const etfId = fundId(i);
  const ticker = `BN${String(i + 1).padStart(2, '0')}W`;
  const rnd = random(1000 + i);
  const meta = { actor: 'bench', correlationId: 'bench' };
  const byStream = new Map<string, NewEvent[]>();
  const add = (stream: string, type: string, data: unknown) => {
    const list = byStream.get(stream) ?? [];
    list.push(registry.encode({ type, data }, meta));
    byStream.set(stream, list);
  };
  add(streams.etf(etfId), 'EtfListed', {
    etfId,
    ticker,
    name: `Bench Option Income ${i + 1}`,
    brand: ['Roundhill', 'YieldMax', 'Defiance', 'Granite', 'REX', 'Nicholas'][i % 6],
    description: '',
    frequency: 'weekly',
    underlying: null,
    inceptionDate: '2025-01-21',
    dataSource: 'manual',
    listedAt: '2025-01-21T15:00:00.000Z',
  });
  let price = 15 + rnd() * 35;
  const closes = new Map<IsoDate, string>();
  for (const date of businessDaysBetween('2025-01-21', MARKET_DAY)) {
    price = Math.max(1, price * (1 + (rnd() - 0.5) * 0.04));
    const close = price.toFixed(2);
    closes.set(date, close);
    add(streams.prices(etfId, yearOf(date)), 'PriceBarRecorded', { etfId, date, open: close, high: close, low: close, close, volume: 100_000, source: 'manual' });
  }
  const exWeekday = 1 + (i % 4); // Monday .. Thursday
  let ex = '2025-01-27';
  while (weekdayOf(ex) !== exWeekday) ex = addDays(ex, 1);
  for (; ex <= addDays(MARKET_DAY, 4); ex = addDays(ex, 7)) {
    const payDate = addDays(ex, 1);
    const close = Number(closes.get(ex) ?? price.toFixed(2));
    const amount = (close * (0.005 + rnd() * 0.01)).toFixed(4);
    add(streams.dividends(etfId), 'DistributionDeclared', {
      etfId,
      distributionId: distributionIdOf(etfId, ex),
      exDate: ex,
      recordDate: ex,
      payDate,
      amount,
      status: 'declared',
      source: 'manual',
      kind: 'regular',
    });
  }
  return { fund: { etfId, ticker }, byStream };
}

// ---------------------------------------------------------------------------------------------------
// Child: the app

interface AppReady {
  kind: 'app-ready';
  port: number;
  cookie: string;
  events: number;
  addHoldingMs: { mean: number; p99: number };
  recomputeMs: { userDocument: number; withMarketReload: number };
}

async function serveApp(): Promise<void> {
  // server.ts's logger at npm start's level (the harness's own default is silent)
  const ctx = await createTestContext({}, { now: NOW, logger: createServerLogger(loadConfig(startCommand().env)).logger });
  const { log, readModels } = ctx.deps;
  let events = 0;
  const funds: Fund[] = [];
  for (let i = 0; i < HOLDINGS; i++) {
    const { fund, byStream } = fundEvents(i);
    funds.push(fund);
    for (const [stream, list] of byStream) {
      await log.store.append(stream, list, 'any');
      events += list.length;
    }
  }
  const day = await log.append(streams.marketClock(), [{ type: 'MarketDayBegan', data: { date: MARKET_DAY } }], 'any', { actor: 'bench', correlationId: 'bench', now: NOW.toISOString() });
  await readModels.waitFor(day.position, { timeoutMs: 120_000 }); // the last append: every event before it too

  const server = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'User', email: 'bench@example.com', password: 'bench-password' }),
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}`);
  const cookie = register.headers.getSetCookie().find((c) => c.startsWith('weeklydiv_session='))!.split(';')[0]!;
  const userId = ((await register.json()) as { id: string }).id;

  const addMs: number[] = [];
  for (const [i, fund] of funds.entries()) {
    const body = { etfId: fund.etfId, shares: String(10 + i * 7), purchasePrice: i % 3 === 0 ? null : '20', purchaseDate: addDays('2025-02-03', i * 6), isDrip: i % 2 };
    const started = performance.now();
    const res = await fetch(`${base}/api/user/portfolio`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    addMs.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`add holding answered ${res.status}: ${await res.text()}`);
  }

  // Recompute costs, not cached: the user's document with the market data already read (after a
  // holding write), and with the market data read again too (after a market change).
  const today = MARKET_DAY;
  const shared = new MarketSnapshots(readModels);
  await new UserAreaReads(readModels, { snapshots: shared }).portfolioJson(userId, today);
  const time = async (runs: number, make: () => UserAreaReads) => {
    const started = performance.now();
    for (let r = 0; r < runs; r++) await make().portfolioJson(userId, today);
    return (performance.now() - started) / runs;
  };
  const userDocument = await time(20, () => new UserAreaReads(readModels, { snapshots: shared }));
  const withMarketReload = await time(20, () => new UserAreaReads(readModels, { snapshots: new MarketSnapshots(readModels) }));

  const ready: AppReady = {
    kind: 'app-ready',
    port,
    cookie,
    events,
    addHoldingMs: { mean: addMs.reduce((a, b) => a + b, 0) / addMs.length, p99: percentile([...addMs].sort((a, b) => a - b), 99) },
    recomputeMs: { userDocument, withMarketReload },
  };
  process.send!(ready);
  process.on('message', (m: { kind: string }) => {
    if (m.kind === 'stop') {
      server.close();
      void ctx.close().then(() => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Child: the raw server

function serveRaw(bodies: Record<string, string>): void {
  const buffers = new Map(Object.entries(bodies).map(([p, b]) => [p, Buffer.from(b)]));
  const server = createServer((req, res) => {
    const body = buffers.get(req.url ?? '');
    if (!body) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send!({ kind: 'raw-ready', port: (server.address() as AddressInfo).port }));
  process.on('message', (m: { kind: string }) => {
    if (m.kind === 'stop') server.close(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------------
// Parent

/** A child in `mode` with npm start's Node flags and environment; its stdout (the app's log) into a temporary file. */
function child(mode: string): ChildProcess {
  const logFile = path.join(tmpdir(), `weeklydiv-bench-user-area-${mode}-${process.pid}.log`);
  const log = openSync(logFile, 'w');
  const proc = fork(fileURLToPath(import.meta.url), [mode], { ...startForkOptions(), stdio: ['ignore', log, 'inherit', 'ipc'] });
  closeSync(log);
  proc.once('exit', () => rmSync(logFile, { force: true }));
  return proc;
}

function nextMessage<T>(proc: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { kind: string }) => {
      if (m.kind !== kind) return;
      proc.off('message', onMessage);
      resolve(m as T);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => reject(new Error(`child exited (${code}) before ${kind}`)));
  });
}

interface Load {
  name: string;
  bytes: number;
  requestsPerSecond: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, url: string, headers: Record<string, string>): Promise<Load> {
  const res = await fetch(url, { headers });
  const bytes = Buffer.byteLength(await res.text());
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
  return {
    name,
    bytes,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const app = child('serve-app');
  const ready = await nextMessage<AppReady>(app, 'app-ready');
  const appBase = `http://127.0.0.1:${ready.port}`;
  const cookieHeader = { cookie: ready.cookie };
  const portfolioBody = await (await fetch(`${appBase}/api/user/portfolio`, { headers: cookieHeader })).text();
  const calendarBody = await (await fetch(`${appBase}/api/user/dividends/calendar`, { headers: cookieHeader })).text();
  const holdings = (JSON.parse(portfolioBody) as unknown[]).length;
  const payouts = (JSON.parse(calendarBody) as unknown[]).length;
  if (holdings !== HOLDINGS) throw new Error(`expected ${HOLDINGS} holdings, got ${holdings}`);

  const raw = child('serve-raw');
  const userBody = await (await fetch(`${appBase}/api/user`, { headers: cookieHeader })).text();
  raw.send({ kind: 'bodies', bodies: { '/portfolio': portfolioBody, '/calendar': calendarBody, '/user': userBody } });
  const rawReady = await nextMessage<{ port: number }>(raw, 'raw-ready');
  const rawBase = `http://127.0.0.1:${rawReady.port}`;

  const results: [Load, Load][] = [];
  results.push([await load('GET /api/user/portfolio', `${appBase}/api/user/portfolio`, cookieHeader), await load('raw: same body', `${rawBase}/portfolio`, {})]);
  results.push([await load('GET /api/user/dividends/calendar', `${appBase}/api/user/dividends/calendar`, cookieHeader), await load('raw: same body', `${rawBase}/calendar`, {})]);
  // Reference: the accounts route answering the signed-in user, i.e. the gateway's middleware and the
  // session check with a tiny body: the ceiling of any signed-in read in this app.
  results.push([await load('reference: GET /api/user', `${appBase}/api/user`, cookieHeader), await load('raw: same body', `${rawBase}/user`, {})]);
  app.send({ kind: 'stop' });
  raw.send({ kind: 'stop' });

  for (const [a] of results) if (a.non2xx > 0 || a.errors > 0) throw new Error(`${a.name}: ${a.non2xx} non-2xx answers, ${a.errors} errors`);

  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const rows = results.map(
    ([a, r]) =>
      `| ${a.name} | ${kb(a.bytes)} | **${Math.round(a.requestsPerSecond).toLocaleString('en-US')}** | ${a.p50} / ${a.p99} | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.p50} / ${r.p99} | ${(a.requestsPerSecond / r.requestsPerSecond).toFixed(2)} |`,
  );
  const body = `${machineMarkdown(machine)}

Method: \`npm run bench:api:user\` (bench/user-area.bench.ts). The app (embedded stores in a
temporary directory, every projection running) and a raw \`node:http\` server each run in their own
child process on 127.0.0.1; autocannon runs in the parent with ${CONNECTIONS} connections for
${DURATION_S} s per row, no pipelining. The data: ${HOLDINGS} weekly funds with a year of daily closes and
weekly distributions (${ready.events.toLocaleString('en-US')} events), market day ${MARKET_DAY}; one user
holds all ${HOLDINGS} (every other one with DRIP, purchase dates spread over the year), so the portfolio
has ${holdings} holdings and the calendar ${payouts} payouts. Requests carry the session cookie (its unsealed
content is cached per sealed value; expiry, session epoch and account are checked against the users
read model on every request). The raw
server answers the very same bytes from memory: the ceiling of one Node process here. The reference
row is the accounts route \`GET /api/user\` (middleware and session check, a tiny body): the ceiling of
any signed-in read of this gateway. Latencies in ms.

| read | body | app req/s | app p50 / p99 | raw req/s | raw p50 / p99 | app / raw |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

How to read it: a cached user-area read costs the gateway's middleware and session check (the reference
row) plus two small document reads (the user's portfolio position, the market version) and writing a
body encoded once; so the portfolio and calendar rows should come close to the reference row, and the
raw server's rows show what the body size alone costs. The machine's load at the start is given above:
other work on it lowers every figure.

Writes and recomputation (same run):
- \`POST /api/user/portfolio\` (validate, read the fund's stream, append, wait for the portfolio read model,
  bring the user's document up to date (only the new holding is computed), answer the holding),
  ${HOLDINGS} sequential adds to a growing portfolio: mean
  ${ready.addHoldingMs.mean.toFixed(1)} ms, p99 ${ready.addHoldingMs.p99.toFixed(1)} ms.
- Computing the user's whole document (portfolio and calendar JSON, ${HOLDINGS} DRIP/cash holdings over a
  year of data) when nothing of it is cached: ${ready.recomputeMs.userDocument.toFixed(1)} ms with the market
  data already read (a cold cache), ${ready.recomputeMs.withMarketReload.toFixed(1)} ms including reading
  the ${HOLDINGS} funds' series (the first read after a market change). Reads answer the cached JSON until
  the user's holdings or the market version change (read-models/portfolio/queries.ts).
`;
  process.stdout.write(`## User area API\n\n${body}`);
  writeBenchmarkSection(fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url)), 'User area API', body);
}

const mode = process.argv[2];
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (mode === 'serve-app') {
    serveApp().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else if (mode === 'serve-raw') {
    process.once('message', (m: { kind: string; bodies: Record<string, string> }) => serveRaw(m.bodies));
  } else {
    main().catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}
