/**
 * `npm run bench:ssr`: the hot path of a server-rendered public page (issue 30). Prints the server CPU
 * time per request of `GET /`, `GET /etfs` and a fund page (identity, and gzip as a browser asks for it)
 * divided by that of a bare `node:http` server answering the very same body bytes with the very same
 * headers from memory (bench:hotpath's reference), and PASS/FAIL against 1.5x.
 *
 * The real server runs as `npm start` runs it (bench/support/server-process.ts: package.json's start
 * command, its Node flags and environment, the default log level unless BENCH_LOG_LEVEL is set), on a
 * fresh data directory that its first start seeds; it needs the client and server bundles
 * (`npm run build`). A page is requested once before it is measured, so it is rendered and kept
 * (services/gateway/ssr.ts): what is measured is the kept page answered in front of Express, which is
 * what every visitor after the first gets until the market views change. The bare server is a child
 * of this file. CPU per request is the server process's user + system time from /proc/<pid>/stat over
 * a measured run divided by the requests answered; rounds are interleaved (app, bare, bare, app...) and
 * the median ratio over rounds is reported. BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (default 3).
 * Writes the section "Server-rendered pages" of docs/benchmarks.md; exits 1 on FAIL.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER, fire, replayableHeaders, wireBytes } from './api.bench.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';
import { startServer } from './support/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The issue's bar for a rendered page: at most this much server CPU per request over the bare server. */
const LIMIT = 1.5;
const IDENTITY = { 'accept-encoding': 'identity' };
const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** User + system CPU of a process so far, µs (/proc/<pid>/stat fields 14 and 15). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

interface Target {
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
}

async function measure(t: Target): Promise<{ cpu: number; rps: number }> {
  await fire(t.url, WARMUP_SECONDS, t.headers);
  const before = cpuMicros(t.pid);
  const r = await fire(t.url, SECONDS, t.headers);
  const after = cpuMicros(t.pid);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { cpu: (after - before) / r.requests.total, rps: r.requests.average };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Child mode: the bare server, answering `/<i>` with the i-th body and the very headers the app sent
 * with it (one answer's list replayed, less Date, Connection and Keep-Alive, which Node writes itself:
 * bench/api.bench.ts `replayableHeaders`), with the app's keep-alive timeout.
 */
function serveRaw(): void {
  const bodies: { body: Buffer; headers: string[] }[] = [];
  const server = createServer((req, res) => {
    const found = bodies[Number((req.url ?? '/').slice(1))];
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers);
    res.end(found.body);
  });
  process.on('message', (message: { body: string; headers: string[]; keepAliveMs: number }) => {
    bodies.push({ body: Buffer.from(message.body, 'base64'), headers: message.headers });
    server.keepAliveTimeout = message.keepAliveMs;
    process.send!({ index: bodies.length - 1 });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('SIGTERM', () => process.exit(0));
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-ssr-'));
  const logLevel = process.env.BENCH_LOG_LEVEL;
  let log = '';
  const app = await startServer({ dataDir, env: logLevel ? { LOG_LEVEL: logLevel } : {}, onLine: (line) => (log.length < 20_000 ? (log += `${line}\n`) : undefined) });
  const raw = fork(fileURLToPath(import.meta.url), ['--serve-raw'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    // Asked of the page itself: the log is buffered (written per 16 KiB or per second), so its start line may not be out yet.
    if (!(await (await fetch(`${app.baseUrl}/`)).text()).includes('id="ssr-payload"')) {
      throw new Error(`the server does not render pages (run \`npm run build\`): ${log.split('\n').find((l) => /server rendering/.test(l)) ?? 'no log line yet'}`);
    }
    const { port: rawPort } = await nextMessage<{ port: number }>(raw);
    const top = (await (await fetch(`${app.baseUrl}/api/top-performers`)).json()) as { ticker: string; brandSlug: string }[];
    const fund = `/etfs/${top[0]!.brandSlug}/${top[0]!.ticker}`;
    // The prepared JSON the fast reads answer, in the same run: what the app's own hot path costs over
    // bare node:http at this log level and load, beside which a kept page is judged.
    const pages = ['/', '/etfs', fund, '/api/top-performers'];
    const pairs: { label: string; bytes: number; app: Target; raw: Target }[] = [];
    for (const page of pages) {
      for (const [encoding, headers] of [['identity', IDENTITY], ['gzip', BROWSER]] as const) {
        const url = `${app.baseUrl}${page}`;
        await wireBytes(url, headers); // rendered and kept
        const wire = await wireBytes(url, headers);
        const json = page.startsWith('/api/');
        if (!json && encoding === 'identity' && !wire.body.toString('utf8').includes('id="ssr-payload"')) throw new Error(`${page} is not rendered`);
        if ((encoding === 'gzip') !== (wire.encoding === 'gzip')) throw new Error(`${page}: ${encoding} asked, ${wire.encoding ?? 'identity'} sent`);
        const keepAlive = /timeout=(\d+)/.exec(wire.rawHeaders[wire.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'keep-alive') + 1] ?? '');
        raw.send({ body: wire.body.toString('base64'), headers: replayableHeaders(wire.rawHeaders), keepAliveMs: keepAlive ? Number(keepAlive[1]) * 1000 : 5000 });
        const { index } = await nextMessage<{ index: number }>(raw);
        const rawUrl = `http://127.0.0.1:${rawPort}/${index}`;
        const same = await wireBytes(rawUrl, headers);
        if (!same.body.equals(wire.body)) throw new Error(`${page}: the bare server answers other bytes`);
        // same header names in the same order, values of the same length (X-Request-Id differs per answer)
        const shape = (raw: string[]) => raw.map((v, i) => (i % 2 === 0 ? v.toLowerCase() : v.length)).join('|');
        if (shape(same.rawHeaders) !== shape(wire.rawHeaders)) throw new Error(`${page}: the bare server answers other headers`);
        pairs.push({
          label: `${page === fund ? 'fund page' : json ? `\`${page}\` (prepared JSON, for comparison)` : page} (${encoding})`,
          bytes: wire.body.length,
          app: { name: `GET ${page}, ${encoding}`, pid: app.pid, url, headers },
          raw: { name: `bare node:http, the same ${encoding} bytes`, pid: raw.pid!, url: rawUrl, headers },
        });
      }
    }
    const runs = pairs.map(() => ({ app: [] as number[], raw: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, pair] of pairs.entries()) {
        const order = round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
        for (const which of order) {
          const m = await measure(pair[which]);
          runs[i]![which].push(m.cpu);
          console.log(`round ${round + 1}/${ROUNDS} ${pair[which].name}: ${m.cpu.toFixed(1)} µs CPU/request, ${Math.round(m.rps)} requests/s`);
        }
      }
    }
    const rows = pairs.map((pair, i) => {
      const ratios = runs[i]!.app.map((cpu, r) => cpu / runs[i]!.raw[r]!);
      const ratio = median(ratios);
      return { pair, app: median(runs[i]!.app), raw: median(runs[i]!.raw), ratio, low: Math.min(...ratios), high: Math.max(...ratios), pass: ratio <= LIMIT };
    });
    const table = [
      `| page | bytes | app µs CPU/request | bare node:http µs CPU/request | ratio (median of rounds) | range over rounds | ≤ ${LIMIT}x |`,
      '|---|---:|---:|---:|---:|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.pair.label} | ${r.pair.bytes.toLocaleString('en-US')} | ${r.app.toFixed(1)} | ${r.raw.toFixed(1)} | **${r.ratio.toFixed(2)}x** | ${r.low.toFixed(2)} to ${r.high.toFixed(2)} | ${r.pass ? 'PASS' : 'FAIL'} |`,
      ),
    ].join('\n');
    const body = [
      machineMarkdown(machine),
      `- At the end: load average ${(loadavg()[0] ?? 0).toFixed(2)} (other work on the machine moves every figure)`,
      '',
      `Method: \`npm run bench:ssr\` (bench/ssr.bench.ts). The real server as \`npm start\` runs it (package.json's start command; log level ${logLevel ?? 'the default, info: one line per request'}), on a fresh data directory its first start seeds, with the client and server bundles of \`npm run build\`; each page requested once first (rendered and kept: services/gateway/ssr.ts), then answered from the kept page in front of Express. A bare \`node:http\` server (a child of the bench) answers the very same body with the very same headers from memory (one app answer's header list replayed, less Date, Connection and Keep-Alive, which Node writes itself; checked: same names, same order, values of the same length), as bench:hotpath's reference. autocannon in the parent, 50 connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per run, ${ROUNDS} rounds alternating which goes first. Figure: the server process's user + system CPU (/proc/<pid>/stat) over the run / requests answered; ratio = app / bare server in the same round, median over the rounds.`,
      '',
      table,
    ].join('\n');
    console.log(`\n## Server-rendered pages\n\n${body}\n`);
    for (const r of rows) console.log(`${r.pass ? 'PASS' : 'FAIL'} ${r.pair.label}: ${r.ratio.toFixed(2)}x (limit ${LIMIT}x)`);
    const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
    writeBenchmarkSection(docs, 'Server-rendered pages', body);
    console.log(`written to ${path.relative(process.cwd(), docs)}`);
    if (rows.some((r) => !r.pass && !r.pair.label.includes('prepared JSON'))) process.exitCode = 1;
  } finally {
    raw.kill('SIGTERM');
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-raw') serveRaw();
else await main();
