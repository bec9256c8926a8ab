import { describe, expect, it } from 'vitest';
import { checkoutFacts, invoiceFacts, isStripeEventEnvelope, subscriptionFacts } from './stripe-objects.ts';

const END = 1_775_142_000; // 2026-04-02T15:00:00Z
const iso = new Date(END * 1000).toISOString();

describe('reading Stripe objects', () => {
  it('a subscription of the current API: the period end of its items, the price; never a user id from the metadata', () => {
    const facts = subscriptionFacts({
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [{ current_period_end: END - 100, price: { id: 'price_1' } }, { current_period_end: END, price: { id: 'price_2' } }] },
      metadata: { userId: 'u1' },
    });
    expect(facts).toEqual({ stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1', status: 'active', currentPeriodEnd: iso, cancelAtPeriodEnd: false, endedAt: null, priceId: 'price_1' });
  });

  it('an ended subscription: ended_at is when it ended (at once, or the period end when it was set to cancel then)', () => {
    const base = { id: 'sub_3', object: 'subscription', customer: 'cus_3', status: 'canceled', items: { data: [{ current_period_end: END }] } };
    expect(subscriptionFacts({ ...base, cancel_at_period_end: false, canceled_at: END - 86_400 * 20, ended_at: END - 86_400 * 20 })).toMatchObject({
      endedAt: new Date((END - 86_400 * 20) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect(subscriptionFacts({ ...base, cancel_at_period_end: true, canceled_at: END - 86_400 * 20, ended_at: END })).toMatchObject({ endedAt: iso, cancelAtPeriodEnd: true });
  });

  it('an older API version: the period on the subscription, an expanded customer, cancel_at as "cancel at period end"', () => {
    const facts = subscriptionFacts({
      id: 'sub_2',
      object: 'subscription',
      customer: { id: 'cus_2', object: 'customer' },
      status: 'trialing',
      current_period_end: END,
      cancel_at: END,
      metadata: {},
    });
    expect(facts).toMatchObject({ stripeCustomerId: 'cus_2', currentPeriodEnd: iso, cancelAtPeriodEnd: true, endedAt: null, priceId: null });
  });

  it('refuses something that is not a subscription', () => {
    expect(() => subscriptionFacts({ id: 'in_1', object: 'invoice' })).toThrow();
  });

  it('a checkout session: the user from client_reference_id, else the metadata', () => {
    expect(checkoutFacts({ id: 'cs_1', object: 'checkout.session', mode: 'subscription', client_reference_id: 'u1', customer: 'cus_1', subscription: 'sub_1', metadata: {} })).toEqual({
      checkoutSessionId: 'cs_1',
      mode: 'subscription',
      userIdHint: 'u1',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
    });
    expect(checkoutFacts({ id: 'cs_2', object: 'checkout.session', mode: 'payment', client_reference_id: null, customer: null, subscription: null, metadata: { userId: 'u2' } })).toMatchObject({
      userIdHint: 'u2',
      stripeCustomerId: null,
      stripeSubscriptionId: null,
    });
  });

  it('invoices of both API shapes: the subscription from parent.subscription_details, or the older field; never a user id', () => {
    const current = invoiceFacts(
      {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        amount_due: 999,
        amount_paid: 0,
        currency: 'usd',
        attempt_count: 2,
        next_payment_attempt: END,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } } },
      },
      'payment-failed',
    );
    expect(current).toEqual({
      fact: { kind: 'payment-failed', invoiceId: 'in_1', stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', amountDue: 999, currency: 'usd', attemptCount: 2, nextPaymentAttempt: iso },
      stripeCustomerId: 'cus_1',
    });
    const older = invoiceFacts({ id: 'in_2', object: 'invoice', customer: 'cus_2', amount_paid: 999, currency: 'usd', subscription: 'sub_2', subscription_details: { metadata: { userId: 'u2' } } }, 'invoice-paid');
    expect(older).toEqual({
      fact: { kind: 'invoice-paid', invoiceId: 'in_2', stripeCustomerId: 'cus_2', stripeSubscriptionId: 'sub_2', amountPaid: 999, currency: 'usd' },
      stripeCustomerId: 'cus_2',
    });
  });

  it('an event envelope: object "event", id, type, created and a data object; anything else is not an event', () => {
    const event = { id: 'evt_1', object: 'event', type: 'invoice.paid', created: END, data: { object: { id: 'in_1', object: 'invoice' } }, livemode: false };
    expect(isStripeEventEnvelope(event)).toBe(true);
    for (const body of [null, [], 'x', 17, { type: 'invoice.paid' }, { ...event, data: null }, { ...event, data: { object: [] } }, { ...event, object: 'list' }, { ...event, created: 'yesterday' }]) {
      expect(isStripeEventEnvelope(body), JSON.stringify(body)).toBe(false);
    }
  });
});
