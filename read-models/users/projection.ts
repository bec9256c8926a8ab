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
   * The plan on record: 'premium' while the user has (or had) any subscription (the index of
   * `premiumUsers`). Whether one still gives Premium rights is `hasPremiumRights`
   * (services/billing/premium.ts): each subscription's status and end.
   */
  subscriptionTier: 'free' | 'premium';
  /** Every subscription of the user (a user may hold several), by id; empty without one. */
  subscriptions: UserSubscription[];
  /** Billing (docs/billing.md): the Stripe customer linked last (checkout, billing portal); absent before the first checkout. */
  stripeCustomerId?: string;
  /** Every Stripe customer linked to the user: the webhook's customer index. */
  stripeCustomerIds?: string[];
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

/** One subscription as Stripe last described it (or the plan set by hand: `SubscriptionChanged`). */
export interface UserSubscription {
  /** Stripe's subscription id, or `manual` for the plan set on the user stream. */
  id: string;
  /** Stripe's status (`active`, `trialing`, `past_due`, `canceled`, ...); the manual plan's may be null. */
  status: string | null;
  /** End of the current billing period (the renewal, or the end when it is set to cancel then). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When Stripe says the subscription ended (`ended_at`); null while it runs. */
  endedAt: string | null;
  /** The time the facts describe (orders the subscriptions; a fact older than the one kept is not applied). */
  asOf: string;
}

/** The id of the plan set by hand on the user stream (`SubscriptionChanged`), beside Stripe's `sub_...` ids. */
export const MANUAL_PLAN = 'manual';

export interface EndedSession {
  sessionId: string;
  until: string;
}

export const USERS = 'users';

type Handled =
  | Extract<
      AccountEvent,
      {
        type:
          | 'UserRegistered'
          | 'UserLoggedOut'
          | 'SessionsRevoked'
          | 'SubscriptionChanged'
          | 'EmailVerificationRequested'
          | 'EmailVerified'
          | 'UserNameChanged'
          | 'AccountDeleted';
      }
    >
  | Extract<BillingEvent, { type: 'StripeCustomerLinked' | 'SubscriptionUpdated' }>;
const handled: readonly Handled['type'][] = [
  'UserRegistered',
  'UserLoggedOut',
  'SessionsRevoked',
  'SubscriptionChanged',
  'EmailVerificationRequested',
  'EmailVerified',
  'UserNameChanged',
  'AccountDeleted',
  'StripeCustomerLinked',
  'SubscriptionUpdated',
];

/** The subscriptions with `next` in place of the one of its id, sorted by id (deterministic documents). */
function withSubscription(list: readonly UserSubscription[], next: UserSubscription | null, id: string): UserSubscription[] {
  const others = list.filter((s) => s.id !== id);
  return (next ? [...others, next] : others).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const usersProjection: Projection = {
  name: 'users',
  // 3 (billing): Stripe customer, subscription status and period; 3 (verification): emailVerified and the
  // current link's hash; 4: both together; 5 (issue 25): every subscription on its own, every customer linked;
  // 6 (issue 29): the name a user changes on /account
  version: 6,
  handles: handled,
  collections: {
    [USERS]: [
      { key: { email: 1 }, name: 'email' },
      { key: { stripeCustomerIds: 1 }, name: 'stripeCustomerIds' },
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
          subscriptions: [],
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
        // the plan set by hand: one more subscription while it is Premium
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => {
          if (!doc) return null;
          const plan: UserSubscription = { id: MANUAL_PLAN, status: d.subscriptionStatus, currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: null, asOf: d.changedAt };
          const subscriptions = withSubscription(doc.subscriptions, d.subscriptionTier === 'premium' ? plan : null, MANUAL_PLAN);
          return { ...doc, subscriptions, subscriptionTier: subscriptions.length > 0 ? 'premium' : 'free' };
        });
        return;
      }
      case 'StripeCustomerLinked': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) =>
          doc
            ? {
                ...doc,
                stripeCustomerId: d.stripeCustomerId,
                stripeCustomerIds: [...(doc.stripeCustomerIds ?? []).filter((c) => c !== d.stripeCustomerId), d.stripeCustomerId],
              }
            : null,
        );
        return;
      }
      case 'SubscriptionUpdated': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => {
          if (!doc) return null;
          const kept = doc.subscriptions.find((s) => s.id === d.stripeSubscriptionId);
          // the billing decider appends each subscription's facts in order; a fact older than the one kept changes nothing
          if (kept && Date.parse(kept.asOf) > Date.parse(d.asOf)) return doc;
          const next: UserSubscription = {
            id: d.stripeSubscriptionId,
            status: d.status,
            currentPeriodEnd: d.currentPeriodEnd,
            cancelAtPeriodEnd: d.cancelAtPeriodEnd,
            endedAt: d.endedAt,
            asOf: d.asOf,
          };
          return { ...doc, subscriptionTier: 'premium', subscriptions: withSubscription(doc.subscriptions, next, next.id) };
        });
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
      case 'UserNameChanged': {
        const d = event.data;
        await ctx.update<UserDoc>(USERS, d.userId, (doc) => (doc ? { ...doc, firstName: d.firstName, lastName: d.lastName } : null));
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its document goes, so every cookie of it answers 401 (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<UserDoc>(USERS, event.data.userId, () => null);
        return;
      default: {
        const unexpected: never = event;
        throw new Error(`users projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
