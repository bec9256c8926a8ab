import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { distribution, fund, given, listed, subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { recentDeliveries } from '../../read-models/webhooks/queries.ts';
import { webhookDeliverer, type WebhookDeliverer } from './deliverer.ts';
import { startWebhookReactor, type WebhookReactor } from './reactor.ts';
import { EVENT_ID_HEADER, verifySignature } from './signature.ts';

/**
 * A local receiver (WEBHOOKS_ALLOW_PRIVATE=true lets the deliveries reach 127.0.0.1) that does what
 * docs/open-data.md asks of one: verify the signature, then apply each event id once. It fails its
 * first requests with 500 to see the retries.
 */
interface Received {
  eventId: string | undefined;
  signature: string | undefined;
  body: string;
  genuine: boolean;
  answered: number;
}

class Receiver {
  readonly received: Received[] = [];
  /** What the receiver did, once per event id. */
  readonly effects: { id: string; type: string; data: unknown }[] = [];
  readonly #seen = new Set<string>();
  failNext = 0;
  secret = '';
  nowSeconds: () => number = () => 0;
  readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = req.headers['weeklydiv-signature'] as string | undefined;
      const eventId = req.headers[EVENT_ID_HEADER.toLowerCase()] as string | undefined;
      const genuine = verifySignature(signature, body, this.secret, this.nowSeconds());
      let status = 200;
      if (!genuine) status = 401;
      else if (this.failNext > 0) {
        this.failNext--;
        status = 500;
      } else {
        const event = JSON.parse(body) as { id: string; type: string; data: unknown };
        if (!this.#seen.has(event.id)) {
          this.#seen.add(event.id);
          this.effects.push(event);
        }
      }
      this.received.push({ eventId, signature, body, genuine, answered: status });
      res.writeHead(status).end();
    });
  });
  url = '';
  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
}

const NOW = new Date('2026-03-02T15:00:00.000Z');
let ctx: TestContext;
let reactor: WebhookReactor;
let deliverer: WebhookDeliverer;
const receiver = new Receiver();
const held = fund();
const unheld = fund();

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv, WEBHOOKS_ALLOW_PRIVATE: 'true' }, { now: NOW });
  await receiver.listen();
  receiver.nowSeconds = () => Math.floor(ctx.deps.now().getTime() / 1000);
  await given(ctx, [listed(held), listed(unheld)]);
  const logger = pino({ level: 'silent' });
  reactor = await startWebhookReactor({ log: ctx.deps.log, eventStore: ctx.container.eventStore, readModels: ctx.deps.readModels, logger, now: ctx.deps.now });
  deliverer = webhookDeliverer({
    log: ctx.deps.log,
    readModels: ctx.deps.readModels,
    poster: ctx.deps.webhookPoster,
    now: ctx.deps.now,
    logger,
    sessionSecret: ctx.deps.config.session.secret,
    userAgent: 'WeeklyDiv-Webhooks/1 (test)',
    timeoutMs: 5000,
  });
});
afterAll(async () => {
  await reactor?.stop();
  receiver.server.close();
  await ctx?.close();
});

/** Appends facts and lets the reactor queue their deliveries. */
async function happen(events: Parameters<typeof given>[1]): Promise<void> {
  await given(ctx, events);
  await reactor.waitFor(await ctx.deps.log.store.headPosition());
}

describe('signed webhook deliveries to a local receiver', () => {
  it('signs every attempt, retries after 500s with back-off and the same event id, and a receiver that deduplicates applies it once', async () => {
    const { agent, id: userId } = await signUp(ctx.app);
    await subscribe(ctx, userId, 'premium', 'active');
    await agent.post('/api/user/portfolio').send({ etfId: held.etfId, shares: 10 }).expect(201);
    const hook = await agent.post('/api/user/webhooks').send({ url: receiver.url, events: ['distribution.declared', 'payout.received'] }).expect(201);
    receiver.secret = hook.body.secret as string;
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    receiver.failNext = 2;
    await happen([distribution(held.etfId, '2026-03-10', '0.42', { payDate: '2026-03-11' })]);

    // attempt 1: 500, retried 30 s later
    expect(await deliverer.deliverDue()).toBe(1);
    let [listed1] = (await agent.get('/api/user/webhooks').expect(200)).body as { deliveries: Record<string, unknown>[] }[];
    expect(listed1!.deliveries).toEqual([
      expect.objectContaining({ type: 'distribution.declared', status: 'pending', attempts: 1, lastStatusCode: 500, nextAttemptAt: new Date(NOW.getTime() + 30_000).toISOString() }),
    ]);
    // not due yet: nothing is sent
    expect(await deliverer.deliverDue()).toBe(0);
    ctx.advance(30_000);
    expect(await deliverer.deliverDue()).toBe(1); // attempt 2: 500 again, next in 60 s
    ctx.advance(59_000);
    expect(await deliverer.deliverDue()).toBe(0);
    ctx.advance(1_000);
    expect(await deliverer.deliverDue()).toBe(1); // attempt 3: 200

    [listed1] = (await agent.get('/api/user/webhooks').expect(200)).body as { deliveries: Record<string, unknown>[] }[];
    expect(listed1!.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAttemptAt: null })]);

    expect(receiver.received.map((r) => [r.genuine, r.answered])).toEqual([
      [true, 500],
      [true, 500],
      [true, 200],
    ]);
    const ids = new Set(receiver.received.map((r) => r.eventId));
    expect(ids.size).toBe(1);
    const eventId = [...ids][0]!;
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    // the same body every time, a new signature (time) per attempt
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received.map((r) => r.signature?.split(',')[0])).toEqual([`t=${NOW.getTime() / 1000}`, `t=${NOW.getTime() / 1000 + 30}`, `t=${NOW.getTime() / 1000 + 90}`]);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      id: eventId,
      type: 'distribution.declared',
      createdAt: expect.any(String),
      data: { etfId: held.etfId, ticker: held.ticker, distributionId: `${held.etfId}_2026-03-10`, kind: 'regular', exDate: '2026-03-10', payDate: '2026-03-11', amount: '0.42', status: 'declared' },
    });
    expect(receiver.effects).toHaveLength(1);

    // a redelivery of the same event (at least once): the receiver sees the id and does nothing twice
    const again = receiver.received[2]!;
    const replay = await fetch(receiver.url, { method: 'POST', body: again.body, headers: { 'WeeklyDiv-Signature': again.signature!, 'WeeklyDiv-Event-Id': again.eventId! } });
    expect(replay.status).toBe(200);
    expect(receiver.effects).toHaveLength(1);
    // a body changed on the way does not verify
    const forged = await fetch(receiver.url, { method: 'POST', body: again.body.replace('0.42', '4.20'), headers: { 'WeeklyDiv-Signature': again.signature! } });
    expect(forged.status).toBe(401);
    receiver.received.length = 0;
    receiver.effects.length = 0;
  });

  it("sends a user's own payout to them only, nothing to a fund's non-holders, nothing for events not subscribed", async () => {
    const { agent, id: userId } = await signUp(ctx.app);
    await subscribe(ctx, userId, 'premium', 'active');
    const hook = await agent.post('/api/user/webhooks').send({ url: receiver.url, events: ['payout.received'] }).expect(201);
    receiver.secret = hook.body.secret as string;
    const other = await signUp(ctx.app);
    const payout = (uid: string) => ({
      stream: streams.payouts(uid),
      type: 'PayoutMarkedReceived',
      data: { userId: uid, holdingId: '11111111-1111-4111-8111-111111111111', etfId: held.etfId, exDate: '2026-02-24', amount: '4.2', markedAt: ctx.deps.now().toISOString() },
    });
    // not held by this user, not subscribed: no delivery; another user's payout: not theirs
    await happen([distribution(unheld.etfId, '2026-03-17', '0.40', { payDate: '2026-03-18' }), payout(other.id), payout(userId)]);
    expect(await deliverer.deliverDue()).toBe(1);
    expect(receiver.effects).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'payout.received',
        createdAt: expect.any(String),
        data: { source: 'marked', etfId: held.etfId, symbol: null, holdingId: '11111111-1111-4111-8111-111111111111', exDate: '2026-02-24', date: null, amount: '4.2' },
      },
    ]);
    receiver.received.length = 0;
    receiver.effects.length = 0;
  });

  it('fails a pending delivery unsent once its webhook is removed', async () => {
    const { agent, id: userId } = await signUp(ctx.app);
    await subscribe(ctx, userId, 'premium', 'active');
    const hook = await agent.post('/api/user/webhooks').send({ url: receiver.url, events: ['payout.received'] }).expect(201);
    await happen([
      {
        stream: streams.payouts(userId),
        type: 'PayoutMarkedReceived',
        data: { userId, holdingId: '22222222-2222-4222-8222-222222222222', etfId: held.etfId, exDate: '2026-02-24', amount: '1', markedAt: ctx.deps.now().toISOString() },
      },
    ]);
    await agent.delete(`/api/user/webhooks/${hook.body.id}`).expect(204);
    expect(await deliverer.deliverDue()).toBe(1);
    expect(receiver.received).toEqual([]);
    const deliveries = await recentDeliveries(ctx.deps.readModels, hook.body.id as string, 5);
    expect(deliveries).toEqual([expect.objectContaining({ status: 'failed', lastError: 'The webhook was removed' })]);
    await request(ctx.app).get('/api/user/webhooks').expect(401);
  });
});
