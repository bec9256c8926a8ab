import { ENDED_SUBSCRIPTION_STATUSES, type BillingEvent } from '../../events/billing.ts';
import type { CommandContext, Decider } from '../core/decider.ts';

/**
 * The billing decider of `billing-<userId>`: turns what Stripe told us (one webhook event, already
 * verified and parsed into facts) into our own events, and records the Checkout Sessions the app
 * opens. Rules (docs/billing.md):
 * - a Stripe event id is handled once: a redelivery finds it on the stream and decides nothing;
 * - each subscription's state only moves forward, on its own (a user may have several): a fact older
 *   (`asOf`) than the newest one recorded for that subscription is not applied; at the same second, a
 *   fact that would go back to `incomplete` (the only status that precedes the others) is not applied
 *   either; and nothing follows an ended subscription (`canceled`, `incomplete_expired`: Stripe never
 *   revives one);
 * - the customer of a fact is linked to the user once (`StripeCustomerLinked`), before the fact;
 * - one Checkout Session is open at a time: a new one is recorded only when none is open (not
 *   completed, not past its `expiresAt`) but the one the caller saw and found unusable.
 */

/** The subscription as a Stripe object described it. */
export interface SubscriptionFacts {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's `ended_at` (ISO), null while the subscription runs. */
  endedAt: string | null;
  priceId: string | null;
}

export type StripeFact =
  | {
      kind: 'checkout-completed';
      checkoutSessionId: string;
      stripeCustomerId: string;
      stripeSubscriptionId: string | null;
      /** The subscription read back from Stripe while handling the event, and when it was read. */
      subscription: { facts: SubscriptionFacts; readAt: string } | null;
    }
  | { kind: 'subscription'; subscription: SubscriptionFacts }
  | {
      kind: 'payment-failed';
      invoiceId: string;
      stripeCustomerId: string;
      stripeSubscriptionId: string | null;
      amountDue: number;
      currency: string;
      attemptCount: number;
      nextPaymentAttempt: string | null;
    }
  | { kind: 'invoice-paid'; invoiceId: string; stripeCustomerId: string; stripeSubscriptionId: string | null; amountPaid: number; currency: string };

export type BillingCommand =
  | {
      type: 'RecordStripeEvent';
      /** `eventCreated`: the Stripe event's `created` as an ISO instant. */
      data: { userId: string; stripeEventId: string; eventCreated: string; fact: StripeFact };
    }
  | {
      type: 'StartCheckout';
      /** `replaces`: the open session the caller found unusable (expired or gone at Stripe), if any. */
      data: { userId: string; checkoutSessionId: string; expiresAt: string; replaces: string | null };
    };

/** One subscription's newest applied fact. */
export interface SubscriptionState {
  asOf: string;
  status: string;
}

export interface OpenCheckout {
  checkoutSessionId: string;
  expiresAt: string;
}

export interface BillingState {
  /** The customer linked last (new checkouts and the billing portal use it). */
  stripeCustomerId: string | null;
  /** Every customer ever linked to the user. */
  customers: ReadonlySet<string>;
  /** Every Stripe event id already turned into our events. */
  handled: ReadonlySet<string>;
  /** Per subscription id: the newest fact applied. */
  subscriptions: ReadonlyMap<string, SubscriptionState>;
  /** The Checkout Session started last, until it completes (it may have expired since: see `openCheckoutAt`). */
  checkout: OpenCheckout | null;
}

export function initialBillingState(): BillingState {
  return { stripeCustomerId: null, customers: new Set(), handled: new Set(), subscriptions: new Map(), checkout: null };
}

export function evolveBilling(state: BillingState, event: BillingEvent): BillingState {
  switch (event.type) {
    case 'StripeCustomerLinked':
      return { ...state, stripeCustomerId: event.data.stripeCustomerId, customers: withId(state.customers, event.data.stripeCustomerId) };
    case 'CheckoutStarted':
      return { ...state, checkout: { checkoutSessionId: event.data.checkoutSessionId, expiresAt: event.data.expiresAt } };
    case 'CheckoutCompleted':
      return {
        ...state,
        handled: withId(state.handled, event.data.stripeEventId),
        checkout: state.checkout?.checkoutSessionId === event.data.checkoutSessionId ? null : state.checkout,
      };
    case 'SubscriptionUpdated': {
      const subscriptions = new Map(state.subscriptions);
      subscriptions.set(event.data.stripeSubscriptionId, { asOf: event.data.asOf, status: event.data.status });
      return { ...state, handled: withId(state.handled, event.data.stripeEventId), subscriptions };
    }
    case 'PaymentFailed':
    case 'InvoicePaid':
      return { ...state, handled: withId(state.handled, event.data.stripeEventId) };
    default: {
      const unexpected: never = event;
      throw new Error(`billing cannot fold ${JSON.stringify(unexpected)}`);
    }
  }
}

function withId(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (set.has(id)) return set;
  const next = new Set(set);
  next.add(id);
  return next;
}

/** The Checkout Session still open at `now` (started, not completed, not expired), or null. */
export function openCheckoutAt(state: BillingState, now: string): OpenCheckout | null {
  return state.checkout && Date.parse(state.checkout.expiresAt) > Date.parse(now) ? state.checkout : null;
}

/**
 * Whether a fact about a subscription, as of `asOf`, is older than what the stream already applied
 * for that subscription (or follows its end).
 */
export function isStaleSubscriptionFact(state: BillingState, subscriptionId: string, asOf: string, status: string): boolean {
  const known = state.subscriptions.get(subscriptionId);
  if (!known) return false;
  if (ENDED_SUBSCRIPTION_STATUSES.has(known.status)) return true;
  const before = Date.parse(known.asOf);
  const incoming = Date.parse(asOf);
  if (incoming < before) return true;
  return incoming === before && status === 'incomplete' && known.status !== 'incomplete';
}

export function decideBilling(command: BillingCommand, state: BillingState, ctx: CommandContext): BillingEvent[] {
  if (command.type === 'StartCheckout') return decideStartCheckout(command.data, state, ctx);
  const { userId, stripeEventId, eventCreated, fact } = command.data;
  if (state.handled.has(stripeEventId)) return [];
  const events: BillingEvent[] = [];
  const customerId = fact.kind === 'subscription' ? fact.subscription.stripeCustomerId : fact.stripeCustomerId;
  if (!state.customers.has(customerId)) {
    events.push({ type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: customerId, linkedAt: ctx.now } });
  }
  const base = { userId, stripeEventId, eventCreated };
  const subscriptionEvent = (s: SubscriptionFacts, asOf: string): BillingEvent[] =>
    isStaleSubscriptionFact(state, s.stripeSubscriptionId, asOf, s.status)
      ? []
      : [
          {
            type: 'SubscriptionUpdated',
            data: { ...base, asOf, ...s, endedAt: endedAt(s, asOf, ctx.now), recordedAt: ctx.now },
          },
        ];
  switch (fact.kind) {
    case 'checkout-completed':
      events.push({
        type: 'CheckoutCompleted',
        data: {
          ...base,
          checkoutSessionId: fact.checkoutSessionId,
          stripeCustomerId: fact.stripeCustomerId,
          stripeSubscriptionId: fact.stripeSubscriptionId,
          completedAt: ctx.now,
        },
      });
      // The subscription as read back: as new as the moment it was read (not as the checkout event).
      if (fact.subscription) events.push(...subscriptionEvent(fact.subscription.facts, fact.subscription.readAt));
      break;
    case 'subscription': {
      const update = subscriptionEvent(fact.subscription, eventCreated);
      // A stale fact changes nothing at all (not even the customer link).
      if (update.length === 0) return [];
      events.push(...update);
      break;
    }
    case 'payment-failed': {
      const { kind: _kind, stripeCustomerId: _customer, ...rest } = fact;
      events.push({ type: 'PaymentFailed', data: { ...base, ...rest, recordedAt: ctx.now } });
      break;
    }
    case 'invoice-paid': {
      const { kind: _kind, stripeCustomerId: _customer, ...rest } = fact;
      events.push({ type: 'InvoicePaid', data: { ...base, ...rest, recordedAt: ctx.now } });
      break;
    }
    default: {
      const unexpected: never = fact;
      throw new Error(`unknown billing fact ${JSON.stringify(unexpected)}`);
    }
  }
  return events;
}

/**
 * When an ended subscription ended: Stripe's `ended_at` (set on every ended subscription), else the
 * time of the fact; never later than now, when we are told it has ended (a clock ahead of ours).
 * Null while it runs.
 */
function endedAt(s: SubscriptionFacts, asOf: string, now: string): string | null {
  if (!ENDED_SUBSCRIPTION_STATUSES.has(s.status)) return null;
  const ended = s.endedAt ?? asOf;
  return Date.parse(ended) > Date.parse(now) ? now : ended;
}

/** Records a Checkout Session the app opened, unless another one is open (two tabs at once: the first wins). */
function decideStartCheckout(data: Extract<BillingCommand, { type: 'StartCheckout' }>['data'], state: BillingState, ctx: CommandContext): BillingEvent[] {
  const open = openCheckoutAt(state, ctx.now);
  if (open && open.checkoutSessionId !== data.replaces) return [];
  return [{ type: 'CheckoutStarted', data: { userId: data.userId, checkoutSessionId: data.checkoutSessionId, expiresAt: data.expiresAt, startedAt: ctx.now } }];
}

export const billingDecider: Decider<BillingCommand, BillingState, BillingEvent> = {
  initialState: initialBillingState,
  evolve: evolveBilling,
  decide: decideBilling,
  folds: { StripeCustomerLinked: true, CheckoutStarted: true, CheckoutCompleted: true, SubscriptionUpdated: true, PaymentFailed: true, InvoicePaid: true },
};
