/**
 * `npm run bench:writes`: `POST /api/user/portfolio` with 32 users writing at once, on the embedded
 * default. The target (issue 17): p99 from request to an answer that already reflects the write at most
 * 10 ms. Prints the machine, the method, the figures and PASS/FAIL; writes the section "Writes" of
 * docs/benchmarks.md unless BENCH_NO_DOCS is set.
 *
 * 1. A fresh data directory seeded like the first start of the embedded default (bench/api.bench.ts
 *    `seed`: the 63-fund seed catalog, two years of demo history, one MarketDayBegan).
 * 2. The real server (services/gateway/server.ts `startServer`: container, jobs, alert reactor, app) in
 *    a child process on 127.0.0.1, port 0, with the per-client sign-up limit raised as in the e2e server.
 * 3. Users sign up through the API. 32 writers, each with its own users, keep one request in flight:
 *    POST a holding of the next catalog fund (a user who holds every fund hands over to the writer's next
 *    user, so portfolios grow from 0 to 63 holdings during the run).
 * 4. After a warm-up, a fixed number of requests is timed (request sent to body parsed; node:http). Every answer
 *    must be 201 with the holding as written (id, fund, shares); every VERIFY_EVERY-th write of a writer
 *    is followed by a GET of the portfolio that must contain it (not timed); at the end every user's
 *    portfolio must hold exactly what was added. The server reports, per run, its CPU time, its time per
 *    POST (request event to the answer handed to the socket) and its garbage collections.
 *
 * After the warm-up, BENCH_RUNS (5) paced runs then one saturated run, each BENCH_REQUESTS writes; the p99
 * of each paced run, their min / median / max, and a table row to paste are printed:
 * - paced: the 32 users write at once, each pausing between its writes (exponential think time, mean
 *   BENCH_THINK_MS = 100 ms: ~300 writes/s offered, ten writes a second per user, far above a person's
 *   pace); the target applies to it: p99 is the latency a user waits while 31 others are writing;
 * - saturated: no pause, each writer keeps one request in flight: the machine's write throughput, and
 *   a latency that is the queue of 32 requests (p50 ≈ 32 / writes per second), not the cost of a write.
 *
 * The server runs as `npm start` runs it (its Node flags, environment and default log level, its log into
 * a file in the data directory).
 *
 * Environment: BENCH_RUNS (5), BENCH_WRITERS (32), BENCH_WARMUP (20 per writer), BENCH_REQUESTS (4,000 timed per run), BENCH_THINK_MS (100),
 * BENCH_VERIFY_EVERY (4), BENCH_CPU_PROF=<dir> (a V8 CPU profile of the server during one run, sampled every
 * BENCH_PROF_INTERVAL µs (100):
 * BENCH_CPU_PROF_RUN=paced|saturated; with BENCH_HEAP_PROF=1 a sampling heap profile of what that run allocates,
 * collected garbage included, instead), BENCH_NODE_FLAGS (more Node flags for the server, e.g. --trace-gc),
 * BENCH_NO_DOCS (do not write docs/benchmarks.md).
 *
 * Modes: no argument (the bench), `--serve <dataDir>` (the server child), `--seed <dataDir>` (the seeding
 * child: the seed runs in a process of its own, so the client measuring latencies keeps a small heap and
 * its own garbage collections stay short).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants, PerformanceObserver, performance as perfHooks } from 'node:perf_hooks';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_CATALOG, seedEtfId } from '../domain/market/seed-catalog.ts';
import type { SqliteEventStoreStats } from '../infra/event-store/sqlite-event-store.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';
import { percentile } from './support/http-load.ts';
import { startDescription, startForkOptions } from './support/server-process.ts';

const { eventLoopUtilization } = perfHooks;

const WRITERS = Number(process.env['BENCH_WRITERS'] ?? 32);
const WARMUP_PER_WRITER = Number(process.env['BENCH_WARMUP'] ?? 20);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 4000);
const VERIFY_EVERY = Number(process.env['BENCH_VERIFY_EVERY'] ?? 4);
const THINK_MS = Number(process.env['BENCH_THINK_MS'] ?? 100);
/** Paced runs, one after another on the same server (issue 30: p99 within the target in 5 of 5, and the spread). */
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const TARGET_P99_MS = 10;
const FUNDS = SEED_CATALOG.map((s) => seedEtfId(s.ticker));

// ---------------------------------------------------------------------------------------------------
// Child: the real server

/**
 * The server's environment: npm start's (its NODE_ENV and log level: the defaults; bench/support/server-process.ts
 * gives the fork npm start's Node flags and environment), on the embedded default, with the per-client
 * sign-up limit raised (as web/e2e/support/server.ts) and a cheaper password hash for the 160 sign-ups.
 */
function serverEnv(dataDir: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    PASSWORD_SCRYPT_LOG_N: '12',
    SIGNUP_LIMIT_PER_HOUR: '100000',
  };
}

async function serve(dataDir: string): Promise<void> {
  // Imported here, in the server child only: the client process stays small (its own garbage
  // collections would stop the clock of every write in flight).
  const [{ createServerLogger }, { loadConfig }, { startServer }, { SqliteEventStore }, { ShreddingEventStore }] = await Promise.all([
    import('../services/gateway/logger.ts'),
    import('../services/http/config.ts'),
    import('../services/gateway/server.ts'),
    import('../infra/event-store/sqlite-event-store.ts'),
    import('../infra/personal-data/shredding-event-store.ts'),
  ]);
  const config = loadConfig(serverEnv(dataDir));
  // the server's logger as server.ts makes it (npm start's level; stdout is the log file the parent opened)
  const { logger, flushSync } = createServerLogger(config);
  const { server, shutdown, container } = await startServer(config, logger);
  // the SQLite log under the personal-data wrapper (docs/accounts-and-security.md "Deleting an account")
  const store = container.eventStore instanceof ShreddingEventStore ? container.eventStore.inner : container.eventStore;
  const commits = () => (store instanceof SqliteEventStore ? store.stats() : { appends: 0, commits: 0 });
  const address = server!.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  const profiler = new Session();
  profiler.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => profiler.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  // the server's garbage collections: what a write's tail waits for when the heap is collected
  const gc: GcStats = { count: 0, totalMs: 0, major: 0, majorMs: 0, over5: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.duration >= 5) gc.over5++;
      if (((entry as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  // the server's own view of each write: from its request event (headers parsed) to the answer handed
  // to the socket, so the table shows what of the tail the client's side adds
  const serverMs: number[] = [];
  server!.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return;
    const started = performance.now();
    res.once('finish', () => serverMs.push(performance.now() - started));
  });
  let elu = eventLoopUtilization();
  process.on('message', (message) => {
    if (message === 'cpu') {
      const loopBusy = eventLoopUtilization(elu).utilization;
      elu = eventLoopUtilization();
      const sorted = serverMs.sort((a, b) => a - b);
      const server = { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
      serverMs.length = 0;
      process.send!({ cpu: process.cpuUsage(), commits: commits(), gc: { ...gc }, server, loopBusy } satisfies ChildFigures);
      Object.assign(gc, { count: 0, totalMs: 0, major: 0, majorMs: 0, over5: 0, maxMs: 0 });
    }
    // BENCH_CPU_PROF: a CPU profile of the timed writes only
    if (message === 'profile-start' && process.env['BENCH_HEAP_PROF']) void post('HeapProfiler.enable').then(() => post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }));
    else if (message === 'profile-start') void post('Profiler.enable').then(() => post('Profiler.setSamplingInterval', { interval: Number(process.env['BENCH_PROF_INTERVAL'] ?? 100) })).then(() => post('Profiler.start'));
    if (message === 'profile-stop') {
      void post(process.env['BENCH_HEAP_PROF'] ? 'HeapProfiler.stopSampling' : 'Profiler.stop').then((result) => {
        const file = path.join(process.env['BENCH_CPU_PROF']!, `writes-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
        process.send!({ profile: file });
      });
    }
  });
  process.once('SIGTERM', () =>
    void shutdown().then(() => {
      flushSync();
      process.exit(0);
    }),
  );
}

/** Garbage collections in the server since the previous `cpu()` (PerformanceObserver 'gc' entries, pauses in ms). */
interface GcStats {
  count: number;
  totalMs: number;
  major: number;
  majorMs: number;
  over5: number;
  maxMs: number;
}

/** What the server child reports at each `cpu()`: its CPU time, the event store's counters, and since the previous report its garbage collections and its time per POST. */
interface ChildFigures {
  cpu: NodeJS.CpuUsage;
  commits: SqliteEventStoreStats;
  gc: GcStats;
  server: { p50: number; p99: number };
  /** The main thread's event-loop utilisation since the previous report (busy share of the time). */
  loopBusy: number;
}

/** The first start's seed, written by a child process (bench/api.bench.ts `seed`). */
function seedInChild(dataDir: string): Promise<{ events: number; seconds: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--seed', dataDir], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    let result: { events: number; seconds: number } | undefined;
    child.once('message', (message) => (result = message as { events: number; seconds: number }));
    child.once('error', reject);
    child.once('exit', (code) => (result && code === 0 ? resolve(result) : reject(new Error(`the seed exited with ${code}`))));
  });
}

interface ServerChild {
  port: number;
  /** Starts or stops (answering the file) the server's CPU profile. */
  profile: (what: 'start' | 'stop') => Promise<string | null>;
  /** The server's CPU time so far and its event store's appends and commits (group commit). */
  cpu: () => Promise<ChildFigures>;
  stop: () => Promise<void>;
}

function startChild(dataDir: string): Promise<ServerChild> {
  // the server's log (stdout) into a file, as a process manager would keep it
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', dataDir], { ...startForkOptions(process.env['BENCH_NODE_FLAGS']?.split(' ').filter(Boolean)), stdio: ['ignore', log, 'inherit', 'ipc'] });
  closeSync(log);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        port: (info as { port: number }).port,
        profile: (what) =>
          new Promise((answer) => {
            if (what === 'start') {
              child.send('profile-start');
              answer(null);
              return;
            }
            child.once('message', (m) => answer((m as { profile: string }).profile));
            child.send('profile-stop');
          }),
        cpu: () =>
          new Promise((answer) => {
            child.once('message', (m) => answer(m as ChildFigures));
            child.send('cpu');
          }),
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Parent: users, writers, figures

interface User {
  cookie: string;
  /** Holdings added: holding id -> fund id. */
  added: Map<string, string>;
}

async function signUp(base: string, n: number): Promise<User> {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: `Writer${n}`, email: `writer${n}@bench.example.com`, password: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${n} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('weeklydiv_session='))?.split(';')[0];
  if (!cookie) throw new Error(`sign-up ${n}: no session cookie`);
  return { cookie, added: new Map() };
}

/**
 * The client: node:http with keep-alive connections (one per writer). Cheaper per request than fetch,
 * which matters when the client shares the machine's CPUs with the server it measures.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 4 * WRITERS });

function call(url: string, method: 'GET' | 'POST', cookie: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: headersOf(cookie, body) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A GET whose body is searched for `needle` as it streams in, never joined into one string: a portfolio
 * of 63 holdings is some 75 KB, and such strings go straight to V8's large-object space, which only a
 * full collection frees; the client then paused every second or so for 4 to 7 ms, and those pauses
 * stopped the clock of every write in flight.
 */
function getContaining(url: string, cookie: string, needle: string): Promise<{ status: number; found: boolean }> {
  const wanted = Buffer.from(needle, 'utf8');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', agent, headers: headersOf(cookie) }, (res) => {
      let found = false;
      let tail: Buffer = Buffer.alloc(0); // the end of the previous chunk, for a needle cut in two
      res.on('data', (chunk: Buffer) => {
        if (found) return;
        found = Buffer.concat([tail, chunk.subarray(0, wanted.length - 1)]).includes(wanted) || chunk.includes(wanted);
        tail = chunk.subarray(Math.max(0, chunk.length - (wanted.length - 1)));
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, found }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function headersOf(cookie: string, body?: string): Record<string, string | number> {
  return body === undefined ? { cookie } : { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
}

interface Stats {
  latencies: number[];
  verified: number;
}

/** One writer: its users in turn, one request in flight; `timed` says whether a finished request counts. */
async function runWriter(base: string, users: User[], writer: number, requests: number, timed: boolean, stats: Stats, thinkMs = 0): Promise<void> {
  for (let r = 0; r < requests; r++) {
    // a pause before each write, exponentially distributed (writes arrive at random, as people's do)
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * thinkMs));
    const user = users.find((u) => u.added.size < FUNDS.length);
    if (!user) throw new Error(`writer ${writer} ran out of funds to add`);
    const etfId = FUNDS[(user.added.size + writer * 7) % FUNDS.length]!;
    const shares = String(1 + ((writer * 31 + user.added.size * 17) % 997));
    const body = JSON.stringify({ etfId, shares, purchasePrice: user.added.size % 2 ? '20.5' : null, purchaseDate: user.added.size % 3 ? '2026-03-02' : null, isDrip: user.added.size % 2 });
    const started = performance.now();
    const res = await call(`${base}/api/user/portfolio`, 'POST', user.cookie, body);
    const ms = performance.now() - started;
    const { text } = res;
    if (res.status !== 201) throw new Error(`writer ${writer}: POST answered ${res.status}: ${text}`);
    const holding = JSON.parse(text) as { id?: string; etfId?: string; shares?: string } | null;
    if (!holding?.id || holding.etfId !== etfId || holding.shares !== shares) throw new Error(`writer ${writer}: the answer does not reflect the write: ${text.slice(0, 200)}`);
    user.added.set(holding.id, etfId);
    if (timed) stats.latencies.push(ms);
    if ((r + 1) % VERIFY_EVERY === 0) {
      // a search of the bytes, not a parse: the client shares the CPUs with the server it measures
      const list = await getContaining(`${base}/api/user/portfolio`, user.cookie, `{"id":"${holding.id}","etfId":"${etfId}"`);
      if (list.status !== 200 || !list.found) {
        throw new Error(`writer ${writer}: a GET right after the POST does not show holding ${holding.id}`);
      }
      stats.verified++;
    }
  }
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-writes-'));
  let server: ServerChild | undefined;
  try {
    console.log('seeding…');
    const seeded = await seedInChild(dataDir);
    console.log(`seeded ${seeded.events.toLocaleString('en-US')} events in ${seeded.seconds.toFixed(1)} s; starting the server…`);
    server = await startChild(dataDir);
    const base = `http://127.0.0.1:${server.port}`;

    const perWriter = WARMUP_PER_WRITER + (RUNS + 1) * Math.ceil(REQUESTS / WRITERS);
    const usersPerWriter = Math.ceil(perWriter / FUNDS.length);
    console.log(`signing up ${WRITERS * usersPerWriter} users…`);
    const users: User[][] = [];
    for (let w = 0; w < WRITERS; w++) {
      const mine: User[] = [];
      for (let u = 0; u < usersPerWriter; u++) mine.push(await signUp(base, w * usersPerWriter + u));
      users.push(mine);
    }

    const warm: Stats = { latencies: [], verified: 0 };
    console.log(`warm-up: ${WARMUP_PER_WRITER} writes per writer…`);
    await Promise.all(users.map((mine, w) => runWriter(base, mine, w, WARMUP_PER_WRITER, false, warm)));
    const counts = Array.from({ length: WRITERS }, (_, w) => Math.floor(REQUESTS / WRITERS) + (w < REQUESTS % WRITERS ? 1 : 0));
    const profiling = Boolean(process.env['BENCH_CPU_PROF']);
    let verified = warm.verified;

    /** One timed run of REQUESTS writes by the 32 writers; its table row. */
    async function measure(label: string, thinkMs: number): Promise<{ row: string; p99: number; writesPerSecond: number }> {
      console.log(`measuring ${REQUESTS.toLocaleString('en-US')} writes (${label})…`);
      const stats: Stats = { latencies: [], verified: 0 };
      const before = await server!.cpu();
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(users.map((mine, w) => runWriter(base, mine, w, counts[w]!, true, stats, thinkMs)));
      const seconds = (performance.now() - started) / 1000;
      const clientCpu = process.cpuUsage(clientBefore);
      const after = await server!.cpu();
      verified += stats.verified;
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      const p = (q: number) => percentile(sorted, q).toFixed(1);
      const mean = sorted.reduce((x, y) => x + y, 0) / sorted.length;
      const cpuMsPerWrite = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000 / sorted.length;
      const clientMsPerWrite = (clientCpu.user + clientCpu.system) / 1000 / sorted.length;
      const appendsPerCommit = (after.commits.appends - before.commits.appends) / Math.max(1, after.commits.commits - before.commits.commits);
      const p99 = percentile(sorted, 99);
      const row = `| ${label} | ${WRITERS} | ${sorted.length.toLocaleString('en-US')} | **${Math.round(sorted.length / seconds).toLocaleString('en-US')}** | ${p(50)} | ${p(90)} | **${p(99)}** | ${after.server.p50.toFixed(1)} / ${after.server.p99.toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} | ${mean.toFixed(1)} | ${cpuMsPerWrite.toFixed(2)} | ${((after.loopBusy * seconds * 1000) / sorted.length).toFixed(2)} (${(after.loopBusy * 100).toFixed(0)} %) | ${clientMsPerWrite.toFixed(2)} | ${appendsPerCommit.toFixed(1)} | ${after.gc.count} / ${after.gc.totalMs.toFixed(0)} | ${after.gc.major} / ${after.gc.maxMs.toFixed(1)} |`;
      console.log(row);
      return { row, p99, writesPerSecond: Math.round(sorted.length / seconds) };
    }

    // BENCH_CPU_PROF profiles the run named by BENCH_CPU_PROF_RUN (paced or saturated; default saturated)
    const profiled = process.env['BENCH_CPU_PROF_RUN'] === 'paced' ? 'paced' : 'saturated';
    const run = async (name: 'paced' | 'saturated', label: string, thinkMs: number) => {
      if (profiling && profiled === name) await server!.profile('start');
      const result = await measure(label, thinkMs);
      if (profiling && profiled === name) console.log(`server CPU profile of the ${name} writes: ${await server!.profile('stop')}`);
      return result;
    };
    const loadAtStart = loadavg()[0] ?? 0;
    const paced: { row: string; p99: number }[] = [];
    for (let k = 0; k < RUNS; k++) {
      const label = `paced${RUNS > 1 ? ` (run ${k + 1} of ${RUNS})` : ''}: a pause of ${THINK_MS} ms on average before each write`;
      paced.push(k === 0 ? await run('paced', label, THINK_MS) : await measure(label, THINK_MS));
    }
    const saturated = await run('saturated', 'saturated: no pause, one request in flight per writer', 0);

    // Every user's portfolio holds exactly what was added.
    for (const user of users.flat()) {
      const list = (await (await fetch(`${base}/api/user/portfolio`, { headers: { cookie: user.cookie } })).json()) as { id: string; etfId: string }[];
      if (list.length !== user.added.size || list.some((h) => user.added.get(h.id) !== h.etfId)) throw new Error('a portfolio does not hold what was added');
    }

    const p99s = paced.map((r) => r.p99);
    const sortedP99 = [...p99s].sort((a, b) => a - b);
    const within = p99s.filter((p) => p <= TARGET_P99_MS).length;
    const verdict = within === RUNS ? 'PASS' : 'FAIL';
    const spread = `min ${sortedP99[0]!.toFixed(1)} / median ${sortedP99[Math.floor(RUNS / 2)]!.toFixed(1)} / max ${sortedP99.at(-1)!.toFixed(1)} ms`;
    const body = [
      machineMarkdown(machine),
      `- At the end: load average ${(loadavg()[0] ?? 0).toFixed(2)} (other work on the machine moves every figure)`,
      '',
      `Method: \`npm run bench:writes\` (bench/writes.bench.ts). A fresh data directory seeded like the first start (${seeded.events.toLocaleString('en-US')} events: ${FUNDS.length} funds, two years of demo history); the real server (\`startServer\`: embedded SQLite event log with group commit, read models in the SQLite document store, every projection, jobs, alert reactor, the app) alone in a child process on 127.0.0.1; the client (node:http, keep-alive, one connection per writer) in the parent, so both share the machine's ${machine.nproc} CPUs. ${WRITERS * usersPerWriter} users signed up through the API; ${WRITERS} writers each write \`POST /api/user/portfolio\` (a holding of the next catalog fund; a user holding all ${FUNDS.length} hands over to the writer's next user, so portfolios grow from 0 to ${FUNDS.length} holdings), one request in flight each. ${WARMUP_PER_WRITER} writes per writer of warm-up, then runs of ${REQUESTS.toLocaleString('en-US')} timed writes: **paced**, each writer pausing before each write (exponential, mean ${THINK_MS} ms: ten writes a second per user, far above a person's pace), and **saturated**, no pause (a throughput test: with 32 requests always queued, p50 ≈ 32 / writes per second). Latency from sending the request to the parsed answer; "in the server" from the server's request event (headers parsed) to the answer handed to the socket, so the difference is the network stack, the wait for the server's event loop and the client's own delays; the server's garbage collections as its PerformanceObserver sees them (pauses on the main thread). Every answer was 201 with the holding as written; every ${VERIFY_EVERY}th write of a writer was followed by a GET of the portfolio that showed it (found in the text, not parsed, to keep the client light) (${verified.toLocaleString('en-US')} checks, not timed); at the end every portfolio held exactly what was added. ${RUNS} paced runs one after another on the same server, then the saturated run. The target (p99 <= ${TARGET_P99_MS} ms in every paced run): ${verdict}, ${within} of ${RUNS}; p99 over the paced runs: ${spread}. The server exactly as \`npm start\` runs it (${startDescription()}; its log into a file), with the environment above added.`,
      '',
      '| run | writers | timed writes | writes/s | p50 ms | p90 ms | p99 ms | in the server: p50 / p99 ms | max ms | mean ms | server CPU ms/write | server main thread busy ms/write (share of the time) | client CPU ms/write | appends/commit | server GCs / ms | of which major / longest ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...paced.map((r) => r.row),
      saturated.row,
    ].join('\n');
    console.log(`\n## Writes\n\n${body}\n\n${verdict}: paced p99 ${p99s.map((p) => p.toFixed(1)).join(', ')} ms, ${within} of ${RUNS} within ${TARGET_P99_MS} ms (${spread})`);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log('\nrow for docs/benchmarks.md, "Writes: runs" (| when UTC | load at start / end | paced p99 of each run (ms) | min / median / max | within 10 ms | saturated writes/s |):');
    console.log(`| ${when} | ${loadAtStart.toFixed(2)} / ${(loadavg()[0] ?? 0).toFixed(2)} | ${p99s.map((p) => p.toFixed(1)).join(', ')} | ${spread.replace(/(min|median|max) /g, '')} | ${within} of ${RUNS} | ${saturated.writesPerSecond.toLocaleString('en-US')} |`);
    if (!process.env['BENCH_NO_DOCS']) writeBenchmarkSection(fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url)), 'Writes', body);
    if (verdict === 'FAIL') process.exitCode = 1;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--serve') await serve(process.argv[3]!);
  else if (process.argv[2] === '--seed') {
    const { seed } = await import('./api.bench.ts');
    process.send!(await seed(process.argv[3]!), () => process.exit(0));
  }
  else await main();
}
