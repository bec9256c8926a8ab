/**
 * `npx node bench/import-stall.bench.ts`: what a large holdings import costs the other requests
 * (security audit I6: one public read waited 377 ms behind a 256 KiB import). Prints the figures; the
 * section "Holdings import and public reads" of docs/benchmarks.md records them.
 *
 * 1. The real server as `npm start` runs it (bench/support/server-process.ts), on a fresh data directory
 *    (the first start seeds the demo catalog and history), at npm start's log level.
 * 2. A user signs up; the file is the audit's: `ticker,shares` then one fund's line repeated up to the
 *    256 KiB limit (about 37,000 lines: the first creates the holding, each other one is reported as a
 *    repeat, so the answer lists some 37,000 errors, about 2 MB).
 * 3. A reader keeps one public read in flight (`GET /api/etfs`, then `GET /api/top-performers`, each
 *    answer read in full) while the import runs, and keeps each latency. First without an import (the
 *    reads alone), then during IMPORTS imports one after another, then during 4 imports at once.
 *
 * The figure is the slowest public read while an import runs: with the import in one piece on the event
 * loop, a read that arrives meanwhile waits for all of it.
 *
 * Environment: BENCH_IMPORTS (5), BENCH_DATA_DIR (a data directory already seeded: the start is quicker).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile } from './support/http-load.ts';
import { startServer } from './support/server-process.ts';

const IMPORTS = Number(process.env['BENCH_IMPORTS'] ?? 5);
const LIMIT = 256 * 1024;

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** Public reads, one in flight, until `until` resolves: each latency in ms. */
async function readWhile(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  const paths = ['/api/etfs', '/api/top-performers'];
  for (let i = 0; !done; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${paths[i % paths.length]}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

function figures(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${sorted.length} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`;
}

const given = process.env['BENCH_DATA_DIR'];
const dataDir = given ?? mkdtempSync(path.join(tmpdir(), 'weeklydiv-import-stall-'));
const server = await startServer({ dataDir, env: { SESSION_SECRET: 'b'.repeat(48) } });
try {
  const base = server.baseUrl;
  const email = `stall-${Date.now()}@example.com`;
  const registered = await json(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Import', lastName: 'Bench', email, password: 'a-long-bench-password-1' }),
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}: ${registered.text}`);
  const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  const funds = (await json(`${base}/api/etfs`)).body as { ticker: string }[];
  const ticker = funds[0]!.ticker;
  let csv = 'ticker,shares\n';
  let lines = 0;
  while (csv.length + ticker.length + 3 <= LIMIT) {
    csv += `${ticker},1\n`;
    lines++;
  }
  const importOnce = async () => {
    const started = performance.now();
    const res = await json(`${base}/api/user/portfolio/import`, { method: 'POST', headers: { 'content-type': 'text/csv', cookie }, body: csv });
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${res.text.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: res.text.length, errors: (res.body as { errors: unknown[] }).errors.length };
  };

  console.log(`server ready in ${(server.readyMs / 1000).toFixed(1)} s; the file: ${lines} lines of ${ticker}, ${csv.length} bytes`);
  const idle = await readWhile(base, new Promise((resolve) => setTimeout(resolve, 3000)));
  console.log(`reads alone (3 s):           ${figures(idle)}`);

  const during: number[] = [];
  const imports: { ms: number; bytes: number; errors: number }[] = [];
  for (let i = 0; i < IMPORTS; i++) {
    const work = importOnce();
    during.push(...(await readWhile(base, work)));
    imports.push(await work);
  }
  const ms = imports.map((x) => x.ms).sort((a, b) => a - b);
  console.log(`${IMPORTS} imports, one at a time:  import ${percentile(ms, 50).toFixed(0)} ms (median), answer ${imports[0]!.bytes} bytes, ${imports[0]!.errors} errors`);
  console.log(`reads during them:           ${figures(during)}`);

  const startedFour = performance.now();
  const four = Promise.all([importOnce(), importOnce(), importOnce(), importOnce()]);
  const duringFour = await readWhile(base, four);
  await four;
  console.log(`4 imports at once:           ${(performance.now() - startedFour).toFixed(0)} ms`);
  console.log(`reads during them:           ${figures(duringFour)}`);
} finally {
  await server.stop();
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
