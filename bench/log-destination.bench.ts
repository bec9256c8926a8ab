/**
 * `npm run bench:log`: what one request line costs the server process, by the way it is written (issue 30:
 * the request log off the hot path). The same line as services/http/request-log.ts writes (pino, the
 * request's id, method, url and address, status, time) to a file, 200,000 times in bursts of 100 with a
 * turn of the event loop between bursts (as a server's requests come), through:
 * - `sync`: pino's default destination before issue 30 (SonicBoom, synchronous: a write(2) per line);
 * - `async`: pino's asynchronous destination (SonicBoom, `sync: false, minLength: 4096`: 4 KiB writes on
 *   libuv's thread pool);
 * - `buffered`: services/gateway/logger.ts (lines kept in memory, one write(2) per 64 KiB or per second;
 *   what the server uses);
 * - `worker`: pino's transport in a worker thread (`pino/file`, thread-stream's shared buffer).
 * Figure: the process's CPU time (process.cpuUsage: user + system of every thread, so the worker's and
 * the pool's work count) per line, and the main thread's (process.threadCpuUsage), until every line is in the file; each destination in a child process
 * of its own, interleaved rounds (default 3), the median reported. Prints a markdown table.
 *
 * Modes: no argument (the bench), `--one <kind> <file>` (a child measuring one destination).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { createServerLogger } from '../services/gateway/logger.ts';
import { describeMachine, machineMarkdown } from './store.bench.ts';

const LINES = Number(process.env['BENCH_LINES'] ?? 200_000);
const BURST = 100;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
type Kind = 'sync' | 'buffered' | 'async' | 'worker' | 'sync-batched' | 'none';
const KINDS: readonly Kind[] = process.env['BENCH_KINDS'] ? (process.env['BENCH_KINDS'].split(',') as Kind[]) : ['sync', 'async', 'worker', 'buffered'];

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function loggerOf(kind: Kind, file: string): { logger: Logger; done: () => Promise<void> } {
  if (kind === 'sync') {
    const destination = pino.destination({ dest: file, sync: true });
    return { logger: pino({ level: 'info' }, destination), done: async () => destination.flushSync() };
  }
  if (kind === 'async') {
    const destination = pino.destination({ dest: file, sync: false, minLength: 4096 });
    return { logger: pino({ level: 'info' }, destination), done: async () => destination.flushSync() };
  }
  if (kind === 'sync-batched') {
    const destination = pino.destination({ dest: file, sync: true, minLength: 4096 });
    return { logger: pino({ level: 'info' }, destination), done: async () => destination.flushSync() };
  }
  if (kind === 'none') {
    let n = 0;
    const logger = pino({ level: 'info' }, { write: () => void n++ });
    return { logger, done: async () => writeFileSync(file, '\n'.repeat(n)) };
  }
  if (kind === 'buffered') {
    const { logger, flushSync } = createServerLogger({ logLevel: 'info', production: true }, { fd: openSync(file, 'w') });
    return { logger, done: async () => flushSync() };
  }
  const transport = pino.transport({ target: 'pino/file', options: { destination: file } });
  const logger = pino({ level: 'info' }, transport);
  return {
    logger,
    async done() {
      transport.flushSync();
      // the worker writes the file on its own time: done when every line is in it
      while (linesIn(file) < LINES) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

const linesIn = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

async function one(kind: Kind, file: string): Promise<void> {
  const { logger, done } = loggerOf(kind, file);
  await turn();
  const before = process.cpuUsage();
  const mainBefore = process.threadCpuUsage();
  for (let i = 0; i < LINES; i += BURST) {
    for (let k = 0; k < BURST; k++) {
      const n = i + k;
      logger.info({ req: { id: `3f1c2a9e-5b7d-4c1e-9a3b-${String(n).padStart(12, '0')}`, method: 'GET', url: '/api/top-performers', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 0 }, 'request completed');
    }
    await turn();
  }
  await done();
  const cpu = process.cpuUsage(before);
  const main = process.threadCpuUsage(mainBefore);
  const lines = linesIn(file);
  if (lines !== LINES) throw new Error(`${kind}: ${lines} lines in the file, ${LINES} written`);
  process.send!({ microsPerLine: (cpu.user + cpu.system) / LINES, mainMicrosPerLine: (main.user + main.system) / LINES });
}

interface Figures {
  microsPerLine: number;
  mainMicrosPerLine: number;
}

function child(kind: Kind, file: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ['--one', kind, file], { stdio: 'inherit' });
    proc.once('message', (m) => resolve(m as Figures));
    proc.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${kind} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-bench-log-'));
  const figures = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const mainFigures = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) {
        const f = await child(kind, path.join(dir, `${kind}-${round}.log`));
        figures.get(kind)!.push(f.microsPerLine);
        mainFigures.get(kind)!.push(f.mainMicrosPerLine);
        console.error(`round ${round + 1}/${ROUNDS} ${kind}: ${f.microsPerLine.toFixed(2)} µs CPU per line (main thread ${f.mainMicrosPerLine.toFixed(2)})`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const label: Record<Kind, string> = {
    'sync-batched': 'synchronous, 4 KiB at a time',
    none: 'serialised, not written (the floor)',
    sync: 'synchronous (pino default, before issue 30): a write(2) per line',
    async: "pino's asynchronous destination (SonicBoom, `sync: false, minLength: 4096`: 4 KiB writes on libuv's pool)",
    buffered: '**buffered in memory, one write(2) per 64 KiB or per second (services/gateway/logger.ts)**',
    worker: 'worker thread (pino.transport, pino/file)',
  };
  console.log(
    [
      machineMarkdown(machine),
      `- Load average (1 min) at the end ${(loadavg()[0] ?? 0).toFixed(2)}`,
      '',
      `Method: \`npm run bench:log\` (bench/log-destination.bench.ts). ${LINES.toLocaleString('en-US')} request lines (the request log's fields) to a file in bursts of ${BURST}, a turn of the event loop between bursts; CPU time of the whole process (every thread) until every line is in the file, per line; each destination in its own child process, ${ROUNDS} interleaved rounds, median (range).`,
      '',
      '| destination | µs CPU per line, whole process | range | of which the main thread (median) |',
      '|---|---:|---|---:|',
      ...KINDS.map((k) => `| ${label[k]} | **${median(figures.get(k)!).toFixed(2)}** | ${Math.min(...figures.get(k)!).toFixed(2)} to ${Math.max(...figures.get(k)!).toFixed(2)} | ${median(mainFigures.get(k)!).toFixed(2)} |`),
    ].join('\n'),
  );
}

if (process.argv[2] === '--one') await one(process.argv[3] as Kind, process.argv[4]!);
else await main();
