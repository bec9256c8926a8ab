/**
 * `npm run bench:api`: the public read API under load, the time to rebuild the market read model from
 * the log, and the server's memory after start-up. Prints markdown and writes the sections "API" and
 * "Read-model rebuild" of docs/benchmarks.md.
 *
 * 1. Seeds a fresh embedded store (temporary directory) the way the first start of the embedded
 *    default does: the 63-fund seed catalog, then two years of daily bars, distributions and the latest
 *    price from the demo provider, and one MarketDayBegan, through the real deciders (no projections
 *    run while seeding).
 * 2. Rebuild: replays the whole log through the `market` projection alone into an empty in-memory
 *    document store (median of 3), and once more with batches of 500 events; then starts the real
 *    container (every projection catches up, as on each start of the embedded default).
 * 3. Memory: the real server (createContainer + createApp, every middleware) runs alone in a child
 *    process; it reports RSS and heap once the projections caught up and the view cache loaded
 *    (after a forced GC).
 * 4. Load: autocannon in this process against that server and against a bare node:http server
 *    answering a small JSON body (another child process), on 127.0.0.1, 50 connections, 10 s per
 *    target after a 2 s warm-up, three interleaved rounds (median reported).
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { registry } from '../events/registry.ts';
import { streams } from '../events/streams.ts';
import { allProjections } from '../read-models/all.ts';
import { marketProjection } from '../read-models/market/projection.ts';
import { ProjectionRunner } from '../read-models/runtime/runner.ts';
import { handleCommand } from '../services/core/command-handler.ts';
import type { CommandContext } from '../services/core/decider.ts';
import { createApp } from '../services/gateway/app.ts';
import { loadConfig } from '../services/http/config.ts';
import { createContainer } from '../services/gateway/container.ts';
import { etfDecider } from '../services/catalog/business-logic.ts';
import { addDays, addMonths } from '../domain/market/trading-days.ts';
import { SEED_CATALOG, seedEtfId, seedListing } from '../domain/market/seed-catalog.ts';
import { syncDailyBars, syncPrices } from '../services/prices/commands.ts';
import { syncDistributions } from '../services/dividends/commands.ts';
import { beginMarketDay } from '../services/market-clock/market-day.ts';
import type { SyncEtf } from '../services/core/provider-sync.ts';
import { MemoryDocumentStore } from '../infra/document-store/memory-document-store.ts';
import { DemoMarketDataProvider } from '../infra/market-data/demo-provider.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';
import { startDescription, startForkOptions } from './support/server-process.ts';
import { startCommand } from '../scripts/start-command.ts';
import { createServerLogger } from '../services/gateway/logger.ts';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** The bench's "now": after the close of Wednesday 2026-03-04 (New York). */
const NOW = '2026-03-04T22:00:00.000Z';
const TODAY = '2026-03-04';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const ctx: CommandContext = { actor: 'job:bench', correlationId: 'bench', now: NOW };

export async function seed(dataDir: string): Promise<{ events: number; seconds: number }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
  const container = await createContainer(config, pino({ level: 'silent' }), { projections: [], now: () => new Date(NOW) });
  await container.start();
  const started = performance.now();
  const log = container.deps.log;
  const etfs: SyncEtf[] = [];
  for (const s of SEED_CATALOG) {
    const etfId = seedEtfId(s.ticker);
    await handleCommand(log, streams.etf(etfId), etfDecider, {
      type: 'ListEtf',
      etfId,
      dataSource: 'demo',
      ...seedListing(s),
    }, ctx);
    etfs.push({ etfId, ticker: s.ticker, inceptionDate: s.inceptionDate });
  }
  const provider = new DemoMarketDataProvider({ now: () => NOW });
  const from = addMonths(TODAY, -24);
  await syncDailyBars(log, provider, etfs, from, TODAY, ctx);
  await syncDistributions(log, provider, etfs, from, addDays(TODAY, 7), ctx);
  await syncPrices(log, provider, etfs, ctx);
  await beginMarketDay(log, TODAY, ctx);
  const events = await container.eventStore.headPosition();
  const seconds = (performance.now() - started) / 1000;
  await container.stop();
  return { events, seconds };
}

async function rebuildMarket(dataDir: string, batchSize: number): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
  const container = await createContainer(config, pino({ level: 'silent' }), { projections: [] });
  const runner = new ProjectionRunner(container.eventStore, registry, new MemoryDocumentStore(), [marketProjection], { batchSize });
  const started = performance.now();
  await runner.start();
  const ms = performance.now() - started;
  await runner.stop();
  await container.stop();
  return ms;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

export async function fire(url: string, seconds: number, headers: Record<string, string> = {}): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

/** What a browser sends. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const RAW_BODY = JSON.stringify({ ok: true, message: 'hello' });

interface AppInfo {
  port: number;
  startMs: number;
  /** --start-memory children report only this. */
  memory: NodeJS.MemoryUsage;
  ticker: string;
  topBytes: number;
  detailBytes: number;
}

/** Starts this file in a child process in a server mode; resolves with what the child reports once listening. */
export interface Child {
  pid: number;
  info: AppInfo;
  /** The child's CPU time so far (process.cpuUsage), asked over IPC. */
  cpu: () => Promise<NodeJS.CpuUsage>;
  stop: () => Promise<void>;
}

/** Server children answer 'cpu' with their CPU time: CPU per request does not depend on the client. */
function answerCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
}

export function startChild(args: string[]): Promise<Child> {
  // the server's log (stdout, a line per request at npm start's level) into a file, as a process manager keeps it
  const logFile = path.join(tmpdir(), `weeklydiv-bench-${args[0]!.replace(/^--/, '')}-${process.pid}-${Date.now()}.log`);
  const log = openSync(logFile, 'w');
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), args, { ...startForkOptions(['--expose-gc']), stdio: ['ignore', log, 'inherit', 'ipc'] });
    closeSync(log);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        pid: child.pid!,
        info: info as AppInfo,
        cpu: () =>
          new Promise((answer) => {
            child.once('message', (m) => answer((m as { cpu: NodeJS.CpuUsage }).cpu));
            child.send('cpu');
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => {
              rmSync(logFile, { force: true });
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Child mode: the real server on the seeded store (every projection catches up first), alone in its process. */
async function serveApp(dataDir: string): Promise<void> {
  // npm start's configuration (NODE_ENV and LOG_LEVEL: the defaults, whatever npm start's script sets) and server.ts's logger
  const config = loadConfig({ ...startCommand().env, DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
  const startedAt = performance.now();
  const { logger, flushSync } = createServerLogger(config);
  const container = await createContainer(config, logger);
  await container.start();
  const server = createServer(createApp(container.deps));
  const port = await listen(server);
  const startMs = performance.now() - startedAt;
  const base = `http://127.0.0.1:${port}`;
  // Warm the view cache, check the answers, and pick the detail to hammer (the top fund).
  const top = (await (await fetch(`${base}/api/top-performers`)).json()) as { ticker: string; yieldPercent: string | null }[];
  if (top.length !== SEED_CATALOG.length || top.some((e) => e.yieldPercent === null)) throw new Error('top performers incomplete');
  const ticker = top[0]!.ticker;
  const detail = await fetch(`${base}/api/etfs/detail/${ticker}`);
  if (detail.status !== 200) throw new Error(`detail ${ticker}: ${detail.status}`);
  const detailBytes = Buffer.byteLength(await detail.text());
  (globalThis as { gc?: () => void }).gc?.();
  const info: AppInfo = { port, startMs, memory: process.memoryUsage(), ticker, topBytes: Buffer.byteLength(JSON.stringify(top)), detailBytes };
  answerCpuQueries();
  process.send!(info);
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void container.stop().then(() => {
      flushSync();
      process.exit(0);
    });
  });
}

/** Child mode: start-up memory with a subset of the projections (to see what the market read model adds). */
async function measureStartMemory(dataDir: string, which: string): Promise<void> {
  const projections = which === 'none' ? [] : which === 'all-but-market' ? allProjections.filter((p) => p.name !== marketProjection.name) : allProjections;
  const config = loadConfig({ ...startCommand().env, DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
  const container = await createContainer(config, createServerLogger(config).logger, { projections });
  await container.start();
  (globalThis as { gc?: () => void }).gc?.();
  process.send!({ memory: process.memoryUsage() });
  process.once('SIGTERM', () => void container.stop().then(() => process.exit(0)));
}

/** The body bytes of an answer as they came over the wire (fetch would decompress a gzip answer), and its headers as sent. */
export function wireBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined; rawHeaders: string[] }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], rawHeaders: res.rawHeaders }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The headers an answer carried, as a flat [name, value, …] list for `writeHead`, without the ones Node's
 * http server writes itself on every answer (Date, Connection, Keep-Alive): a bare server that sends them
 * sends the same header bytes as the app.
 */
export function replayableHeaders(rawHeaders: readonly string[]): string[] {
  const own = new Set(['date', 'connection', 'keep-alive']);
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!own.has(rawHeaders[i]!.toLowerCase())) out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  return out;
}

/**
 * Child mode: a bare node:http server answering a small JSON body, and the very same bytes as the app's
 * top-performers answer (`/same-bytes`: identity; `/same-bytes-gzip`: the app's gzip bytes, with
 * Content-Encoding gzip): shows what the body alone costs, the floor the app is compared with. The
 * `/same-response` routes send the body with the very headers the app sent for it (security headers,
 * X-Request-Id, Cache-Control, Vary, ETag, one answer's values replayed): issue 30's reference, bare
 * node:http "sending the same body and the same headers".
 */
async function serveRaw(sameBytesFrom: string): Promise<void> {
  const small = Buffer.from(RAW_BODY);
  const identity = await wireBytes(sameBytesFrom, { 'accept-encoding': 'identity' });
  const large = identity.body;
  const gzip = await wireBytes(sameBytesFrom, BROWSER);
  if (gzip.encoding !== 'gzip') throw new Error(`${sameBytesFrom} was not compressed`);
  const identityHeaders = replayableHeaders(identity.rawHeaders);
  const gzipHeaders = replayableHeaders(gzip.rawHeaders);
  const raw = createServer((req, res) => {
    if (req.url === '/same-response') {
      res.writeHead(200, identityHeaders);
      res.end(large);
      return;
    }
    if (req.url === '/same-response-gzip') {
      res.writeHead(200, gzipHeaders);
      res.end(gzip.body);
      return;
    }
    if (req.url === '/same-bytes-gzip') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': gzip.body.length });
      res.end(gzip.body);
      return;
    }
    const body = req.url === '/same-bytes' ? large : small;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  // The app's keep-alive timeout (its `Keep-Alive: timeout=N` header), so the connection header is the same too.
  const keepAlive = /timeout=(\d+)/.exec(identity.rawHeaders[identity.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'keep-alive') + 1] ?? '');
  if (keepAlive) raw.keepAliveTimeout = Number(keepAlive[1]) * 1000;
  const port = await listen(raw);
  answerCpuQueries();
  process.send!({ port });
  process.once('SIGTERM', () => process.exit(0));
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-api-'));
  try {
    console.log('seeding…');
    const seeded = await seed(dataDir);
    console.log(`seeded ${fmt(seeded.events)} events in ${seeded.seconds.toFixed(1)} s`);

    const rebuilds: number[] = [];
    for (let i = 0; i < 3; i++) rebuilds.push(await rebuildMarket(dataDir, 2000));
    rebuilds.sort((a, b) => a - b);
    const small = await rebuildMarket(dataDir, 500);

    const startMemory: Record<string, NodeJS.MemoryUsage> = {};
    for (const which of ['none', 'all-but-market']) {
      const child = await startChild(['--start-memory', dataDir, which]);
      startMemory[which] = child.info.memory;
      await child.stop();
    }
    const appChild = await startChild(['--serve-app', dataDir]);
    const { port, startMs, memory, ticker, topBytes, detailBytes } = appChild.info as AppInfo;
    const rawChild = await startChild(['--serve-raw', `http://127.0.0.1:${port}/api/top-performers`]);
    const rawPort = rawChild.info.port;
    const rawBody = RAW_BODY;
    const base = `http://127.0.0.1:${port}`;

    const gzipBytes = async (url: string) => {
      const res = await fetch(url, { headers: BROWSER });
      await res.arrayBuffer();
      if (res.headers.get('content-encoding') !== 'gzip') throw new Error(`${url} was not compressed`);
      return Number(res.headers.get('content-length'));
    };
    const rawUrl = `http://127.0.0.1:${rawPort}/`;
    const topUrl = `${base}/api/top-performers`;
    const detailUrl = `${base}/api/etfs/detail/${ticker}`;
    const targets = [
      { name: 'raw node:http, small JSON', child: rawChild, url: rawUrl, bytes: String(Buffer.byteLength(rawBody)), headers: {} },
      { name: 'raw node:http, the top-performers bytes', child: rawChild, url: `${rawUrl}same-bytes`, bytes: fmt(topBytes), headers: {} },
      { name: 'GET /api/top-performers, Accept-Encoding gzip (browser)', child: appChild, url: topUrl, bytes: `${fmt(await gzipBytes(topUrl))} gz`, headers: BROWSER },
      { name: 'GET /api/top-performers, identity', child: appChild, url: topUrl, bytes: fmt(topBytes), headers: {} },
      { name: `GET /api/etfs/detail/${ticker}, Accept-Encoding gzip (browser)`, child: appChild, url: detailUrl, bytes: `${fmt(await gzipBytes(detailUrl))} gz`, headers: BROWSER },
      { name: `GET /api/etfs/detail/${ticker}, identity`, child: appChild, url: detailUrl, bytes: fmt(detailBytes), headers: {} },
    ];
    // Rounds over every target (interleaved, so drift in the machine's load hits all alike); the median
    // round per target is reported.
    const runs = targets.map(() => [] as AutocannonResult[]);
    const cpuPerRequest = targets.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, t] of targets.entries()) {
        console.log(`round ${round + 1}/${ROUNDS}: ${t.name}…`);
        await fire(t.url, WARMUP_SECONDS, t.headers);
        const before = await t.child.cpu();
        const r = await fire(t.url, SECONDS, t.headers);
        const after = await t.child.cpu();
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        runs[i]!.push(r);
        cpuPerRequest[i]!.push((after.user - before.user + after.system - before.system) / r.requests.total);
      }
    }
    await appChild.stop();
    await rawChild.stop();
    const results = targets.map((t, i) => {
      const sorted = [...runs[i]!].sort((a, b) => a.requests.average - b.requests.average);
      const cpu = [...cpuPerRequest[i]!].sort((a, b) => a - b)[Math.floor(cpuPerRequest[i]!.length / 2)]!;
      return { name: t.name, bytes: t.bytes, r: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!.requests.average, max: sorted.at(-1)!.requests.average, cpu };
    });
    const rawCpu = results[0]!.cpu;

    const rawRps = results[0]!.r.requests.average;
    const apiTable = [
      '| target | body bytes | requests/s | vs raw small | p50 ms | p99 ms | range over rounds | server CPU µs/request | 1-core capacity, vs raw small |',
      '|---|---:|---:|---:|---:|---:|---|---:|---:|',
      ...results.map(({ name, bytes, r, min, max, cpu }) =>
        `| ${name} | ${bytes} | **${fmt(r.requests.average)}** | ${((r.requests.average / rawRps) * 100).toFixed(0)}% | ${r.latency.p50} | ${r.latency.p99} | ${fmt(min)} to ${fmt(max)} | ${cpu.toFixed(0)} | ${fmt(1e6 / cpu)}/s, **${((rawCpu / cpu) * 100).toFixed(0)}%** |`,
      ),
    ].join('\n');

    const rebuildTable = [
      '| what | events in the log | time | note |',
      '|---|---:|---:|---|',
      `| \`market\` projection alone, batches of 2,000 | ${fmt(seeded.events)} | **${(rebuilds[1]! / 1000).toFixed(2)} s** | median of 3 (${(rebuilds[0]! / 1000).toFixed(2)} to ${(rebuilds[2]! / 1000).toFixed(2)} s) |`,
      `| \`market\` projection alone, batches of 500 | ${fmt(seeded.events)} | ${(small / 1000).toFixed(2)} s | more batches: more afterBatch renders |`,
      `| server start-up, every projection | ${fmt(seeded.events)} | ${(startMs / 1000).toFixed(2)} s | createContainer + start + listen (embedded default: read models are rebuilt on each start) |`,
      '',
      '| memory after start-up (after a forced GC) | RSS | heap used | heap total | external + array buffers |',
      '|---|---:|---:|---:|---:|',
      ...[
        ['no projection (runtime, stores, modules)', startMemory['none']!],
        ['every projection but `market`', startMemory['all-but-market']!],
        ['**the server: every projection, app listening, view cache loaded**', memory],
      ].map(([label, m]) => {
        const u = m as NodeJS.MemoryUsage;
        return `| ${label as string} | **${mib(u.rss)}** | ${mib(u.heapUsed)} | ${mib(u.heapTotal)} | ${mib(u.external + u.arrayBuffers)} |`;
      }),
    ].join('\n');

    const loadAtEnd = `- At the end: load average ${(loadavg()[0] ?? 0).toFixed(2)} (other work on the machine moves every figure)`;
    const apiBody = [
      machineMarkdown(machine),
      loadAtEnd,
      '',
      `Method: \`npm run bench:api\` (bench/api.bench.ts). A fresh embedded store seeded like the first start (${SEED_CATALOG.length} funds, two years of demo bars and distributions, market date ${TODAY}); the real server (createContainer + createApp: security headers, the request log, JSON body, same-origin guard, routers) alone in a child process with npm start's Node flags, environment and log level (${startDescription()}; server.ts's logger, the log into a file), and a bare \`node:http\` server answering a ${Buffer.byteLength(rawBody)}-byte JSON body in another; both on 127.0.0.1. autocannon in the parent process (client and server share the machine's ${machine.nproc} CPUs), ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per target, no pipelining. ${ROUNDS} interleaved rounds over the targets; each row is the target's median round (requests/s, with that round's latency percentiles). The ratio is to the raw server's small JSON. Every answer was 200. Because client and servers share two CPUs (and other work on the machine moves every figure), the server's own CPU time per request is measured too (process.cpuUsage of the server process over the measured run / requests): 1e6 / that is what one saturated core would serve, a figure that does not depend on the load generator.`,
      '',
      apiTable,
    ].join('\n');
    const rebuildBody = [
      machineMarkdown(machine),
      loadAtEnd,
      '',
      `Method: \`npm run bench:api\`. The log seeded above (${fmt(seeded.events)} events: catalog, ${SEED_CATALOG.length} funds x two years of daily bars, distributions, latest prices, one MarketDayBegan; seeding took ${seeded.seconds.toFixed(1)} s) replayed from position 0 into an empty in-memory document store. Server start-up: the real server process from createContainer to listening (every projection replays the log: the embedded document store is in memory). Memory: that process, alone, after start-up, the view cache loaded and a forced GC; for comparison, the same start-up with no projection and with every projection but \`market\` (each in a fresh process). RSS keeps the high-water mark of the replay (V8 does not hand the heap back at once); heap used is what stays live.`,
      '',
      rebuildTable,
    ].join('\n');

    console.log(`\n## API\n\n${apiBody}\n\n## Read-model rebuild\n\n${rebuildBody}\n`);
    const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
    writeBenchmarkSection(docs, 'API', apiBody);
    writeBenchmarkSection(docs, 'Read-model rebuild', rebuildBody);
    console.log(`written to ${path.relative(process.cwd(), docs)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--serve-app') await serveApp(process.argv[3]!);
  else if (process.argv[2] === '--serve-raw') await serveRaw(process.argv[3]!);
  else if (process.argv[2] === '--start-memory') await measureStartMemory(process.argv[3]!, process.argv[4]!);
  else await main();
}
