/**
 * HTTP load for the scale bench, from outside the server process: autocannon for the reads, and a
 * small fetch client for the writes (each writer waits for its answer before its next request, so
 * every latency is one request to one answer that already reflects the write).
 */
import { createRequire } from 'node:module';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

/** What a browser sends. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx plus connection errors: must be 0 for the figures to count. */
  failures: number;
}

/** `connections` keep-alive connections on `url` for `seconds` (after a 1 s warm-up run). */
export async function loadReads(url: string, options: { seconds: number; connections: number; headers?: Record<string, string> }): Promise<LoadFigures> {
  const headers = { ...BROWSER, ...options.headers };
  await autocannon({ url, connections: options.connections, duration: 1, headers });
  const r = await autocannon({ url, connections: options.connections, duration: options.seconds, headers });
  return { requestsPerSecond: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, failures: r.non2xx + r.errors };
}

/** Signs in (`POST /api/login`) and returns the session cookie (`name=value`). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${text}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Every writer (one signed-in user each) adds its holdings one after another, all writers at once:
 * `POST /api/user/portfolio` with `{ etfId, shares }`; the gateway answers after the read model
 * reflects the write. Resolves with the latency of each request and the count of non-201 answers.
 */
export async function concurrentWrites(baseUrl: string, writers: readonly { cookie: string; etfIds: readonly string[] }[]): Promise<{ latenciesMs: number[]; failures: number; seconds: number }> {
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    writers.map(async ({ cookie, etfIds }) => {
      for (const etfId of etfIds) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/user/portfolio`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ etfId, shares: '3', isDrip: 0 }),
        });
        await res.arrayBuffer();
        latenciesMs.push(performance.now() - t0);
        if (res.status !== 201) failures++;
      }
    }),
  );
  return { latenciesMs: latenciesMs.sort((a, b) => a - b), failures, seconds: (performance.now() - started) / 1000 };
}
