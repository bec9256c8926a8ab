import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { SupportEvent } from '../../events/support.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/** The `support` read model: the owner's inbox, one document per support request (issue 29). */
export interface SupportRequestDoc extends Doc {
  /** The request id. */
  _id: string;
  userId: string;
  email: string;
  name: string;
  /** Sent by a Premium user: marked "Priority" and listed first. */
  priority: boolean;
  subject: string;
  message: string;
  requestedAt: string;
  /** When the owner marked it answered; null while open. */
  answeredAt: string | null;
}

export const SUPPORT_REQUESTS = 'supportRequests';

export const supportProjection: Projection = {
  name: 'support',
  version: 1,
  handles: ['SupportRequested', 'SupportRequestAnswered', 'AccountDeleted'] satisfies (SupportEvent | AccountDeletedEvent)['type'][],
  // by_user: a deleted account's requests go with it
  collections: { [SUPPORT_REQUESTS]: [{ key: { answeredAt: 1, priority: -1, requestedAt: 1 }, name: 'inbox' }, { key: { userId: 1 }, name: 'by_user' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<SupportEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'SupportRequested': {
        const d = event.data;
        await ctx.update<SupportRequestDoc>(SUPPORT_REQUESTS, d.requestId, () => ({
          _id: d.requestId,
          userId: d.userId,
          email: d.email,
          name: d.name,
          priority: d.priority,
          subject: d.subject,
          message: d.message,
          requestedAt: d.requestedAt,
          answeredAt: null,
        }));
        return;
      }
      case 'SupportRequestAnswered': {
        const d = event.data;
        await ctx.update<SupportRequestDoc>(SUPPORT_REQUESTS, d.requestId, (doc) => (doc ? { ...doc, answeredAt: d.answeredAt } : null));
        return;
      }
      case 'AccountDeleted': {
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        for (const doc of await ctx.find<SupportRequestDoc>(SUPPORT_REQUESTS, { userId: event.data.userId })) await ctx.update<SupportRequestDoc>(SUPPORT_REQUESTS, doc._id, () => null);
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`support projection cannot apply ${String((never as SupportEvent).type)}`);
      }
    }
  },
};
