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
  endedAt: null,
  priceId: 'price_1',
  ...extra,
});
const subscription = (stripeEventId: string, eventCreated: string, status: string, extra: Partial<SubscriptionFacts> = {}): BillingCommand => ({
  type: 'RecordStripeEvent',
  data: { userId, stripeEventId, eventCreated, fact: { kind: 'subscription', subscription: facts(status, extra) } },
});
const linked: BillingEvent = { type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: 'cus_1', linkedAt: now } };
const updated = (stripeEventId: string, eventCreated: string, status: string, extra: Partial<SubscriptionFacts> & { asOf?: string } = {}): BillingEvent => ({
  type: 'SubscriptionUpdated',
  data: { userId, stripeEventId, eventCreated, asOf: eventCreated, ...facts(status), ...extra, recordedAt: now },
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
    given([linked, updated('evt_2', T1, 'unpaid')]).when(subscription('evt_1', T0, 'active')).then([]);
    given([linked, updated('evt_1', T0, 'active')]).when(subscription('evt_2', T1, 'past_due')).then([updated('evt_2', T1, 'past_due')]);
  });

  it('keeps each subscription on its own: a newer fact of one does not make an older fact of another stale (S1)', () => {
    const other = (stripeEventId: string, at: string, status: string) => subscription(stripeEventId, at, status, { stripeSubscriptionId: 'sub_2' });
    given([linked, updated('evt_2', T1, 'unpaid')]).when(other('evt_3', T0, 'active')).then([updated('evt_3', T0, 'active', { stripeSubscriptionId: 'sub_2' })]);
    given([linked, updated('evt_2', T1, 'unpaid'), updated('evt_3', T0, 'active', { stripeSubscriptionId: 'sub_2' })]).when(other('evt_4', T0, 'incomplete')).then([]);
  });

  it('nothing follows an ended subscription (Stripe never revives one), whatever its time', () => {
    const ended = updated('evt_2', T0, 'canceled', { endedAt: T0 });
    given([linked, ended]).when(subscription('evt_3', T1, 'active')).then([]);
    given([linked, updated('evt_2', T0, 'incomplete_expired', { endedAt: T0 })]).when(subscription('evt_3', T1, 'active')).then([]);
  });

  it("an ended subscription keeps Stripe's ended_at; without one it ended when the fact says; never after now", () => {
    given([linked]).when(subscription('evt_1', T1, 'canceled', { endedAt: T0 })).then([updated('evt_1', T1, 'canceled', { endedAt: T0 })]);
    given([linked]).when(subscription('evt_1', T1, 'canceled')).then([updated('evt_1', T1, 'canceled', { endedAt: T1 })]);
    // stamped a minute ahead of our clock: it has ended by the time we are told
    const ahead = '2026-03-02T15:01:00.000Z';
    given([linked]).when(subscription('evt_1', ahead, 'canceled')).then([updated('evt_1', ahead, 'canceled', { endedAt: now })]);
    given([linked]).when(subscription('evt_1', T1, 'canceled', { endedAt: ahead })).then([updated('evt_1', T1, 'canceled', { endedAt: now })]);
    // a running subscription has no end, whatever Stripe's field says
    given([linked]).when(subscription('evt_1', T1, 'active', { endedAt: T0 })).then([updated('evt_1', T1, 'active', { endedAt: null })]);
  });

  it('links a customer not linked before (a second one too), never one already linked', () => {
    const second: BillingEvent = { type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: 'cus_2', linkedAt: now } };
    given([linked]).when(subscription('evt_1', T0, 'active', { stripeCustomerId: 'cus_2' })).then([second, updated('evt_1', T0, 'active', { stripeCustomerId: 'cus_2' })]);
    given([linked, second]).when(subscription('evt_2', T1, 'active')).then([updated('evt_2', T1, 'active')]);
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
        fact: { kind: 'checkout-completed', checkoutSessionId: 'cs_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', subscription: { facts: facts('active'), readAt: T1 } },
      },
    };
    const completed: BillingEvent = {
      type: 'CheckoutCompleted',
      data: { userId, stripeEventId: 'evt_cs', eventCreated: T0, checkoutSessionId: 'cs_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', completedAt: now },
    };
    // the subscription read back is as of the read (T1), not of the checkout event (T0)
    given([]).when(checkout).then([linked, completed, updated('evt_cs', T0, 'active', { asOf: T1 })]);
    given([linked, updated('evt_9', T0, 'unpaid')]).when(checkout).then([completed, updated('evt_cs', T0, 'active', { asOf: T1 })]);
    given([linked, updated('evt_9', '2026-03-02T14:00:20.000Z', 'unpaid')]).when(checkout).then([completed]);
  });

  it('records a Checkout Session the app opened unless another is open; a completed or expired one does not count', () => {
    const start = (id: string, replaces: string | null = null): BillingCommand => ({
      type: 'StartCheckout',
      data: { userId, checkoutSessionId: id, expiresAt: '2026-03-03T15:00:00.000Z', replaces },
    });
    const started = (id: string, expiresAt = '2026-03-03T15:00:00.000Z'): BillingEvent => ({ type: 'CheckoutStarted', data: { userId, checkoutSessionId: id, expiresAt, startedAt: now } });
    given([]).when(start('cs_1')).then([started('cs_1')]);
    // another tab got there first: not recorded
    given([started('cs_1')]).when(start('cs_2')).then([]);
    // the caller found cs_1 unusable (expired early at Stripe): cs_2 takes its place
    given([started('cs_1')]).when(start('cs_2', 'cs_1')).then([started('cs_2')]);
    // cs_1 expired by its time, or was completed
    given([started('cs_1', '2026-03-02T15:00:00.000Z')]).when(start('cs_2')).then([started('cs_2')]);
    const completed: BillingEvent = {
      type: 'CheckoutCompleted',
      data: { userId, stripeEventId: 'evt_cs', eventCreated: T0, checkoutSessionId: 'cs_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', completedAt: now },
    };
    given([started('cs_1'), completed]).when(start('cs_2')).then([started('cs_2')]);
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
