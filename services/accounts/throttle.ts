import type { Collection, DocumentStore } from '../../infra/document-store/port.ts';

/**
 * Fixed-window attempt counters in the document store (collection `throttle`: operational state,
 * not a read model), so every gateway instance sees the same counts. A window opens at the first
 * attempt and lasts `windowMs`; once `limit` attempts are counted in it, the key is blocked until
 * the window ends.
 */
export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}

interface ThrottleDoc {
  _id: string;
  [field: string]: unknown;
  count: number;
  windowEndMs: number;
}

export const THROTTLE_COLLECTION = 'throttle';

export class Throttle {
  private readonly collection: Collection<ThrottleDoc>;

  constructor(docs: DocumentStore) {
    this.collection = docs.collection<ThrottleDoc>(THROTTLE_COLLECTION);
  }

  /** Milliseconds until every blocked rule's window ends; 0 when none is blocked. */
  async blockedForMs(rules: readonly ThrottleRule[], now: Date): Promise<number> {
    const nowMs = now.getTime();
    const docs = await this.collection.find({ _id: { $in: rules.map((r) => r.key) } });
    let blockedMs = 0;
    for (const rule of rules) {
      const doc = docs.find((d) => d._id === rule.key);
      if (doc && doc.windowEndMs > nowMs && doc.count >= rule.limit) blockedMs = Math.max(blockedMs, doc.windowEndMs - nowMs);
    }
    return blockedMs;
  }

  /** Counts one attempt (a failed login, a reset mail) against every rule; atomic per key, safe across gateways. */
  async record(rules: readonly ThrottleRule[], now: Date): Promise<void> {
    const nowMs = now.getTime();
    for (const rule of rules) {
      // An expired window starts over; then the count goes up (creating the document if needed).
      await this.collection.updateOne(
        { _id: rule.key, windowEndMs: { $lte: nowMs } },
        { $set: { count: 0, windowEndMs: nowMs + rule.windowMs } },
      );
      await this.collection.updateOne(
        { _id: rule.key },
        { $inc: { count: 1 }, $setOnInsert: { windowEndMs: nowMs + rule.windowMs } },
        { upsert: true },
      );
    }
  }

  /**
   * Counts one request against `rule` (a new window when the old one has ended) and returns the count
   * in the current window, after this request, and when the window ends.
   */
  async count(rule: ThrottleRule, now: Date): Promise<{ count: number; windowEndMs: number }> {
    await this.record([rule], now);
    const doc = await this.collection.findOne({ _id: rule.key });
    return { count: doc?.count ?? 1, windowEndMs: doc?.windowEndMs ?? now.getTime() + rule.windowMs };
  }

  /**
   * Housekeeping: counters whose window has ended carry no information any more. Run on a timer
   * (startThrottleSweep), never per request: the filter scans the collection on the embedded store.
   */
  async sweep(now: Date): Promise<number> {
    return (await this.collection.deleteMany({ windowEndMs: { $lte: now.getTime() } })).deletedCount;
  }

  async clear(key: string): Promise<void> {
    await this.collection.deleteOne({ _id: key });
  }
}

export const THROTTLE_SWEEP_MS = 10 * 60 * 1000;

/** Sweeps ended counters every THROTTLE_SWEEP_MS; the returned function stops it. Does not keep the process alive. */
export function startThrottleSweep(throttle: Throttle, now: () => Date, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    throttle.sweep(now()).catch(onError);
  }, THROTTLE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
