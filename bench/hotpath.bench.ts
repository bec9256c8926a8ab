/**
 * `npm run bench:hotpath`: the hot path's CPU cost against the physical floor (issue 17). Prints the
 * server CPU time per request of `GET /api/top-performers` (identity, and gzip as a browser asks for it)
 * divided by that of a bare `node:http` server answering the very same body bytes from memory
 * (identity; and the app's own gzip bytes with Content-Encoding gzip), and PASS/FAIL against 1.25x.
 *
 * The real server (createContainer + createApp on a freshly seeded embedded store, request log at level
 * warn as in bench:api) and the bare server each run alone in a child process (bench/api.bench.ts's
 * server modes); autocannon runs here. CPU per request is process.cpuUsage (user + system) of the server
 * process over a measured run divided by the requests it answered: it does not depend on how fast the
 * load generator on the same two cores is. Rounds are interleaved (app, raw, app, raw...) so drift in the
 * machine's load hits both alike; the median round per target is reported. About two minutes with the
 * defaults (BENCH_SECONDS=6, BENCH_ROUNDS=5). BENCH_EXPRESS=1 adds the same route served by Express
 * (spelt with a trailing slash, which the fast reads hand on): what the fast reads save, in the same run. Writes the section "Hot path" of docs/benchmarks.md; exits 1 on FAIL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER, fire, seed, startChild, wireBytes, type AutocannonResult, type Child } from './api.bench.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The bar: the app may cost at most this much server CPU per request over the bare server. */
const LIMIT = 1.25;
const IDENTITY = { 'accept-encoding': 'identity' };
const WITH_EXPRESS = process.env.BENCH_EXPRESS === '1';

interface Target {
  name: string;
  child: Child;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  cpu: number;
  rps: number;
}

/** One measured run: warm-up, then the server's CPU time over the run divided by the requests answered. */
async function measure(t: Target): Promise<Measured> {
  await fire(t.url, WARMUP_SECONDS, t.headers);
  const before = await t.child.cpu();
  const r: AutocannonResult = await fire(t.url, SECONDS, t.headers);
  const after = await t.child.cpu();
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { cpu: (after.user - before.user + after.system - before.system) / r.requests.total, rps: r.requests.average };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-hotpath-'));
  let children: Child[] = [];
  try {
    console.log('seeding…');
    await seed(dataDir);
    const app = await startChild(['--serve-app', dataDir]);
    const topUrl = `http://127.0.0.1:${app.info.port}/api/top-performers`;
    const raw = await startChild(['--serve-raw', topUrl]);
    children = [app, raw];
    const rawUrl = `http://127.0.0.1:${raw.info.port}`;
    // The floor answers the very same bytes: checked here, not assumed.
    const same = async (a: string, b: string, headers: Record<string, string>) => {
      const [x, y] = await Promise.all([wireBytes(a, headers), wireBytes(b, headers)]);
      if (!x.body.equals(y.body) || x.encoding !== y.encoding) throw new Error(`${a} and ${b} answer different bytes`);
      return x.body.length;
    };
    const identityBytes = await same(topUrl, `${rawUrl}/same-bytes`, IDENTITY);
    const gzipBytes = await same(topUrl, `${rawUrl}/same-bytes-gzip`, BROWSER);
    if (WITH_EXPRESS) await same(`${topUrl}/`, `${rawUrl}/same-bytes-gzip`, BROWSER);
    const pairs = [
      {
        label: 'identity',
        bytes: identityBytes,
        app: { name: 'GET /api/top-performers, identity', child: app, url: topUrl, headers: IDENTITY },
        raw: { name: 'raw node:http, the same bytes', child: raw, url: `${rawUrl}/same-bytes`, headers: IDENTITY },
        express: { name: 'GET /api/top-performers/ (Express), identity', child: app, url: `${topUrl}/`, headers: IDENTITY },
      },
      {
        label: 'gzip',
        bytes: gzipBytes,
        app: { name: 'GET /api/top-performers, Accept-Encoding gzip (browser)', child: app, url: topUrl, headers: BROWSER },
        raw: { name: 'raw node:http, the same gzip bytes', child: raw, url: `${rawUrl}/same-bytes-gzip`, headers: BROWSER },
        express: { name: 'GET /api/top-performers/ (Express), gzip', child: app, url: `${topUrl}/`, headers: BROWSER },
      },
    ];
    const runs = pairs.map(() => ({ app: [] as Measured[], raw: [] as Measured[], express: [] as Measured[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, pair] of pairs.entries()) {
        // Alternate which goes first, so neither always runs right after the other's load.
        const order = round % 2 === 0 ? (['app', 'raw', 'express'] as const) : (['express', 'raw', 'app'] as const);
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
      return { pair, appCpu, rawCpu, expressCpu, ratio, low: Math.min(...ratios), high: Math.max(...ratios), pass: ratio <= LIMIT };
    });
    const expressColumn = (cpu: number | undefined, raw: number) => (WITH_EXPRESS ? ` ${cpu!.toFixed(1)} (${(cpu! / raw).toFixed(2)}x) |` : '');
    const table = [
      `| body | bytes | app µs CPU/request | bare node:http µs CPU/request | ratio (median of rounds) | range over rounds | ≤ ${LIMIT}x |${WITH_EXPRESS ? ' same route through Express, µs (vs bare) |' : ''}`,
      `|---|---:|---:|---:|---:|---|---|${WITH_EXPRESS ? '---:|' : ''}`,
      ...rows.map(
        (r) =>
          `| ${r.pair.label} | ${r.pair.bytes.toLocaleString('en-US')} | ${r.appCpu.toFixed(1)} | ${r.rawCpu.toFixed(1)} | **${r.ratio.toFixed(2)}x** | ${r.low.toFixed(2)} to ${r.high.toFixed(2)} | ${r.pass ? 'PASS' : 'FAIL'} |${expressColumn(r.expressCpu, r.rawCpu)}`,
      ),
    ].join('\n');
    const body = [
      machineMarkdown(machine),
      `- At the end: load average ${(loadavg()[0] ?? 0).toFixed(2)} (other work on the machine moves every figure)`,
      '',
      `Method: \`npm run bench:hotpath\` (bench/hotpath.bench.ts). The real server (createContainer + createApp on a fresh seeded embedded store: security headers, request log at level warn, every route) and a bare \`node:http\` server answering the very same body bytes from memory (\`writeHead\` with Content-Type and Content-Length, plus Content-Encoding for the gzip bytes), each alone in a child process on 127.0.0.1; autocannon in the parent, 50 connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per run, ${ROUNDS} rounds alternating app and bare server${WITH_EXPRESS ? ' (and the same route spelt with a trailing slash, which the fast reads hand to Express: the whole Express chain as before the fast reads)' : ''}. Figure: server process CPU time (user + system) over the run / requests answered; ratio = app / bare server in the same round, median over the rounds.`,
      '',
      table,
    ].join('\n');
    console.log(`\n## Hot path\n\n${body}\n`);
    for (const r of rows) console.log(`${r.pass ? 'PASS' : 'FAIL'} ${r.pair.label}: ${r.ratio.toFixed(2)}x (limit ${LIMIT}x)`);
    const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
    writeBenchmarkSection(docs, 'Hot path', body);
    console.log(`written to ${path.relative(process.cwd(), docs)}`);
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
  } finally {
    for (const child of children) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
