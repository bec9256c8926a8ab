import { describe, expect, it } from 'vitest';
import { checkoutFacts, invoiceFacts, subscriptionFacts } from './stripe-objects.ts';

const END = 1_775_142_000; // 2026-04-02T15:00:00Z
const iso = new Date(END * 1000).toISOString();

describe('reading Stripe objects', () => {
  it('a subscription of the current API: the period end of its items, the price, the user id of the metadata', () => {
    const { facts, userIdHint } = subscriptionFacts({
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [{ current_period_end: END - 100, price: { id: 'price_1' } }, { current_period_end: END, price: { id: 'price_2' } }] },
      metadata: { userId: 'u1' },
    });
    expect(facts).toEqual({ stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1', status: 'active', currentPeriodEnd: iso, cancelAtPeriodEnd: false, priceId: 'price_1' });
    expect(userIdHint).toBe('u1');
  });

  it('an older API version: the period on the subscription, an expanded customer, cancel_at as "cancel at period end"', () => {
    const { facts, userIdHint } = subscriptionFacts({
      id: 'sub_2',
      object: 'subscription',
      customer: { id: 'cus_2', object: 'customer' },
      status: 'trialing',
      current_period_end: END,
      cancel_at: END,
      metadata: {},
    });
    expect(facts).toMatchObject({ stripeCustomerId: 'cus_2', currentPeriodEnd: iso, cancelAtPeriodEnd: true, priceId: null });
    expect(userIdHint).toBeUndefined();
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

  it('invoices of both API shapes: the subscription and the user id from parent.subscription_details, or the older fields', () => {
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
      userIdHint: 'u1',
      stripeCustomerId: 'cus_1',
    });
    const older = invoiceFacts({ id: 'in_2', object: 'invoice', customer: 'cus_2', amount_paid: 999, currency: 'usd', subscription: 'sub_2', subscription_details: { metadata: { userId: 'u2' } } }, 'invoice-paid');
    expect(older).toEqual({
      fact: { kind: 'invoice-paid', invoiceId: 'in_2', stripeCustomerId: 'cus_2', stripeSubscriptionId: 'sub_2', amountPaid: 999, currency: 'usd' },
      userIdHint: 'u2',
      stripeCustomerId: 'cus_2',
    });
  });
});
