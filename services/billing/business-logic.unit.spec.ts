import { describe, it } from 'vitest';
import type { BillingEvent } from '../../events/billing.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { billingDecider, type BillingCommand, type SubscriptionFacts } from './business-logic.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const now = '2026-03-02T15:00:00.000Z';
const ctx = { actor: 'stripe', correlationId: 'evt', now };
const given = deciderSpec(billingDecider, ctx);

const facts = (status: string, extra: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  stripeSubscriptionId: 'sub_1',
  stripeCustomerId: 'cus_1',
  status,
  currentPeriodEnd: '2026-04-02T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  priceId: 'price_1',
  ...extra,
});
const subscription = (stripeEventId: string, eventCreated: string, status: string): BillingCommand => ({
  type: 'RecordStripeEvent',
  data: { userId, stripeEventId, eventCreated, fact: { kind: 'subscription', subscription: facts(status) } },
});
const linked: BillingEvent = { type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: 'cus_1', linkedAt: now } };
const updated = (stripeEventId: string, eventCreated: string, status: string): BillingEvent => ({
  type: 'SubscriptionUpdated',
  data: { userId, stripeEventId, eventCreated, ...facts(status), recordedAt: now },
});

const T0 = '2026-03-02T14:00:00.000Z';
const T1 = '2026-03-02T14:00:10.000Z';

describe('billing decider', () => {
  it('links the customer once, then records the subscription', () => {
    given([]).when(subscription('evt_1', T0, 'active')).then([linked, updated('evt_1', T0, 'active')]);
    given([linked]).when(subscription('evt_1', T0, 'active')).then([updated('evt_1', T0, 'active')]);
  });

  it('handles a Stripe event id once', () => {
    given([linked, updated('evt_1', T0, 'active')]).when(subscription('evt_1', T0, 'active')).then([]);
  });

  it('does not apply a subscription fact older than the one recorded; a newer one applies', () => {
    given([linked, updated('evt_2', T1, 'canceled')]).when(subscription('evt_1', T0, 'active')).then([]);
    given([linked, updated('evt_1', T0, 'active')]).when(subscription('evt_2', T1, 'past_due')).then([updated('evt_2', T1, 'past_due')]);
  });

  it('at the same second, does not go back to incomplete, but applies any other status', () => {
    given([linked, updated('evt_2', T0, 'active')]).when(subscription('evt_1', T0, 'incomplete')).then([]);
    given([linked, updated('evt_1', T0, 'incomplete')]).when(subscription('evt_2', T0, 'active')).then([updated('evt_2', T0, 'active')]);
  });

  it('records a completed checkout with the subscription read back, unless that state is stale', () => {
    const checkout: BillingCommand = {
      type: 'RecordStripeEvent',
      data: {
        userId,
        stripeEventId: 'evt_cs',
        eventCreated: T0,
        fact: { kind: 'checkout-completed', checkoutSessionId: 'cs_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', subscription: facts('active') },
      },
    };
    const completed: BillingEvent = {
      type: 'CheckoutCompleted',
      data: { userId, stripeEventId: 'evt_cs', eventCreated: T0, checkoutSessionId: 'cs_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', completedAt: now },
    };
    given([]).when(checkout).then([linked, completed, updated('evt_cs', T0, 'active')]);
    given([linked, updated('evt_9', T1, 'canceled')]).when(checkout).then([completed]);
  });

  it('records failed and paid invoices once each', () => {
    const failed: BillingCommand = {
      type: 'RecordStripeEvent',
      data: {
        userId,
        stripeEventId: 'evt_f',
        eventCreated: T0,
        fact: { kind: 'payment-failed', invoiceId: 'in_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', amountDue: 999, currency: 'usd', attemptCount: 1, nextPaymentAttempt: T1 },
      },
    };
    const failedEvent: BillingEvent = {
      type: 'PaymentFailed',
      data: { userId, stripeEventId: 'evt_f', eventCreated: T0, invoiceId: 'in_1', stripeSubscriptionId: 'sub_1', amountDue: 999, currency: 'usd', attemptCount: 1, nextPaymentAttempt: T1, recordedAt: now },
    };
    given([linked]).when(failed).then([failedEvent]);
    given([linked, failedEvent]).when(failed).then([]);
    const paid: BillingCommand = {
      type: 'RecordStripeEvent',
      data: { userId, stripeEventId: 'evt_p', eventCreated: T1, fact: { kind: 'invoice-paid', invoiceId: 'in_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', amountPaid: 999, currency: 'usd' } },
    };
    given([linked, failedEvent]).when(paid).then([
      { type: 'InvoicePaid', data: { userId, stripeEventId: 'evt_p', eventCreated: T1, invoiceId: 'in_1', stripeSubscriptionId: 'sub_1', amountPaid: 999, currency: 'usd', recordedAt: now } },
    ]);
  });
});
