import { randomBytes } from 'node:crypto';
import { open, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import { storageFailure, type WriteHealth, type WriteHealthChange, type WriteHealthStatus } from './port.ts';

/**
 * Write health of the embedded event log (SQLite in DATA_DIR; security audit S6). Degraded while either
 * holds:
 * - a write failed for lack of storage (`writeFailed`) and the storage has not shown since that it works
 *   again: an append succeeded, or a check found enough free space and wrote, synced and removed a
 *   probe file in DATA_DIR, with no write failing for a whole check interval before it (so writes that
 *   keep failing while a small file still fits keep it degraded, instead of flapping);
 * - the last check found less than `minFreeBytes` free on DATA_DIR's file system (statfs, the space an
 *   unprivileged process may use): the log would fail the next append, or soon.
 * The free space is checked every `checkEveryMs` (5 s) and at once after a failed write, so a freed
 * disk brings readiness back within a few seconds without a restart. Each change of state is told once
 * to the listeners: one log line per incident, whatever the number of failed requests.
 */

export interface DiskWriteHealthOptions {
  /** The directory of the event log (DATA_DIR). */
  dir: string;
  /** Free bytes below which the log counts as not writable. */
  minFreeBytes: number;
  /** How often the free space is checked. Default 5 s. */
  checkEveryMs?: number;
  /** Free bytes of `dir`'s file system (default: statfs, `bavail` x `bsize`). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Writes, syncs and removes a small file in `dir`; rejects when the file system refuses (default: 64 KiB). */
  probe?: (dir: string) => Promise<void>;
  now?: () => Date;
}

const PROBE_BYTES = 64 * 1024;

async function statfsFree(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

async function probeWrite(dir: string): Promise<void> {
  const file = path.join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.alloc(PROBE_BYTES, 0x57));
    await handle.sync();
  } finally {
    await handle.close();
    await unlink(file).catch(() => undefined);
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

export class DiskWriteHealth implements WriteHealth {
  private readonly options: Required<DiskWriteHealthOptions>;
  private readonly timer: NodeJS.Timeout;
  private readonly listeners: ((change: WriteHealthChange) => void)[] = [];
  /** A failed write not yet followed by a sign that the storage works. */
  private failure: { reason: string; error: string; since: string } | null = null;
  /** When a write last failed (ms). */
  private lastFailureMs = 0;
  /** The last check found too little free space. */
  private low: { reason: string; since: string } | null = null;
  /** The incident being told (set while degraded). */
  private incident: { reason: string; since: string } | null = null;
  private checking: Promise<void> | null = null;
  private closed = false;

  constructor(options: DiskWriteHealthOptions) {
    this.options = { checkEveryMs: 5000, freeBytes: statfsFree, probe: probeWrite, now: () => new Date(), ...options };
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs);
    this.timer.unref();
    void this.check();
  }

  status(): WriteHealthStatus {
    const degraded = this.failure ?? this.low;
    return degraded ? { status: 'degraded', reason: degraded.reason, since: this.incident?.since ?? degraded.since } : { status: 'ok' };
  }

  writeFailed(error: unknown): void {
    this.lastFailureMs = this.options.now().getTime();
    if (this.failure === null) {
      const message = storageFailure(error) ?? firstLine(error);
      this.failure = { reason: `writes are failing: ${message}`, error: message, since: this.now() };
      this.tell();
    }
    void this.check();
  }

  writeSucceeded(): void {
    if (this.failure === null) return;
    this.failure = null;
    this.tell();
  }

  onChange(listener: (change: WriteHealthChange) => void): void {
    this.listeners.push(listener);
  }

  /** Checks the free space now (and the probe while a failure is open); one check at a time. */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private async runCheck(): Promise<void> {
    if (this.closed) return;
    const { dir, minFreeBytes } = this.options;
    let free: number;
    try {
      free = await this.options.freeBytes(dir);
    } catch (error) {
      this.low = { reason: `the free space of DATA_DIR cannot be read: ${firstLine(error)}`, since: this.low?.since ?? this.now() };
      this.tell();
      return;
    }
    if (free < minFreeBytes) {
      this.low = { reason: `only ${mib(free)} free for the event log in DATA_DIR (at least ${mib(minFreeBytes)} needed)`, since: this.low?.since ?? this.now() };
    } else {
      this.low = null;
      const failure = this.failure;
      const quiet = this.options.now().getTime() - this.lastFailureMs >= this.options.checkEveryMs;
      if (failure !== null && quiet) {
        try {
          await this.options.probe(dir);
          if (this.failure === failure) this.failure = null;
        } catch (error) {
          const message = storageFailure(error) ?? firstLine(error);
          if (this.failure === failure) this.failure = { ...failure, reason: `writes are failing: ${message}` };
        }
      }
    }
    this.tell();
  }

  /** Tells the listeners when the state turned degraded or back. */
  private tell(): void {
    const now = this.status();
    if (now.status === 'degraded' && this.incident === null) {
      this.incident = { reason: now.reason, since: now.since };
      const change: WriteHealthChange = { kind: 'degraded', reason: now.reason, since: now.since, ...(this.failure ? { error: this.failure.error } : {}) };
      for (const listener of this.listeners) listener(change);
    } else if (now.status === 'ok' && this.incident !== null) {
      const change: WriteHealthChange = { kind: 'recovered', reason: this.incident.reason, since: this.incident.since, at: this.now() };
      this.incident = null;
      for (const listener of this.listeners) listener(change);
    }
  }

  private now(): string {
    return this.options.now().toISOString();
  }
}
