/**
 * The embedded event store: one SQLite file (Node's built-in `node:sqlite`), WAL, `synchronous=FULL`.
 *
 * - Writes go to a writer connection in a worker thread (sqlite-writer.worker.ts) that group-commits:
 *   all appends that queued while the previous transaction committed go into one transaction and one
 *   fsync. Appends made during one turn of the event loop travel to the worker in one message.
 *   `append` resolves after COMMIT, i.e. once the events are durable.
 * - Reads use a read-only connection on the main thread; WAL lets them run while the writer commits,
 *   and a read started after an append resolved sees that append.
 * - Subscriptions pull from the table: catch-up in batches, then wait for this store's own commits or,
 *   every `pollIntervalMs`, for commits of other processes on the same file (the CLI).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { registerCache, registerCacheKind } from '../../domain/caches/registry.ts';
import type { NewEvent, RecordedEvent } from '../../events/envelope.ts';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';
import type { FromWriter, ToWriter, WireAppend, WireEvent, WireResult, WriterData } from './sqlite-writer.worker.ts';

export interface SqliteEventStoreOptions {
  /** How often live subscriptions look for commits made by other connections. Default 250 ms. */
  pollIntervalMs?: number;
}

/** Counters for tests and benchmarks. */
export interface SqliteEventStoreStats {
  /** Append requests answered by the writer. */
  appends: number;
  /** Transactions the writer committed (or tried to). */
  commits: number;
}

interface PendingAppend {
  wire: WireAppend;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface EventRow {
  position: number;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const DEFAULT_POLL_MS = 250;
const DEFAULT_BATCH_SIZE = 500;
const COLUMNS = 'position, stream, revision, type, data, metadata, recorded_at';

/** Opens (creating if needed) the event store in `file`; its directory is created when missing. */
export async function openSqliteEventStore(file: string, options: SqliteEventStoreOptions = {}): Promise<SqliteEventStore> {
  const absolute = path.resolve(file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  const worker = new Worker(new URL('./sqlite-writer.worker.ts', import.meta.url), {
    workerData: { file: absolute } satisfies WriterData,
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromWriter) => {
      cleanup();
      if (message.kind === 'ready') resolve();
      else reject(new Error(`event store ${absolute}: ${message.kind === 'fatal' ? message.message : 'writer did not start'}`));
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`event store ${absolute}: writer exited with code ${code} while starting`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  return new SqliteEventStore(absolute, worker, options);
}

// In the cache registry (domain/caches/registry.ts) from here: the writer's worker thread has its own
// module instances, out of reach of this thread's registry and of clear-cache.
registerCache({
  name: 'writer-revisions',
  owner: 'infra/event-store/sqlite-writer.worker.ts',
  key: 'stream name: the revision of its last event',
  bound: '10,000 streams (CACHE_LIMIT)',
  eviction: 'the least recently remembered first (a lookup that misses and a commit remember a stream); all when another connection committed or a batch failed',
  coherence: "checked against SQLite's `data_version` before every batch of appends, and updated by the writer's own commits",
  clearable: false,
  reason: "it lives in the writer's worker thread, out of this registry's reach; it is never stale (see coherence)",
});

export class SqliteEventStore implements EventStore {
  /** In the cache registry (domain/caches/registry.ts). */
  private static readonly subscriptionReads = registerCacheKind<SqliteEventStore>({
    name: 'subscription-read',
    owner: 'infra/event-store/sqlite-event-store.ts',
    key: 'the start position and limit of the last subscription read',
    bound: 'one read (at most a page of events) per open store',
    eviction: 'at the next commit this store sees, or a read from another start',
    coherence: 'the events after a position never change; a commit not seen yet wakes the subscriptions again',
    clearable: true,
    clear: (store) => void (store.lastSubscriptionRead = undefined),
    size: (store) => (store.lastSubscriptionRead === undefined ? 0 : 1),
  });
  readonly kind = 'sqlite' as const;
  readonly file: string;

  private readonly worker: Worker;
  private readonly reader: DatabaseSync;
  private readonly selectAll: StatementSync;
  private readonly selectAllLimited: StatementSync;
  private readonly selectStream: StatementSync;
  private readonly selectHead: StatementSync;
  private readonly selectDataVersion: StatementSync;
  private readonly pollIntervalMs: number;

  /** Appends waiting for the next message to the writer. */
  private outbox: PendingAppend[] = [];
  private flushScheduled = false;
  /** Appends sent to the writer, by request id. */
  private readonly inFlight = new Map<number, PendingAppend>();
  private nextId = 1;
  private readonly counters: SqliteEventStoreStats = { appends: 0, commits: 0 };

  private readonly subscriptions = new Set<SqliteSubscription>();
  private pollTimer: NodeJS.Timeout | undefined;
  private lastDataVersion = -1;

  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  private readonly writerGone: Promise<void>;
  private readonly untrack: () => void;

  constructor(file: string, worker: Worker, options: SqliteEventStoreOptions) {
    this.file = file;
    this.worker = worker;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_MS;
    this.reader = new DatabaseSync(file, { readOnly: true });
    this.reader.exec('PRAGMA busy_timeout = 10000');
    this.selectAll = this.reader.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position`);
    this.selectAllLimited = this.reader.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);
    this.selectStream = this.reader.prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
    );
    this.selectHead = this.reader.prepare('SELECT coalesce(max(position), 0) AS position FROM events');
    this.selectDataVersion = this.reader.prepare('PRAGMA data_version');

    this.writerGone = new Promise((resolve) => {
      this.worker.once('exit', () => resolve());
    });
    this.worker.on('message', (message: FromWriter) => this.onWriterMessage(message));
    this.worker.on('error', (error) => this.fail(error instanceof Error ? error : new Error(String(error))));
    this.worker.on('exit', (code) => {
      if (!this.closing || this.inFlight.size > 0) this.fail(new Error(`event store writer exited unexpectedly (code ${code})`));
    });
    // Only pending appends keep the process alive (see flush/settle).
    this.worker.unref();
    this.untrack = SqliteEventStore.subscriptionReads.track(this);
  }

  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      if (this.closing) throw new Error('event store is closed');
      if (this.failure) throw this.failure;
      const wire: WireAppend = { id: this.nextId++, stream: checkStream(stream), expected: checkExpected(expected), events: serialize(events) };
      this.outbox.push({ wire, resolve, reject });
      this.scheduleFlush();
    });
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const rows = this.selectStream.all(stream, Math.max(0, options.fromRevision ?? 0)) as unknown as EventRow[];
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readAllNow(options.after ?? 0, options.limit);
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return (this.selectHead.get() as { position: number }).position;
  }

  subscribe(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = new SqliteSubscription(this, options);
    this.subscriptions.add(subscription);
    this.startPolling();
    subscription.start(() => {
      this.subscriptions.delete(subscription);
      if (this.subscriptions.size === 0) this.stopPolling();
    });
    return subscription;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    this.selectHead.get();
  }

  /** Stops subscriptions, commits every append already requested, then closes both connections. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  stats(): SqliteEventStoreStats {
    return { ...this.counters };
  }

  /** Synchronous read used by subscriptions (no await between the read and waiting for news). */
  readAllNow(after: number, limit: number | undefined): RecordedEvent[] {
    const rows = (
      limit === undefined ? this.selectAll.all(after) : this.selectAllLimited.all(after, Math.max(0, Math.floor(limit)))
    ) as unknown as EventRow[];
    return rows.map(toRecorded);
  }

  /**
   * A subscription's read: live subscriptions (the projections, the alert reactor) sit at the same
   * position and read the same new events after each commit, so the first one's read is shared with
   * the others until the next commit is seen (the rows are the same objects: subscribers only read
   * them). A read shared after a commit that this store has not seen yet misses nothing: that commit's
   * notice wakes the subscriptions again.
   */
  readForSubscription(after: number, limit: number): RecordedEvent[] {
    const last = this.lastSubscriptionRead;
    // the same start, and either that read reached the head (fewer rows than its limit) or this one wants no more
    if (last !== undefined && last.after === after && (last.events.length < last.limit || limit <= last.limit)) return last.events.slice(0, limit);
    const events = this.readAllNow(after, limit);
    this.lastSubscriptionRead = { after, limit, events };
    return events.slice();
  }

  private lastSubscriptionRead: { after: number; limit: number; events: RecordedEvent[] } | undefined;

  /** Resolves at the next commit seen by this store (own appends or, when polling, other connections). */
  nextChange(): { promise: Promise<void>; cancel: () => void } {
    let cancel = () => {};
    const promise = new Promise<void>((resolve) => {
      const listener = () => resolve();
      this.changeListeners.add(listener);
      cancel = () => {
        this.changeListeners.delete(listener);
        resolve();
      };
    });
    return { promise, cancel };
  }

  private readonly changeListeners = new Set<() => void>();

  private notifyChange(): void {
    this.lastSubscriptionRead = undefined;
    const listeners = [...this.changeListeners];
    this.changeListeners.clear();
    for (const listener of listeners) listener();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the current turn: every append requested in it travels in one message.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.outbox.length === 0) return;
    const batch = this.outbox;
    this.outbox = [];
    if (this.failure) {
      for (const pending of batch) pending.reject(this.failure);
      return;
    }
    if (this.inFlight.size === 0) this.worker.ref();
    for (const pending of batch) this.inFlight.set(pending.wire.id, pending);
    const message: ToWriter = { kind: 'append', appends: batch.map((p) => p.wire) };
    this.worker.postMessage(message);
  }

  private onWriterMessage(message: FromWriter): void {
    switch (message.kind) {
      case 'results':
        this.settle(message.results);
        return;
      case 'fatal':
        this.fail(new Error(message.message));
        return;
      case 'ready':
      case 'closed':
        return;
      default:
        message satisfies never;
    }
  }

  private settle(results: WireResult[]): void {
    this.counters.commits += 1;
    this.counters.appends += results.length;
    let committed = false;
    for (const result of results) {
      const pending = this.inFlight.get(result.id);
      if (!pending) continue;
      this.inFlight.delete(result.id);
      if (result.ok) {
        committed = true;
        pending.resolve({ nextExpectedRevision: result.revision, position: result.position });
      } else if ('conflict' in result) {
        pending.reject(new ConcurrencyError(pending.wire.stream, pending.wire.expected, result.conflict.actual));
      } else {
        // SQLite's own words as the cause: what readiness and the log tell, without the stream's name
        pending.reject(new Error(`append to ${pending.wire.stream} failed: ${result.failure}`, { cause: new Error(result.failure) }));
      }
    }
    if (this.inFlight.size === 0) this.worker.unref();
    if (committed) this.notifyChange();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.inFlight.values()) pending.reject(error);
    this.inFlight.clear();
    for (const pending of this.outbox) pending.reject(error);
    this.outbox = [];
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('event store is closed');
  }

  private startPolling(): void {
    if (this.pollTimer) return;
    this.lastDataVersion = this.readDataVersion();
    this.pollTimer = setInterval(() => {
      const version = this.readDataVersion();
      if (version !== this.lastDataVersion) {
        this.lastDataVersion = version;
        this.notifyChange();
      }
    }, this.pollIntervalMs);
    this.pollTimer.unref();
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private readDataVersion(): number {
    return (this.selectDataVersion.get() as { data_version: number }).data_version;
  }

  private async shutdown(): Promise<void> {
    this.untrack();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.stopPolling();
    // Hand over what is still waiting in the outbox, then ask the writer to finish and close.
    if (this.flushScheduled || this.outbox.length > 0) this.flush();
    if (this.failure) {
      await this.worker.terminate();
    } else {
      this.worker.ref();
      const message: ToWriter = { kind: 'close' };
      this.worker.postMessage(message);
    }
    await this.writerGone;
    this.reader.close();
  }
}

class SqliteSubscription implements Subscription {
  private readonly store: SqliteEventStore;
  private readonly options: SubscribeOptions;
  private readonly batchSize: number;
  private stopped = false;
  private waiting: { cancel: () => void } | undefined;
  private loop: Promise<void> = Promise.resolve();

  constructor(store: SqliteEventStore, options: SubscribeOptions) {
    this.store = store;
    this.options = options;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  }

  start(onEnd: () => void): void {
    this.loop = this.run().finally(onEnd);
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.waiting?.cancel();
    return this.loop;
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    try {
      while (!this.stopped) {
        const events = this.store.readForSubscription(cursor, this.batchSize);
        if (events.length === 0) {
          // Registered synchronously after the read: no commit can slip in between unnoticed.
          const change = this.store.nextChange();
          this.waiting = change;
          await change.promise;
          this.waiting = undefined;
          continue;
        }
        // A batch shorter than the limit reached the head: the next read waits for a commit, and the
        // listener is registered now, right after the read, so a commit while the batch is handled is
        // not missed (and a caught-up subscription does not read an empty page after every batch).
        const change = events.length < this.batchSize ? this.store.nextChange() : undefined;
        this.waiting = change;
        try {
          await this.options.onEvents(events);
        } catch (error) {
          change?.cancel();
          throw error;
        }
        cursor = events[events.length - 1]!.position;
        if (change) {
          await change.promise;
          this.waiting = undefined;
          continue;
        }
        // Reads are synchronous: let I/O and timers run between batches of a long catch-up.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.stopped = true;
      if (this.options.onError) this.options.onError(error);
      else console.error('event store subscription failed', error);
    }
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    recordedAt: row.recorded_at,
  };
}

function checkStream(stream: string): string {
  if (typeof stream !== 'string' || stream.length === 0) throw new TypeError('stream name must be a non-empty string');
  if (stream.startsWith('$')) throw new TypeError(`stream name ${stream} is reserved ($-prefixed)`);
  return stream;
}

function checkExpected(expected: ExpectedRevision): ExpectedRevision {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  if (Number.isSafeInteger(expected) && expected >= 0) return expected;
  throw new TypeError(`invalid expected revision ${String(expected)}`);
}

function serialize(events: NewEvent[]): WireEvent[] {
  if (!Array.isArray(events) || events.length === 0) throw new TypeError('append needs at least one event');
  return events.map((event) => {
    if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError('event type must be a non-empty string');
    if (event.type.startsWith('$')) throw new TypeError(`event type ${event.type} is reserved ($-prefixed)`);
    const data = JSON.stringify(event.data);
    if (data === undefined) throw new TypeError(`data of ${event.type} is not JSON-serialisable`);
    return { type: event.type, data, metadata: JSON.stringify(event.metadata) };
  });
}
