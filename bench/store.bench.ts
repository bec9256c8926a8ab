/**
 * `npm run bench:store`: durable append throughput and raw replay throughput of the embedded event
 * store. Prints a markdown table and writes it into docs/benchmarks.md (section "Event store").
 *
 * Data goes to a temporary directory that is removed at the end. The helpers are exported so that
 * other benchmarks (e.g. replay through a projection) can reuse the machine description, the stores,
 * the workloads and the section writer:
 *
 *   import { openBenchStore, benchAppends, writeBenchmarkSection } from './store.bench.ts';
 */
import { cpus, freemem, loadavg, totalmem, tmpdir } from 'node:os';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NewEvent } from '../events/envelope.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../infra/event-store/port.ts';
import { openSqliteEventStore, SqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';

export interface Machine {
  nproc: number;
  cpu: string;
  memory: string;
  node: string;
  platform: string;
  /** 1-minute load average when the benchmark started: other work on the machine skews the figures. */
  load: number;
  /** Median 4 KiB write + fdatasync in the temporary directory, ms (see measureFsyncMs). */
  fsyncMs: number;
}

export function describeMachine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (model?.[1]) cpu = model[1].trim();
  } catch {
    // not Linux: keep os.cpus()
  }
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return {
    nproc: availableParallelism(),
    cpu,
    memory: `${gib(totalmem())} total, ${gib(freemem())} free`,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    load: loadavg()[0] ?? 0,
    fsyncMs: measureFsyncMs(),
  };
}

/**
 * Median latency of a 4 KiB write + fdatasync in the temporary directory, in ms. Durable appends cannot
 * be faster than one of these per commit, so it puts the append figures in context.
 */
export function measureFsyncMs(samples = 200): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-fsync-'));
  try {
    const fd = openSync(path.join(dir, 'probe'), 'w');
    const block = Buffer.alloc(4096, 1);
    const times: number[] = [];
    try {
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        writeSync(fd, block);
        fdatasyncSync(fd);
        times.push(performance.now() - start);
      }
    } finally {
      closeSync(fd);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] ?? Number.NaN;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface BenchStore {
  store: EventStore;
  dir: string;
  /** Closes the store and deletes its directory. */
  dispose(): Promise<void>;
}

/** A fresh embedded store in a temporary directory (never inside the repository). */
export async function openBenchStore(): Promise<BenchStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-'));
  const store = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
  return {
    store,
    dir,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Measurement {
  name: string;
  events: number;
  seconds: number;
  perSecond: number;
  note?: string;
}

/** A realistic small event (~250 bytes of JSON with metadata). */
export function sampleEvent(n: number): NewEvent {
  return {
    type: 'PriceBarRecorded.v1',
    data: { etfId: `etf-${n % 97}`, date: '2025-06-13', open: '18.42', high: '18.77', low: '18.30', close: '18.61', volume: String(1_000 + n) },
    metadata: { actor: 'job:prices', correlationId: `bench-${n}` },
  };
}

export interface AppendWorkload {
  name: string;
  /** Concurrent appenders; each waits for its append before making the next. */
  appenders: number;
  /** 'distinct': one stream per appender. A number: appenders pick among that many shared streams. */
  streams: 'distinct' | number;
  /** Stop after this many events ... */
  events: number;
  /** ... or after this many seconds, whichever comes first. */
  maxSeconds: number;
}

/**
 * Single-event appends with exact expected revisions. On shared streams an appender that loses a
 * race retries at the revision the ConcurrencyError reports, as a command handler would.
 */
export async function benchAppends(store: EventStore, workload: AppendWorkload): Promise<Measurement> {
  const revisions = new Map<string, ExpectedRevision>();
  const prefix = `bench${Math.random().toString(36).slice(2, 8)}`;
  let written = 0;
  let started = 0;
  let conflicts = 0;
  const commitsBefore = commitCount(store);
  const deadline = performance.now() + workload.maxSeconds * 1000;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: workload.appenders }, async (_, appender) => {
      while (started < workload.events && performance.now() < deadline) {
        const n = started++;
        const stream =
          workload.streams === 'distinct' ? `${prefix}-${appender}` : `${prefix}-s${Math.floor(Math.random() * workload.streams)}`;
        for (;;) {
          const expected = revisions.get(stream) ?? 'no_stream';
          try {
            const result = await store.append(stream, [sampleEvent(n)], expected);
            revisions.set(stream, result.nextExpectedRevision);
            written += 1;
            break;
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
            conflicts += 1;
            revisions.set(stream, error.actual === 'no_stream' ? 'no_stream' : error.actual);
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const notes: string[] = [];
  const commits = commitCount(store) - commitsBefore;
  if (!Number.isNaN(commits)) notes.push(`${commits.toLocaleString('en-US')} commits, ${(written / commits).toFixed(1)} events/commit`);
  if (workload.streams !== 'distinct') notes.push(`${conflicts.toLocaleString('en-US')} conflicts retried`);
  return { name: workload.name, events: written, seconds, perSecond: written / seconds, note: notes.join('; ') };
}

/** Transactions committed so far by an embedded store (NaN for other adapters). */
function commitCount(store: EventStore): number {
  return store instanceof SqliteEventStore ? store.stats().commits : Number.NaN;
}

/** Reads the whole log with `readAll` in batches (raw envelopes, JSON parsed; no validation). */
export async function benchReplay(store: EventStore, batchSize = 1000, name = `replay, readAll batches of ${batchSize}`): Promise<Measurement> {
  let after = 0;
  let events = 0;
  const begin = performance.now();
  for (;;) {
    const batch = await store.readAll({ after, limit: batchSize });
    if (batch.length === 0) break;
    events += batch.length;
    after = batch[batch.length - 1]!.position;
  }
  const seconds = (performance.now() - begin) / 1000;
  return { name, events, seconds, perSecond: events / seconds };
}

export function markdownTable(measurements: Measurement[]): string {
  const rows = measurements.map(
    (m) => `| ${m.name} | ${m.events.toLocaleString('en-US')} | ${m.seconds.toFixed(2)} | **${Math.round(m.perSecond).toLocaleString('en-US')}** | ${m.note ?? ''} |`,
  );
  return ['| workload | events | seconds | events/s | note |', '|---|---:|---:|---:|---|', ...rows].join('\n');
}

export function machineMarkdown(machine: Machine): string {
  return [
    `- Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memory}, ${machine.platform}`,
    `- Node ${machine.node}`,
    `- At the start: load average ${machine.load.toFixed(2)}, median fdatasync of 4 KiB ${machine.fsyncMs.toFixed(3)} ms`,
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
  ].join('\n');
}

/**
 * Replaces (or appends) the `## <title>` section of a markdown file, keeping every other section.
 * The file is created with a `# Benchmarks` heading when missing.
 */
export function writeBenchmarkSection(file: string, title: string, body: string): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const section = `## ${title}\n\n${body.trim()}\n`;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  const before = lines.slice(0, start).join('\n').trimEnd();
  const after = lines.slice(end).join('\n').trim();
  writeFileSync(file, `${before}\n\n${section}${after ? `\n${after}\n` : ''}`);
}

export const EVENT_STORE_WORKLOADS: AppendWorkload[] = [
  { name: 'append, 1 appender, 1 stream', appenders: 1, streams: 'distinct', events: 20_000, maxSeconds: 10 },
  { name: 'append, 32 appenders, a stream each', appenders: 32, streams: 'distinct', events: 50_000, maxSeconds: 15 },
  { name: 'append, 32 appenders, 1,000 shared streams', appenders: 32, streams: 1_000, events: 50_000, maxSeconds: 15 },
];

/** Runs a measurement `runs` times and keeps the median run; the note gives the range. */
export async function medianOf(runs: number, measure: () => Promise<Measurement>): Promise<Measurement> {
  const all: Measurement[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure());
  all.sort((a, b) => a.perSecond - b.perSecond);
  const median = all[Math.floor(all.length / 2)]!;
  const range = `median of ${runs} runs (${Math.round(all[0]!.perSecond).toLocaleString('en-US')} to ${Math.round(all.at(-1)!.perSecond).toLocaleString('en-US')})`;
  return { ...median, note: [range, median.note].filter(Boolean).join('; ') };
}

const RUNS = 3;

async function main(): Promise<void> {
  const machine = describeMachine();
  console.log(`event store benchmark on ${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}, load ${machine.load.toFixed(2)}, fdatasync ${machine.fsyncMs.toFixed(3)} ms`);
  const bench = await openBenchStore();
  const measurements: Measurement[] = [];
  const report = (m: Measurement) => {
    console.log(`${m.name}: ${Math.round(m.perSecond)} events/s (${m.note})`);
    measurements.push(m);
  };
  try {
    for (const workload of EVENT_STORE_WORKLOADS) report(await medianOf(RUNS, () => benchAppends(bench.store, workload)));
    for (const batchSize of [1000, 5000]) report(await medianOf(RUNS, () => benchReplay(bench.store, batchSize)));
  } finally {
    await bench.dispose();
  }

  const table = markdownTable(measurements);
  console.log(`\n${table}\n`);
  const body = [
    machineMarkdown(machine),
    '',
    'Method: `npm run bench:store` (bench/store.bench.ts) on a fresh embedded store (SQLite, WAL,',
    '`synchronous=FULL`) in a temporary directory. Appends are single-event `append` calls with exact',
    'expected revisions (~250-byte JSON events); an appender awaits each append, which resolves only after',
    'the commit (durable), before making the next. A run stops after its number of events or its time',
    'limit (1 appender: 20,000 events or 10 s; 32 appenders: 50,000 events or 15 s); each workload runs',
    `${RUNS} times on the same (growing) store and the median run is shown. On shared streams an appender`,
    'that loses a race retries at the revision the ConcurrencyError reports. Concurrent appends are',
    'group-committed (one transaction and one fsync per batch; the note gives events per commit). Replay',
    'reads the whole log written by the append runs with `readAll` (raw envelopes, JSON parsed, no validation).',
    'Figures depend on the disk\'s fsync latency and on what else runs on the machine.',
    '',
    table,
  ].join('\n');
  const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
  writeBenchmarkSection(docs, 'Event store', body);
  console.log(`written to ${path.relative(process.cwd(), docs)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
