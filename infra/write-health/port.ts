/**
 * Whether the server can write its event log (security audit S6): readiness (`/readyz`) reports
 * `degraded` while it cannot, so a load balancer stops sending writes to a node that fails them all,
 * and the composition root logs the original error once per incident instead of a stack per request.
 * The embedded adapter (disk-write-health.ts) also watches the free space of DATA_DIR.
 */

export type WriteHealthStatus = { status: 'ok' } | { status: 'degraded'; reason: string; since: string };

/** A change of state, for the one log line of each incident. */
export type WriteHealthChange =
  | { kind: 'degraded'; reason: string; since: string; /** The original error of a failed write, when one opened the incident. */ error?: string }
  | { kind: 'recovered'; reason: string; since: string; at: string };

export interface WriteHealth {
  status(): WriteHealthStatus;
  /** A write failed for lack of storage (see storageFailure): degraded until the storage works again. */
  writeFailed(error: unknown): void;
  /** A write of the event log succeeded. Cheap when all is well (called on every append). */
  writeSucceeded(): void;
  /** Called on every change of state. */
  onChange(listener: (change: WriteHealthChange) => void): void;
  close(): void;
}

/** For stores that are not on this machine's disk (EventStoreDB): always ok. */
export const REMOTE_WRITE_HEALTH: WriteHealth = {
  status: () => ({ status: 'ok' }),
  writeFailed: () => undefined,
  writeSucceeded: () => undefined,
  onChange: () => undefined,
  close: () => undefined,
};

const STORAGE_MESSAGES = /database or disk is full|disk I\/O error|attempt to write a readonly database|unable to open database file|no space left on device|read-only file system|disk quota exceeded/i;
const STORAGE_CODES = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EIO']);
/** SQLite's primary result codes: SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN. */
const SQLITE_STORAGE_CODES = new Set([8, 10, 13, 14]);

/**
 * The original message of an error that says the storage cannot take a write (SQLite's `database or
 * disk is full`, ENOSPC, a read-only file system, an I/O error): the innermost such error along `cause`
 * (the store's own words, without the stream's name, which may hold an e-mail address); null for any
 * other error. So the error handler answers 503 instead of 500, and the health check hears of it.
 */
export function storageFailure(error: unknown): string | null {
  let found: string | null = null;
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, errcode } = e as Error & { code?: unknown; errcode?: unknown };
    const message = e.message.split('\n')[0]!;
    const storage =
      (typeof code === 'string' && STORAGE_CODES.has(code)) || (typeof errcode === 'number' && SQLITE_STORAGE_CODES.has(errcode & 0xff)) || STORAGE_MESSAGES.test(message);
    if (storage) found = message;
  }
  return found;
}
