import { registerCache } from '../../domain/caches/registry.ts';
import { ConcurrencyError } from '../../infra/event-store/port.ts';
import type { CommandContext, Decider, DomainEvent } from './decider.ts';
import { preconditionFailed } from './errors.ts';
import type { EventLog } from './event-log.ts';

export interface CommandResult<Event> {
  events: Event[];
  /** Global position of the last appended event (0 when nothing was appended). */
  position: number;
  /** Revision the stream is at after the command (-1 when it does not exist). */
  revision: number;
}

/**
 * Commands on one stream run one after another in this process (a promise chain per event log and
 * stream), so parallel writes by one user — 20 adds from several tabs — no longer race each other
 * to the append (audit L5: with immediate retries each round admitted one winner, so at most
 * `retries + 1` of N parallel writers succeeded; 7-9 of 20 got 412). Other streams are not held up.
 */
const queues = new WeakMap<EventLog, Map<string, Promise<void>>>();
registerCache({
  name: 'command-queues',
  owner: 'services/core/command-handler.ts',
  key: 'event log (a WeakMap), then stream name: the tail of the stream\'s chain of commands',
  bound: 'the streams with a command running or waiting',
  eviction: 'when its last command settles',
  coherence: 'holds no data, only the order of the commands running in this process',
  clearable: false,
  reason: 'it orders the running commands and holds no data; dropping a queue would let two commands on one stream race to the append',
});

function oneAtATime<T>(log: EventLog, stream: string, run: () => Promise<T>): Promise<T> {
  let byStream = queues.get(log);
  if (!byStream) queues.set(log, (byStream = new Map()));
  const result = (byStream.get(stream) ?? Promise.resolve()).then(run);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  byStream.set(stream, tail);
  void tail.then(() => {
    if (byStream.get(stream) === tail) byStream.delete(stream);
  });
  return result;
}

/** Full jitter: a random wait up to 5 ms × 2^attempt, at most 250 ms, so writers in several processes spread out. */
function backoff(attempt: number): Promise<void> {
  const capMs = Math.min(250, 5 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * capMs));
}

/**
 * Reads the stream, folds it, decides, and appends with the stream's revision as the expected one.
 * Commands on the same stream are queued in this process (see oneAtATime); a writer in another
 * process (several gateways, the worker) makes the append fail, and the command is then re-run on
 * fresh state after a jittered backoff (up to `retries` times) and finally answered with 412.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  log: EventLog,
  stream: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  ctx: CommandContext,
  retries = 3,
): Promise<CommandResult<Event>> {
  return oneAtATime(log, stream, async () => {
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await log.aggregate(stream, decider);
      const events = decider.decide(command, state, ctx);
      if (events.length === 0) return { events, position: 0, revision };
      try {
        const result = await log.append(stream, events, revision < 0 ? 'no_stream' : revision, ctx);
        return { events, position: result.position, revision: result.nextExpectedRevision };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < retries) {
          await backoff(attempt);
          continue;
        }
        if (error instanceof ConcurrencyError) throw preconditionFailed();
        throw error;
      }
    }
  });
}
