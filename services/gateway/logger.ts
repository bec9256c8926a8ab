import { writeSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import type { Config } from '../http/config.ts';

/** pino's numeric level of `error`: lines at this level and above are written at once. */
const ERROR = 50;

/** How long a line may wait in the buffer when traffic is too low to fill it. */
const FLUSH_EVERY_MS = 1000;

/** Buffered characters that trigger a write: about 60 request lines a write(2). */
const BUFFER_CHARS = 16_384;

/** A full pipe (its reader behind): how many times an error line's write is retried, 10 ms apart. */
const ERROR_RETRIES = 100;

/** The key by which a stream asks pino for each line's level. */
const NEEDS_METADATA = pino.symbols.needsMetadataGsym;

/** Every destination of the process, flushed on the way out. */
const open = new Set<LogDestination>();
let hooked = false;
function flushAllOnExit(): void {
  if (hooked) return;
  hooked = true;
  // beforeExit: the event loop ran dry; exit: process.exit or a crash (only synchronous work runs there)
  for (const event of ['beforeExit', 'exit'] as const) process.on(event, () => open.forEach((d) => d.flushSync()));
}

/**
 * The server log's destination (issue 30: the request log off the hot path). A line is appended to a
 * string in memory, and the buffer is written in one write(2) when 16 KiB are buffered, every second
 * for a quieter server, and at the way out (shutdown, `beforeExit`, `exit`): a request pays for its
 * line and a string append, not for a system call. Lines at `error` and above are written at once,
 * after everything buffered before them (order kept), so the reason for a crash is on disk before the
 * process goes.
 *
 * Why not pino's asynchronous SonicBoom (`pino.destination({ sync: false, minLength: 4096 })`) or a
 * worker-thread transport: measured per line, both cost the process more CPU than pino's synchronous
 * destination (bench/log-destination.bench.ts, docs/benchmarks.md "Request log"): SonicBoom measures the
 * byte length of its whole pending buffer on every write, and a transport copies each line to a worker
 * that writes it. This one costs less than either, on the main thread and in all.
 *
 * A full pipe (EAGAIN) never blocks the server: what could not be written stays buffered for the next
 * write, except an error line's, which is retried for up to a second.
 */
export class LogDestination {
  /** pino sets `lastLevel` on a stream that asks for the line's metadata. */
  readonly [NEEDS_METADATA] = true;
  lastLevel = 0;
  readonly #fd: number;
  #text = '';
  readonly #timer: NodeJS.Timeout;

  constructor(fd: number) {
    this.#fd = fd;
    this.#timer = setInterval(() => this.flushSync(), FLUSH_EVERY_MS);
    this.#timer.unref();
    open.add(this);
    flushAllOnExit();
  }

  write(line: string): void {
    this.#text += line;
    if (this.lastLevel >= ERROR) this.#flush(ERROR_RETRIES);
    else if (this.#text.length >= BUFFER_CHARS) this.#flush(0);
  }

  /** Writes everything buffered now, synchronously (shutdown, exit, the timer). */
  flushSync(): void {
    this.#flush(ERROR_RETRIES);
  }

  /** pino's `logger.flush(cb)`: written synchronously, then `done`. */
  flush(done?: (error?: Error) => void): void {
    this.flushSync();
    done?.();
  }

  /** No more writes: what is buffered is written, the timer stopped. */
  close(): void {
    this.flushSync();
    clearInterval(this.#timer);
    open.delete(this);
  }

  #flush(retries: number): void {
    if (this.#text === '') return;
    const bytes = Buffer.from(this.#text, 'utf8');
    this.#text = '';
    let written = 0;
    while (written < bytes.length) {
      try {
        written += writeSync(this.#fd, bytes, written);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || retries-- <= 0) {
          // kept for the next write (EAGAIN), or dropped with the reason on stderr (the file is gone)
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') this.#text = bytes.subarray(written).toString('utf8') + this.#text;
          else process.stderr.write(`log write failed: ${(error as Error).message}\n`);
          return;
        }
        Atomics.wait(PAUSE, 0, 0, 10);
      }
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

export interface ServerLogger {
  logger: Logger;
  /** Writes what is buffered, synchronously: call before process.exit. */
  flushSync(): void;
}

/**
 * The server's logger at the configured level: JSON lines on stdout through LogDestination; in
 * development on a terminal, pino-pretty in a worker thread (a person reading, not a throughput).
 */
export function createServerLogger(config: Pick<Config, 'logLevel' | 'production'>, options: { fd?: number; pretty?: boolean } = {}): ServerLogger {
  const pretty = options.pretty ?? (!config.production && process.stdout.isTTY === true);
  if (pretty) {
    const logger = pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
    return { logger, flushSync: () => logger.flush() };
  }
  const destination = new LogDestination(options.fd ?? 1);
  return { logger: pino({ level: config.logLevel }, destination), flushSync: () => destination.flushSync() };
}
