import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { registry } from '../../events/registry.ts';
import { startSnapTradeStandIn, type SnapTradeStandIn } from '../../infra/brokerage/snaptrade-test-server.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { allProjections } from '../../read-models/all.ts';
import { documentsMentioning } from '../../read-models/runtime/documents-mentioning.ts';
import { ProjectionRunner } from '../../read-models/runtime/runner.ts';
import { startStripeStandIn, subscriptionObject, type StripeStandIn } from '../billing/testing/stripe-stand-in.ts';
import { handledEndpoints } from '../gateway/app.ts';
import { fund, given, listed } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { deletionMessages } from './account-deletion.ts';
import { fastEnv, readOutbox, signUp } from './test-helpers.ts';

let stripe: StripeStandIn;
let snaptrade: SnapTradeStandIn;
let ctx: TestContext;
const funds = [fund(), fund()];

beforeAll(async () => {
  stripe = await startStripeStandIn({ now: () => ctx.deps.now().getTime() });
  snaptrade = await startSnapTradeStandIn();
  ctx = await createTestContext(
    {
      ...fastEnv,
      STRIPE_SECRET_KEY: 'sk_test_deletion_spec',
      STRIPE_WEBHOOK_SECRET: 'whsec_deletion_spec',
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_API_URL: stripe.url,
      SNAPTRADE_CLIENT_ID: snaptrade.clientId,
      SNAPTRADE_CONSUMER_KEY: snaptrade.consumerKey,
      SNAPTRADE_API_URL: snaptrade.url,
      BROKERAGE_SECRET_KEY: randomBytes(32).toString('hex'),
    },
    { now: new Date('2026-03-02T15:00:00.000Z') },
  );
  await given(ctx, funds.map(listed));
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
  await snaptrade?.close();
});

/** The log as stored, under the encryption (the wrapping store's `inner`). */
const rawStore = () => (ctx.container.eventStore as unknown as { inner: EventStore }).inner;

/** A Premium subscription at Stripe (the stand-in) and on the user's billing stream, as the webhook records one. */
async function premiumAtStripe(userId: string, n: number): Promise<{ sub: string; cus: string }> {
  const sub = `sub_deletion_${n}`;
  const cus = `cus_deletion_${n}`;
  const now = ctx.deps.now();
  const at = now.toISOString();
  const periodEnd = Math.floor(now.getTime() / 1000) + 20 * 24 * 3600;
  stripe.subscriptions.set(sub, subscriptionObject({ id: sub, customer: cus, status: 'active', periodEnd, userId }));
  const result = await ctx.deps.log.append(
    streams.billing(userId),
    [
      { type: 'StripeCustomerLinked', data: { userId, stripeCustomerId: cus, linkedAt: at } },
      {
        type: 'SubscriptionUpdated',
        data: {
          userId,
          stripeEventId: `evt_deletion_${n}`,
          eventCreated: at,
          stripeSubscriptionId: sub,
          stripeCustomerId: cus,
          status: 'active',
          currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
          cancelAtPeriodEnd: false,
          priceId: 'price_premium_monthly',
          recordedAt: at,
          asOf: at,
          endedAt: null,
        },
      },
    ],
    'any',
    { actor: 'spec', correlationId: 'premium', now: at },
  );
  await ctx.deps.readModels.waitFor(result.position);
  return { sub, cus };
}

/** A user with something in every user area: holdings, a favorite, alert settings, an income goal, a support request, a calendar feed, a brokerage link, Premium, an API token and a webhook. */
async function busyUser(n: number) {
  const signed = await signUp(ctx.app, { firstName: `Zelda${n}`, lastName: `Quimby${n}` });
  const { agent } = signed;
  const billing = await premiumAtStripe(signed.id, n);
  await agent.post('/api/user/portfolio').send({ etfId: funds[0]!.etfId, shares: '12', purchasePrice: '20' }).expect(201);
  await agent.post('/api/user/favorites').send({ etfId: funds[1]!.etfId }).expect(201);
  await agent.put('/api/user/alerts').send({ distributionChangePercent: 15, exDateReminder: true }).expect(200);
  await agent.put('/api/user/income-goal').send({ period: 'month', amount: '500' }).expect(200);
  await agent.post('/api/support').send({ subject: `Help for Zelda${n}`, message: 'My portfolio question' }).expect(201);
  await agent.get('/api/user/calendar-feed').expect(200);
  await agent.post('/api/brokerage/register').expect(201);
  // issue 31: a personal API token and a webhook (Premium) of theirs
  const token = (await agent.post('/api/user/tokens').send({ name: `Sheet of Zelda${n}` }).expect(201)).body.token as string;
  await agent.post('/api/user/webhooks').send({ url: `https://93.184.216.34/zelda${n}-hook`, events: ['alert.sent'] }).expect(201);
  return { ...signed, ...billing, token };
}

describe('DELETE /api/user: what is refused changes nothing', () => {
  it('a wrong password answers 400 on password; the account, its session and its data stay', async () => {
    const u = await signUp(ctx.app);
    await u.agent.post('/api/user/favorites').send({ etfId: funds[0]!.etfId }).expect(201);
    const res = await u.agent.delete('/api/user').send({ password: 'not-my-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: deletionMessages.wrongPassword, errors: { password: deletionMessages.wrongPassword } });
    await u.agent.get('/api/user').expect(200);
    expect((await u.agent.get('/api/user/favorites').expect(200)).body).toHaveLength(1);
    expect((await ctx.deps.log.readStream(streams.user(u.id))).map((e) => e.type)).not.toContain('AccountDeleted');
    await request(ctx.app).post('/api/login').send({ email: u.user.email, password: u.user.password }).expect(200);
  });

  it('a missing password, an unknown field and a visitor are refused with their messages', async () => {
    const u = await signUp(ctx.app);
    await u.agent.delete('/api/user').send({}).expect(400, { message: 'Required', errors: { password: 'Required' } });
    await u.agent.delete('/api/user').send({ password: '' }).expect(400, { message: 'Enter your password to delete your account', errors: { password: 'Enter your password to delete your account' } });
    await u.agent.delete('/api/user').send({ password: u.user.password, confirm: true }).expect(400, { message: 'Unknown field: confirm', errors: { confirm: 'Unknown field' } });
    await request(ctx.app).delete('/api/user').send({ password: 'x' }).expect(401, { message: 'Not authenticated' });
    await u.agent.get('/api/user').expect(200);
  });

  it('five wrong passwords in 15 minutes, then 429 even with the right one', async () => {
    const u = await signUp(ctx.app);
    for (let i = 0; i < 5; i += 1) await u.agent.delete('/api/user').send({ password: `wrong-${i}` }).expect(400);
    const res = await u.agent.delete('/api/user').send({ password: u.user.password });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many password attempts\. Try again in \d+ minutes?\.$/);
    await u.agent.get('/api/user').expect(200);
  });

  it('Stripe failing: 502, nothing deleted, and the next try works', async () => {
    const u = await signUp(ctx.app);
    await premiumAtStripe(u.id, 900);
    stripe.failNext(2); // the call and the client's one retry
    const res = await u.agent.delete('/api/user').send({ password: u.user.password });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('We could not cancel your subscription at Stripe, so your account was not deleted. Try again in a few minutes.');
    await u.agent.get('/api/user').expect(200);
  });

  it('SnapTrade failing: 502, the account stays (Stripe not asked); the retry removes both', async () => {
    const u = await signUp(ctx.app);
    const { sub } = await premiumAtStripe(u.id, 901);
    await u.agent.post('/api/brokerage/register').expect(201);
    snaptrade.fail({ path: '/snapTrade/deleteUser', status: 500, times: 1 });
    const res = await u.agent.delete('/api/user').send({ password: u.user.password });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('We could not remove your brokerage connection at SnapTrade, so your account was not deleted. Try again in a few minutes.');
    await u.agent.get('/api/user').expect(200);
    expect(stripe.subscriptions.get(sub)!['status']).toBe('active');
    snaptrade.clearFailures();
    await u.agent.delete('/api/user').send({ password: u.user.password }).expect(200);
    expect(stripe.subscriptions.get(sub)!['status']).toBe('canceled');
  });
});

describe('DELETE /api/user: the account goes', () => {
  let u: Awaited<ReturnType<typeof busyUser>>;
  let other: ReturnType<typeof request.agent>;
  let oldCookie: string;
  let snaptradeUserId: string;

  beforeAll(async () => {
    u = await busyUser(1);
    other = request.agent(ctx.app);
    await other.post('/api/login').send({ email: u.user.email, password: u.user.password }).expect(200);
    const registered = (await ctx.deps.log.readStream(streams.brokerage(u.id))).find((e) => e.type === 'BrokerageUserRegistered');
    snaptradeUserId = (registered!.data as { snaptradeUserId: string }).snaptradeUserId;
    expect(snaptrade.users.has(snaptradeUserId)).toBe(true);
    oldCookie = u.cookie;
    // every read model the user wrote to has a document of theirs before
    const before = await documentsMentioning(ctx.deps.readModels, allProjections, [u.id]);
    expect(new Set(before.map((d) => d.projection))).toEqual(new Set(['users', 'portfolio', 'favorites', 'alerts', 'payouts', 'support', 'calendar-feeds', 'brokerage', 'api-tokens', 'webhooks']));

    const res = await u.agent.delete('/api/user').send({ password: u.user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: deletionMessages.deleted });
    // this browser's cookie is cleared
    expect(String(res.headers['set-cookie'])).toMatch(/weeklydiv_session=; Max-Age=0;/);
  });

  it('every user endpoint answers 401 to the old cookie and to the other session', async () => {
    const guarded = handledEndpoints(ctx.deps).filter((h) => h.endpoint.access === 'user' || h.endpoint.access === 'premium');
    expect(guarded.length).toBeGreaterThan(20);
    for (const { endpoint } of guarded) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, 'x');
      for (const cookie of [oldCookie]) {
        const res = await request(ctx.app)[endpoint.method](path).set('Cookie', cookie).send({});
        expect({ route: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ route: `${endpoint.method} ${endpoint.path}`, status: 401 });
      }
      const res = await other[endpoint.method](path).send({});
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ route: `${endpoint.method} ${endpoint.path}`, status: 401 });
    }
  });

  it('login fails, and the address registers again as a new, empty account', async () => {
    await request(ctx.app).post('/api/login').send({ email: u.user.email, password: u.user.password }).expect(401);
    const again = await request.agent(ctx.app).post('/api/register').send({ ...u.user, firstName: 'Neo', lastName: 'Newman' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(u.id);
    expect(again.body.subscriptionTier).toBe('free');
  });

  it('no read model holds a document of the user: every collection of every projection walked', async () => {
    expect(await documentsMentioning(ctx.deps.readModels, allProjections, [u.id, 'Zelda1', 'Quimby1', snaptradeUserId, u.cus])).toEqual([]);
  });

  it('the personal API token no longer opens anything (401)', async () => {
    const res = await request(ctx.app).get('/api/user/portfolio').set('Authorization', `Bearer ${u.token}`);
    expect(res.status).toBe(401);
  });

  it('Stripe got DELETE /v1/subscriptions/:id and SnapTrade the deletion of the user; the mail is in the outbox', async () => {
    expect(stripe.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toContain(`/v1/subscriptions/${u.sub}`);
    expect(stripe.subscriptions.get(u.sub)!['status']).toBe('canceled');
    expect(snaptrade.calls.some((c) => c.method === 'DELETE' && c.path === '/snapTrade/deleteUser' && c.query['userId'] === snaptradeUserId && c.signed)).toBe(true);
    expect(snaptrade.users.has(snaptradeUserId)).toBe(false);
    await ctx.deps.mailer.idle();
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to === u.user.email && m.subject === 'Your WeeklyDiv account was deleted');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Your WeeklyDiv account was deleted at your request');
  });

  it('the stored events hold no personal field in clear, and the log reads them as deleted', async () => {
    const raw = await rawStore().readAll({ after: 0, limit: 100_000 });
    const mine = raw.filter((e) => JSON.stringify(e.data).includes(u.id));
    expect(mine.length).toBeGreaterThan(5);
    const data = JSON.stringify(raw.map((e) => e.data));
    for (const secret of [u.user.email, 'Zelda1', 'Quimby1', u.cus, 'Help for Zelda1', 'My portfolio question', 'zelda1-hook']) expect(data).not.toContain(secret);
    const registered = (await ctx.deps.log.readStream(streams.user(u.id)))[0]!;
    expect(registered.data).toMatchObject({ email: 'deleted-user', firstName: 'Deleted', lastName: 'user' });
  });

  it('a full replay of the log after the deletion rebuilds every read model without the user', async () => {
    const replay = new ProjectionRunner(ctx.container.eventStore, registry, new MemoryDocumentStore(), allProjections, { logger: pino({ level: 'silent' }) });
    await replay.start();
    try {
      expect(await documentsMentioning(replay, allProjections, [u.id, 'Zelda1', 'Quimby1', u.cus, snaptradeUserId])).toEqual([]);
      // the rest of the log is there: the new account of the same address (its own key), the funds
      const sameAddress = await documentsMentioning(replay, allProjections, [u.user.email]);
      expect(sameAddress).toHaveLength(1);
      expect(sameAddress[0]).toMatchObject({ projection: 'users' });
      expect(sameAddress[0]!.id).not.toBe(u.id);
      expect((await documentsMentioning(replay, allProjections, [funds[0]!.ticker])).length).toBeGreaterThan(0);
    } finally {
      await replay.stop();
    }
  });
});
