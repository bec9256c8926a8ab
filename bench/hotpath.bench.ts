/**
 * `npm run bench:hotpath`: the hot path's CPU cost against the physical floor (issues 17 and 30). Prints
 * the server CPU time per request of `GET /api/top-performers` (identity, and gzip as a browser asks for
 * it) divided by that of a bare `node:http` server answering the very same body bytes and the very same
 * headers from memory (identity; and the app's own gzip bytes with its gzip headers: issue 30's reference,
 * "bare node:http sending the same body and the same headers"), and PASS/FAIL against 1.10x. The same bare
 * server answering the body with only Content-Type and Content-Length (and Content-Encoding) is measured in
 * the same rounds and printed beside it: what the headers themselves cost.
 *
 * The real server runs exactly as `npm start` runs it (package.json's command, its Node flags and
 * environment, the default log level: one line per request; bench/support/server-process.ts), its
 * stdout (the log) into a file as a process manager would keep it; its first start seeds the demo
 * catalog and two years of history, then it is restarted and measured. The bare server runs in another
 * child process (bench/api.bench.ts's `--serve-raw` mode, the same Node flags). autocannon runs here.
 * CPU per request is the server process's CPU time (user + system, every thread: /proc/<pid>/stat) over a
 * measured run divided by the requests it answered: it does not depend on how fast the load generator on
 * the same two cores is. Rounds are interleaved (app, raw, app, raw...) so drift in the machine's load
 * hits both alike; the ratio of each round is taken and the median round is reported. After the runs the
 * log must hold a line for every request answered. About two and a half minutes with the defaults
 * (BENCH_SECONDS=6, BENCH_ROUNDS=5). BENCH_EXPRESS=1 adds the same route served by Express (spelt with a
 * trailing slash, which the fast reads hand on). `--busy` keeps both cores busy for the whole run (two
 * `yes > /dev/null`, the shape of a loaded machine). BENCH_CPU_PROF=<dir> writes a CPU profile of the app
 * (`--cpu-prof`). BENCH_LOG_LEVEL=<level> runs the app at another log level (a diagnosis of what the log
 * costs; never written to the docs). `--no-docs` leaves docs/benchmarks.md alone;
 * otherwise the section "Hot path" is written. Prints a table row to paste into "Hot path: runs".
 * Exits 1 on FAIL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { BROWSER, fire, startChild, wireBytes, type AutocannonResult } from './api.bench.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';
import { processCpuMicros, startDescription, startServer } from './support/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Issue 30's bar (at the default log level): the app may cost at most this much server CPU per request over the bare server. */
const LIMIT = 1.1;
const IDENTITY = { 'accept-encoding': 'identity' };
const WITH_EXPRESS = process.env.BENCH_EXPRESS === '1';
const { values: flags } = parseArgs({ options: { busy: { type: 'boolean', default: false }, 'no-docs': { type: 'boolean', default: false } } });

interface Target {
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  cpu: number;
  rps: number;
  /** Requests answered, warm-up included (the log must hold a line for each). */
  requests: number;
}

/** One measured run: warm-up, then the server's CPU time over the run divided by the requests answered. */
async function measure(t: Target): Promise<Measured> {
  const warm = await fire(t.url, WARMUP_SECONDS, t.headers);
  const before = processCpuMicros(t.pid);
  const r: AutocannonResult = await fire(t.url, SECONDS, t.headers);
  const after = processCpuMicros(t.pid);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { cpu: (after - before) / r.requests.total, rps: r.requests.average, requests: warm.requests.total + r.requests.total };
}

/** Two busy loops (`yes > /dev/null`) for `--busy`: both cores taken by other work, as on a loaded machine. */
function busyLoops(): ChildProcess[] {
  return [0, 1].map(() => spawn('yes', [], { stdio: ['ignore', 'ignore', 'ignore'] }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const machine = describeMachine();
  const loadAtStart = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-hotpath-'));
  const logFile = path.join(dataDir, 'server.log');
  const busy = flags.busy ? busyLoops() : [];
  let stops: (() => Promise<void>)[] = [];
  try {
    console.log('first start (seeds the demo catalog and two years of history)…');
    const first = await startServer({ dataDir, logFile: path.join(dataDir, 'first-start.log') });
    await first.stop();
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the app's whole measured life, written when it stops
    const profile = process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env['BENCH_CPU_PROF'])}`] : [];
    // BENCH_LOG_LEVEL=<level>: a diagnosis only (what the request log costs); the figure to judge is npm start's level
    const logLevel = process.env['BENCH_LOG_LEVEL'];
    const server = await startServer({ dataDir, logFile, nodeFlags: profile, ...(logLevel ? { env: { LOG_LEVEL: logLevel } } : {}) });
    const topUrl = `${server.baseUrl}/api/top-performers`;
    const raw = await startChild(['--serve-raw', topUrl]);
    stops = [() => server.stop(), () => raw.stop()];
    const rawUrl = `http://127.0.0.1:${raw.info.port}`;
    // The floor answers the very same bytes: checked here, not assumed.
    let checks = 0;
    const same = async (a: string, b: string, headers: Record<string, string>, sameHeaders = false) => {
      const [x, y] = await Promise.all([wireBytes(a, headers), wireBytes(b, headers)]);
      checks++;
      if (!x.body.equals(y.body) || x.encoding !== y.encoding) throw new Error(`${a} and ${b} answer different bytes`);
      // Same header names in the same order, and values of the same length (X-Request-Id differs per answer).
      const shape = (raw: string[]) => raw.map((v, i) => (i % 2 === 0 ? v.toLowerCase() : v.length)).join('|');
      if (sameHeaders && shape(x.rawHeaders) !== shape(y.rawHeaders)) throw new Error(`${a} and ${b} answer different headers:\n${x.rawHeaders.join(' ')}\n${y.rawHeaders.join(' ')}`);
      return { bytes: x.body.length, headerCount: x.rawHeaders.length / 2 };
    };
    const identityAnswer = await same(topUrl, `${rawUrl}/same-response`, IDENTITY, true);
    const gzipAnswer = await same(topUrl, `${rawUrl}/same-response-gzip`, BROWSER, true);
    await same(topUrl, `${rawUrl}/same-bytes`, IDENTITY);
    await same(topUrl, `${rawUrl}/same-bytes-gzip`, BROWSER);
    if (WITH_EXPRESS) await same(`${topUrl}/`, `${rawUrl}/same-bytes-gzip`, BROWSER);
    const app = { pid: server.pid };
    const bare = { pid: raw.pid };
    const pairs = [
      {
        label: 'identity',
        bytes: identityAnswer.bytes,
        headerCount: identityAnswer.headerCount,
        app: { name: 'GET /api/top-performers, identity', pid: app.pid, url: topUrl, headers: IDENTITY },
        raw: { name: 'raw node:http, the same bytes and headers', pid: bare.pid, url: `${rawUrl}/same-response`, headers: IDENTITY },
        minimal: { name: 'raw node:http, the same bytes, minimal headers', pid: bare.pid, url: `${rawUrl}/same-bytes`, headers: IDENTITY },
        express: { name: 'GET /api/top-performers/ (Express), identity', pid: app.pid, url: `${topUrl}/`, headers: IDENTITY },
      },
      {
        label: 'gzip',
        bytes: gzipAnswer.bytes,
        headerCount: gzipAnswer.headerCount,
        app: { name: 'GET /api/top-performers, Accept-Encoding gzip (browser)', pid: app.pid, url: topUrl, headers: BROWSER },
        raw: { name: 'raw node:http, the same gzip bytes and headers', pid: bare.pid, url: `${rawUrl}/same-response-gzip`, headers: BROWSER },
        minimal: { name: 'raw node:http, the same gzip bytes, minimal headers', pid: bare.pid, url: `${rawUrl}/same-bytes-gzip`, headers: BROWSER },
        express: { name: 'GET /api/top-performers/ (Express), gzip', pid: app.pid, url: `${topUrl}/`, headers: BROWSER },
      },
    ];
    const runs = pairs.map(() => ({ app: [] as Measured[], raw: [] as Measured[], minimal: [] as Measured[], express: [] as Measured[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, pair] of pairs.entries()) {
        // Alternate which goes first, so neither always runs right after the other's load.
        const order = round % 2 === 0 ? (['app', 'raw', 'minimal', 'express'] as const) : (['express', 'minimal', 'raw', 'app'] as const);
        for (const which of order.filter((w) => w !== 'express' || WITH_EXPRESS)) {
          const m = await measure(pair[which]);
          runs[i]![which].push(m);
          console.log(`round ${round + 1}/${ROUNDS} ${pair[which].name}: ${m.cpu.toFixed(1)} µs CPU/request, ${Math.round(m.rps)} requests/s`);
        }
      }
    }
    const rows = pairs.map((pair, i) => {
      const appCpu = median(runs[i]!.app.map((m) => m.cpu));
      const rawCpu = median(runs[i]!.raw.map((m) => m.cpu));
      // The ratio of each round (app and raw measured back to back), median over rounds: less exposed to drift.
      const ratios = runs[i]!.app.map((m, r) => m.cpu / runs[i]!.raw[r]!.cpu);
      const ratio = median(ratios);
      const expressCpu = WITH_EXPRESS ? median(runs[i]!.express.map((m) => m.cpu)) : undefined;
      const minimalCpu = median(runs[i]!.minimal.map((m) => m.cpu));
      const minimalRatio = median(runs[i]!.app.map((m, r) => m.cpu / runs[i]!.minimal[r]!.cpu));
      return { pair, appCpu, rawCpu, expressCpu, minimalCpu, minimalRatio, ratio, low: Math.min(...ratios), high: Math.max(...ratios), pass: ratio <= LIMIT };
    });
    const expressColumn = (cpu: number | undefined, raw: number) => (WITH_EXPRESS ? ` ${cpu!.toFixed(1)} (${(cpu! / raw).toFixed(2)}x) |` : '');
    const table = [
      `| body | bytes, headers | app µs CPU/request | bare node:http, same bytes and headers, µs | ratio (median of rounds) | range over rounds | ≤ ${LIMIT}x | bare node:http, minimal headers, µs (app vs it) |${WITH_EXPRESS ? ' same route through Express, µs (vs bare) |' : ''}`,
      `|---|---:|---:|---:|---:|---|---|---:|${WITH_EXPRESS ? '---:|' : ''}`,
      ...rows.map(
        (r) =>
          `| ${r.pair.label} | ${r.pair.bytes.toLocaleString('en-US')}, ${r.pair.headerCount} | ${r.appCpu.toFixed(1)} | ${r.rawCpu.toFixed(1)} | **${r.ratio.toFixed(2)}x** | ${r.low.toFixed(2)} to ${r.high.toFixed(2)} | ${r.pass ? 'PASS' : 'FAIL'} | ${r.minimalCpu.toFixed(1)} (${r.minimalRatio.toFixed(2)}x) |${expressColumn(r.expressCpu, r.rawCpu)}`,
      ),
    ].join('\n');
    // The request log was on: a line for every request the app answered (warm-ups and the byte checks included).
    const appRequests = runs.reduce((n, r) => n + [...r.app, ...r.express].reduce((m, x) => m + x.requests, 0), 0) + checks;
    for (const stop of stops.splice(0)) await stop();
    const logged = readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('"msg":"request completed"') && line.includes('/api/top-performers')).length;
    if (logLevel === undefined && logged < appRequests) throw new Error(`the log holds ${logged} request lines for ${appRequests} requests answered`);
    const loadAtEnd = loadavg()[0] ?? 0;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const body = [
      machineMarkdown(machine),
      `- Load average (1 min) at the start ${loadAtStart.toFixed(2)}, at the end ${loadAtEnd.toFixed(2)}${flags.busy ? '; both cores kept busy by two `yes > /dev/null` for the whole run (`--busy`)' : ''} (other work on the machine moves every figure)`,
      '',
      `Method: \`npm run bench:hotpath\` (bench/hotpath.bench.ts). The real server exactly as \`npm start\` runs it (${startDescription()}: one line per request), its log (stdout) into a file; its first start seeds the demo catalog and two years of history, then it is restarted and measured. A bare \`node:http\` server answering the very same body bytes with the very same headers from memory (issue 30's reference: the header list of one app answer replayed with \`writeHead\`, less Date, Connection and Keep-Alive, which Node writes itself; checked before the runs: same names, same order, values of the same length), and the same body with only Content-Type and Content-Length (plus Content-Encoding for the gzip bytes) beside it, in another child process with the same Node flags; both on 127.0.0.1; autocannon in the parent, 50 connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per run, ${ROUNDS} rounds alternating app and the two bare answers${WITH_EXPRESS ? ' (and the same route spelt with a trailing slash, which the fast reads hand to Express: the whole Express chain as before the fast reads)' : ''}. Figure: server process CPU time (user + system, every thread: /proc/<pid>/stat) over the run / requests answered; ratio = app / bare server in the same round, median over the rounds. The log held a line for each of the ${appRequests.toLocaleString('en-US')} requests the app answered (${logged.toLocaleString('en-US')} lines).`,
      '',
      table,
    ].join('\n');
    console.log(`\n## Hot path\n\n${body}\n`);
    for (const r of rows) console.log(`${r.pass ? 'PASS' : 'FAIL'} ${r.pair.label}: ${r.ratio.toFixed(2)}x (limit ${LIMIT}x)`);
    const [identity, gzip] = rows;
    console.log('\nrow for docs/benchmarks.md, "Hot path: runs" (| when UTC | load at start / end | machine busy | identity ratio (range) | gzip ratio (range) | app / bare µs identity | app / bare µs gzip |):');
    console.log(
      `| ${when} | ${loadAtStart.toFixed(2)} / ${loadAtEnd.toFixed(2)} | ${flags.busy ? 'both cores busy (`--busy`)' : 'no'} | **${identity!.ratio.toFixed(2)}x** (${identity!.low.toFixed(2)} to ${identity!.high.toFixed(2)}) | **${gzip!.ratio.toFixed(2)}x** (${gzip!.low.toFixed(2)} to ${gzip!.high.toFixed(2)}) | ${identity!.appCpu.toFixed(1)} / ${identity!.rawCpu.toFixed(1)} | ${gzip!.appCpu.toFixed(1)} / ${gzip!.rawCpu.toFixed(1)} |`,
    );
    if (!flags['no-docs'] && logLevel === undefined) {
      const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
      writeBenchmarkSection(docs, 'Hot path', body);
      console.log(`written to ${path.relative(process.cwd(), docs)}`);
    }
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
  } finally {
    for (const stop of stops) await stop();
    for (const loop of busy) loop.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
