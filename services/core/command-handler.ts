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
 * Reads the stream, folds it, decides, and appends with the stream's revision as the expected one.
 * A concurrent writer makes the append fail; the command is then re-run on fresh state (up to
 * `retries` times) and finally answered with 412.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  log: EventLog,
  stream: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  ctx: CommandContext,
  retries = 3,
): Promise<CommandResult<Event>> {
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = await log.aggregate(stream, decider);
    const events = decider.decide(command, state, ctx);
    if (events.length === 0) return { events, position: 0, revision };
    try {
      const result = await log.append(stream, events, revision < 0 ? 'no_stream' : revision, ctx);
      return { events, position: result.position, revision: result.nextExpectedRevision };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < retries) continue;
      if (error instanceof ConcurrencyError) throw preconditionFailed();
      throw error;
    }
  }
}
