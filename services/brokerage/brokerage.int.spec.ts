import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { startSnapTradeStandIn, type SnapTradeStandIn } from '../../infra/brokerage/snaptrade-test-server.ts';
import { signUp } from '../accounts/test-helpers.ts';
import { fund, given, listed } from '../portfolio/test-helpers.ts';
import { whenJobFinished } from '../jobs/job-runs.ts';
import { startJobs } from '../jobs/runtime.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { brokerageMessages } from './business-logic.ts';
import { endPremium, makePremium, snaptradeIdOf } from './test-helpers.ts';

import { PREMIUM_REQUIRED as PREMIUM } from '../billing/premium.ts';
const ROUTES = [
  ['post', '/api/brokerage/register'],
  ['get', '/api/brokerage/connection-url'],
  ['get', '/api/brokerage/accounts'],
  ['post', '/api/brokerage/sync'],
] as const;

let stand: SnapTradeStandIn;
let ctx: TestContext;
const logLines: string[] = [];
/** Every answer body the specs received, to look for secrets in. */
const answers: string[] = [];
const funds = [fund(), fund('YieldMax'), fund(), fund()];
const tickerOf = (i: number) => funds[i]!.ticker;
const idOf = (i: number) => funds[i]!.etfId;

type Agent = ReturnType<typeof request.agent>;

async function call(agent: Agent, method: 'get' | 'post', url: string) {
  const res = await agent[method](url);
  answers.push(res.text, JSON.stringify(res.headers));
  return res;
}

async function premiumUser() {
  const user = await signUp(ctx.app);
  await makePremium(ctx, user.id);
  return user;
}

async function registered() {
  const user = await premiumUser();
  await call(user.agent, 'post', '/api/brokerage/register').then((r) => expect(r.status).toBe(201));
  return { ...user, snaptradeId: await snaptradeIdOf(ctx, user.id) };
}

async function holdings(agent: Agent) {
  const res = await call(agent, 'get', '/api/user/portfolio');
  return (res.body as { id: string; etfId: string; shares: string; purchasePrice: string | null }[]).map(({ id, etfId, shares, purchasePrice }) => ({ id, etfId, shares, purchasePrice }));
}

beforeAll(async () => {
  stand = await startSnapTradeStandIn();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createTestContext(
    {
      LOG_LEVEL: 'trace',
      SNAPTRADE_CLIENT_ID: stand.clientId,
      SNAPTRADE_CONSUMER_KEY: stand.consumerKey,
      SNAPTRADE_API_URL: stand.url,
      SNAPTRADE_TIMEOUT_MS: '800',
      BROKERAGE_SECRET_KEY: randomBytes(32).toString('hex'),
    },
    { now: new Date('2026-01-23T17:00:00.000Z'), logger: pino({ level: 'trace' }, sink) },
  );
  await given(ctx, funds.map(listed));
});

afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

describe('brokerage API: who may use it', () => {
  it('answers 401 to a visitor on every route', async () => {
    for (const [method, url] of ROUTES) await request(ctx.app)[method](url).expect(401, { message: 'Not authenticated' });
    await request(ctx.app).get('/api/brokerage/status').expect(401);
  });

  it('answers 403 naming Premium to a free user, and to a Premium user whose subscription ended; SnapTrade is never asked', async () => {
    const before = stand.calls.length;
    const free = await signUp(ctx.app);
    for (const [method, url] of ROUTES) await free.agent[method](url).expect(403, { message: PREMIUM });
    const lapsed = await premiumUser();
    await endPremium(ctx, lapsed.id);
    for (const [method, url] of ROUTES) await lapsed.agent[method](url).expect(403, { message: PREMIUM });
    expect(stand.calls.length).toBe(before);
    // the status is for every signed-in user (the card reads it)
    await free.agent.get('/api/brokerage/status').expect(200, { available: true, registered: false, lastSyncedAt: null, brokerages: [] });
  });

  it('register and sync take no body field: 400 naming it, nothing recorded and SnapTrade not asked', async () => {
    const user = await premiumUser();
    const before = stand.calls.length;
    const unknown = { message: 'Unknown field: note', errors: { note: 'Unknown field' } };
    await user.agent.post('/api/brokerage/register').send({ note: 'x' }).expect(400, unknown);
    await user.agent.post('/api/brokerage/sync').send({ note: 'x' }).expect(400, unknown);
    expect(stand.calls.length).toBe(before);
    expect(await ctx.deps.log.readStream(streams.brokerage(user.id))).toEqual([]);
  });
});

describe('register', () => {
  it('registers once under an opaque id; a second call answers 200 without asking SnapTrade again; requests are signed', async () => {
    const user = await premiumUser();
    const first = await call(user.agent, 'post', '/api/brokerage/register');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ registered: true, registeredAt: '2026-01-23T17:00:00.000Z' });
    const snaptradeId = await snaptradeIdOf(ctx, user.id);
    expect(snaptradeId).toMatch(/^wd-[0-9a-f-]{36}$/);
    expect(snaptradeId).not.toContain(user.id);
    expect(snaptradeId).not.toContain(user.user.email);
    const registrations = () => stand.calls.filter((c) => c.path === '/snapTrade/registerUser' && (c.body as { userId: string }).userId === snaptradeId);
    expect(registrations()).toHaveLength(1);
    const [registration] = registrations();
    expect(registration).toMatchObject({ method: 'POST', signed: true, query: { clientId: stand.clientId, timestamp: expect.stringMatching(/^\d+$/) } });

    const second = await call(user.agent, 'post', '/api/brokerage/register');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(registrations()).toHaveLength(1);
    expect((await ctx.deps.log.readStream(streams.brokerage(user.id))).map((e) => e.type)).toEqual(['BrokerageUserRegistered']);
    await user.agent.get('/api/brokerage/status').expect(200, { available: true, registered: true, lastSyncedAt: null, brokerages: [] });
  });

  it('asks SnapTrade once for two registrations at the same time', async () => {
    const user = await premiumUser();
    const before = stand.calls.filter((c) => c.path === '/snapTrade/registerUser').length;
    const both = await Promise.all([call(user.agent, 'post', '/api/brokerage/register'), call(user.agent, 'post', '/api/brokerage/register')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(stand.calls.filter((c) => c.path === '/snapTrade/registerUser').length).toBe(before + 1);
  });

  it('answers 502 when SnapTrade fails and records nothing; a later try registers', async () => {
    const user = await premiumUser();
    stand.fail({ path: '/snapTrade/registerUser', status: 500, times: 1 });
    const failed = await call(user.agent, 'post', '/api/brokerage/register');
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: brokerageMessages.failed });
    expect(await ctx.deps.log.readStream(streams.brokerage(user.id))).toEqual([]);
    await user.agent.get('/api/brokerage/status').expect(200, { available: true, registered: false, lastSyncedAt: null, brokerages: [] });
    await user.agent.post('/api/brokerage/register').expect(201);
  });
});

describe('connection URL and accounts', () => {
  it('answers 409 before registering, then a read-only portal link that returns to the account page', async () => {
    const user = await premiumUser();
    await user.agent.get('/api/brokerage/connection-url').expect(409, { message: brokerageMessages.notRegistered });
    await user.agent.post('/api/brokerage/register').expect(201);
    const snaptradeId = await snaptradeIdOf(ctx, user.id);
    const res = await call(user.agent, 'get', '/api/brokerage/connection-url');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    expect(res.body.url).toMatch(/^https:\/\/app\.snaptrade\.com\/snapTrade\/redeemToken\?token=[0-9a-f]{32}&connectionType=read/);
    const login = stand.calls.filter((c) => c.path === '/snapTrade/login' && c.query['userId'] === snaptradeId).at(-1)!;
    expect(login).toMatchObject({ method: 'POST', signed: true, body: { connectionType: 'read', customRedirect: 'http://localhost:3000/account' } });
    expect(login.query['userSecret']).toBe(stand.users.get(snaptradeId));
  });

  it('lists [] before registering (SnapTrade not asked), then the accounts in the spec shape', async () => {
    const user = await premiumUser();
    const before = stand.calls.length;
    await user.agent.get('/api/brokerage/accounts').expect(200, []);
    expect(stand.calls.length).toBe(before);
    await user.agent.post('/api/brokerage/register').expect(201);
    const snaptradeId = await snaptradeIdOf(ctx, user.id);
    stand.setAccounts(snaptradeId, [
      { id: 'acc-1', brokerageName: 'Robinhood', accountName: 'Individual', positions: [] },
      { id: 'acc-2', brokerageName: 'Fidelity', accountName: 'Roth IRA', positions: [] },
    ]);
    const res = await call(user.agent, 'get', '/api/brokerage/accounts');
    expect(res.body).toEqual([
      { id: 'acc-1', brokerageName: 'Robinhood', accountName: 'Individual', lastSyncedAt: null },
      { id: 'acc-2', brokerageName: 'Fidelity', accountName: 'Roth IRA', lastSyncedAt: null },
    ]);
    expect(stand.calls.filter((c) => c.path === '/accounts').at(-1)).toMatchObject({ signed: true, query: { userId: snaptradeId } });
  });

  it('answers 502 with a message when SnapTrade refuses or does not answer in time', async () => {
    const user = await registered();
    stand.fail({ path: '/accounts', status: 503, times: 1 });
    await user.agent.get('/api/brokerage/accounts').expect(502, { message: brokerageMessages.failed });
    stand.fail({ path: '/snapTrade/login', status: 'timeout', times: 1 });
    await user.agent.get('/api/brokerage/connection-url').expect(502, { message: brokerageMessages.timeout });
  });
});

describe('sync', () => {
  it('answers 409 before registering', async () => {
    const user = await premiumUser();
    await user.agent.post('/api/brokerage/sync').expect(409, { message: brokerageMessages.notRegistered });
  });

  it('creates holdings of catalog funds (one per fund across accounts), leaves a holding added by hand alone, counts every position', async () => {
    const user = await registered();
    // added by hand before connecting
    await user.agent.post('/api/user/portfolio').send({ etfId: idOf(2), shares: '3', purchasePrice: '10' }).expect(201);
    stand.setAccounts(user.snaptradeId, [
      {
        id: 'acc-a',
        brokerageName: 'Robinhood',
        accountName: 'Individual',
        positions: [
          { symbol: tickerOf(0), units: '10', costBasis: '20' },
          { symbol: tickerOf(1).toLowerCase(), units: '5.5' },
          { symbol: 'AAPL', kind: 'stock', units: '3', costBasis: '150' },
        ],
      },
      {
        id: 'acc-b',
        brokerageName: 'Fidelity',
        accountName: 'Roth IRA',
        positions: [
          { symbol: tickerOf(0), units: '2.5', costBasis: '26' },
          { symbol: tickerOf(2), units: '7', costBasis: '11' },
          { symbol: `${tickerOf(3)}.TO`, units: '4' },
        ],
      },
    ]);
    const res = await call(user.agent, 'post', '/api/brokerage/sync');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 3, total: 6, created: 2, updated: 0, removed: 0, keptManual: [tickerOf(2)], notSynced: [], payoutRecords: 0, syncedAt: '2026-01-23T17:00:00.000Z' });
    const list = await holdings(user.agent);
    expect(list.map(({ id: _id, ...h }) => h)).toEqual([
      { etfId: idOf(2), shares: '3', purchasePrice: '10' },
      // 10 @ 20 + 2.5 @ 26 = 12.5 shares at 21.2 on average
      { etfId: idOf(0), shares: '12.5', purchasePrice: '21.2' },
      { etfId: idOf(1), shares: '5.5', purchasePrice: null },
    ]);
    const events = await ctx.deps.log.readStream(streams.portfolio(user.id));
    expect(events.map((e) => [e.type, (e.data as { source?: string }).source])).toEqual([
      ['HoldingAdded', undefined],
      ['HoldingAdded', 'brokerage'],
      ['HoldingAdded', 'brokerage'],
    ]);
    expect(events[1]!.metadata).toMatchObject({ actor: `user:${user.id}` });
    // both accounts now show when they were synced
    const accounts = await call(user.agent, 'get', '/api/brokerage/accounts');
    expect(accounts.body.map((a: { id: string; lastSyncedAt: string }) => [a.id, a.lastSyncedAt])).toEqual([
      ['acc-a', '2026-01-23T17:00:00.000Z'],
      ['acc-b', '2026-01-23T17:00:00.000Z'],
    ]);
    // the brokerages the holdings come from, sorted, for "Synced from Fidelity and Robinhood" (issue 29, W11)
    await user.agent.get('/api/brokerage/status').expect(200, { available: true, registered: true, lastSyncedAt: '2026-01-23T17:00:00.000Z', brokerages: ['Fidelity', 'Robinhood'] });
    // each holding says whether a sync owns it
    const sources = (await call(user.agent, 'get', '/api/user/portfolio')).body.map((h: { etfId: string; source: string }) => [h.etfId, h.source]);
    expect(sources).toEqual([
      [idOf(2), 'manual'],
      [idOf(0), 'brokerage'],
      [idOf(1), 'brokerage'],
    ]);
    expect(stand.calls.filter((c) => c.path.startsWith('/accounts/acc-')).every((c) => c.signed && c.query['userId'] === user.snaptradeId)).toBe(true);
  });

  it('updates to the brokerage share count, never duplicates, and removes a synced holding the brokerage no longer reports', async () => {
    const user = await registered();
    const account = (positions: { symbol: string; units: string; costBasis?: string }[]) => [{ id: 'acc-1', brokerageName: 'Schwab', accountName: 'Brokerage', positions }];
    stand.setAccounts(user.snaptradeId, account([{ symbol: tickerOf(0), units: '10' }, { symbol: tickerOf(1), units: '4' }]));
    await user.agent.post('/api/brokerage/sync').expect(200);
    const [first0, first1] = await holdings(user.agent);

    // the same again: nothing changes, nothing is written to the portfolio
    const count = (await ctx.deps.log.readStream(streams.portfolio(user.id))).length;
    const again = await call(user.agent, 'post', '/api/brokerage/sync');
    expect(again.body).toMatchObject({ synced: 2, total: 2, created: 0, updated: 0, removed: 0 });
    expect((await ctx.deps.log.readStream(streams.portfolio(user.id))).length).toBe(count);

    ctx.advance(60_000);
    stand.setAccounts(user.snaptradeId, account([{ symbol: tickerOf(0), units: '12.25', costBasis: '19.5' }]));
    const changed = await call(user.agent, 'post', '/api/brokerage/sync');
    expect(changed.body).toMatchObject({ synced: 1, total: 1, created: 0, updated: 1, removed: 1 });
    expect(await holdings(user.agent)).toEqual([{ id: first0!.id, etfId: idOf(0), shares: '12.25', purchasePrice: '19.5' }]);
    expect(first1!.etfId).toBe(idOf(1));
    const types = (await ctx.deps.log.readStream(streams.portfolio(user.id))).map((e) => e.type);
    expect(types).toEqual(['HoldingAdded', 'HoldingAdded', 'HoldingSynced', 'HoldingRemoved']);
    const syncs = (await ctx.deps.log.readStream(streams.brokerage(user.id))).filter((e) => e.type === 'BrokerageSynced');
    expect(syncs.map((e) => (e.data as { synced: number }).synced)).toEqual([2, 2, 1]);
  });

  it('keeps positions outside the limits of a holding entered by hand out, reports them with the reason, and changes nothing for them (security audit S3)', async () => {
    const user = await registered();
    const account = (positions: { symbol: string; units: string; costBasis?: string }[]) => [{ id: 'acc-1', brokerageName: 'Schwab', accountName: 'Brokerage', positions }];
    stand.setAccounts(user.snaptradeId, account([{ symbol: tickerOf(0), units: '10', costBasis: '20' }, { symbol: tickerOf(1), units: '4' }]));
    await user.agent.post('/api/brokerage/sync').expect(200);
    const before = await holdings(user.agent);
    const count = (await ctx.deps.log.readStream(streams.portfolio(user.id))).length;

    // the audit's positions: 1e21 and 2e9 units, a cost of 1e300; the first two funds were synced before
    ctx.advance(60_000);
    stand.setAccounts(
      user.snaptradeId,
      account([
        { symbol: tickerOf(0), units: '1e21' },
        { symbol: tickerOf(1), units: '4', costBasis: '1e300' },
        { symbol: tickerOf(2), units: '2000000000', costBasis: '10' },
        { symbol: tickerOf(3), units: '1000000000', costBasis: '1000000' },
      ]),
    );
    const res = await call(user.agent, 'post', '/api/brokerage/sync');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ synced: 1, total: 4, created: 1, updated: 0, removed: 0 });
    expect(res.body.notSynced).toEqual([
      { ticker: tickerOf(0), reason: 'Shares: Must be at most 1,000,000,000' },
      { ticker: tickerOf(1), reason: 'Purchase price must be at most 1,000,000' },
      { ticker: tickerOf(2), reason: 'Shares: Must be at most 1,000,000,000' },
    ]);
    // the synced holdings of the refused positions stay as they were; the position at the limits is a holding
    expect(await holdings(user.agent)).toEqual([...before, { id: expect.any(String), etfId: idOf(3), shares: '1000000000', purchasePrice: '1000000' }]);
    expect((await ctx.deps.log.readStream(streams.portfolio(user.id))).length).toBe(count + 1);
    const syncs = (await ctx.deps.log.readStream(streams.brokerage(user.id))).filter((e) => e.type === 'BrokerageSynced');
    expect(syncs.map((e) => (e.data as { synced: number }).synced)).toEqual([2, 1]);
    // and the user's own export imports back
    const csv = (await user.agent.get('/api/user/portfolio/export.csv').expect(200)).text;
    const imported = await user.agent.post('/api/user/portfolio/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(imported.body).toEqual({ created: 0, updated: 0, errors: [] });
  });

  it('answers 502 and changes nothing when one account cannot be read, or SnapTrade does not answer in time', async () => {
    const user = await registered();
    stand.setAccounts(user.snaptradeId, [
      { id: 'ok-1', brokerageName: 'Robinhood', accountName: 'Individual', positions: [{ symbol: tickerOf(0), units: '10' }] },
      { id: 'bad-2', brokerageName: 'Fidelity', accountName: 'IRA', positions: [{ symbol: tickerOf(1), units: '1' }] },
    ]);
    const portfolioBefore = await ctx.deps.log.readStream(streams.portfolio(user.id));
    const brokerageBefore = await ctx.deps.log.readStream(streams.brokerage(user.id));
    stand.fail({ path: '/accounts/bad-2', status: 500, times: 1 });
    await user.agent.post('/api/brokerage/sync').expect(502, { message: brokerageMessages.failed });
    stand.fail({ path: '/accounts/ok-1', status: 'timeout', times: 1 });
    await user.agent.post('/api/brokerage/sync').expect(502, { message: brokerageMessages.timeout });
    stand.fail({ path: '/accounts', status: 401, times: 1 });
    await user.agent.post('/api/brokerage/sync').expect(502, { message: brokerageMessages.failed });
    expect(await ctx.deps.log.readStream(streams.portfolio(user.id))).toEqual(portfolioBefore);
    expect(await ctx.deps.log.readStream(streams.brokerage(user.id))).toEqual(brokerageBefore);
    await user.agent.get('/api/user/portfolio').expect(200, []);
    // and then it works
    await user.agent.post('/api/brokerage/sync').expect(200);
    expect((await holdings(user.agent)).map((h) => h.etfId)).toEqual([idOf(0), idOf(1)]);
  });
});

describe("SnapTrade's user secret", () => {
  it('appears nowhere in clear: not in the event log (decoded or on disk), not in the logs, not in any answer', async () => {
    // a failure too, so error paths were logged
    const user = await registered();
    stand.fail({ path: '/accounts', status: 500, times: 1 });
    await call(user.agent, 'post', '/api/brokerage/sync');
    expect(stand.users.size).toBeGreaterThan(5);
    const secrets = [...stand.users.values()];
    const events = JSON.stringify(await ctx.deps.log.readAll(0, 100_000));
    expect(events).toContain('BrokerageUserRegistered');
    const disk = readdirSync(ctx.dataDir)
      .filter((f) => f.startsWith('events'))
      .map((f) => readFileSync(path.join(ctx.dataDir, f)).toString('latin1'))
      .join('\n');
    const logs = logLines.join('');
    expect(logs).toContain('brokerage call failed');
    expect(answers.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(events).not.toContain(secret);
      expect(disk).not.toContain(secret);
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    // the ciphertext is what is stored, and it is bound to its user
    const [registeredEvent] = await ctx.deps.log.readStream(streams.brokerage(user.id));
    expect((registeredEvent!.data as { encryptedSecret: string }).encryptedSecret).toMatch(/^v1\./);
  });
});

describe('the daily sync job', () => {
  it('syncs every registered user with Premium (trigger schedule, actor the job) and skips those without it', async () => {
    const ann = await registered();
    const bob = await registered();
    await endPremium(ctx, bob.id);
    for (const u of [ann, bob]) stand.setAccounts(u.snaptradeId, [{ id: 'acc-1', brokerageName: 'Schwab', accountName: 'Brokerage', positions: [{ symbol: tickerOf(3), units: '8' }] }]);
    const jobs = await startJobs(ctx.container, { schedules: false, provider: null });
    try {
      const { jobId, position } = await jobs.request('sync-brokerage', 'test', { actor: 'test', correlationId: 'daily', now: ctx.deps.now().toISOString() });
      await ctx.deps.readModels.waitFor(position);
      const done = await whenJobFinished(ctx.deps.readModels, jobId);
      expect(done).toMatchObject({ status: 'succeeded', counts: expect.objectContaining({ notPremium: 1 }) });
      expect(done.counts?.['synced']).toBeGreaterThanOrEqual(1);
      expect((await holdings(ann.agent)).map((h) => [h.etfId, h.shares])).toEqual([[idOf(3), '8']]);
      await makePremium(ctx, bob.id);
      expect(await holdings(bob.agent)).toEqual([]);
      const [sync] = (await ctx.deps.log.readStream(streams.brokerage(ann.id))).filter((e) => e.type === 'BrokerageSynced');
      expect(sync).toMatchObject({ data: { trigger: 'schedule', synced: 1, total: 1 }, metadata: { actor: 'job:sync-brokerage' } });
      expect(await ctx.deps.log.readStream(streams.brokerage(bob.id)).then((es) => es.map((e) => e.type))).toEqual(['BrokerageUserRegistered']);
    } finally {
      await jobs.stop();
    }
  });
});

describe('signed requests', () => {
  it('are refused by SnapTrade when signed with another consumer key: the user gets a 502, nothing is recorded', async () => {
    const wrong = await createTestContext({ SNAPTRADE_CLIENT_ID: stand.clientId, SNAPTRADE_CONSUMER_KEY: 'not-the-consumer-key', SNAPTRADE_API_URL: stand.url });
    try {
      const user = await signUp(wrong.app);
      await makePremium(wrong, user.id);
      await user.agent.post('/api/brokerage/register').expect(502, { message: brokerageMessages.failed });
      expect(stand.calls.at(-1)).toMatchObject({ path: '/snapTrade/registerUser', signed: false, query: { clientId: stand.clientId } });
      expect(await wrong.deps.log.readStream(streams.brokerage(user.id))).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe('without SnapTrade keys', () => {
  it('says sync is not available: status available false, the routes 503', async () => {
    const plain = await createTestContext({}, {});
    try {
      const user = await signUp(plain.app);
      await makePremium(plain, user.id);
      await user.agent.get('/api/brokerage/status').expect(200, { available: false, registered: false, lastSyncedAt: null, brokerages: [] });
      for (const [method, url] of ROUTES) await user.agent[method](url).expect(503, { message: 'Brokerage sync is not available yet' });
    } finally {
      await plain.close();
    }
  });
});
