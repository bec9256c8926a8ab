import type { Logger } from 'pino';
import type { RecordedEvent } from '../../events/envelope.ts';
import { parseStoredTypeName } from '../../events/define.ts';
import type { EventRegistry } from '../../events/registry.ts';
import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import { applyBatch } from './batch-context.ts';
import { physicalName, type Projection } from './projection.ts';
import type { ProjectionStatus, ReadModels } from './read-models.ts';

export const CHECKPOINTS = '_checkpoints';

export interface Checkpoint extends Doc {
  name: string;
  version: number;
  position: number;
}

export function checkpointId(projection: Pick<Projection, 'name' | 'version'>): string {
  return `${projection.name}@v${projection.version}`;
}

interface Waiter {
  target: number;
  resolve: () => void;
}

interface Running {
  projection: Projection;
  handles: ReadonlySet<string>;
  position: number;
  /** The position of the stored checkpoint (may lag `position` by up to `idleCheckpointLag`). */
  stored: number;
  state: ProjectionStatus['state'];
  error?: string;
  waiters: Waiter[];
}

export interface RunnerOptions {
  batchSize?: number;
  logger?: Logger;
  /**
   * A batch that holds no event of a projection moves its checkpoint in memory only, until it is this
   * many positions ahead of the stored one (then, and at `stop()`, it is stored). 0 (default): always
   * stored, as gateways reading the checkpoints from another process (CheckpointReader, MongoDB) need.
   * The embedded default, whose readers are in the process, sets 10,000: a write then commits one
   * checkpoint (its own projection's), not one per projection, and a restart re-reads at most that
   * many events for a projection that skipped them.
   */
  idleCheckpointLag?: number;
}

/**
 * Runs projections on ONE shared subscription: it catches up from the lowest checkpoint (batched),
 * then follows the live log; each event is read and decoded once and offered to every projection,
 * which skips what its own checkpoint already covers. Delivery is at least once; documents carry
 * `_position` so a repeated event changes nothing. Checkpoints live in the document store beside the
 * read models (collection `_checkpoints`), written in the same atomic write as the batch's documents
 * (one transaction on SQLite), so a restart catches up from exactly what was committed. A rebuild
 * resets one projection to 0 and restarts the shared subscription from there; the others skip the
 * events they have.
 */
export class ProjectionRunner implements ReadModels {
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Set<(projection: Projection, position: number) => void>();
  private readonly store: EventStore;
  private readonly registry: EventRegistry;
  private readonly docs: DocumentStore;
  private readonly batchSize: number;
  private readonly logger: Logger | undefined;
  private readonly idleCheckpointLag: number;
  private subscription: Subscription | undefined;
  private started = false;

  constructor(store: EventStore, registry: EventRegistry, docs: DocumentStore, projections: readonly Projection[], options: RunnerOptions = {}) {
    this.store = store;
    this.registry = registry;
    this.docs = docs;
    this.batchSize = options.batchSize ?? 2000;
    this.logger = options.logger;
    this.idleCheckpointLag = options.idleCheckpointLag ?? 0;
    for (const projection of projections) {
      if (this.running.has(projection.name)) throw new Error(`projection ${projection.name} is registered twice`);
      for (const type of projection.handles) {
        if (!registry.has(type)) throw new Error(`projection ${projection.name} handles unknown event type ${type}`);
      }
      this.running.set(projection.name, {
        projection,
        handles: new Set(projection.handles),
        position: 0,
        stored: 0,
        state: 'stopped',
        waiters: [],
      });
    }
  }

  get projections(): Projection[] {
    return [...this.running.values()].map((r) => r.projection);
  }

  /** Creates indexes, loads checkpoints and starts following the log; resolves once all are caught up. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const run of this.running.values()) await this.prepare(run);
    const head = await this.store.headPosition();
    for (const run of this.running.values()) run.state = run.position >= head ? 'live' : 'catching-up';
    this.subscribeFromLowest();
    await this.waitFor(head, { timeoutMs: 10 * 60_000 });
    for (const run of this.running.values()) {
      if (run.state !== 'catching-up') continue;
      run.state = 'live';
      for (const listener of this.listeners) listener(run.projection, run.position);
    }
    await this.pruneOldVersions();
  }

  private async prepare(run: Running): Promise<void> {
    const { projection } = run;
    for (const [collection, indexes] of Object.entries(projection.collections)) {
      const coll = this.docs.collection(physicalName(projection, collection));
      for (const index of indexes) await coll.createIndex(index);
    }
    const checkpoint = await this.docs.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: checkpointId(projection) });
    run.position = checkpoint?.position ?? 0;
    run.stored = run.position;
    run.error = undefined;
  }

  private subscribeFromLowest(): void {
    const runs = [...this.running.values()];
    if (runs.length === 0) return;
    const lowest = Math.min(...runs.map((r) => r.position));
    this.subscription = this.store.subscribe({
      after: lowest,
      batchSize: this.batchSize,
      onEvents: (events) => this.dispatch(events),
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        for (const run of this.running.values()) {
          run.state = 'failed';
          run.error = message;
        }
        this.logger?.error({ err: error }, 'projections stopped: the log subscription failed');
      },
    });
  }

  /**
   * A projection whose version changed was rebuilt beside the old one; once the new version has caught
   * up, the old version's collections and checkpoint are dropped.
   */
  private async pruneOldVersions(): Promise<void> {
    const existing = await this.docs.listCollections();
    for (const { projection } of this.running.values()) {
      for (const collection of Object.keys(projection.collections)) {
        const pattern = new RegExp(`^${collection.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_v(\\d+)$`);
        for (const name of existing) {
          const m = pattern.exec(name);
          if (m && Number(m[1]) !== projection.version) await this.docs.dropCollection(name);
        }
      }
      await this.docs.collection(CHECKPOINTS).deleteMany({ name: projection.name, version: { $ne: projection.version } });
    }
  }

  /** One batch of the shared subscription: decoded once, applied to each projection in turn. */
  private async dispatch(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const decoded = new Map<number, RecordedEvent>();
    const decode = (raw: RecordedEvent) => {
      let event = decoded.get(raw.position);
      if (!event) decoded.set(raw.position, (event = this.registry.decode(raw)));
      return event;
    };
    for (const run of this.running.values()) {
      if (run.state === 'failed' || run.state === 'stopped') continue;
      try {
        await this.applyBatch(run, events, decode);
      } catch (error) {
        run.state = 'failed';
        run.error = error instanceof Error ? error.message : String(error);
        this.logger?.error({ err: error, projection: run.projection.name }, 'projection failed');
      }
    }
  }

  private async applyBatch(run: Running, events: RecordedEvent[], decode: (raw: RecordedEvent) => RecordedEvent): Promise<void> {
    const last = events[events.length - 1]!.position;
    if (last <= run.position) return; // the batch is older than this projection's checkpoint
    const { projection } = run;
    // Only the events this projection handles (and has not applied: a redelivered batch) are decoded.
    const handled = events.filter((raw) => raw.position > run.position && run.handles.has(parseStoredTypeName(raw.type).type));
    let stored = false;
    let applied = 0;
    // Most batches concern a few projections: the others only move on, without a batch context or a
    // write, until their checkpoint lags far enough behind to be stored.
    if (handled.length > 0 || last - run.stored >= this.idleCheckpointLag) {
      applied = await applyBatch(this.docs, projection, handled.map(decode), (count) => {
        if (count === 0 && last - run.stored < this.idleCheckpointLag) return [];
        stored = true;
        return [checkpointWrite(projection, last)];
      });
    }
    run.position = last;
    if (stored) run.stored = last;
    if (run.state === 'catching-up' && events.length < this.batchSize) run.state = 'live';
    const ready = run.waiters.filter((w) => w.target <= last);
    if (ready.length > 0) {
      run.waiters = run.waiters.filter((w) => w.target > last);
      for (const w of ready) w.resolve();
    }
    // Caches of pre-serialised answers refresh only from a live model: during a catch-up or a
    // rebuild they keep serving the last complete state. A batch that changed nothing of this
    // projection tells them nothing.
    if (run.state === 'live' && applied > 0) for (const listener of this.listeners) listener(projection, last);
  }

  collection<T extends Doc = Doc>(projection: Projection, name: string) {
    if (!(name in projection.collections)) throw new Error(`projection ${projection.name} has no collection ${name}`);
    return this.docs.collection<T>(physicalName(projection, name));
  }

  waitFor(position: number, options: { only?: readonly Projection[]; timeoutMs?: number } = {}): Promise<void> {
    const runs = options.only ? options.only.map((p) => this.mustGet(p.name)) : [...this.running.values()];
    const pending = runs.filter((r) => r.position < position);
    if (pending.length === 0) return Promise.resolve();
    const timeoutMs = options.timeoutMs ?? 5000;
    return new Promise<void>((resolve, reject) => {
      let left = pending.length;
      const timer = setTimeout(() => {
        const behind = pending.filter((r) => r.position < position).map((r) => `${r.projection.name}@${r.position}`);
        reject(new Error(`read models did not reach position ${position} within ${timeoutMs} ms (${behind.join(', ')})`));
      }, timeoutMs);
      timer.unref?.();
      for (const run of pending) {
        run.waiters.push({
          target: position,
          resolve: () => {
            if (--left === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        });
      }
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.store.headPosition();
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      version: r.projection.version,
      position: r.position,
      head,
      lag: Math.max(0, head - r.position),
      state: r.state,
      ...(r.error ? { error: r.error } : {}),
    }));
  }

  onAdvance(listener: (projection: Projection, position: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Drops a projection's collections and checkpoint and replays it from position 0: the shared
   * subscription restarts from 0; the other projections skip what they already have.
   */
  async rebuild(name: string): Promise<void> {
    const run = this.mustGet(name);
    await this.subscription?.stop();
    this.subscription = undefined;
    await dropProjection(this.docs, run.projection);
    await this.prepare(run);
    const head = await this.store.headPosition();
    run.state = head > 0 ? 'catching-up' : 'live';
    this.subscribeFromLowest();
    await this.waitFor(head, { only: [run.projection], timeoutMs: 10 * 60_000 });
    if (run.state === 'catching-up') run.state = 'live';
    for (const listener of this.listeners) listener(run.projection, run.position);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    // checkpoints moved in memory only (batches without an event of theirs) are stored now
    const behind = [...this.running.values()].filter((run) => run.position > run.stored && run.state !== 'failed');
    if (behind.length > 0) {
      await this.docs.writeAtomically([{ collection: CHECKPOINTS, operations: behind.map((run) => checkpointWrite(run.projection, run.position).operations[0]!) }]);
      for (const run of behind) run.stored = run.position;
    }
    for (const run of this.running.values()) run.state = 'stopped';
    this.started = false;
  }

  private mustGet(name: string): Running {
    const run = this.running.get(name);
    if (!run) throw new Error(`unknown projection ${name}`);
    return run;
  }
}

function checkpointWrite(projection: Projection, position: number) {
  const checkpoint: Checkpoint = { _id: checkpointId(projection), name: projection.name, version: projection.version, position };
  return { collection: CHECKPOINTS, operations: [{ replaceOne: { filter: { _id: checkpoint._id }, replacement: checkpoint, upsert: true } }] };
}

export async function dropProjection(docs: DocumentStore, projection: Projection): Promise<void> {
  for (const collection of Object.keys(projection.collections)) {
    await docs.dropCollection(physicalName(projection, collection));
  }
  await docs.collection(CHECKPOINTS).deleteOne({ _id: checkpointId(projection) });
}
