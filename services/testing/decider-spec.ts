import { expect } from 'vitest';
import { registry } from '../../events/registry.ts';
import { fold, type CommandContext, type Decider, type DomainEvent } from '../core/decider.ts';

/**
 * The one given/when/then helper of the decider specs (emmett's `DeciderSpecification`):
 *
 *     const given = deciderSpec(portfolioDecider, ctx);
 *     given([added]).when(remove).then([removed]);
 *     given([added]).when(add).thenThrows({ status: 409, message: 'NVDW is already in your portfolio' });
 *
 * Every emitted event also goes through `registry.encode`, so a decision that breaks its event's
 * schema fails the spec the way it would fail the append.
 */
export function deciderSpec<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>, ctx: CommandContext) {
  return (given: readonly Event[] = []) => ({
    when: (command: Command, at: CommandContext = ctx) => decided(() => decide(decider, given, command, at)),
  });
}

/** What is expected of a failed decision: `toThrow`'s argument, or an object (`{ status, message }`) the error must contain. */
export type ExpectedError = Record<string, unknown> | string | RegExp | (new (...args: never[]) => Error);

export interface Decided<Event> {
  /** The events decided (for assertions `then` does not cover, or as the history of a next step). */
  events(): Event[];
  /** Exactly these events, or assertions of their own on them. */
  then(expected: Event[] | ((events: Event[]) => void)): void;
  thenThrows(expected: ExpectedError): void;
}

function decided<Event>(run: () => Event[]): Decided<Event> {
  return {
    events: run,
    then(expected) {
      if (typeof expected === 'function') expected(run());
      else expect(run()).toEqual(expected);
    },
    thenThrows(expected) {
      const isSubset = typeof expected === 'object' && !(expected instanceof RegExp);
      expect(run).toThrow(isSubset ? expect.objectContaining(expected) : expected);
    },
  };
}

function decide<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>, given: readonly Event[], command: Command, ctx: CommandContext): Event[] {
  const events = decider.decide(command, fold(decider, [...given]), ctx);
  for (const e of events) registry.encode(e, { actor: ctx.actor, correlationId: ctx.correlationId });
  return events;
}
