import type { AccountEvent } from '../../events/accounts.ts';
import type { BillingEvent } from '../../events/billing.ts';
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
  /**
   * The plan on record: 'premium' once the user has (or had) a Premium subscription. Whether it still
   * gives Premium rights is `hasPremiumRights` (services/billing/premium.ts): status and paid period.
   */
  subscriptionTier: 'free' | 'premium';
  /** Stripe's status of the subscription (`active`, `trialing`, `past_due`, `canceled`, ...); null without one. */
  subscriptionStatus: string | null;
  /** Billing (docs/billing.md): the user's Stripe customer and subscription; absent before the first checkout. */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** End of the subscription's current billing period (renewal, or the end when it is cancelled). */
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  /** End of the last period the subscription was in good standing for (active or trialing): a canceled subscription keeps Premium until then. */
  paidThrough?: string | null;
  sessionEpoch: number;
  registeredAt: string;
  /** The address is proven (verification link or password reset); owner rights need it. */
  emailVerified: boolean;
  /**
   * SHA-256 of the verification link that works now (the latest requested), to find the account of a
   * link; null once verified. The expiry is checked on the user stream, not here.
   */
  verificationTokenHash: string | null;
  /** Sessions ended by a logout, kept until they would have expired anyway (the gateway refuses them). */
  endedSessions?: EndedSession[];
}

export interface EndedSession {
  sessionId: string;
  until: string;
}

export const USERS = 'users';

type Handled =
  | Extract<
      AccountEvent,
      { type: 'UserRegistered' | 'UserLoggedOut' | 'SessionsRevoked' | 'SubscriptionChanged' | 'EmailVerificationRequested' | 'EmailVerified' }
    >
  | Extract<BillingEvent, { type: 'StripeCustomerLinked' | 'SubscriptionUpdated' }>;
const handled: readonly Handled['type'][] = [
  'UserRegistered',
  'UserLoggedOut',
  'SessionsRevoked',
  'SubscriptionChanged',
  'EmailVerificationRequested',
  'EmailVerified',
  'StripeCustomerLinked',
  'SubscriptionUpdated',
];

/** Stripe statuses of a subscription in good standing: its current period counts as paid. */
const GOOD_STANDING = new Set(['active', 'trialing']);

export const usersProjection: Projection = {
  name: 'users',
  // 3 (billing): Stripe customer, subscription status and period; 3 (verification): emailVerified and the
  // current link's hash; 4: both together
  version: 4,
  handles: handled,
  collections: {
    [USERS]: [
      { key: { email: 1 }, name: 'email' },
      { key: { stripeCustomerId: 1 }, name: 'stripeCustomerId' },
      { key: { verificationTokenHash: 1 }, name: 'verificationTokenHash' },
      // premiumUsers (refresh-premium-quotes, every minute of the session)
      { key: { subscriptionTier: 1 }, name: 'subscriptionTier' },
    ],
  },
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
          emailVerified: false,
          verificationTokenHash: null,
        }));
        return;
      }
      case 'UserLoggedOut': {
        const d = event.data;
        if (d.sessionId === undefined || d.sessionExpiresAt === undefined) return;
        const ended: EndedSession = { sessionId: d.sessionId, until: d.sessionExpiresAt };
        // Entries past their expiry are dropped here, so the list holds at most the sessions of the last 12 hours.
        await ctx.update<UserDoc>(USERS, d.userId, (doc) =>
          doc ? { ...doc, endedSessions: [...(doc.endedSessions ?? []).filter((e) => e.until > d.loggedOutAt), ended] } : null,
        );
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
      case 'StripeCustomerLinked': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => (doc ? { ...doc, stripeCustomerId: d.stripeCustomerId } : null));
        return;
      }
      case 'SubscriptionUpdated': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) =>
          doc
            ? {
                ...doc,
                subscriptionTier: 'premium',
                subscriptionStatus: d.status,
                stripeSubscriptionId: d.stripeSubscriptionId,
                currentPeriodEnd: d.currentPeriodEnd,
                cancelAtPeriodEnd: d.cancelAtPeriodEnd,
                paidThrough: GOOD_STANDING.has(d.status) ? d.currentPeriodEnd : (doc.paidThrough ?? null),
              }
            : null,
        );
        return;
      }
      case 'EmailVerificationRequested': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => (doc && !doc.emailVerified ? { ...doc, verificationTokenHash: d.tokenHash } : doc));
        return;
      }
      case 'EmailVerified': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => (doc ? { ...doc, emailVerified: true, verificationTokenHash: null } : null));
        return;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`users projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
