import type { BillingEvent } from '../../events/billing.ts';
import type { CommandContext, Decider } from '../core/decider.ts';

/**
 * The billing decider of `billing-<userId>`: turns what Stripe told us (one webhook event, already
 * verified and parsed into facts) into our own events. Rules (docs/billing.md):
 * - a Stripe event id is handled once: a redelivery finds it on the stream and decides nothing;
 * - the subscription's state only moves forward: a subscription fact older (Stripe's `created`) than
 *   the newest one recorded is not applied; at the same second, a fact that would go back to
 *   `incomplete` (the only status that precedes the others) is not applied either;
 * - the customer of a fact is linked to the user once (`StripeCustomerLinked`), before the fact.
 */

/** The subscription as a Stripe object described it. */
export interface SubscriptionFacts {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  priceId: string | null;
}

export type StripeFact =
  | { kind: 'checkout-completed'; checkoutSessionId: string; stripeCustomerId: string; stripeSubscriptionId: string | null; subscription: SubscriptionFacts | null }
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

export type BillingCommand = {
  type: 'RecordStripeEvent';
  /** `eventCreated`: the Stripe event's `created` as an ISO instant. */
  data: { userId: string; stripeEventId: string; eventCreated: string; fact: StripeFact };
};

export interface BillingState {
  stripeCustomerId: string | null;
  /** Every Stripe event id already turned into our events. */
  handled: ReadonlySet<string>;
  /** The newest subscription fact applied: its Stripe `created` and status. */
  subscriptionAsOf: string | null;
  status: string | null;
}

export function initialBillingState(): BillingState {
  return { stripeCustomerId: null, handled: new Set(), subscriptionAsOf: null, status: null };
}

export function evolveBilling(state: BillingState, event: BillingEvent): BillingState {
  switch (event.type) {
    case 'StripeCustomerLinked':
      return { ...state, stripeCustomerId: event.data.stripeCustomerId };
    case 'SubscriptionUpdated':
      return {
        ...state,
        handled: withId(state.handled, event.data.stripeEventId),
        subscriptionAsOf: event.data.eventCreated,
        status: event.data.status,
      };
    case 'CheckoutCompleted':
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

/** Whether a subscription fact stamped `eventCreated` is older than what the stream already applied. */
export function isStaleSubscriptionFact(state: BillingState, eventCreated: string, status: string): boolean {
  if (state.subscriptionAsOf === null) return false;
  const known = Date.parse(state.subscriptionAsOf);
  const incoming = Date.parse(eventCreated);
  if (incoming < known) return true;
  return incoming === known && status === 'incomplete' && state.status !== null && state.status !== 'incomplete';
}

export function decideBilling(command: BillingCommand, state: BillingState, ctx: CommandContext): BillingEvent[] {
  const { userId, stripeEventId, eventCreated, fact } = command.data;
  if (state.handled.has(stripeEventId)) return [];
  const events: BillingEvent[] = [];
  const customerId = fact.kind === 'subscription' ? fact.subscription.stripeCustomerId : fact.stripeCustomerId;
  if (customerId !== state.stripeCustomerId) {
    events.push({ type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: customerId, linkedAt: ctx.now } });
  }
  const base = { userId, stripeEventId, eventCreated };
  const subscriptionEvent = (s: SubscriptionFacts): BillingEvent[] =>
    isStaleSubscriptionFact(state, eventCreated, s.status) ? [] : [{ type: 'SubscriptionUpdated', data: { ...base, ...s, recordedAt: ctx.now } }];
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
      if (fact.subscription) events.push(...subscriptionEvent(fact.subscription));
      break;
    case 'subscription': {
      const update = subscriptionEvent(fact.subscription);
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

export const billingDecider: Decider<BillingCommand, BillingState, BillingEvent> = {
  initialState: initialBillingState,
  evolve: evolveBilling,
  decide: decideBilling,
  folds: { StripeCustomerLinked: true, CheckoutCompleted: true, SubscriptionUpdated: true, PaymentFailed: true, InvoicePaid: true },
};
