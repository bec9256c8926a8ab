import type { BrokerPayoutRecord, PayoutEvent } from '../../events/payouts.ts';
import type { CommandContext, Decider } from '../core/decider.ts';

/**
 * The payout ledger's writes on `payouts-<userId>` (docs/payouts.md): a payout marked received, the
 * brokerage's dividend records, the income goal. What the read side knows (the payout exists and is
 * paid) is checked by the command before it gets here (commands.ts); the decider keeps the stream
 * free of repeats: the same mark, the same records or the same goal again write nothing.
 */
export interface PayoutsState {
  /** By `<holdingId>/<exDate>`: the amount last marked. */
  marks: ReadonlyMap<string, string>;
  /** By activity id: the record as last recorded (JSON). */
  records: ReadonlyMap<string, string>;
  goal: { period: 'week' | 'month'; amount: string } | null;
}

export const initialPayoutsState = (): PayoutsState => ({ marks: new Map(), records: new Map(), goal: null });

export function evolvePayouts(state: PayoutsState, event: PayoutEvent): PayoutsState {
  switch (event.type) {
    case 'PayoutMarkedReceived': {
      const marks = new Map(state.marks);
      marks.set(`${event.data.holdingId}/${event.data.exDate}`, event.data.amount);
      return { ...state, marks };
    }
    case 'BrokerPayoutsRecorded': {
      const records = new Map(state.records);
      for (const r of event.data.records) records.set(r.id, JSON.stringify(r));
      return { ...state, records };
    }
    case 'IncomeGoalSet':
      return { ...state, goal: { period: event.data.period, amount: event.data.amount } };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export type PayoutsCommand =
  | { type: 'MarkPayoutReceived'; data: { userId: string; holdingId: string; etfId: string; exDate: string; amount: string } }
  | { type: 'RecordBrokerPayouts'; data: { userId: string; records: BrokerPayoutRecord[] } }
  | { type: 'SetIncomeGoal'; data: { userId: string; period: 'week' | 'month'; amount: string } };

export function decidePayouts(command: PayoutsCommand, state: PayoutsState, ctx: CommandContext): PayoutEvent[] {
  switch (command.type) {
    case 'MarkPayoutReceived': {
      const { holdingId, exDate, amount } = command.data;
      if (state.marks.get(`${holdingId}/${exDate}`) === amount) return [];
      return [{ type: 'PayoutMarkedReceived', data: { ...command.data, markedAt: ctx.now } }];
    }
    case 'RecordBrokerPayouts': {
      const fresh = command.data.records.filter((r) => state.records.get(r.id) !== JSON.stringify(r));
      if (fresh.length === 0) return [];
      return [{ type: 'BrokerPayoutsRecorded', data: { userId: command.data.userId, records: fresh, recordedAt: ctx.now } }];
    }
    case 'SetIncomeGoal': {
      const { period, amount } = command.data;
      if (state.goal?.period === period && state.goal.amount === amount) return [];
      return [{ type: 'IncomeGoalSet', data: { ...command.data, setAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const payoutsDecider: Decider<PayoutsCommand, PayoutsState, PayoutEvent> = {
  initialState: initialPayoutsState,
  evolve: evolvePayouts,
  decide: decidePayouts,
  folds: { PayoutMarkedReceived: true, BrokerPayoutsRecorded: true, IncomeGoalSet: true },
  keepsFoldedState: true,
};
