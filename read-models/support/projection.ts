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
  handles: ['SupportRequested', 'SupportRequestAnswered'] satisfies SupportEvent['type'][],
  collections: { [SUPPORT_REQUESTS]: [{ key: { answeredAt: 1, priority: -1, requestedAt: 1 }, name: 'inbox' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<SupportEvent>;
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
      default: {
        const never: never = event;
        throw new Error(`support projection cannot apply ${String((never as SupportEvent).type)}`);
      }
    }
  },
};
