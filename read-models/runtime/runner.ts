import type { Logger } from 'pino';
import type { RecordedEvent } from '../../events/envelope.ts';
import { parseStoredTypeName } from '../../events/define.ts';
import type { EventRegistry } from '../../events/registry.ts';
import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import { BatchContext } from './batch-context.ts';
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
  state: ProjectionStatus['state'];
  error?: string;
  subscription?: Subscription;
  waiters: Waiter[];
}

export interface RunnerOptions {
  batchSize?: number;
  logger?: Logger;
}

/**
 * Runs projections: each catches up from its checkpoint (batched), then follows the live log.
 * Delivery is at least once; documents carry `_position` so a repeated event changes nothing.
 * Checkpoints live in the document store beside the read models (collection `_checkpoints`).
 */
export class ProjectionRunner implements ReadModels {
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Set<(projection: Projection, position: number) => void>();
  private readonly store: EventStore;
  private readonly registry: EventRegistry;
  private readonly docs: DocumentStore;
  private readonly batchSize: number;
  private readonly logger: Logger | undefined;
  private started = false;

  constructor(store: EventStore, registry: EventRegistry, docs: DocumentStore, projections: readonly Projection[], options: RunnerOptions = {}) {
    this.store = store;
    this.registry = registry;
    this.docs = docs;
    this.batchSize = options.batchSize ?? 2000;
    this.logger = options.logger;
    for (const projection of projections) {
      if (this.running.has(projection.name)) throw new Error(`projection ${projection.name} is registered twice`);
      for (const type of projection.handles) {
        if (!registry.has(type)) throw new Error(`projection ${projection.name} handles unknown event type ${type}`);
      }
      this.running.set(projection.name, {
        projection,
        handles: new Set(projection.handles),
        position: 0,
        state: 'stopped',
        waiters: [],
      });
    }
  }

  get projections(): Projection[] {
    return [...this.running.values()].map((r) => r.projection);
  }

  /** Creates indexes, loads checkpoints and starts every projection; resolves once all are caught up. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const head = await this.store.headPosition();
    await Promise.all([...this.running.values()].map((r) => this.startOne(r)));
    await this.waitFor(head, { timeoutMs: 10 * 60_000 });
    await this.pruneOldVersions();
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

  private async startOne(run: Running): Promise<void> {
    const { projection } = run;
    for (const [collection, indexes] of Object.entries(projection.collections)) {
      const coll = this.docs.collection(physicalName(projection, collection));
      for (const index of indexes) await coll.createIndex(index);
    }
    const checkpoint = await this.docs.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: checkpointId(projection) });
    run.position = checkpoint?.position ?? 0;
    // nothing to catch up (empty log, or checkpoint at the head): live at once
    run.state = run.position >= (await this.store.headPosition()) ? 'live' : 'catching-up';
    run.error = undefined;
    run.subscription = this.store.subscribe({
      after: run.position,
      batchSize: this.batchSize,
      onEvents: (events) => this.applyBatch(run, events),
      onError: (error) => {
        run.state = 'failed';
        run.error = error instanceof Error ? error.message : String(error);
        this.logger?.error({ err: error, projection: projection.name }, 'projection failed');
      },
    });
  }

  private async applyBatch(run: Running, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { projection } = run;
    const ctx = new BatchContext(this.docs, projection);
    let applied = 0;
    for (const raw of events) {
      if (raw.position <= run.position) continue; // redelivered
      if (!run.handles.has(parseStoredTypeName(raw.type).type)) continue;
      const event = this.registry.decode(raw);
      ctx.setEvent(event);
      await projection.apply(event, ctx);
      applied++;
    }
    ctx.setEvent(undefined);
    if (applied > 0 && projection.afterBatch) await projection.afterBatch(ctx, ctx.touched);
    await ctx.flush();
    const last = events[events.length - 1]!.position;
    if (last <= run.position) return;
    await this.docs
      .collection<Checkpoint>(CHECKPOINTS)
      .replaceOne({ _id: checkpointId(projection) }, { _id: checkpointId(projection), name: projection.name, version: projection.version, position: last }, { upsert: true });
    run.position = last;
    if (run.state === 'catching-up' && events.length < this.batchSize) run.state = 'live';
    const ready = run.waiters.filter((w) => w.target <= last);
    if (ready.length > 0) {
      run.waiters = run.waiters.filter((w) => w.target > last);
      for (const w of ready) w.resolve();
    }
    for (const listener of this.listeners) listener(projection, last);
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

  /** Drops a projection's collections and checkpoint and replays it from position 0. */
  async rebuild(name: string): Promise<void> {
    const run = this.mustGet(name);
    await run.subscription?.stop();
    run.subscription = undefined;
    await dropProjection(this.docs, run.projection);
    const head = await this.store.headPosition();
    await this.startOne(run);
    await this.waitFor(head, { only: [run.projection], timeoutMs: 10 * 60_000 });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.values()].map(async (r) => {
      await r.subscription?.stop();
      r.subscription = undefined;
      r.state = 'stopped';
    }));
    this.started = false;
  }

  private mustGet(name: string): Running {
    const run = this.running.get(name);
    if (!run) throw new Error(`unknown projection ${name}`);
    return run;
  }
}

export async function dropProjection(docs: DocumentStore, projection: Projection): Promise<void> {
  for (const collection of Object.keys(projection.collections)) {
    await docs.dropCollection(physicalName(projection, collection));
  }
  await docs.collection(CHECKPOINTS).deleteOne({ _id: checkpointId(projection) });
}
