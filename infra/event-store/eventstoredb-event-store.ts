/**
 * EventStoreDB adapter (`@eventstore/db-client` 6.x, gRPC), used when EVENTSTORE_URL is set.
 *
 * Positions. EventStoreDB positions are `{ commit, prepare }` byte offsets in its transaction log.
 * Every append made over gRPC is an implicit transaction in which each event is a self-committed
 * prepare record, so for each of our events `commit === prepare ===` the event's own log offset
 * (EventStoreDB's AllReader yields `CommitEventRecord(event, prepare.LogPosition)` for them). The
 * port's single number is therefore the commit position, and `{ commit: n, prepare: n }` rebuilds the
 * full position to resume from. Reads from a position are inclusive on the server and subscriptions
 * may or may not repeat the start event, so this adapter always drops events at or before `after`
 * itself. Positions are strictly increasing, not gap-free (the port only promises gap-free for the
 * embedded store). Events written with the legacy TCP API's explicit transactions share a commit
 * position; this product never writes such events.
 *
 * Consequently `after` (readAll, subscribe) must be 0 or a position this store gave out (an event's
 * position or the head); an arbitrary number need not be the start of a log record.
 *
 * Stream reads carry the $all position only from EventStoreDB 22.6 on; older servers are refused
 * with a clear error when a stream read lacks it.
 *
 * System events (`$`-prefixed types or streams) never leave this adapter: subscriptions use the
 * server-side `excludeSystemEvents()` filter; the 6.x client cannot filter `readAll`, so reads filter
 * client-side and keep paging until `limit` of our events are found or the log ends.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../events/envelope.ts';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

const DEFAULT_BATCH_SIZE = 500;
/** Page size of `readAll` when the caller gave no limit, and when looking for the head. */
const PAGE_SIZE = 1000;

type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

/** Connects lazily (the client dials on first use); `url` is an `esdb://` connection string. */
export function createEventStoreDbEventStore(url: string): EventStoreDbEventStore {
  return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;

  private readonly client: EventStoreDBClient;
  private readonly pendingAppends = new Set<Promise<unknown>>();
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closing: Promise<void> | undefined;

  constructor(client: EventStoreDBClient) {
    this.client = client;
  }

  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closing) return Promise.reject(new Error('event store is closed'));
    const attempt = this.appendNow(stream, events, expected);
    this.pendingAppends.add(attempt);
    const forget = () => this.pendingAppends.delete(attempt);
    attempt.then(forget, forget);
    return attempt;
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const from = Math.max(0, Math.floor(options.fromRevision ?? 0));
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, { fromRevision: BigInt(from), direction: FORWARDS })) {
        const event = resolved.event;
        if (!event || isSystem(event)) continue;
        events.push(toRecorded(event, streamReadPosition(event)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const after = Math.max(0, options.after ?? 0);
    const limit = options.limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(options.limit));
    const events: RecordedEvent[] = [];
    let cursor = after;
    while (events.length < limit) {
      // One more than needed: the server also returns the event at the start position.
      const pageSize = (Number.isFinite(limit) ? limit - events.length : PAGE_SIZE) + (cursor > 0 ? 1 : 0);
      const start = cursor;
      let seen = 0;
      for await (const resolved of this.client.readAll({ fromPosition: readPositionAfter(cursor), maxCount: pageSize, direction: FORWARDS })) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = Number(event.position.commit);
        // The server includes the event at the start position; our cursor is exclusive.
        if (position <= cursor) continue;
        cursor = position;
        if (isSystem(event) || events.length >= limit) continue;
        events.push(toRecorded(event, position));
      }
      if (seen < pageSize || cursor === start) break;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let from: ReadPosition = END;
    for (;;) {
      let seen = 0;
      let last: Position | undefined;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: PAGE_SIZE, direction: BACKWARDS })) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystem(event)) return Number(event.position.commit);
        last = event.position;
      }
      if (seen < PAGE_SIZE || !last) return 0;
      // Backwards reads start at the given position exclusive of events at or after it.
      from = last;
    }
  }

  subscribe(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = new EsdbSubscription(this.client, options, () => this.subscriptions.delete(subscription));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    for await (const _ of this.client.readAll({ fromPosition: END, maxCount: 1, direction: BACKWARDS })) {
      // one round trip is enough
    }
  }

  /** Waits for appends in flight, stops subscriptions, then closes the connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.pendingAppends]);
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      await this.client.dispose();
    })();
    return this.closing;
  }

  private async appendNow(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    checkStream(stream);
    const expectedRevision = toEsdbExpected(expected);
    const data = toEventData(events);
    try {
      const result = await this.client.appendToStream(stream, data, { expectedRevision });
      if (!result.position) throw new Error(`EventStoreDB did not return a position for the append to ${stream}`);
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: Number(result.position.commit) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === 'no_stream' ? 'no_stream' : Number(error.actualVersion);
        throw new ConcurrencyError(stream, expected, actual);
      }
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('event store is closed');
  }
}

class EsdbSubscription implements Subscription {
  private readonly client: EventStoreDBClient;
  private readonly options: SubscribeOptions;
  private readonly batchSize: number;
  private readonly loop: Promise<void>;
  private stream: AllStreamSubscription | undefined;
  private stopped = false;
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;

  constructor(client: EventStoreDBClient, options: SubscribeOptions, onEnd: () => void) {
    this.client = client;
    this.options = options;
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
    this.loop = this.run().finally(onEnd);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    let stream: AllStreamSubscription | undefined;
    try {
      stream = this.client.subscribeToAll(
        { fromPosition: readPositionAfter(cursor), filter: excludeSystemEvents() },
        { highWaterMark: this.batchSize },
      );
      this.stream = stream;
      const signal = () => {
        const wake = this.wake;
        this.wake = undefined;
        wake?.();
      };
      stream.on('readable', signal);
      stream.on('end', () => {
        this.ended = true;
        signal();
      });
      stream.on('error', (error) => {
        this.failure ??= error;
        signal();
      });
      while (!this.stopped) {
        const batch = this.take();
        if (batch.length === 0) {
          if (this.failure !== undefined) throw this.failure;
          if (this.ended) throw new Error('EventStoreDB subscription ended');
          // Registered in the same turn as the empty read: a 'readable' cannot slip in between.
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
          continue;
        }
        const events: RecordedEvent[] = [];
        for (const resolved of batch) {
          const event = resolved.event;
          if (!event || isSystem(event)) continue;
          const position = Number(event.position.commit);
          if (position <= cursor) continue;
          cursor = position;
          events.push(toRecorded(event, position));
        }
        if (events.length > 0 && !this.stopped) await this.options.onEvents(events);
      }
    } catch (error) {
      this.stopped = true;
      if (this.options.onError) this.options.onError(error);
      else console.error('EventStoreDB subscription failed', error);
    } finally {
      if (stream) {
        await stream.unsubscribe().catch(() => {});
        stream.destroy();
      }
    }
  }

  /** What the subscription already buffered, up to one batch. */
  private take(): AllStreamResolvedEvent[] {
    const batch: AllStreamResolvedEvent[] = [];
    const stream = this.stream;
    if (!stream) return batch;
    while (batch.length < this.batchSize) {
      const item = stream.read() as AllStreamResolvedEvent | null;
      if (item === null) break;
      batch.push(item);
    }
    return batch;
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return 'any';
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) throw new TypeError(`invalid expected revision ${String(expected)}`);
      return BigInt(expected);
  }
}

function toEventData(events: NewEvent[]) {
  if (!Array.isArray(events) || events.length === 0) throw new TypeError('append needs at least one event');
  return events.map((event) => {
    if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError('event type must be a non-empty string');
    if (event.type.startsWith('$')) throw new TypeError(`event type ${event.type} is reserved ($-prefixed)`);
    if (event.data === undefined) throw new TypeError(`data of ${event.type} is not JSON-serialisable`);
    // `$correlationId` / `$causationId` are EventStoreDB's conventions (used by its system projections).
    const metadata: Record<string, unknown> = { ...event.metadata, $correlationId: event.metadata.correlationId };
    if (event.metadata.causationId !== undefined) metadata.$causationId = event.metadata.causationId;
    return jsonEvent({ type: event.type, data: event.data as JSONType, metadata });
  });
}

function toRecorded(event: EsdbRecorded, position: number): RecordedEvent {
  return {
    stream: event.streamId,
    revision: Number(event.revision),
    position,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata),
    recordedAt: event.created.toISOString(),
  };
}

/** Our metadata without EventStoreDB's `$` keys. */
function toMetadata(raw: unknown): EventMetadata {
  if (!raw || typeof raw !== 'object' || raw instanceof Uint8Array) return { actor: 'unknown', correlationId: 'unknown' };
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!key.startsWith('$')) metadata[key] = value;
  return metadata as EventMetadata;
}

function streamReadPosition(event: EsdbRecorded): number {
  const position = event.position;
  // Servers before 22.6 leave it out (or send 2^64 - 1) on stream reads.
  if (!position || position.commit >= 2n ** 63n) {
    throw new Error('EventStoreDB did not return $all positions on a stream read: version 22.6 or later is required');
  }
  return Number(position.commit);
}

function readPositionAfter(after: number): ReadPosition {
  if (after <= 0) return START;
  const at = BigInt(after);
  return { commit: at, prepare: at };
}

function isSystem(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function checkStream(stream: string): void {
  if (typeof stream !== 'string' || stream.length === 0) throw new TypeError('stream name must be a non-empty string');
  if (stream.startsWith('$')) throw new TypeError(`stream name ${stream} is reserved ($-prefixed)`);
}
