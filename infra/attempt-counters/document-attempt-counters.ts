import type { Collection, DocumentStore } from '../document-store/port.ts';
import { counted, waitOf, type AttemptCounters, type CounterRow, type CounterRule, type TakeResult } from './port.ts';

interface CounterDoc extends CounterRow {
  _id: string;
  [field: string]: unknown;
  /** When the row carries no information any more (the later of the window's end and the next slot): the TTL field. */
  expiresAt: Date;
}

/** The TTL index on `expiresAt` (MongoDB deletes a counter once it is past; the monitor runs about once a minute). */
export const COUNTER_TTL_INDEX = { key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 } as const;

function stored(key: string, row: CounterRow): CounterDoc {
  return { _id: key, count: row.count, windowEndMs: row.windowEndMs, nextAtMs: row.nextAtMs, expiresAt: new Date(Math.max(row.windowEndMs, row.nextAtMs)) };
}

/**
 * Attempt counters in the document store (collection `attempt_counters`), used with MONGODB_URL so
 * every gateway shares them. `take` is serialised inside this process (a promise chain); between
 * gateways two requests can still interleave (see docs/accounts-and-security.md). Expired documents
 * go by MongoDB's TTL index on `expiresAt`; on the embedded document store (tests) by a timer through
 * the index on `windowEndMs`; never on a request (an expired row is read as absent).
 */
export class DocumentAttemptCounters implements AttemptCounters {
  private readonly collection: Collection<CounterDoc>;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(docs: DocumentStore, options: { sweepEveryMs?: number; now?: () => number } = {}) {
    this.collection = docs.collection<CounterDoc>('attempt_counters');
    // Every operation queues behind the index creation (so the TTL index exists before the first counter).
    this.queue = Promise.all([this.collection.createIndex({ key: { windowEndMs: 1 }, name: 'windowEndMs' }), this.collection.createIndex(COUNTER_TTL_INDEX)]).catch(
      () => undefined,
    );
    const now = options.now ?? Date.now;
    // MongoDB's TTL monitor deletes expired counters; the embedded store has none, so a timer does it there.
    if (docs.kind !== 'mongodb') {
      this.sweeper = setInterval(() => void this.sweep(now()), options.sweepEveryMs ?? 60_000);
      this.sweeper.unref();
    }
  }

  async sweep(nowMs: number): Promise<number> {
    return (await this.collection.deleteMany({ windowEndMs: { $lte: nowMs }, nextAtMs: { $lte: nowMs } })).deletedCount;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async rows(keys: readonly string[], nowMs: number): Promise<(CounterRow | undefined)[]> {
    const docs = await this.collection.find({ _id: { $in: [...keys] } });
    return keys.map((key) => {
      const doc = docs.find((d) => d._id === key);
      return doc && (doc.windowEndMs > nowMs || doc.nextAtMs > nowMs) ? { count: doc.count, windowEndMs: doc.windowEndMs, nextAtMs: doc.nextAtMs } : undefined;
    });
  }

  take(rules: readonly CounterRule[], nowMs: number): Promise<TakeResult> {
    return this.serial(async (): Promise<TakeResult> => {
      const rows = await this.rows(
        rules.map((r) => r.key),
        nowMs,
      );
      const wait = waitOf(rules, rows, nowMs);
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      for (const [i, rule] of rules.entries()) {
        const next = counted(rule, rows[i], nowMs);
        await this.collection.replaceOne({ _id: rule.key }, stored(rule.key, next), { upsert: true });
      }
      return { ok: true };
    });
  }

  giveBack(keys: readonly string[], nowMs: number): Promise<void> {
    return this.serial(async () => {
      const rows = await this.rows(keys, nowMs);
      for (const [i, key] of keys.entries()) {
        const row = rows[i];
        if (row) await this.collection.replaceOne({ _id: key }, stored(key, { ...row, count: Math.max(0, row.count - 1) }));
      }
    });
  }

  clear(keys: readonly string[]): Promise<void> {
    return this.serial(async () => {
      await this.collection.deleteMany({ _id: { $in: [...keys] } });
    });
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}
