import type { NewEvent, RecordedEvent } from '../../events/envelope.ts';

/**
 * What the writer expects of the stream before its append:
 * - 'no_stream': the stream must not exist yet;
 * - 'any': no check;
 * - 'stream_exists': the stream must have at least one event;
 * - a number: the revision of the stream's last event (0-based) must be exactly this.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last appended event. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

/** The stream was not at the expected revision. Maps to HTTP 412 (or 409 in commands that retry). */
export class ConcurrencyError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  readonly actual: number | 'no_stream';
  constructor(stream: string, expected: ExpectedRevision, actual: number | 'no_stream') {
    super(`stream ${stream} expected at ${String(expected)} but is at ${String(actual)}`);
    this.name = 'ConcurrencyError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

export interface ReadAllOptions {
  /** Return events with position strictly greater than this (0 = from the start). */
  after?: number;
  /** At most this many events (adapters may cap it). */
  limit?: number;
}

export interface SubscribeOptions {
  /** Deliver events with position strictly greater than this, then follow live appends. */
  after: number;
  /** Events are delivered in order; the next batch waits for the handler's promise. */
  onEvents: (events: RecordedEvent[]) => Promise<void> | void;
  /** Called once if the subscription fails for good (handler threw, connection lost). */
  onError?: (error: unknown) => void;
  /** Catch-up batch size. */
  batchSize?: number;
}

export interface Subscription {
  /** Stops delivery; resolves when no handler call is in flight any more. */
  stop(): Promise<void>;
}

/**
 * The event store port. Raw envelopes: validation and upcasting happen above it (events/registry.ts).
 * System events of the backing store (EventStoreDB's `$...`) are never returned.
 */
export interface EventStore {
  readonly kind: 'sqlite' | 'eventstoredb';
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; empty when the stream does not exist. */
  readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** Events of all streams in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Round trip to the backing store, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
