import { writeSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import type { Config } from '../http/config.ts';

/** pino's numeric level of `error`: lines at this level and above are written at once. */
const ERROR = 50;

/** How long a line may wait in the buffer when traffic is too low to fill it. */
const FLUSH_EVERY_MS = 1000;

/** Buffered bytes that trigger a write: about 250 request lines a write(2). */
const BUFFER_BYTES = 65_536;

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
 * The server log's destination (issue 30: the request log off the hot path). A line is encoded (UTF-8)
 * straight into a buffer allocated once, and the buffer is written in one write(2) when 64 KiB are
 * buffered, every second for a quieter server, and at the way out (shutdown, `beforeExit`, `exit`): a
 * request pays for copying its line's bytes, not for a system call, a string concatenation or a copy
 * at the write (an earlier version appended to a string and encoded it at each write: about 0.3 µs a
 * line more, and more garbage; docs/benchmarks.md "Request log"). Lines at `error` and above are
 * written at once, after everything buffered before them (order kept), so the reason for a crash is on
 * disk before the process goes.
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
  /** The lines not yet written, encoded as they come (no string concatenation, no copy at the write). */
  #buffer = Buffer.allocUnsafe(BUFFER_BYTES * 2);
  #used = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(fd: number) {
    this.#fd = fd;
    this.#timer = setInterval(() => this.flushSync(), FLUSH_EVERY_MS);
    this.#timer.unref();
    open.add(this);
    flushAllOnExit();
  }

  write(line: string): void {
    // a line never needs more than 3 bytes a UTF-16 unit: grow only for a line larger than what is left
    if (this.#used + line.length * 3 > this.#buffer.length) this.#grow(line.length * 3);
    this.#used += this.#buffer.write(line, this.#used);
    if (this.lastLevel >= ERROR) this.#flush(ERROR_RETRIES);
    else if (this.#used >= BUFFER_BYTES) this.#flush(0);
  }

  /** Room for `bytes` more: what is buffered is written first; a huge line gets a buffer of its own size. */
  #grow(bytes: number): void {
    this.#flush(0);
    if (this.#used + bytes > this.#buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.#buffer.length, this.#used + bytes));
      this.#buffer.copy(larger, 0, 0, this.#used);
      this.#buffer = larger;
    }
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
    let written = 0;
    while (written < this.#used) {
      try {
        written += writeSync(this.#fd, this.#buffer, written, this.#used - written);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || retries-- <= 0) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
            // kept for the next write, at the start of the buffer
            this.#buffer.copyWithin(0, written, this.#used);
            this.#used -= written;
          } else {
            // dropped with the reason on stderr (the file is gone)
            this.#used = 0;
            process.stderr.write(`log write failed: ${(error as Error).message}\n`);
          }
          return;
        }
        Atomics.wait(PAUSE, 0, 0, 10);
      }
    }
    this.#used = 0;
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
