import type { RecordedEvent } from '../../events/envelope.ts';
import type { AtomicWrite, BulkOperation, Doc, DocumentStore, Filter, FindOptions } from '../../infra/document-store/port.ts';
import { physicalName, type Projection, type ProjectionContext } from './projection.ts';

interface Entry {
  doc: Doc | null;
  dirty: boolean;
}

/**
 * The unit of work of one projection batch: documents are read once, changed in memory and written
 * back together (one bulk write per collection), in the same atomic write as the checkpoint.
 */
export class BatchContext implements ProjectionContext {
  private readonly cache = new Map<string, Map<string, Entry>>();
  private readonly touchedIds = new Map<string, Set<string>>();
  private current: RecordedEvent | undefined;
  /** The last event applied in this batch: `afterBatch` writes are stamped with its position. */
  private lastApplied: RecordedEvent | undefined;
  private readonly docs: DocumentStore;
  private readonly projection: Projection;

  constructor(docs: DocumentStore, projection: Projection) {
    this.docs = docs;
    this.projection = projection;
  }

  get event(): RecordedEvent {
    if (!this.current) throw new Error('no event is being applied');
    return this.current;
  }

  setEvent(event: RecordedEvent | undefined): void {
    this.current = event;
    if (event) this.lastApplied = event;
  }

  get touched(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.touchedIds;
  }

  private collectionCache(collection: string): Map<string, Entry> {
    if (!(collection in this.projection.collections)) {
      throw new Error(`projection ${this.projection.name} does not own collection ${collection}`);
    }
    let entries = this.cache.get(collection);
    if (!entries) {
      entries = new Map();
      this.cache.set(collection, entries);
    }
    return entries;
  }

  private store(collection: string) {
    return this.docs.collection(physicalName(this.projection, collection));
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const entries = this.collectionCache(collection);
    let entry = entries.get(id);
    if (!entry) {
      entry = { doc: await this.store(collection).findOne({ _id: id }, { readOnly: this.projection.immutableDocuments === true }), dirty: false };
      entries.set(id, entry);
    }
    return entry.doc as T | null;
  }

  async update<T extends Doc>(collection: string, id: string, updater: (doc: T | null) => T | null): Promise<void> {
    // In afterBatch no event is being applied: its writes are stamped with the batch's last event, so a
    // redelivered batch (same last position) leaves them alone.
    const event = this.current ?? this.lastApplied;
    if (!event) throw new Error('no event is being applied');
    const current = await this.get<T>(collection, id);
    const seen = current ? Number((current as Doc)['_position'] ?? 0) : 0;
    if (current && seen >= event.position) return; // already reflects this event: at-least-once delivery
    const next = updater(current);
    const entries = this.collectionCache(collection);
    if (next === null) {
      entries.set(id, { doc: null, dirty: true });
    } else {
      const stamped = { ...next, _id: id, _position: event.position } as Doc;
      entries.set(id, { doc: stamped, dirty: true });
    }
    let ids = this.touchedIds.get(collection);
    if (!ids) this.touchedIds.set(collection, (ids = new Set()));
    ids.add(id);
  }

  async find<T extends Doc>(collection: string, filter: Filter = {}, options?: FindOptions): Promise<T[]> {
    await this.flushCollection(collection);
    return this.store(collection).find(filter, options) as Promise<T[]>;
  }

  /** Takes every pending change, as one bulk write per collection (for `writeAtomically`). */
  takeWrites(): AtomicWrite[] {
    const writes: AtomicWrite[] = [];
    for (const collection of this.cache.keys()) {
      const operations = this.takeOperations(collection);
      if (operations.length > 0) writes.push({ collection: physicalName(this.projection, collection), operations, owned: this.projection.immutableDocuments === true });
    }
    return writes;
  }

  /** A `find` inside a batch sees the batch's own changes: they are written first (idempotent, see `update`). */
  private async flushCollection(collection: string): Promise<void> {
    const operations = this.takeOperations(collection);
    if (operations.length > 0) await this.store(collection).bulkWrite(operations);
  }

  private takeOperations(collection: string): BulkOperation[] {
    const entries = this.cache.get(collection);
    if (!entries) return [];
    const operations: BulkOperation[] = [];
    for (const [id, entry] of entries) {
      if (!entry.dirty) continue;
      operations.push(
        entry.doc === null
          ? { deleteOne: { filter: { _id: id } } }
          : { replaceOne: { filter: { _id: id }, replacement: entry.doc, upsert: true } },
      );
      entry.dirty = false;
    }
    return operations;
  }
}

/**
 * Applies one batch of events to a projection: each event in order, then `afterBatch` (when any was
 * applied), then one atomic write of every changed document and of `alsoWrite(applied)` (the runner's
 * checkpoint), so documents and checkpoint are committed together (one SQLite transaction). The
 * runner and the projection specs (projection-testing.ts) both call it, so a change here is covered
 * by every projection spec. `events` holds the events to apply (the caller leaves out the types the
 * projection does not handle). Answers how many events were applied.
 */
export async function applyBatch(
  docs: DocumentStore,
  projection: Projection,
  events: Iterable<RecordedEvent>,
  alsoWrite: (applied: number) => readonly AtomicWrite[] = () => [],
): Promise<number> {
  const ctx = new BatchContext(docs, projection);
  let applied = 0;
  for (const event of events) {
    ctx.setEvent(event);
    await projection.apply(event, ctx);
    applied++;
  }
  ctx.setEvent(undefined);
  if (applied > 0 && projection.afterBatch) await projection.afterBatch(ctx, ctx.touched);
  const writes = [...ctx.takeWrites(), ...alsoWrite(applied)];
  if (writes.length > 0) await docs.writeAtomically(writes);
  return applied;
}
