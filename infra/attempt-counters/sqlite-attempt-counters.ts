import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { counted, waitOf, type AttemptCounters, type CounterRow, type CounterRule, type TakeResult } from './port.ts';

/**
 * Attempt counters in SQLite (`<dataDir>/throttle.sqlite`, WAL): the embedded default, so a lock
 * survives a restart. `take` runs in one `BEGIN IMMEDIATE` transaction (node:sqlite is synchronous,
 * and SQLite serialises writers across processes), so it is atomic. Expired rows are deleted by a
 * timer through the index on `window_end_ms`, never on a request.
 */
export class SqliteAttemptCounters implements AttemptCounters {
  private readonly db: DatabaseSync;
  private readonly sweeper: NodeJS.Timeout;

  constructor(file: string, options: { sweepEveryMs?: number; now?: () => number } = {}) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;
      CREATE TABLE IF NOT EXISTS attempt_counters (
        key TEXT PRIMARY KEY, count INTEGER NOT NULL, window_end_ms INTEGER NOT NULL, next_at_ms INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX IF NOT EXISTS attempt_counters_window_end ON attempt_counters (window_end_ms);`);
    const now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(now()), options.sweepEveryMs ?? 60_000);
    this.sweeper.unref();
  }

  /** Deletes the counters whose window has ended (by index). */
  sweep(nowMs: number): number {
    return Number(this.db.prepare('DELETE FROM attempt_counters WHERE window_end_ms <= ? AND next_at_ms <= ?').run(nowMs, nowMs).changes);
  }

  private row(key: string, nowMs: number): CounterRow | undefined {
    const r = this.db.prepare('SELECT count, window_end_ms, next_at_ms FROM attempt_counters WHERE key = ?').get(key) as
      | { count: number; window_end_ms: number; next_at_ms: number }
      | undefined;
    if (!r || (r.window_end_ms <= nowMs && r.next_at_ms <= nowMs)) return undefined;
    return { count: r.count, windowEndMs: r.window_end_ms, nextAtMs: r.next_at_ms };
  }

  /**
   * Runs `work` in one write transaction. When a statement or the COMMIT fails, SQLite may already have
   * rolled the transaction back itself (a full disk: `database or disk is full`); a ROLLBACK then would
   * fail with "cannot rollback - no transaction is active" and hide the real error (security audit S6),
   * so it runs only while a transaction is open, and SQLite's error is the one thrown.
   */
  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      try {
        if (this.db.isTransaction) this.db.exec('ROLLBACK');
      } catch {
        // the connection rolled back by itself: the first error is the one to tell
      }
      throw error;
    }
  }

  // async: an error of the transaction is a rejected promise, like the other adapters'
  async take(rules: readonly CounterRule[], nowMs: number): Promise<TakeResult> {
    return Promise.resolve(
      this.transaction((): TakeResult => {
        const rows = rules.map((rule) => this.row(rule.key, nowMs));
        const wait = waitOf(rules, rows, nowMs);
        if (wait > 0) return { ok: false, retryAfterMs: wait };
        const upsert = this.db.prepare(
          `INSERT INTO attempt_counters (key, count, window_end_ms, next_at_ms) VALUES (?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_end_ms = excluded.window_end_ms, next_at_ms = excluded.next_at_ms`,
        );
        rules.forEach((rule, i) => {
          const next = counted(rule, rows[i], nowMs);
          upsert.run(rule.key, next.count, next.windowEndMs, next.nextAtMs);
        });
        return { ok: true };
      }),
    );
  }

  async giveBack(keys: readonly string[], nowMs: number): Promise<void> {
    this.transaction(() => {
      for (const key of keys) {
        if (!this.row(key, nowMs)) continue;
        this.db.prepare('UPDATE attempt_counters SET count = MAX(count - 1, 0) WHERE key = ?').run(key);
      }
    });
  }

  async clear(keys: readonly string[]): Promise<void> {
    const del = this.db.prepare('DELETE FROM attempt_counters WHERE key = ?');
    for (const key of keys) del.run(key);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.db.isOpen) this.db.close();
    return Promise.resolve();
  }
}
