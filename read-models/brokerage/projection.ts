import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { BrokerageEvent } from '../../events/brokerage.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `brokerage_links` read model: one document per user with a SnapTrade registration (fed by that
 * user's `brokerage-<userId>` stream only): when they registered and what each account's last sync
 * found. Never SnapTrade's user secret, not even encrypted: the stream is where the server reads it.
 */
export interface BrokerageAccountEntry {
  accountId: string;
  brokerageName: string;
  accountName: string;
  lastSyncedAt: string;
  positions: number;
  synced: number;
}

export interface BrokerageLinkDoc extends Doc {
  _id: string;
  registeredAt: string;
  lastSync: { at: string; synced: number; total: number; trigger: 'user' | 'schedule' } | null;
  /** Every account a sync has seen, with the time it was last read (an account gone from SnapTrade keeps its entry). */
  accounts: BrokerageAccountEntry[];
}

export const BROKERAGE_LINKS = 'brokerage_links';

export const brokerageProjection: Projection = {
  name: 'brokerage',
  version: 1,
  handles: ['BrokerageUserRegistered', 'BrokerageSynced', 'AccountDeleted'] satisfies (BrokerageEvent | AccountDeletedEvent)['type'][],
  collections: { [BROKERAGE_LINKS]: [] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<BrokerageEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'BrokerageUserRegistered': {
        const { userId, registeredAt } = event.data;
        await ctx.update<BrokerageLinkDoc>(BROKERAGE_LINKS, userId, (doc) => doc ?? { _id: userId, registeredAt, lastSync: null, accounts: [] });
        return;
      }
      case 'BrokerageSynced': {
        const { userId, syncedAt, synced, total, trigger, accounts } = event.data;
        await ctx.update<BrokerageLinkDoc>(BROKERAGE_LINKS, userId, (doc) => {
          if (!doc) return null;
          const seen = new Map(doc.accounts.map((a) => [a.accountId, a]));
          for (const a of accounts) seen.set(a.accountId, { ...a, lastSyncedAt: syncedAt });
          return { ...doc, lastSync: { at: syncedAt, synced, total, trigger }, accounts: [...seen.values()] };
        });
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<BrokerageLinkDoc>(BROKERAGE_LINKS, event.data.userId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`brokerage projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
