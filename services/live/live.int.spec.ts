import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_SERVER_FULL, LIVE_TOO_MANY_TABS } from '../../contracts/live.ts';
import { quote } from '../../read-models/market/fixtures.ts';
import { getViewsChangedAfter } from '../../read-models/market/queries.ts';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { PREMIUM_REQUIRED } from '../billing/premium.ts';
import { bar, drpwEvents, fund, given, listed, marketDay, subscribe } from '../portfolio/test-helpers.ts';
import { createApp } from '../gateway/app.ts';
import { startServer } from '../gateway/server.ts';
import { loadConfig } from '../http/config.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { openSse, type SseConnection, type SseMessage } from '../testing/sse-client.ts';

const HEARTBEAT_MS = 150;
const OTHER = fund();
/** Closed at 21 on Thursday 2026-01-22: a quote on Friday the 23rd is its current price. */
const HELD = fund();

let ctx: TestContext;
let server: Server;
let base: string;
const open: SseConnection[] = [];

async function connect(cookie: string, lastEventId?: string): Promise<SseConnection> {
  const conn = await openSse(`${base}/api/user/live`, { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) });
  open.push(conn);
  return conn;
}

async function premiumUser() {
  const user = await signUp(ctx.app);
  await subscribe(ctx, user.id, 'premium', 'active');
  return user;
}

const named = (event: string) => (m: SseMessage) => m.event === event;
const data = (m: SseMessage) => JSON.parse(m.data ?? 'null') as unknown;

// Friday 2026-01-23, noon in New York (the market day of services/portfolio/test-helpers.ts).
beforeAll(async () => {
  // a catch-up of more than 16 changed market views is a resync (see the resume tests)
  ctx = await createTestContext({ ...fastEnv, LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS), LIVE_MAX_CATCH_UP_VIEWS: '16' }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, [...drpwEvents(), listed(OTHER), listed(HELD), bar(HELD.etfId, '2026-01-21', '20'), bar(HELD.etfId, '2026-01-22', '21')]);
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const conn of open.splice(0)) conn.close();
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

describe('GET /api/user/live: who may open it', () => {
  it('answers 401 when signed out', async () => {
    await request(ctx.app).get('/api/user/live').expect(401, { message: 'Not authenticated' });
  });

  it('answers 403 naming Premium for a free user, and opens no stream', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.get('/api/user/live').expect(403, { message: PREMIUM_REQUIRED });
  });
});

describe('GET /api/user/live: the stream', () => {
  it('is an unbuffered event stream that starts with the reconnect delay and a ready event at the current position', async () => {
    const { cookie } = await premiumUser();
    const conn = await connect(cookie);
    expect(conn.status).toBe(200);
    expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(conn.headers['cache-control']).toBe('no-cache, no-store, no-transform');
    expect(conn.headers['x-accel-buffering']).toBe('no');
    expect(conn.headers['content-length']).toBeUndefined();
    const ready = await conn.next(named('ready'));
    expect(conn.messages[0]).toEqual({ retry: 5000 });
    const position = (await ctx.deps.readModels.status()).find((s) => s.name === 'market')!.position;
    expect(ready).toEqual({ id: String(position), event: 'ready', data: JSON.stringify({ position }) });
  });

  it('sends market and portfolio events when a quote of a held fund lands, and the portfolio then shows the new value', async () => {
    const { agent, cookie } = await premiumUser();
    await agent.post('/api/user/portfolio').send({ etfId: HELD.etfId, shares: '10', isDrip: 0 }).expect(201);
    const before = await agent.get('/api/user/portfolio').expect(200);
    expect(before.body[0]).toMatchObject({ currentPrice: '21.00', currentValue: '210.00' });
    const conn = await connect(cookie);
    const ready = await conn.next(named('ready'));
    await given(ctx, [quote(HELD.etfId, '2026-01-23T16:30:00.000Z', '23.5')]);
    const market = await conn.next(named('market'));
    // the fund's own views, and those of funds that list it among their similar funds
    expect(data(market)).toMatchObject({ tickers: expect.arrayContaining([HELD.ticker]), calendar: false, lists: true });
    expect(Number(market.id)).toBeGreaterThan(Number(ready.id));
    const portfolio = await conn.next(named('portfolio'));
    expect(data(portfolio)).toEqual({ holdings: true, calendar: true });
    // 10 shares x 23.50
    const after = await agent.get('/api/user/portfolio').expect(200);
    expect(after.body[0]).toMatchObject({ currentPrice: '23.50', currentValue: '235.00' });
  });

  it('sends no portfolio event to a user who does not hold the fund that changed', async () => {
    const { agent, cookie } = await premiumUser();
    await agent.post('/api/user/portfolio').send({ etfId: HELD.etfId, shares: '1', isDrip: 0 }).expect(201);
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    await given(ctx, [quote(OTHER.etfId, '2026-01-23T16:31:00.000Z', '10')]);
    expect(data(await conn.next(named('market')))).toMatchObject({ tickers: expect.arrayContaining([OTHER.ticker]) });
    // the next quote of the held fund brings the first portfolio event: none came for OTHER
    await given(ctx, [quote(HELD.etfId, '2026-01-23T16:32:00.000Z', '23.6')]);
    const portfolio = await conn.next(named('portfolio'));
    expect(conn.messages.filter((m) => m.event === 'market')).toHaveLength(2);
    expect(conn.messages.filter((m) => m.event === 'portfolio')).toEqual([portfolio]);
  });

  it("sends a portfolio event when the user's holdings change in another tab", async () => {
    const { agent, cookie } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    await agent.post('/api/user/portfolio').send({ etfId: OTHER.etfId, shares: '2', isDrip: 0 }).expect(201);
    expect(data(await conn.next(named('portfolio')))).toEqual({ holdings: true, calendar: true });
  });

  it('sends a keep-alive comment every heartbeat interval', async () => {
    const { cookie } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    const first = await conn.next((m) => m.comment !== undefined);
    const second = await conn.next((m) => m.comment !== undefined);
    expect([first, second]).toEqual([{ comment: 'keep-alive' }, { comment: 'keep-alive' }]);
  });
});

describe('GET /api/user/live: resuming with Last-Event-ID', () => {
  it('sends only what changed after the given id, and nothing when nothing did', async () => {
    const { agent, cookie } = await premiumUser();
    await agent.post('/api/user/portfolio').send({ etfId: HELD.etfId, shares: '1', isDrip: 0 }).expect(201);
    const first = await connect(cookie);
    const ready = await first.next(named('ready'));
    first.close();
    // missed while away: a quote of a fund the user does not hold, then one of the held fund
    await given(ctx, [quote(OTHER.etfId, '2026-01-23T16:40:00.000Z', '10.5'), quote(HELD.etfId, '2026-01-23T16:41:00.000Z', '24')]);
    // two quotes rewrote 16 market views (two details, their histories, the lists, the similar funds' details): at the cap, still listed
    expect(await getViewsChangedAfter(ctx.deps.readModels, Number(ready.id))).toHaveLength(16);
    const again = await connect(cookie, ready.id);
    const resumed = await again.next(named('ready'));
    expect(Number(resumed.id)).toBeGreaterThan(Number(ready.id));
    expect(data(await again.next(named('market')))).toMatchObject({ tickers: expect.arrayContaining([HELD.ticker, OTHER.ticker]), calendar: false, lists: true });
    expect(data(await again.next(named('portfolio')))).toEqual({ holdings: true, calendar: true });
    again.close();
    // resumed from the newest id: the ready event, then only heartbeats
    const third = await connect(cookie, resumed.id);
    await third.next(named('ready'));
    await third.next((m) => m.comment !== undefined);
    expect(third.messages.map((m) => m.event ?? m.comment)).toEqual([undefined, 'ready', 'keep-alive']);
  });

  it('sends resync when more market views changed since the id than the cap (LIVE_MAX_CATCH_UP_VIEWS)', async () => {
    const { cookie } = await premiumUser();
    // after position 1 every view of the market was written (22 of them here)
    expect((await getViewsChangedAfter(ctx.deps.readModels, 1)).length).toBeGreaterThan(16);
    const conn = await connect(cookie, '1');
    await conn.next(named('ready'));
    expect(data(await conn.next(named('resync')))).toEqual({ reason: 'too-far-behind' });
    expect(conn.messages.filter((m) => m.event === 'market' || m.event === 'portfolio')).toEqual([]);
  });

  it('sends resync when the id is not a position of this log', async () => {
    const { cookie } = await premiumUser();
    for (const id of ['999999999', 'abc']) {
      const conn = await connect(cookie, id);
      const resync = await conn.next(named('resync'));
      expect(data(resync)).toEqual({ reason: 'unknown-position' });
      conn.close();
    }
  });
});

describe('GET /api/user/live: ended by the server', () => {
  it('ends the stream when the user signs out (the reconnect then gets 401)', async () => {
    const { agent, cookie } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    await agent.post('/api/logout').expect(200);
    expect(data(await conn.next(named('end')))).toEqual({ reason: 'signed-out' });
    await conn.ended;
    const retry = await connect(cookie);
    expect(retry.status).toBe(401);
  });

  it('ends the stream at once when the account is deleted (the reconnect then gets 401)', async () => {
    const { agent, cookie, user } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    await agent.delete('/api/user').send({ password: user.password }).expect(200);
    expect(data(await conn.next(named('end')))).toEqual({ reason: 'signed-out' });
    await conn.ended;
    expect((await connect(cookie)).status).toBe(401);
  });

  it('ends the stream within a keep-alive interval when the account is deleted through another gateway (no endUser here)', async () => {
    const { agent, cookie, user } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    // the gateway that deletes ends its own streams; this hub plays another gateway that is not told
    const told = vi.spyOn(ctx.deps.live, 'endUser').mockImplementationOnce(() => {});
    try {
      await agent.delete('/api/user').send({ password: user.password }).expect(200);
      expect(told).toHaveBeenCalledTimes(1);
      expect(data(await conn.next(named('end')))).toEqual({ reason: 'signed-out' });
      await conn.ended;
    } finally {
      told.mockRestore();
    }
  });

  it('ends the stream when Premium ends (the reconnect then gets 403)', async () => {
    const { id, cookie } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    await subscribe(ctx, id, 'free', null);
    expect(data(await conn.next(named('end')))).toEqual({ reason: 'premium-ended' });
    await conn.ended;
    expect((await connect(cookie)).status).toBe(403);
  });

  it('ends the stream at the first heartbeat after the session passed its idle time (the stream is not activity)', async () => {
    const { cookie } = await premiumUser();
    const conn = await connect(cookie);
    await conn.next(named('ready'));
    ctx.advance(ctx.deps.config.session.idleSeconds * 1000);
    try {
      expect(data(await conn.next(named('end')))).toEqual({ reason: 'session-expired' });
      await conn.ended;
    } finally {
      ctx.advance(-ctx.deps.config.session.idleSeconds * 1000);
    }
  });

  it("ends every stream at the server's shutdown (deps.live, closed before the HTTP server), which then does not wait for them", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-live-server-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', ...fastEnv, DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1' });
    const { container, server, shutdown } = await startServer(config, pino({ level: 'silent' }));
    let stopped: Promise<void> | undefined;
    try {
      const { deps } = container;
      const user = await signUp(createApp(deps));
      const now = deps.now().toISOString();
      const { position } = await deps.log.append(
        streams.user(user.id),
        [{ type: 'SubscriptionChanged', data: { userId: user.id, subscriptionTier: 'premium', subscriptionStatus: 'active', changedAt: now } }],
        'any',
        { actor: 'test', correlationId: 'billing', now },
      );
      await deps.readModels.waitFor(position);
      const conn = await openSse(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/user/live`, { cookie: user.cookie });
      open.push(conn);
      await conn.next(named('ready'));
      stopped = shutdown();
      expect(data(await conn.next(named('end')))).toEqual({ reason: 'shutdown' });
      await conn.ended;
      await stopped;
    } finally {
      await (stopped ?? shutdown());
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/user/live: caps', () => {
  it('answers 429 past the streams allowed per user and 503 past the total, and frees a place when a stream closes', async () => {
    const small = await createTestContext({ ...fastEnv, LIVE_MAX_STREAMS_PER_USER: '1', LIVE_MAX_STREAMS: '2', LIVE_HEARTBEAT_MS: '60000' });
    const smallServer = small.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => smallServer.once('listening', resolve));
    const url = `http://127.0.0.1:${(smallServer.address() as AddressInfo).port}/api/user/live`;
    const conns: SseConnection[] = [];
    try {
      const users = [];
      for (let i = 0; i < 3; i++) {
        const user = await signUp(small.app);
        await subscribe(small, user.id, 'premium', 'active');
        users.push(user);
      }
      const a = await openSse(url, { cookie: users[0]!.cookie });
      conns.push(a);
      await a.next(named('ready'));
      const again = await openSse(url, { cookie: users[0]!.cookie });
      conns.push(again);
      expect(again.status).toBe(429);
      expect(again.headers['retry-after']).toBe('5');
      await again.ended;
      expect(JSON.parse(again.body())).toEqual({ message: LIVE_TOO_MANY_TABS });
      const b = await openSse(url, { cookie: users[1]!.cookie });
      conns.push(b);
      await b.next(named('ready'));
      const c = await openSse(url, { cookie: users[2]!.cookie });
      conns.push(c);
      expect(c.status).toBe(503);
      await c.ended;
      expect(JSON.parse(c.body())).toEqual({ message: LIVE_SERVER_FULL });
      a.close();
      await a.ended;
      // the server sees the close: the first user's place is free again
      let reopened: SseConnection | undefined;
      for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt++) {
        reopened = await openSse(url, { cookie: users[0]!.cookie });
        conns.push(reopened);
        if (reopened.status !== 200) await reopened.ended;
      }
      expect(reopened?.status).toBe(200);
    } finally {
      for (const conn of conns) conn.close();
      smallServer.closeAllConnections();
      await new Promise((resolve) => smallServer.close(resolve));
      await small.close();
    }
  });
});

// last: it moves the market day of this file's context
describe('GET /api/user/live: a new market day', () => {
  it('sends a portfolio event to every holder (every holding is valued as of the new day), and none to a user without holdings', async () => {
    const holder = await premiumUser();
    await holder.agent.post('/api/user/portfolio').send({ etfId: OTHER.etfId, shares: '1', isDrip: 0 }).expect(201);
    const empty = await premiumUser();
    const a = await connect(holder.cookie);
    const b = await connect(empty.cookie);
    await a.next(named('ready'));
    await b.next(named('ready'));
    await given(ctx, [marketDay('2026-01-26')]);
    expect(data(await a.next(named('portfolio')))).toEqual({ holdings: true, calendar: true });
    // both get the market event; the user without holdings then only heartbeats
    await b.next(named('market'));
    await b.next((m) => m.comment !== undefined);
    expect(b.messages.some((m) => m.event === 'portfolio')).toBe(false);
  });
});
