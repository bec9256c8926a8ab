import type { SupportEvent } from '../../events/support.ts';
import type { EventOf } from '../../events/define.ts';
import type { supportRequested } from '../../events/support.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { conflict, notFound } from '../core/errors.ts';
import { assertNever } from '../accounts/accounts.ts';

/** One support request (`support-<id>`): sent by a user, then marked answered by the owner. */

export type SupportRequestData = Omit<EventOf<typeof supportRequested>['data'], 'requestedAt'>;

export type SupportCommand = { type: 'RequestSupport'; data: SupportRequestData } | { type: 'MarkAnswered'; data: Record<string, never> };

export type SupportState = { status: 'none' } | { status: 'open' | 'answered'; requestId: string };

export const supportMessages = {
  notFound: 'Support request not found',
  alreadyAnswered: 'This request is already marked answered',
} as const;

export function evolveSupport(state: SupportState, event: SupportEvent): SupportState {
  switch (event.type) {
    case 'SupportRequested':
      return { status: 'open', requestId: event.data.requestId };
    case 'SupportRequestAnswered':
      return state.status === 'none' ? state : { ...state, status: 'answered' };
    default:
      return assertNever(event);
  }
}

export function decideSupport(command: SupportCommand, state: SupportState, ctx: CommandContext): SupportEvent[] {
  switch (command.type) {
    case 'RequestSupport':
      // A new id per request: a second one on the same stream is a bug, not a user error.
      if (state.status !== 'none') throw new Error(`support request ${command.data.requestId} already exists`);
      return [{ type: 'SupportRequested', data: { ...command.data, requestedAt: ctx.now } }];
    case 'MarkAnswered':
      if (state.status === 'none') throw notFound(supportMessages.notFound);
      if (state.status === 'answered') throw conflict(supportMessages.alreadyAnswered);
      return [{ type: 'SupportRequestAnswered', data: { requestId: state.requestId, answeredAt: ctx.now } }];
    default:
      return assertNever(command);
  }
}

export const supportDecider: Decider<SupportCommand, SupportState, SupportEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveSupport,
  decide: decideSupport,
  folds: { SupportRequested: true, SupportRequestAnswered: true },
};
