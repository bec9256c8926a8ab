import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { errorHandler } from '../http/errors.ts';
import { fund, given, listed } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { billingMessages } from './api.ts';
import { PREMIUM_REQUIRED, requirePremium } from './premium.ts';
import {
  checkoutSessionObject,
  invoiceObject,
  signatureFor,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
  subscriptionObject,
  type StripeStandIn,
  type SubscriptionShape,
} from './testing/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_weeklydiv_spec_key';
const WEBHOOK_SECRET = 'whsec_weeklydiv_spec_secret';
const PRICE = 'price_premium_monthly';
const DAY = 24 * 3600;

let stand: StripeStandIn;
let ctx: TestContext;
const funds = Array.from({ length: 7 }, () => fund());

beforeAll(async () => {
  // the stand-in keeps time with the test clock (a Checkout Session's expiry)
  stand = await startStripeStandIn({ now: () => ctx.deps.now().getTime() });
  ctx = await createTestContext(
    { ...fastEnv, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID: PRICE, STRIPE_API_URL: stand.url },
    { now: new Date('2026-03-02T15:00:00.000Z') },
  );
  await given(ctx, funds.map(listed));
});
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

/** The gateway clock in seconds: Stripe stamps events and signatures in seconds. */
const nowSec = () => Math.floor(ctx.deps.now().getTime() / 1000);

function deliver(event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) {
  const { body, signature } = signedDelivery(event, options.secret ?? WEBHOOK_SECRET, options.timestamp ?? nowSec());
  return request(ctx.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(body);
}

async function billingTypes(userId: string): Promise<string[]> {
  return (await ctx.deps.log.readStream(streams.billing(userId))).map((e) => e.type);
}

let n = 0;
/** A user signed up, with a Stripe customer and subscription id of their own. */
async function customer() {
  n += 1;
  const signed = await signUp(ctx.app);
  return { ...signed, cus: `cus_spec${n}`, sub: `sub_spec${n}` };
}

/**
 * Links the user's Stripe customer as a checkout completion does (StripeCustomerLinked on the billing
 * stream): subscription and invoice events reach a user only through that link.
 */
async function linkCustomer(u: { id: string; cus: string }) {
  const at = ctx.deps.now().toISOString();
  const result = await ctx.deps.log.append(streams.billing(u.id), [{ type: 'StripeCustomerLinked', data: { userId: u.id, stripeCustomerId: u.cus, linkedAt: at } }], 'any', {
    actor: 'spec',
    correlationId: 'link',
    now: at,
  });
  await ctx.deps.readModels.waitFor(result.position);
}

/** A signed-up user whose customer is linked. */
async function linkedCustomer() {
  const u = await customer();
  await linkCustomer(u);
  return u;
}

/** Captures the log lines written while `run` runs. */
async function logOf(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const original = ctx.deps.logger;
  ctx.deps.logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
  try {
    await run();
  } finally {
    ctx.deps.logger = original;
  }
  return lines;
}

/** Signs in again (after moving the clock past the session's lifetime). */
async function signIn(u: Awaited<ReturnType<typeof customer>>) {
  await u.agent.post('/api/login').send({ email: u.user.email, password: u.user.password }).expect(200);
}

function subscriptionEvent(type: string, s: SubscriptionShape, created: number, eventId?: string) {
  return stripeEvent(`customer.subscription.${type}`, subscriptionObject(s), created, eventId);
}

/** Checkout completed for a user, the subscription read back from the stand-in in `status`. */
async function completeCheckout(u: { id: string; cus: string; sub: string }, status = 'active', periodEnd = nowSec() + 30 * DAY) {
  stand.subscriptions.set(u.sub, subscriptionObject({ id: u.sub, customer: u.cus, status, periodEnd, userId: u.id }));
  const event = stripeEvent('checkout.session.completed', checkoutSessionObject({ id: `cs_${u.sub}`, customer: u.cus, subscription: u.sub, userId: u.id }), nowSec());
  await deliver(event).expect(200, { received: true });
  return event;
}

describe('availability', () => {
  it('says Premium can be bought when Stripe is configured', async () => {
    await request(ctx.app).get('/api/subscription/availability').expect(200, { premiumAvailable: true });
  });

  it('without STRIPE_SECRET_KEY: not available, checkout and portal answer 503, the webhook too', async () => {
    const bare = await createTestContext({ ...fastEnv });
    try {
      await request(bare.app).get('/api/subscription/availability').expect(200, { premiumAvailable: false });
      const { agent } = await signUp(bare.app);
      await agent.post('/api/subscription/create-checkout-session').send({}).expect(503, { message: billingMessages.unavailable });
      await agent.post('/api/subscription/portal-session').send({}).expect(503, { message: billingMessages.unavailable });
      await request(bare.app).post('/api/stripe/webhook').set('stripe-signature', 't=1,v1=x').send('{}').expect(503, { message: billingMessages.webhookUnconfigured });
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/subscription/create-checkout-session', () => {
  it('answers 401 to a visitor, and asks Stripe nothing', async () => {
    const before = stand.requests.length;
    await request(ctx.app).post('/api/subscription/create-checkout-session').send({}).expect(401, { message: 'Not authenticated' });
    expect(stand.requests.length).toBe(before);
  });

  it('checkout and portal take no body field: 400 naming it, and Stripe is asked nothing', async () => {
    const { agent } = await signUp(ctx.app);
    const before = stand.requests.length;
    const unknown = { message: 'Unknown field: note', errors: { note: 'Unknown field' } };
    await agent.post('/api/subscription/create-checkout-session').send({ note: 'x' }).expect(400, unknown);
    await agent.post('/api/subscription/portal-session').send({ note: 'x' }).expect(400, unknown);
    expect(stand.requests.length).toBe(before);
  });

  it('creates a subscription-mode Checkout Session naming the user, with the e-mail before a customer exists', async () => {
    const { agent, id, user } = await signUp(ctx.app);
    const res = await agent.post('/api/subscription/create-checkout-session').send({}).expect(200);
    expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^${stand.url}/c/pay/cs_test_[0-9a-f]+$`)) });
    const call = stand.requests.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.form).toEqual({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      client_reference_id: id,
      'metadata[userId]': id,
      'subscription_data[metadata][userId]': id,
      customer_email: user.email,
      success_url: 'http://localhost:3000/account/subscription?checkout=success',
      cancel_url: 'http://localhost:3000/pricing?checkout=canceled',
    });
  });

  it('reuses the Stripe customer once it is linked (no e-mail sent)', async () => {
    const u = await customer();
    // A checkout whose subscription never got paid: the customer is linked, the user has no Premium rights.
    await completeCheckout(u, 'incomplete_expired');
    await u.agent.post('/api/subscription/create-checkout-session').send({}).expect(200);
    const form = stand.requests.at(-1)!.form;
    expect(form['customer']).toBe(u.cus);
    expect(form).not.toHaveProperty('customer_email');
    expect(form['client_reference_id']).toBe(u.id);
  });

  it('answers 409 with a message when the user already has Premium, without asking Stripe', async () => {
    const u = await customer();
    await completeCheckout(u);
    const before = stand.requests.length;
    await u.agent.post('/api/subscription/create-checkout-session').send({}).expect(409, { message: billingMessages.alreadyPremium });
    expect(stand.requests.length).toBe(before);
  });

  it('S1: a second checkout while one is open reuses the open session (same URL), creating none', async () => {
    const { agent } = await signUp(ctx.app);
    const first = (await agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body as { url: string };
    const created = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const second = (await agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body as { url: string };
    expect(second.url).toBe(first.url);
    expect(stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length).toBe(created);
    expect(stand.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${first.url.split('/').at(-1)}` });
  });

  it('S1: two checkouts at once answer the same session, and only that one stays open at Stripe', async () => {
    const { agent, id } = await signUp(ctx.app);
    const [a, b] = await Promise.all([1, 2].map(() => agent.post('/api/subscription/create-checkout-session').send({}).expect(200)));
    expect(a!.body.url).toBe(b!.body.url);
    const open = [...stand.checkoutSessions.keys()].map((cs) => stand.checkoutSession(cs)!).filter((cs) => cs['client_reference_id'] === id && cs['status'] === 'open');
    expect(open.map((cs) => cs['url'])).toEqual([a!.body.url]);
  });

  it('S1: once the open session expired (24 h later) a new one is made; one expired early at Stripe is replaced too', async () => {
    const u = await customer();
    const agent = u.agent;
    const first = (await agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body.url as string;
    ctx.advance(24 * 3600 * 1000);
    try {
      await signIn(u);
      const second = (await agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body.url as string;
      expect(second).not.toBe(first);
      // expired at Stripe before its time (the dashboard's "expire"): replaced at once
      stand.checkoutSession(second.split('/').at(-1)!)!['status'] = 'expired';
      const third = (await agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body.url as string;
      expect(third).not.toBe(second);
    } finally {
      ctx.advance(-24 * 3600 * 1000);
    }
  });

  it('S1: an open session Stripe reports paid (its webhook not here yet) answers 409 with a message and creates none', async () => {
    const u = await customer();
    const { url } = (await u.agent.post('/api/subscription/create-checkout-session').send({}).expect(200)).body as { url: string };
    stand.completeCheckoutSession(url.split('/').at(-1)!, u.sub, u.cus);
    const created = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    await u.agent.post('/api/subscription/create-checkout-session').send({}).expect(409, { message: billingMessages.checkoutCompleting });
    expect(stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length).toBe(created);
  });

  it('answers 502 with a message when Stripe fails (after the client\'s one retry)', async () => {
    const { agent } = await signUp(ctx.app);
    stand.failNext(2);
    await agent.post('/api/subscription/create-checkout-session').send({}).expect(502, { message: billingMessages.providerDown });
  });
});

describe('POST /api/stripe/webhook: signature', () => {
  it('refuses a missing, wrong or too old signature with 400 and records nothing', async () => {
    const u = await customer();
    const event = subscriptionEvent('created', { id: u.sub, customer: u.cus, status: 'active', periodEnd: nowSec() + 30 * DAY, userId: u.id }, nowSec());
    const { body } = signedDelivery(event, WEBHOOK_SECRET, nowSec());
    await request(ctx.app).post('/api/stripe/webhook').set('content-type', 'application/json').send(body).expect(400, { message: billingMessages.missingSignature });
    await deliver(event, { secret: 'whsec_someone_else' }).expect(400, { message: billingMessages.badSignature });
    await deliver(event, { timestamp: nowSec() - 301 }).expect(400, { message: billingMessages.badSignature });
    // the body changed after signing
    const { signature } = signedDelivery(event, WEBHOOK_SECRET, nowSec());
    await request(ctx.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(body.replace('"active"', '"trialing"')).expect(400);
    expect(await billingTypes(u.id)).toEqual([]);
    // 300 s old is still within the tolerance
    await linkCustomer(u);
    await deliver(event, { timestamp: nowSec() - 300 }).expect(200, { received: true });
    expect(await billingTypes(u.id)).toEqual(['StripeCustomerLinked', 'SubscriptionUpdated']);
  });

  it('I3: refuses a signature dated in the future beyond the tolerance (300 s) with 400; within it, accepted', async () => {
    const u = await linkedCustomer();
    const event = subscriptionEvent('created', { id: u.sub, customer: u.cus, status: 'active', periodEnd: nowSec() + 30 * DAY }, nowSec());
    await deliver(event, { timestamp: nowSec() + 7 * DAY }).expect(400, { message: billingMessages.badSignature });
    await deliver(event, { timestamp: nowSec() + 301 }).expect(400, { message: billingMessages.badSignature });
    expect(await billingTypes(u.id)).toEqual(['StripeCustomerLinked']);
    await deliver(event, { timestamp: nowSec() + 300 }).expect(200, { received: true });
    expect(await billingTypes(u.id)).toEqual(['StripeCustomerLinked', 'SubscriptionUpdated']);
  });

  it('I3: a signed body that is not a Stripe event answers 400 with a message and logs no stack', async () => {
    const bodies = ['null', '[]', '"x"', '17', '{"type":"invoice.paid"}', '{"id":"evt_1","type":"invoice.paid","data":null}', '{"id":"evt_2","object":"event","type":"invoice.paid","created":1}'];
    const lines = await logOf(async () => {
      for (const body of bodies) {
        const signature = signatureFor(body, WEBHOOK_SECRET, nowSec());
        await request(ctx.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(body).expect(400, { message: billingMessages.notAnEvent });
      }
    });
    const log = lines.join('\n');
    expect(log).not.toMatch(/"stack"|"err"|"level":50/);
    expect(lines.filter((l) => l.includes('not a Stripe event'))).toHaveLength(bodies.length);
  });

  it('is not blocked by the same-origin guard (Stripe sends no Origin) but a browser cross-site POST still is', async () => {
    const u = await customer();
    const event = subscriptionEvent('created', { id: u.sub, customer: u.cus, status: 'active', periodEnd: nowSec() + 30 * DAY, userId: u.id }, nowSec());
    const { body, signature } = signedDelivery(event, WEBHOOK_SECRET, nowSec());
    await request(ctx.app).post('/api/stripe/webhook').set('sec-fetch-site', 'cross-site').set('stripe-signature', signature).send(body).expect(403);
    await deliver(event).expect(200);
  });
});

describe('POST /api/stripe/webhook: the flow and the subscription states', () => {
  it('checkout completed: the user is Premium at once, with status, renewal date and the customer linked', async () => {
    const u = await customer();
    const periodEnd = nowSec() + 30 * DAY;
    await completeCheckout(u, 'active', periodEnd);
    expect(stand.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${u.sub}` });
    expect(await billingTypes(u.id)).toEqual(['StripeCustomerLinked', 'CheckoutCompleted', 'SubscriptionUpdated']);
    expect((await u.agent.get('/api/user').expect(200)).body).toMatchObject({
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
  });

  it('a failure reading the subscription answers 500 (Stripe delivers again) and records nothing; the redelivery works', async () => {
    const u = await customer();
    stand.subscriptions.set(u.sub, subscriptionObject({ id: u.sub, customer: u.cus, status: 'active', periodEnd: nowSec() + 30 * DAY, userId: u.id }));
    const event = stripeEvent('checkout.session.completed', checkoutSessionObject({ id: `cs_${u.sub}`, customer: u.cus, subscription: u.sub, userId: u.id }), nowSec());
    stand.failNext(2);
    await deliver(event).expect(500);
    expect(await billingTypes(u.id)).toEqual([]);
    await deliver(event).expect(200);
    expect((await u.agent.get('/api/user')).body.subscriptionTier).toBe('premium');
  });

  it('handles each Stripe event id once: a redelivery answers 200 and changes nothing', async () => {
    const u = await customer();
    const event = await completeCheckout(u);
    const first = await ctx.deps.log.readStream(streams.billing(u.id));
    await deliver(event).expect(200, { received: true });
    const paid = stripeEvent('invoice.paid', invoiceObject({ id: 'in_dup', customer: u.cus, subscription: u.sub, paid: true }), nowSec());
    await deliver(paid).expect(200);
    await deliver(paid, { timestamp: nowSec() + 60 }).expect(200);
    const after = await ctx.deps.log.readStream(streams.billing(u.id));
    expect(after.length).toBe(first.length + 1);
    expect(after.map((e) => e.type).filter((t) => t === 'InvoicePaid')).toHaveLength(1);
  });

  it('events out of order do not undo newer state', async () => {
    const u = await linkedCustomer();
    const t = nowSec();
    const periodEnd = t + 30 * DAY;
    const created = subscriptionEvent('created', { id: u.sub, customer: u.cus, status: 'incomplete', periodEnd, userId: u.id }, t);
    const active = subscriptionEvent('updated', { id: u.sub, customer: u.cus, status: 'active', periodEnd, userId: u.id }, t);
    const cancelLater = subscriptionEvent('updated', { id: u.sub, customer: u.cus, status: 'active', periodEnd, cancelAtPeriodEnd: true, userId: u.id }, t + 20);
    const pastDue = subscriptionEvent('updated', { id: u.sub, customer: u.cus, status: 'past_due', periodEnd, userId: u.id }, t + 10);
    // same second: created (incomplete) delivered after updated (active) does not go back
    await deliver(active).expect(200);
    await deliver(created).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    // newer (t+20) first, then older (t+10)
    await deliver(cancelLater).expect(200);
    await deliver(pastDue).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
    expect(await billingTypes(u.id)).toEqual(['StripeCustomerLinked', 'SubscriptionUpdated', 'SubscriptionUpdated']);
  });

  it('S1: two subscriptions of one customer: Premium while either grants it, the answer shows the one that does', async () => {
    const u = await customer();
    const b = { ...u, sub: `${u.sub}_b` };
    await completeCheckout(u);
    await completeCheckout(b);
    // the events come after the checkouts were read back (the same second, on the gateway clock)
    const t = nowSec();
    const periodEnd = t + 30 * DAY;
    await deliver(subscriptionEvent('updated', { id: u.sub, customer: u.cus, status: 'unpaid', periodEnd }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    await deliver(subscriptionEvent('deleted', { id: u.sub, customer: u.cus, status: 'canceled', periodEnd, endedAt: t }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    await deliver(subscriptionEvent('deleted', { id: b.sub, customer: u.cus, status: 'canceled', periodEnd, endedAt: t }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled' });
  });

  it('I3: a subscription event reaches a user only through the customer linked to that user, never through its metadata', async () => {
    const u = await customer();
    const stranger = subscriptionEvent('created', { id: 'sub_meta_only', customer: 'cus_never_linked', status: 'active', periodEnd: nowSec() + 30 * DAY, userId: u.id }, nowSec());
    await deliver(stranger).expect(200, { received: true });
    expect(await billingTypes(u.id)).toEqual([]);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: null });
    // a checkout naming this user but paid by a customer linked to another user is not theirs either
    const other = await linkedCustomer();
    const foreign = stripeEvent('checkout.session.completed', checkoutSessionObject({ id: 'cs_foreign', customer: other.cus, subscription: other.sub, userId: u.id }), nowSec());
    await deliver(foreign).expect(200, { received: true });
    expect(await billingTypes(u.id)).toEqual([]);
  });

  it('follows every status: incomplete, trialing, active, past_due (kept), unpaid, deleted', async () => {
    const u = await linkedCustomer();
    const t = nowSec();
    const periodEnd = t + 10 * DAY;
    const shape = { id: u.sub, customer: u.cus, periodEnd, userId: u.id };
    const me = async () => (await u.agent.get('/api/user').expect(200)).body as { subscriptionTier: string; subscriptionStatus: string; cancelAtPeriodEnd: boolean };

    await deliver(subscriptionEvent('created', { ...shape, status: 'incomplete' }, t)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'incomplete' });
    await deliver(subscriptionEvent('updated', { ...shape, status: 'trialing' }, t + 1)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'trialing' });
    await deliver(subscriptionEvent('updated', { ...shape, status: 'active' }, t + 2)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    // a renewal failed: Premium is kept while Stripe retries
    await deliver(subscriptionEvent('updated', { ...shape, periodEnd: periodEnd + 30 * DAY, status: 'past_due' }, t + 3)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'past_due' });
    // the retries were exhausted
    await deliver(subscriptionEvent('updated', { ...shape, periodEnd: periodEnd + 30 * DAY, status: 'unpaid' }, t + 4)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'unpaid' });
    // paid again, then cancelled at once from the dashboard: Premium ends when Stripe says it ended
    await deliver(subscriptionEvent('updated', { ...shape, periodEnd: periodEnd + 30 * DAY, status: 'active' }, t + 5)).expect(200);
    await deliver(subscriptionEvent('deleted', { ...shape, periodEnd: periodEnd + 30 * DAY, status: 'canceled', endedAt: t, canceledAt: t }, t + 6)).expect(200);
    expect(await me()).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled', currentPeriodEnd: new Date(t * 1000).toISOString() });
  });

  it('deleted: an immediate cancellation or a refund ends Premium then, though the paid period runs on', async () => {
    const u = await linkedCustomer();
    const t = nowSec();
    const shape = { id: u.sub, customer: u.cus, periodEnd: t + 25 * DAY };
    await deliver(subscriptionEvent('updated', { ...shape, status: 'active' }, t - 5 * DAY)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    // the owner refunds under the 14-day guarantee and cancels at once: ended_at is now
    await deliver(subscriptionEvent('deleted', { ...shape, status: 'canceled', endedAt: t, canceledAt: t }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
  });

  it('a subscription canceled after failed renewals has no paid period left', async () => {
    const u = await linkedCustomer();
    const t = nowSec();
    const shape = { id: u.sub, customer: u.cus, userId: u.id };
    await deliver(subscriptionEvent('updated', { ...shape, status: 'active', periodEnd: t - DAY }, t - 40 * DAY)).expect(200);
    await deliver(subscriptionEvent('updated', { ...shape, status: 'past_due', periodEnd: t + 29 * DAY }, t - 2 * DAY)).expect(200);
    await deliver(subscriptionEvent('deleted', { ...shape, status: 'canceled', periodEnd: t + 29 * DAY, endedAt: t, canceledAt: t }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled' });
  });

  it('cancel at period end: still Premium to the end of the paid period, flagged; the deletion at the period end makes the user free', async () => {
    const u = await linkedCustomer();
    const t = nowSec();
    const periodEnd = t + 5 * DAY;
    const shape = { id: u.sub, customer: u.cus, periodEnd, userId: u.id };
    await deliver(subscriptionEvent('updated', { ...shape, status: 'active', cancelAtPeriodEnd: true }, t)).expect(200);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    ctx.advance(5 * DAY * 1000 - 1000);
    await signIn(u);
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
    ctx.advance(1000);
    try {
      await signIn(u);
      await deliver(subscriptionEvent('deleted', { ...shape, status: 'canceled', cancelAtPeriodEnd: true }, nowSec())).expect(200);
      expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled' });
    } finally {
      ctx.advance(-5 * DAY * 1000);
    }
  });

  it('records failed and paid invoices (found by the customer) without changing the status', async () => {
    const u = await customer();
    await completeCheckout(u);
    await deliver(stripeEvent('invoice.payment_failed', invoiceObject({ id: 'in_fail', customer: u.cus, subscription: u.sub, paid: false, nextAttempt: nowSec() + 3 * DAY }), nowSec())).expect(200);
    await deliver(stripeEvent('invoice.paid', invoiceObject({ id: 'in_ok', customer: u.cus, subscription: u.sub, paid: true }), nowSec())).expect(200);
    const stream = await ctx.deps.log.readStream(streams.billing(u.id));
    expect(stream.map((e) => e.type).slice(-2)).toEqual(['PaymentFailed', 'InvoicePaid']);
    expect(stream.at(-2)!.data).toMatchObject({ invoiceId: 'in_fail', amountDue: 999, currency: 'usd', attemptCount: 2, stripeSubscriptionId: u.sub });
    expect((await u.agent.get('/api/user')).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
  });

  it('acknowledges unknown event types and unknown customers with 200, records nothing and logs ids only', async () => {
    const lines: string[] = [];
    const original = ctx.deps.logger;
    ctx.deps.logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    try {
      await deliver(stripeEvent('customer.created', { id: 'cus_new', object: 'customer', email: 'x@example.com' }, nowSec(), 'evt_unknown_type')).expect(200, { received: true });
      await deliver(stripeEvent('invoice.paid', invoiceObject({ id: 'in_stranger', customer: 'cus_stranger', subscription: 'sub_stranger', paid: true }), nowSec(), 'evt_stranger')).expect(200, { received: true });
      await deliver(subscriptionEvent('updated', { id: 'sub_x', customer: 'cus_stranger', status: 'active', periodEnd: nowSec() + DAY, userId: '00000000-0000-4000-8000-000000000000' }, nowSec())).expect(200);
    } finally {
      ctx.deps.logger = original;
    }
    const log = lines.join('\n');
    expect(log).toContain('evt_unknown_type');
    expect(log).toContain('event type not handled');
    expect(log).toContain('evt_stranger');
    expect(log).toContain('no user for this customer');
    expect(log).not.toContain(WEBHOOK_SECRET);
    expect(log).not.toContain(SECRET_KEY);
    expect(log).not.toContain('x@example.com');
  });
});

describe('POST /api/subscription/portal-session', () => {
  it('answers 401 signed out and 409 with a message without a Stripe customer', async () => {
    await request(ctx.app).post('/api/subscription/portal-session').send({}).expect(401);
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/subscription/portal-session').send({}).expect(409, { message: billingMessages.noCustomer });
  });

  it("opens the billing portal for the user's customer, returning to /account/subscription", async () => {
    const u = await customer();
    await completeCheckout(u);
    const res = await u.agent.post('/api/subscription/portal-session').send({}).expect(200);
    expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^${stand.url}/p/session/bps_test_`)) });
    expect(stand.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      form: { customer: u.cus, return_url: 'http://localhost:3000/account/subscription' },
    });
  });
});

describe('plan rules', () => {
  const LIMIT = 'The free plan allows up to 5 favorite ETFs. Upgrade to Premium for unlimited favorites.';

  it('5 favorites for free users only: the 6th is refused, and allowed once Premium is bought', async () => {
    const u = await customer();
    for (let i = 0; i < 5; i++) await u.agent.post('/api/user/favorites').send({ etfId: funds[i]!.etfId }).expect(201);
    await u.agent.post('/api/user/favorites').send({ etfId: funds[5]!.etfId }).expect(403, { message: LIMIT });
    await completeCheckout(u);
    await u.agent.post('/api/user/favorites').send({ etfId: funds[5]!.etfId }).expect(201);
    await u.agent.post('/api/user/favorites').send({ etfId: funds[6]!.etfId }).expect(201);
  });

  it('requirePremium: 401 signed out, 403 naming Premium for a free user, through for Premium', async () => {
    const guarded = express();
    guarded.get('/premium-only', requirePremium(ctx.deps), (_req, res) => {
      res.json({ ok: true });
    });
    guarded.use(errorHandler(ctx.deps.logger));
    await request(guarded).get('/premium-only').expect(401, { message: 'Not authenticated' });
    const u = await customer();
    await request(guarded).get('/premium-only').set('cookie', u.cookie).expect(403, { message: PREMIUM_REQUIRED });
    expect(PREMIUM_REQUIRED).toContain('Premium');
    await completeCheckout(u);
    await request(guarded).get('/premium-only').set('cookie', u.cookie).expect(200, { ok: true });
  });
});
