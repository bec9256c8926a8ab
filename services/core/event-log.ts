import type { EventMetadata, RecordedEvent } from '../../events/envelope.ts';
import { registry as defaultRegistry, type EventRegistry } from '../../events/registry.ts';
import type { EventStore, ExpectedRevision, Subscription } from '../../infra/event-store/port.ts';
import { foldRecorded, type Aggregate, type CommandContext, type DomainEvent, type Folder } from './decider.ts';


/**
 * The typed face of the event store: validates on write (encode) and on read (decode + upcast).
 */
export class EventLog {
  readonly store: EventStore;
  readonly registry: EventRegistry;

  constructor(store: EventStore, registry: EventRegistry = defaultRegistry) {
    this.store = store;
    this.registry = registry;
  }

  async append(stream: string, events: DomainEvent[], expected: ExpectedRevision, ctx: CommandContext) {
    const metadata: EventMetadata = { actor: ctx.actor, correlationId: ctx.correlationId };
    const encoded = events.map((e) => this.registry.encode(e, metadata));
    return this.store.append(stream, encoded, expected);
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const raw = await this.store.readStream(stream);
    return raw.map((e) => this.registry.decode(e));
  }

  /** Reads a stream and folds it with the decider: its state and the revision it is at (-1: no stream). */
  async aggregate<State, Event extends DomainEvent>(stream: string, decider: Folder<State, Event>): Promise<Aggregate<State>> {
    return foldRecorded(decider, stream, await this.readStream(stream));
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
