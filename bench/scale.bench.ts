/**
 * `npm run bench:scale`: how each cost of the embedded default grows with the log, at 1x, 10x and
 * 100x of the seed (issue 17). 1x is the seed (the demo catalog and two years of its history, as the
 * first start loads them) plus 100 users, 300 news articles and 10 managed pages; 10x and 100x multiply
 * the users, articles and pages (100x: 10,000 users, about one million events).
 *
 * 1. The real server's first start on a fresh DATA_DIR seeds the log (bench/support/server-process.ts).
 * 2. Per level: a fresh DATA_DIR with a copy of that log (no read models), then the users, articles
 *    and pages appended directly to the event store, decided by the modules' deciders and validated by
 *    the registry (bench/support/log-builders.ts). Each user: e-mail reservation, account and
 *    verification request, 66 sign-ins over two years, 12 holdings, a CSV import that changes 4 of
 *    them, 5 favorites (90 events). All users share one password hash (scrypt N=2^10, so 33 sign-ins
 *    stay cheap; the hash records its cost, as any stored hash does).
 * 3. First start (every projection catches up from an empty read side), stopped; then a restart,
 *    timed from spawn to `/readyz` 200, RSS at ready and after a 2 s settle.
 * 4. On the restarted server: autocannon (10 connections, browser Accept-Encoding, 1 s warm-up, then
 *    --seconds) on GET /api/top-performers, /api/etfs, an ETF detail, and a signed-in user's
 *    /api/user/portfolio and /api/user/dividends/calendar; then 32 users sign in and add holdings at
 *    once (POST /api/user/portfolio, each writer's next request after its answer; one warm-up write
 *    each first, not measured), latency per request.
 *
 * Writes .bench/scale.json, .bench/scale.md and docs/scale-bench.svg (when more than one level ran).
 * Flags: --levels 1,10,100 (default), --seconds 5, --connections 10, --writes-per-user 8, --keep.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SEED_CATALOG, seedEtfId } from '../domain/market/seed-catalog.ts';
import { hashPassword, scryptParams } from '../services/accounts/password.ts';
import { concurrentWrites, loadReads, percentile, signIn, type LoadFigures } from './support/http-load.ts';
import { appendAll, articleWrites, benchEmail, copyEventLog, heldFunds, openLog, pageWrites, userWrites, type BenchFund } from './support/log-builders.ts';
import { scalePlotSvg } from './support/scale-plot.ts';
import { sleep, startServer } from './support/server-process.ts';
import { describeMachine, machineMarkdown } from './store.bench.ts';

const { values: flags } = parseArgs({
  options: {
    levels: { type: 'string', default: '1,10,100' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'writes-per-user': { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
});
const LEVELS = flags.levels.split(',').map(Number);
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const WRITES_PER_USER = Number(flags['writes-per-user']);
const PER_1X = { users: 100, articles: 300, pages: 10 };
const WRITERS = 32;
const PASSWORD = 'bench-password-1';
const ROOT = path.resolve(import.meta.dirname, '..');

interface LevelResult {
  scale: number;
  users: number;
  articles: number;
  pages: number;
  events: number;
  buildSeconds: number;
  firstStartMs: number;
  restartMs: number;
  rssMiB: { ready: number; settled: number; afterLoad: number };
  reads: Record<string, LoadFigures>;
  writes: { requests: number; p50Ms: number; p99Ms: number; failures: number; perSecond: number };
}

const progress = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

async function buildLog(dir: string, scale: number, funds: readonly BenchFund[], passwordHash: string): Promise<{ events: number; seconds: number; users: number; articles: number; pages: number }> {
  const started = performance.now();
  const bench = await openLog(dir);
  const now = new Date().toISOString();
  const users = PER_1X.users * scale;
  const articles = PER_1X.articles * scale;
  const pages = PER_1X.pages * scale;
  const CHUNK = 500;
  for (let from = 0; from < users; from += CHUNK) {
    const writes = [];
    for (let i = from; i < Math.min(users, from + CHUNK); i++) writes.push(...userWrites(i, { now, funds, passwordHash }));
    await appendAll(bench.log, writes);
    if ((from / CHUNK) % 10 === 9 || from + CHUNK >= users) progress(`  ${Math.min(users, from + CHUNK)} of ${users} users`);
  }
  for (let from = 0; from < articles; from += CHUNK) {
    await appendAll(bench.log, Array.from({ length: Math.min(CHUNK, articles - from) }, (_, k) => articleWrites(from + k, now)));
  }
  await appendAll(bench.log, Array.from({ length: pages }, (_, i) => pageWrites(i, now)).flat());
  const events = await bench.store.headPosition();
  await bench.close();
  return { events, seconds: (performance.now() - started) / 1000, users, articles, pages };
}

async function runLevel(root: string, seedDir: string, scale: number, funds: readonly BenchFund[], passwordHash: string): Promise<LevelResult> {
  const dir = path.join(root, `x${scale}`);
  mkdirSync(dir);
  copyEventLog(seedDir, dir);
  progress(`${scale}x: building the log ...`);
  const built = await buildLog(dir, scale, funds, passwordHash);
  progress(`${scale}x: ${built.events.toLocaleString('en-US')} events in ${built.seconds.toFixed(1)} s; first start (full catch-up) ...`);
  // the server's log (a line per request at npm start's level) into a file, not through this process
  const first = await startServer({ dataDir: dir, logFile: path.join(dir, 'first-start.log') });
  await first.stop();
  progress(`${scale}x: first start ready in ${(first.readyMs / 1000).toFixed(1)} s; restart ...`);
  const server = await startServer({ dataDir: dir, logFile: path.join(dir, 'server.log') });
  try {
    const ready = server.rssMiB();
    await sleep(2000);
    const settled = server.rssMiB();
    progress(`${scale}x: restart ready in ${(server.readyMs / 1000).toFixed(1)} s, RSS ${ready.toFixed(0)} MiB; reads ...`);
    const ticker = SEED_CATALOG[0]!.ticker;
    const reads: Record<string, LoadFigures> = {};
    const publicReads: [string, string][] = [
      ['GET /api/top-performers', '/api/top-performers'],
      ['GET /api/etfs', '/api/etfs'],
      [`GET /api/etfs/detail/${ticker}`, `/api/etfs/detail/${ticker}`],
    ];
    for (const [label, route] of publicReads) reads[label] = await loadReads(`${server.baseUrl}${route}`, { seconds: SECONDS, connections: CONNECTIONS });
    const cookie = await signIn(server.baseUrl, benchEmail(0), PASSWORD);
    for (const route of ['/api/user/portfolio', '/api/user/dividends/calendar']) {
      reads[`GET ${route} (signed in)`] = await loadReads(`${server.baseUrl}${route}`, { seconds: SECONDS, connections: CONNECTIONS, headers: { cookie } });
    }
    progress(`${scale}x: ${WRITERS} users writing at once ...`);
    const warmUp = [];
    const writers = [];
    for (let w = 1; w <= WRITERS; w++) {
      const held = new Set(heldFunds(w, funds).map((f) => f.etfId));
      const [first, ...etfIds] = funds.filter((f) => !held.has(f.etfId)).slice(0, WRITES_PER_USER + 1).map((f) => f.etfId);
      const cookie = await signIn(server.baseUrl, benchEmail(w), PASSWORD);
      warmUp.push({ cookie, etfIds: [first!] });
      writers.push({ cookie, etfIds });
    }
    // one write per writer first, not measured (as the reads' warm-up): the first write of a process compiles its path
    await concurrentWrites(server.baseUrl, warmUp);
    const w = await concurrentWrites(server.baseUrl, writers);
    const afterLoad = server.rssMiB();
    return {
      scale,
      ...built,
      buildSeconds: built.seconds,
      firstStartMs: first.readyMs,
      restartMs: server.readyMs,
      rssMiB: { ready, settled, afterLoad },
      reads,
      writes: { requests: w.latenciesMs.length, p50Ms: percentile(w.latenciesMs, 50), p99Ms: percentile(w.latenciesMs, 99), failures: w.failures, perSecond: w.latenciesMs.length / w.seconds },
    };
  } finally {
    await server.stop();
    if (!flags.keep) rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(machine: ReturnType<typeof describeMachine>, seed: { events: number; seconds: number }, results: LevelResult[]): string {
  const cols = results.map((r) => `${r.scale}x`);
  const row = (label: string, f: (r: LevelResult) => string) => `| ${label} | ${results.map(f).join(' | ')} |`;
  const readRows = Object.keys(results[0]!.reads).flatMap((label) => [
    row(`${label} p50 / p99`, (r) => `${r.reads[label]!.p50Ms} / ${r.reads[label]!.p99Ms} ms`),
    row(`${label} requests/s`, (r) => `${r.reads[label]!.requestsPerSecond.toFixed(0)}${r.reads[label]!.failures ? ` (${r.reads[label]!.failures} failed)` : ''}`),
  ]);
  return [
    machineMarkdown(machine),
    '',
    `Method: \`npm run bench:scale\` (bench/scale.bench.ts). The seed log from the real server's first start (${seed.events.toLocaleString('en-US')} events, ${seed.seconds.toFixed(1)} s to /readyz), copied into a fresh DATA_DIR per level; then per 1x: ${PER_1X.users} users (90 events each: account, 66 sign-ins, 12 holdings, 4 holding updates, 5 favorites), ${PER_1X.articles} published news articles, ${PER_1X.pages} pages, appended directly to the event store through the modules' deciders and the registry. First start: every projection from an empty read side; restart: spawn to \`/readyz\` 200. Reads: autocannon, ${CONNECTIONS} connections, ${SECONDS} s after a 1 s warm-up, on the restarted server. Writes: ${WRITERS} signed-in users each add one holding (warm-up, not measured), then ${WRITES_PER_USER} more one after another, all at once (\`POST /api/user/portfolio\`, answered once the read model reflects the write). Client and server share the machine.`,
    '',
    `| | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    row('users / articles / pages', (r) => `${r.users.toLocaleString('en-US')} / ${r.articles.toLocaleString('en-US')} / ${r.pages.toLocaleString('en-US')}`),
    row('events in the log', (r) => r.events.toLocaleString('en-US')),
    row('log build', (r) => `${r.buildSeconds.toFixed(1)} s`),
    row('first start to /readyz (full catch-up)', (r) => `${(r.firstStartMs / 1000).toFixed(1)} s`),
    row('restart to /readyz', (r) => `${(r.restartMs / 1000).toFixed(2)} s`),
    row('RSS after restart / settled / after load', (r) => `${r.rssMiB.ready.toFixed(0)} / ${r.rssMiB.settled.toFixed(0)} / ${r.rssMiB.afterLoad.toFixed(0)} MiB`),
    ...readRows,
    row(`POST /api/user/portfolio, ${WRITERS} writers, p50 / p99`, (r) => `${r.writes.p50Ms.toFixed(1)} / ${r.writes.p99Ms.toFixed(1)} ms${r.writes.failures ? ` (${r.writes.failures} failed)` : ''}`),
    row('POST /api/user/portfolio writes/s', (r) => r.writes.perSecond.toFixed(0)),
  ].join('\n');
}

function plot(machine: ReturnType<typeof describeMachine>, results: LevelResult[]): string {
  const reads = Object.keys(results[0]!.reads);
  return scalePlotSvg({
    title: 'WeeklyDiv embedded default: cost vs scale of the log (npm run bench:scale)',
    subtitle: `${new Date().toISOString().slice(0, 10)}, ${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}, load average ${machine.load.toFixed(1)} at the start`,
    scales: results.map((r) => r.scale),
    events: results.map((r) => r.events),
    series: [
      { label: 'first start (catch-up)', unit: 's', values: results.map((r) => r.firstStartMs / 1000) },
      { label: 'restart to /readyz', unit: 's', values: results.map((r) => r.restartMs / 1000) },
      { label: 'RSS after restart', unit: 'MiB', values: results.map((r) => r.rssMiB.settled) },
      ...reads.map((label) => ({ label: `${label.replace(/^GET \/api\//, '').replace(' (signed in)', '')} p99`, unit: 'ms', values: results.map((r) => r.reads[label]!.p99Ms) })),
      { label: `portfolio write p99 (${WRITERS} writers)`, unit: 'ms', values: results.map((r) => r.writes.p99Ms) },
    ],
  });
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const root = mkdtempSync(path.join(tmpdir(), 'weeklydiv-scale-'));
  progress(`levels ${LEVELS.join(', ')}x in ${root}`);
  try {
    const seedDir = path.join(root, 'seed');
    progress('seed: the real server\'s first start (demo catalog and two years of history) ...');
    const seedServer = await startServer({ dataDir: seedDir });
    await seedServer.stop();
    const seedLog = await openLog(seedDir);
    const seed = { events: await seedLog.store.headPosition(), seconds: seedServer.readyMs / 1000 };
    await seedLog.close();
    progress(`seed: ${seed.events} events in ${seed.seconds.toFixed(1)} s`);
    const funds: BenchFund[] = SEED_CATALOG.map((s) => ({ etfId: seedEtfId(s.ticker), ticker: s.ticker }));
    const passwordHash = await hashPassword(PASSWORD, scryptParams(10));
    const results: LevelResult[] = [];
    for (const scale of LEVELS) results.push(await runLevel(root, seedDir, scale, funds, passwordHash));
    const md = markdown(machine, seed, results);
    console.log(md);
    mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
    writeFileSync(path.join(ROOT, '.bench/scale.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, seed, results }, null, 2)}\n`);
    writeFileSync(path.join(ROOT, '.bench/scale.md'), `${md}\n`);
    if (results.length > 1) {
      writeFileSync(path.join(ROOT, 'docs/scale-bench.svg'), plot(machine, results));
      progress('wrote .bench/scale.json, .bench/scale.md, docs/scale-bench.svg');
    } else {
      progress('wrote .bench/scale.json, .bench/scale.md (the plot needs two levels or more)');
    }
  } finally {
    if (flags.keep) progress(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

await main();
