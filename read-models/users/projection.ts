import type { AccountEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `users` read model: one document per account, what the API shows about a user plus the session
 * epoch the gateway checks cookies against. Never the password hash.
 */
export interface UserDoc extends Doc {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  subscriptionTier: 'free' | 'premium';
  subscriptionStatus: string | null;
  sessionEpoch: number;
  registeredAt: string;
}

export const USERS = 'users';

type Handled = Extract<AccountEvent, { type: 'UserRegistered' | 'SessionsRevoked' | 'SubscriptionChanged' }>;
const handled: readonly Handled['type'][] = ['UserRegistered', 'SessionsRevoked', 'SubscriptionChanged'];

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: handled,
  collections: { [USERS]: [{ key: { email: 1 }, name: 'email' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<Handled>;
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, () => ({
          _id: d.userId,
          email: d.email,
          firstName: d.firstName,
          lastName: d.lastName,
          subscriptionTier: 'free',
          subscriptionStatus: null,
          sessionEpoch: 0,
          registeredAt: d.registeredAt,
        }));
        return;
      }
      case 'SessionsRevoked': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => (doc ? { ...doc, sessionEpoch: Math.max(doc.sessionEpoch, d.sessionEpoch) } : null));
        return;
      }
      case 'SubscriptionChanged': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) =>
          doc ? { ...doc, subscriptionTier: d.subscriptionTier, subscriptionStatus: d.subscriptionStatus } : null,
        );
        return;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`users projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
