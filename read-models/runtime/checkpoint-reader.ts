import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { physicalName, type Projection } from './projection.ts';
import type { ProjectionStatus, ReadModels } from './read-models.ts';
import { CHECKPOINTS, checkpointId, type Checkpoint } from './runner.ts';

/**
 * The read side of a stateless gateway in production: the worker runs the projections into MongoDB;
 * this reads their collections and waits for positions by polling the checkpoints.
 */
export class CheckpointReader implements ReadModels {
  private readonly listeners = new Set<(projection: Projection, position: number) => void>();
  private readonly known = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly store: EventStore;
  private readonly docs: DocumentStore;
  private readonly projections: readonly Projection[];
  private readonly pollMs: number;

  constructor(store: EventStore, docs: DocumentStore, projections: readonly Projection[], pollMs = 25) {
    this.store = store;
    this.docs = docs;
    this.projections = projections;
    this.pollMs = pollMs;
  }

  /** Polls checkpoints once a second to notify `onAdvance` listeners (caches). */
  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async positions(): Promise<Map<string, number>> {
    const rows = await this.docs
      .collection<Checkpoint>(CHECKPOINTS)
      .find({ _id: { $in: this.projections.map(checkpointId) } });
    const result = new Map<string, number>();
    for (const p of this.projections) result.set(p.name, rows.find((r) => r._id === checkpointId(p))?.position ?? 0);
    return result;
  }

  private async refresh(): Promise<Map<string, number>> {
    const positions = await this.positions();
    for (const p of this.projections) {
      const position = positions.get(p.name) ?? 0;
      if ((this.known.get(p.name) ?? -1) < position) {
        this.known.set(p.name, position);
        for (const listener of this.listeners) listener(p, position);
      }
    }
    return positions;
  }

  collection<T extends Doc = Doc>(projection: Projection, name: string) {
    return this.docs.collection<T>(physicalName(projection, name));
  }

  async waitFor(position: number, options: { only?: readonly Projection[]; timeoutMs?: number } = {}): Promise<void> {
    const names = (options.only ?? this.projections).map((p) => p.name);
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    for (;;) {
      const positions = await this.refresh();
      if (names.every((n) => (positions.get(n) ?? 0) >= position)) return;
      if (Date.now() > deadline) throw new Error(`read models did not reach position ${position}`);
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  async status(): Promise<ProjectionStatus[]> {
    const [head, positions] = await Promise.all([this.store.headPosition(), this.positions()]);
    return this.projections.map((p) => {
      const position = positions.get(p.name) ?? 0;
      return { name: p.name, version: p.version, position, head, lag: Math.max(0, head - position), state: position >= head ? 'live' : 'catching-up' };
    });
  }

  onAdvance(listener: (projection: Projection, position: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
