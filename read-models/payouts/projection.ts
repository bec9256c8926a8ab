import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { BrokerPayoutRecord, PayoutEvent } from '../../events/payouts.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `payouts` read model: one document per user, fed by that user's `payouts-<userId>` stream only
 * (the runtime's `_position` guard makes redelivery harmless): the payouts marked received (the last
 * mark of a payout wins), the brokerage's dividend records (one per activity id, the last report
 * wins) and the income goal. The states are derived at read time (ledger.ts).
 */
export interface PayoutMark {
  holdingId: string;
  etfId: string;
  exDate: string;
  amount: string;
  markedAt: string;
}

export interface IncomeGoal {
  period: 'week' | 'month';
  amount: string;
  setAt: string;
}

export interface PayoutsDoc extends Doc {
  _id: string;
  marks: PayoutMark[];
  records: BrokerPayoutRecord[];
  goal: IncomeGoal | null;
}

export const PAYOUTS = 'payouts';

const empty = (userId: string): PayoutsDoc => ({ _id: userId, marks: [], records: [], goal: null });

export const payoutsProjection: Projection = {
  name: 'payouts',
  // 2: a record's source (BrokerPayoutsRecorded v2: `file`, a dividend history file)
  version: 2,
  handles: ['PayoutMarkedReceived', 'BrokerPayoutsRecorded', 'IncomeGoalSet', 'AccountDeleted'] satisfies (PayoutEvent | AccountDeletedEvent)['type'][],
  collections: { [PAYOUTS]: [] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<PayoutEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'PayoutMarkedReceived': {
        const { userId, ...mark } = event.data;
        await ctx.update<PayoutsDoc>(PAYOUTS, userId, (doc) => {
          const base = doc ?? empty(userId);
          const others = base.marks.filter((m) => !(m.holdingId === mark.holdingId && m.exDate === mark.exDate));
          return { ...base, marks: [...others, mark] };
        });
        return;
      }
      case 'BrokerPayoutsRecorded': {
        const { userId, records } = event.data;
        await ctx.update<PayoutsDoc>(PAYOUTS, userId, (doc) => {
          const base = doc ?? empty(userId);
          const ids = new Set(records.map((r) => r.id));
          return { ...base, records: [...base.records.filter((r) => !ids.has(r.id)), ...records] };
        });
        return;
      }
      case 'IncomeGoalSet': {
        const { userId, period, amount, setAt } = event.data;
        await ctx.update<PayoutsDoc>(PAYOUTS, userId, (doc) => ({ ...(doc ?? empty(userId)), goal: { period, amount, setAt } }));
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<PayoutsDoc>(PAYOUTS, event.data.userId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`payouts projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
