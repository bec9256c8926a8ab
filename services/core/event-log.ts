import { registerCacheKind } from '../../domain/caches/registry.ts';
import type { EventMetadata, RecordedEvent } from '../../events/envelope.ts';
import { registry as defaultRegistry, type EventRegistry } from '../../events/registry.ts';
import type { EventStore, ExpectedRevision, Subscription } from '../../infra/event-store/port.ts';
import { storageFailure, type WriteHealth } from '../../infra/write-health/port.ts';
import { foldRecorded, type Aggregate, type CommandContext, type DomainEvent, type Folder } from './decider.ts';

/** How many streams' folded states the log keeps (least recently used out first): the streams being written, not every user's (a portfolio of 60 holdings takes some 15 KB). */
export const KEPT_FOLDED_STREAMS = 2000;

interface KeptAggregate {
  /** The decider's evolve: a state is folded on only by the same fold. */
  evolve: unknown;
  aggregate: Aggregate<unknown>;
}

/**
 * The typed face of the event store: validates on write (encode) and on read (decode + upcast).
 */
export class EventLog {
  /** In the cache registry (domain/caches/registry.ts). */
  private static readonly keptKind = registerCacheKind<EventLog>({
    name: 'folded-aggregates',
    owner: 'services/core/event-log.ts',
    key: 'stream name, with the decider\'s `evolve` (a state is folded on only by the same fold)',
    bound: `${KEPT_FOLDED_STREAMS.toLocaleString('en-US')} streams (KEPT_FOLDED_STREAMS), of deciders that opt in (\`keepsFoldedState\`)`,
    eviction: 'least recently used first',
    coherence: 'each use reads the events appended since the kept revision (by any process) and folds them on; `evolve` must not change the state it is given',
    clearable: true,
    clear: (log) => log.kept.clear(),
    size: (log) => log.kept.size,
  });
  readonly store: EventStore;
  readonly registry: EventRegistry;
  /** Folded states of streams whose decider allows it (`keepsFoldedState`), by stream. */
  private readonly kept = new Map<string, KeptAggregate>();
  private readonly untrack: () => void;

  /** Told of every append's outcome (readiness: services/gateway/health.ts). */
  private readonly writeHealth: WriteHealth | undefined;

  constructor(store: EventStore, registry: EventRegistry = defaultRegistry, options: { writeHealth?: WriteHealth } = {}) {
    this.store = store;
    this.registry = registry;
    this.writeHealth = options.writeHealth;
    this.untrack = EventLog.keptKind.track(this);
  }

  /** Leaves the cache registry; the store is its owner's to close. */
  close(): void {
    this.untrack();
  }

  async append(stream: string, events: DomainEvent[], expected: ExpectedRevision, ctx: CommandContext) {
    const metadata: EventMetadata = { actor: ctx.actor, correlationId: ctx.correlationId };
    const encoded = events.map((e) => this.registry.encode(e, metadata));
    if (!this.writeHealth) return this.store.append(stream, encoded, expected);
    try {
      const result = await this.store.append(stream, encoded, expected);
      this.writeHealth.writeSucceeded();
      return result;
    } catch (error) {
      // a full disk or a failing one, not a conflict: readiness turns degraded until writes work again
      if (storageFailure(error) !== null) this.writeHealth.writeFailed(error);
      throw error;
    }
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const raw = await this.store.readStream(stream, { fromRevision });
    return raw.map((e) => this.registry.decode(e));
  }

  /**
   * Reads a stream and folds it with the decider: its state and the revision it is at (-1: no stream).
   * For a decider that `keepsFoldedState` the last folded state is kept, and only the events appended
   * since (by this process or any other) are read and folded onto it: a command on a stream of n events
   * costs one small read, not n decoded events (the log stays the truth; the state is only a shortcut).
   */
  async aggregate<State, Event extends DomainEvent>(stream: string, decider: Folder<State, Event>): Promise<Aggregate<State>> {
    if (!decider.keepsFoldedState) return foldRecorded(decider, stream, await this.readStream(stream));
    const kept = this.kept.get(stream);
    const from = kept && kept.evolve === decider.evolve ? (kept.aggregate as Aggregate<State>) : undefined;
    const aggregate = foldRecorded(decider, stream, await this.readStream(stream, from ? from.revision + 1 : 0), from);
    this.keep(stream, decider.evolve, aggregate);
    return aggregate;
  }

  private keep(stream: string, evolve: unknown, aggregate: Aggregate<unknown>): void {
    const kept = this.kept.get(stream);
    // two reads of one stream at once: the one that got further stays
    if (kept && kept.evolve === evolve && kept.aggregate.revision > aggregate.revision) return;
    this.kept.delete(stream); // most recently used last
    this.kept.set(stream, { evolve, aggregate });
    if (this.kept.size > KEPT_FOLDED_STREAMS) this.kept.delete(this.kept.keys().next().value!);
  }

  async readAll(after = 0, limit = 1000): Promise<RecordedEvent[]> {
    const raw = await this.store.readAll({ after, limit });
    return raw.map((e) => this.registry.decode(e));
  }

  subscribe(after: number, onEvents: (events: RecordedEvent[]) => Promise<void> | void, onError?: (e: unknown) => void): Subscription {
    return this.store.subscribe({
      after,
      onEvents: (raw) => onEvents(raw.map((e) => this.registry.decode(e))),
      onError,
    });
  }
}
