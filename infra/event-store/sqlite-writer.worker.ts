/**
 * The SQLite event store's writer, run in a worker thread so that commits (and their fsync) never
 * block the main event loop.
 *
 * Group commit: append requests arrive in messages; everything that queued up while the previous
 * transaction was committing is checked and written in ONE transaction (one WAL fsync with
 * `synchronous=FULL`). Each request is checked against its expected revision on its own; a request
 * that fails its check writes nothing and gets its own error, the others in the batch still commit.
 * Results are posted back only after COMMIT returned, so an acknowledged append is durable.
 *
 * Positions are assigned here, under SQLite's write lock, as `last position + 1`: gap-free and
 * strictly ordered even when several processes (server, CLI) write to the same file.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

export type WireExpected = 'no_stream' | 'any' | 'stream_exists' | number;

export interface WireEvent {
  type: string;
  /** JSON text. */
  data: string;
  /** JSON text. */
  metadata: string;
}

export interface WireAppend {
  id: number;
  stream: string;
  expected: WireExpected;
  events: WireEvent[];
}

export type WireResult =
  | { id: number; ok: true; revision: number; position: number }
  | { id: number; ok: false; conflict: { actual: number | 'no_stream' } }
  | { id: number; ok: false; failure: string };

export type ToWriter = { kind: 'append'; appends: WireAppend[] } | { kind: 'close' };

export type FromWriter =
  | { kind: 'ready' }
  | { kind: 'results'; results: WireResult[] }
  | { kind: 'closed' }
  | { kind: 'fatal'; message: string };

export interface WriterData {
  file: string;
}

const SCHEMA_VERSION = 1;

const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  stream      TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  UNIQUE (stream, revision)
) STRICT;
`;

/** Streams whose last revision the writer remembers; a miss costs one indexed lookup. */
const CACHE_LIMIT = 10_000;
/** Upper bound of events in one transaction; the rest forms the next batch right away. */
const MAX_BATCH_EVENTS = 5_000;

class Writer {
  private readonly db: DatabaseSync;
  private readonly lastRevisionOf: StatementSync;
  private readonly lastPosition: StatementSync;
  private readonly dataVersion: StatementSync;
  private readonly insert: StatementSync;
  /** stream -> revision of its last event (-1: no stream). Valid while `knownDataVersion` holds. */
  private readonly revisions = new Map<string, number>();
  private knownDataVersion = -1;
  private head = 0;

  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA busy_timeout = 10000');
    this.db.exec('PRAGMA journal_mode = WAL');
    // FULL: the WAL is fsynced at every commit, so an acknowledged append survives power loss.
    this.db.exec('PRAGMA synchronous = FULL');
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.exec(SCHEMA_SQL);
      const version = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
      if (version.user_version === 0) this.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      else if (version.user_version !== SCHEMA_VERSION) {
        throw new Error(`event store schema version ${version.user_version} is not supported (expected ${SCHEMA_VERSION})`);
      }
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.lastRevisionOf = this.db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?');
    this.lastPosition = this.db.prepare('SELECT coalesce(max(position), 0) AS position FROM events');
    this.dataVersion = this.db.prepare('PRAGMA data_version');
    this.insert = this.db.prepare(
      'INSERT INTO events (position, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** Writes a batch in one transaction. Never throws: every request gets a result. */
  commit(batch: WireAppend[]): WireResult[] {
    const results: WireResult[] = [];
    const touched = new Map<string, number>();
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      return batch.map((a) => ({ id: a.id, ok: false, failure: describe(error) }));
    }
    try {
      this.syncWithOtherWriters();
      const recordedAt = new Date().toISOString();
      for (const append of batch) {
        const current = touched.get(append.stream) ?? this.currentRevision(append.stream);
        if (!satisfies(append.expected, current)) {
          results.push({ id: append.id, ok: false, conflict: { actual: current < 0 ? 'no_stream' : current } });
          continue;
        }
        // A savepoint per request: should an insert fail unexpectedly, only that request is undone.
        this.db.exec('SAVEPOINT append');
        const headBefore = this.head;
        try {
          let revision = current;
          for (const event of append.events) {
            revision += 1;
            this.head += 1;
            this.insert.run(this.head, append.stream, revision, event.type, event.data, event.metadata, recordedAt);
          }
          this.db.exec('RELEASE append');
          touched.set(append.stream, revision);
          results.push({ id: append.id, ok: true, revision, position: this.head });
        } catch (error) {
          this.db.exec('ROLLBACK TO append');
          this.db.exec('RELEASE append');
          this.head = headBefore;
          results.push({ id: append.id, ok: false, failure: describe(error) });
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      // The whole transaction is lost (disk full, I/O error ...): nothing of the batch is written.
      try {
        if (this.db.isTransaction) this.db.exec('ROLLBACK');
      } catch {
        // the connection rolled back by itself
      }
      this.forget();
      return batch.map((a) => ({ id: a.id, ok: false, failure: describe(error) }));
    }
    for (const [stream, revision] of touched) this.remember(stream, revision);
    return results;
  }

  close(): void {
    this.db.close();
  }

  /** Another connection (a second process, the CLI) committed since our last look: drop the cache. */
  private syncWithOtherWriters(): void {
    const { data_version: version } = this.dataVersion.get() as { data_version: number };
    if (version === this.knownDataVersion) return;
    this.forget();
    this.knownDataVersion = version;
    this.head = (this.lastPosition.get() as { position: number }).position;
  }

  private forget(): void {
    this.revisions.clear();
    this.knownDataVersion = -1;
  }

  private currentRevision(stream: string): number {
    const cached = this.revisions.get(stream);
    if (cached !== undefined) return cached;
    const row = this.lastRevisionOf.get(stream) as { revision: number | null };
    const revision = row.revision ?? -1;
    this.remember(stream, revision);
    return revision;
  }

  private remember(stream: string, revision: number): void {
    this.revisions.delete(stream);
    this.revisions.set(stream, revision);
    if (this.revisions.size > CACHE_LIMIT) {
      const oldest = this.revisions.keys().next();
      if (!oldest.done) this.revisions.delete(oldest.value);
    }
  }
}

function satisfies(expected: WireExpected, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current < 0;
    case 'stream_exists':
      return current >= 0;
    default:
      return current === expected;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function takeBatch(queue: WireAppend[]): WireAppend[] {
  let events = 0;
  let count = 0;
  while (count < queue.length && (count === 0 || events + queue[count]!.events.length <= MAX_BATCH_EVENTS)) {
    events += queue[count]!.events.length;
    count += 1;
  }
  return queue.splice(0, count);
}

function main(): void {
  const port = parentPort;
  if (!port) throw new Error('sqlite-writer.worker.ts must run in a worker thread');
  const { file } = workerData as WriterData;
  const post = (message: FromWriter) => port.postMessage(message);

  let writer: Writer;
  try {
    writer = new Writer(file);
  } catch (error) {
    post({ kind: 'fatal', message: describe(error) });
    port.close();
    return;
  }

  const queue: WireAppend[] = [];
  let scheduled = false;
  let closing = false;

  // Messages that arrive while a transaction commits wait in the port; they are all delivered
  // before the next setImmediate callback, so they form the next batch together.
  const drain = () => {
    scheduled = false;
    if (queue.length > 0) {
      const batch = takeBatch(queue);
      post({ kind: 'results', results: writer.commit(batch) });
      if (queue.length > 0) {
        schedule();
        return;
      }
    }
    if (closing) {
      writer.close();
      post({ kind: 'closed' });
      port.close();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };

  port.on('message', (message: ToWriter) => {
    if (message.kind === 'append') {
      for (const append of message.appends) queue.push(append);
    } else {
      closing = true;
    }
    schedule();
  });
  post({ kind: 'ready' });
}

// Importing this module for its types from the main thread must not start a writer.
if (!isMainThread) main();
