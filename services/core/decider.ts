import type { RecordedEvent } from '../../events/envelope.ts';

export type DomainEvent = { type: string; data: unknown };

/** Request-scoped facts every command carries: who, which request, and the time (never `new Date()` in domain code). */
export interface CommandContext {
  actor: string;
  correlationId: string;
  /** ISO instant of the command, from the gateway or job clock. */
  now: string;
}

/**
 * The event types a decider folds, each named once: `{ HoldingAdded: true, HoldingRemoved: true }`.
 * An object (not a list) so the compiler checks it names every type of `Event` and nothing else.
 */
export type FoldedTypes<Event extends DomainEvent> = { readonly [T in Event['type']]: true };

/** decide is pure and throws AppError; evolve is pure. */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, ctx: CommandContext) => Event[];
  /** What `evolve` folds: a stream read from the log is narrowed to these types (see `foldRecorded`). */
  folds: FoldedTypes<Event>;
  /**
   * Set when `evolve` never changes the state it is given (it returns a new one): the event log may
   * then keep a stream's folded state and fold only the events appended since (EventLog.aggregate),
   * instead of reading and decoding the whole stream for every command.
   */
  keepsFoldedState?: true;
}

/** What loading an aggregate needs: the fold half of a decider. */
export type Folder<State, Event extends DomainEvent> = Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve' | 'folds' | 'keepsFoldedState'>;

/** A stream folded to its state, with the revision it is at (-1 when it does not exist). */
export interface Aggregate<State> {
  state: State;
  revision: number;
}

/**
 * Re-runs of a command that lost a race on a user's stream (several tabs, double clicks): each is a
 * small read and an append, and the stream's invariant is decided again on fresh state every time.
 */
export const WRITE_RETRIES = 10;

export function fold<State, Event extends DomainEvent>(decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}

/**
 * Folds events read from the log. The registry has validated each one against the schema of its
 * `type`, so checking the type against the decider's `folds` is an honest narrowing; a type the
 * decider does not fold means the stream holds something it should not, and is an error.
 */
export function foldRecorded<State, Event extends DomainEvent>(
  decider: Folder<State, Event>,
  stream: string,
  recorded: readonly RecordedEvent[],
  /** The stream folded up to the event before `recorded[0]` (default: the initial state, no stream). */
  from?: Aggregate<State>,
): Aggregate<State> {
  let state = from ? from.state : decider.initialState();
  for (const event of recorded) {
    if (!isFolded(decider.folds, event)) throw new Error(`${stream} holds ${event.type} at revision ${event.revision}, which its decider does not fold`);
    state = decider.evolve(state, event);
  }
  return { state, revision: recorded.length > 0 ? lastRevision(recorded) : (from?.revision ?? -1) };
}

function isFolded<Event extends DomainEvent>(folds: FoldedTypes<Event>, event: RecordedEvent): event is RecordedEvent & Event {
  return Object.hasOwn(folds, event.type);
}

function lastRevision(events: readonly RecordedEvent[]): number {
  return events.length === 0 ? -1 : events[events.length - 1]!.revision;
}
