import { pino, type Logger } from 'pino';
import type { Config } from '../http/config.ts';

/** pino's numeric level of `error`: lines at this level and above are written at once. */
const ERROR = 50;

/** How long a line may wait in the buffer when traffic is too low to fill it. */
const FLUSH_EVERY_MS = 1000;

/** Buffered bytes that trigger a write (SonicBoom's minLength). */
const BUFFER_BYTES = 4096;

type SonicBoom = ReturnType<typeof pino.destination>;

/** The key by which a stream asks pino for each line's level (pino's `needsMetadataGsym`). */
const NEEDS_METADATA: unique symbol = Symbol.for('pino.metadata') as never;

/**
 * The server log's destination (issue 30: the request log off the hot path). Lines are appended to a
 * buffer and written by libuv's thread pool once 4 KiB are buffered (pino's asynchronous SonicBoom), so a
 * request pays for serialising its line and a string append, not for a write(2); a timer hands a quieter
 * server's lines on within a second. Lines at `error` and above are written synchronously, after
 * everything buffered before them (order kept), so the reason for a crash is on disk before the process
 * goes. The buffer is written synchronously at shutdown (`flushSync`) and, through pino's own exit hook
 * for asynchronous destinations, on `beforeExit` and `exit`.
 *
 * Measured against pino's worker-thread transport (thread-stream to a file, same lines, same process):
 * docs/benchmarks.md, "Request log".
 */
export class LogDestination {
  /** pino sets `lastLevel` on a stream that asks for the line's metadata. */
  readonly [NEEDS_METADATA] = true;
  lastLevel = 0;
  readonly #boom: SonicBoom;
  #pending = false;
  readonly #timer: NodeJS.Timeout;

  constructor(fd: number) {
    this.#boom = pino.destination({ dest: fd, sync: false, minLength: BUFFER_BYTES });
    this.#timer = setInterval(() => {
      if (!this.#pending) return;
      this.#pending = false;
      this.#boom.flush();
    }, FLUSH_EVERY_MS);
    this.#timer.unref();
  }

  write(line: string): void {
    this.#boom.write(line);
    if (this.lastLevel >= ERROR) this.flushSync();
    else this.#pending = true;
  }

  /** Writes everything buffered now, synchronously (shutdown, a crash, an error line). */
  flushSync(): void {
    this.#pending = false;
    this.#boom.flushSync();
  }

  /** Hands the buffer to the thread pool; `done` once written (pino's `logger.flush`). */
  flush(done?: (error?: Error) => void): void {
    this.#pending = false;
    this.#boom.flush(done);
  }
}

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
