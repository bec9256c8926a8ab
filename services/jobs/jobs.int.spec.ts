import request from 'supertest';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { streams } from '../../events/streams.ts';
import { MarketDataProviderError, type LatestPrice, type MarketDataProvider, type ProviderBar, type ProviderDistribution, type ProviderSplit } from '../../infra/market-data/port.ts';
import { findJob, finishedJobs } from '../../read-models/jobs/queries.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { registerCache, registeredCaches } from '../../domain/caches/registry.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { marketProjectionNames, NO_ALPACA_KEYS } from './data-jobs.ts';
import { whenJobFinished } from './job-runs.ts';
import { issuerPollSchedule, JOB_SCHEDULES, startJobs, type JobsRuntime } from './runtime.ts';

/** A provider answering what a test gives it (the jobs' own logic is under test, not the provider). */
class ScriptedProvider implements MarketDataProvider {
  readonly source = 'alpaca' as const;
  bars: ProviderBar[] = [];
  dists: ProviderDistribution[] = [];
  splitList: ProviderSplit[] = [];
  quotes: LatestPrice[] = [];
  failWith: Error | null = null;
  async latestPrices(tickers: readonly string[]) {
    if (this.failWith) throw this.failWith;
    return this.quotes.filter((q) => tickers.includes(q.ticker));
  }
  async dailyBars(tickers: readonly string[], from: string, to: string) {
    return this.bars.filter((b) => tickers.includes(b.ticker) && b.date >= from && b.date <= to);
  }
  async distributions(tickers: readonly string[], from: string, to: string) {
    return this.dists.filter((d) => tickers.includes(d.ticker) && d.exDate >= from && d.exDate <= to);
  }
  async splits(tickers: readonly string[], from: string, to: string) {
    return this.splitList.filter((d) => tickers.includes(d.ticker) && d.exDate >= from && d.exDate <= to);
  }
}

/** Resolves with the first run matching `predicate` once it has finished (event-driven, no sleeps). */
function whenSomeJobFinished(readModels: ReadModels, predicate: (doc: JobDoc) => boolean): Promise<JobDoc> {
  return new Promise((resolve, reject) => {
    const check = async () => {
      const docs = await finishedJobs(readModels);
      const doc = docs.find(predicate);
      if (doc) {
        off();
        resolve(doc);
      }
    };
    const off = readModels.onAdvance(() => void check().catch(reject));
    void check().catch(reject);
  });
}

/** The description of a cache registered by a spec. */
function specCache(name: string) {
  return { name, owner: 'services/jobs/jobs.int.spec.ts', key: 'none', bound: 'none', eviction: 'none', coherence: 'a spec' };
}

// Wednesday 2026-03-04, 10:00 in New York.
const NOW = new Date('2026-03-04T15:00:00.000Z');

describe('data operations with a scripted provider', () => {
  let ctx: TestContext;
  let jobs: JobsRuntime;
  let owner: Agent;
  let ownerId: string;
  let visitor: Agent;
  let nvdwId: string;
  const provider = new ScriptedProvider();

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: NOW });
    jobs = await startJobs(ctx.container, { provider });
    ctx.container.onStop(() => jobs.stop());
    const signedIn = await signUpOwner(ctx.app, ctx.deps);
    owner = signedIn.agent;
    ownerId = signedIn.id;
    visitor = (await signUp(ctx.app)).agent;
    const nvdw = await owner.post('/api/etfs').send({ ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill' }).expect(201);
    await owner.post('/api/etfs').send({ ticker: 'AMDW', name: 'Roundhill AMD WeeklyPay ETF', brand: 'Roundhill' }).expect(201);
    nvdwId = nvdw.body.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(['initialize-production', 'update-prices', 'sync-dividends', 'recalculate-yields', 'clear-cache'])('POST /api/admin/%s is for the owner only', async (op) => {
    expect((await request(ctx.app).post(`/api/admin/${op}`)).status).toBe(401);
    const res = await visitor.post(`/api/admin/${op}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Admin access required' });
  });

  it.each(['initialize-production', 'update-prices', 'sync-dividends', 'recalculate-yields', 'clear-cache', 'ingest-news'])(
    'POST /api/admin/%s takes no fields: one is refused (400 naming it) and no run is queued',
    async (op) => {
      const before = await ctx.container.eventStore.headPosition();
      expect((await owner.post(`/api/admin/${op}`).send({ force: true }).expect(400)).body).toEqual({ message: 'Unknown field: force', errors: { force: 'Unknown field' } });
      expect(await ctx.container.eventStore.headPosition()).toBe(before);
    },
  );

  it('GET /api/admin/jobs and /jobs/:id are for the owner only', async () => {
    expect((await request(ctx.app).get('/api/admin/jobs')).status).toBe(401);
    expect((await visitor.get('/api/admin/jobs')).status).toBe(403);
    expect((await visitor.get('/api/admin/jobs/7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f')).status).toBe(403);
  });

  it('update-prices: answers 202 at once, then the run is recorded as events and shown succeeded', async () => {
    provider.quotes = [
      { ticker: 'NVDW', price: '51.20', at: '2026-03-04T14:59:00.000Z', previousClose: '50.10' },
      { ticker: 'AMDW', price: '30.05', at: '2026-03-04T14:59:00.000Z', previousClose: '30' },
    ];
    provider.bars = [
      { ticker: 'NVDW', date: '2026-03-02', open: '49', high: '50.5', low: '48.5', close: '50', volume: 1200 },
      { ticker: 'NVDW', date: '2026-03-03', open: '50', high: '50.5', low: '49.5', close: '50.1', volume: 900 },
    ];
    const res = await owner.post('/api/admin/update-prices').expect(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'update-prices', status: 'queued', message: 'Price sync started. It may take a few minutes.' });
    expect(res.headers['location']).toBe(`/api/admin/jobs/${res.body.jobId}`);
    // the request is already visible
    const seen = await owner.get(`/api/admin/jobs/${res.body.jobId}`).expect(200);
    expect(seen.body).toMatchObject({ id: res.body.jobId, name: 'update-prices', requestedBy: `user:${ownerId}`, requestedAt: NOW.toISOString() });

    const done = await whenJobFinished(ctx.deps.readModels, res.body.jobId);
    expect(done.status).toBe('succeeded');
    const shown = await owner.get(`/api/admin/jobs/${res.body.jobId}`).expect(200);
    expect(shown.body).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      startedAt: NOW.toISOString(),
      finishedAt: NOW.toISOString(),
      summary: 'Updated prices of 2 ETFs (0 unchanged), 2 new daily bars, 0 corrected bars',
      counts: { etfs: 2, quotes: 2, quotesUnchanged: 0, barsRecorded: 2, barsRevised: 0, missing: 0 },
      reason: null,
      progress: { done: 4, total: 4, message: expect.stringContaining('Price history') },
    });

    const events = await ctx.deps.log.readStream(streams.job(res.body.jobId));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['JobRequested', `user:${ownerId}`],
      ['JobStarted', 'job:update-prices'],
      ['JobProgressed', 'job:update-prices'],
      ['JobProgressed', 'job:update-prices'],
      ['JobSucceeded', 'job:update-prices'],
    ]);
    // the data itself was written by the job, as the job
    const prices = await ctx.deps.log.readStream(streams.prices(nvdwId, 2026));
    expect(prices.map((e) => [e.type, e.metadata.actor, e.metadata.correlationId])).toEqual([
      ['PriceQuoted', 'job:update-prices', res.body.jobId],
      ['PriceBarRecorded', 'job:update-prices', res.body.jobId],
      ['PriceBarRecorded', 'job:update-prices', res.body.jobId],
    ]);
  });

  it('a failing provider: the run fails with a reason the owner understands', async () => {
    provider.failWith = new MarketDataProviderError('Alpaca answered 403 for /v2/stocks/snapshots: forbidden', 403);
    try {
      const res = await owner.post('/api/admin/update-prices').expect(202);
      const done = await whenJobFinished(ctx.deps.readModels, res.body.jobId);
      expect(done).toMatchObject({ status: 'failed', reason: 'The market data provider failed: Alpaca answered 403 for /v2/stocks/snapshots: forbidden', summary: null });
      const events = await ctx.deps.log.readStream(streams.job(res.body.jobId));
      expect(events.map((e) => e.type)).toEqual(['JobRequested', 'JobStarted', 'JobFailed']);
    } finally {
      provider.failWith = null;
    }
  });

  it('sync-dividends records new distributions and splits; a second run appends nothing but its own job events', async () => {
    provider.dists = [
      { ticker: 'NVDW', exDate: '2026-02-24', recordDate: '2026-02-24', payDate: '2026-02-25', amount: '0.4123' },
      { ticker: 'NVDW', exDate: '2026-03-03', recordDate: '2026-03-03', payDate: '2026-03-04', amount: '0.3987' },
    ];
    provider.splitList = [{ ticker: 'NVDW', exDate: '2026-02-23', oldRate: '5', newRate: '1' }];
    const first = await owner.post('/api/admin/sync-dividends').expect(202);
    const firstDone = await whenJobFinished(ctx.deps.readModels, first.body.jobId);
    expect(firstDone.counts).toEqual({ etfs: 2, declared: 2, revised: 0, unchanged: 0, skipped: 0, splitsRecorded: 1, splitsRevised: 0 });
    expect(firstDone.summary).toMatch(/; splits: 1 new, 0 revised$/);
    expect((await ctx.deps.log.readStream(streams.splits(nvdwId))).map((e) => [e.type, e.data])).toEqual([
      ['SplitRecorded', { etfId: nvdwId, splitId: `${nvdwId}_2026-02-23`, exDate: '2026-02-23', oldRate: '5', newRate: '1', source: 'alpaca' }],
    ]);
    const head = await ctx.container.eventStore.headPosition();
    const second = await owner.post('/api/admin/sync-dividends').expect(202);
    const done = await whenJobFinished(ctx.deps.readModels, second.body.jobId);
    expect(done.counts).toEqual({ etfs: 2, declared: 0, revised: 0, unchanged: 2, skipped: 0, splitsRecorded: 0, splitsRevised: 0 });
    const after = await ctx.deps.log.readAll(head);
    expect(new Set(after.map((e) => e.stream))).toEqual(new Set([streams.job(second.body.jobId)]));
  });

  it('recalculate-yields rebuilds the market read models from the log', async () => {
    expect(marketProjectionNames()).toContain('market');
    const res = await owner.post('/api/admin/recalculate-yields').expect(202);
    expect(res.body.message).toBe('Yield calculation started. It may take a few minutes.');
    const done = await whenJobFinished(ctx.deps.readModels, res.body.jobId);
    expect(done).toMatchObject({ status: 'succeeded', counts: { projections: marketProjectionNames().length } });
    expect(done.summary).toMatch(/^Rebuilt market/);
    // the job's own JobSucceeded event is the head; every model catches up to it
    await ctx.deps.readModels.waitFor(await ctx.container.eventStore.headPosition());
    const status = await ctx.deps.readModels.status();
    expect(status.find((s) => s.name === 'market')).toMatchObject({ lag: 0 });
  });

  it('clear-cache drops every registered cache of derived data and leaves the others alone', async () => {
    let cleared = 0;
    const off = registerCache({ ...specCache('jobs-spec-cache'), clearable: true, clear: () => void cleared++ });
    const offKept = registerCache({ ...specCache('jobs-spec-queue'), clearable: false, reason: 'a queue, not data' });
    try {
      const res = await owner.post('/api/admin/clear-cache').expect(202);
      const done = await whenJobFinished(ctx.deps.readModels, res.body.jobId);
      expect(done.status).toBe('succeeded');
      const caches = registeredCaches();
      const clearable = caches.filter((c) => c.clearable).map((c) => c.name);
      expect(done.summary).toBe(`Cleared ${clearable.length} caches: ${clearable.join(', ')}. Fresh data will load on next request.`);
      expect(clearable).toEqual(expect.arrayContaining(['jobs-spec-cache', 'market-views', 'user-area']));
      expect(done.summary).not.toContain('jobs-spec-queue');
      expect(done.counts).toEqual({ cleared: clearable.length, kept: caches.length - clearable.length });
      expect(cleared).toBe(1);
    } finally {
      off();
      offKept();
    }
  });

  it('answers a data operation once the job is in the jobs read model, without waiting for the market projection (audit 01: a 500 under load)', async () => {
    const waitFor = vi.spyOn(ctx.deps.readModels, 'waitFor');
    try {
      const res = await owner.post('/api/admin/clear-cache').expect(202);
      const call = waitFor.mock.calls.find(([, options]) => options?.only !== undefined);
      expect(call?.[1]?.only?.map((p) => p.name)).toEqual(['jobs']);
      await whenJobFinished(ctx.deps.readModels, res.body.jobId);
    } finally {
      waitFor.mockRestore();
    }
  });

  it('a scheduled update-prices skips an NYSE holiday, recorded as requested by the schedule', async () => {
    ctx.advance(Date.parse('2026-07-03T15:00:00.000Z') - ctx.deps.now().getTime()); // Independence Day observed
    try {
      await jobs.agenda.now('update-prices', { scheduled: true });
      const done = await whenSomeJobFinished(ctx.deps.readModels, (d) => d.requestedBy === 'schedule' && d.name === 'update-prices');
      expect(done).toMatchObject({ status: 'succeeded', summary: 'The market is closed on 2026-07-03 (weekend or NYSE holiday): nothing to update', counts: { skipped: 1 } });
    } finally {
      ctx.advance(NOW.getTime() - ctx.deps.now().getTime());
    }
  });

  it('keeps the schedules in Agenda, in New York time', async () => {
    // every job with a schedule, whatever its state: Agenda runs on the wall clock, so in New York's
    // session hours refresh-premium-quotes (every minute) may be running (state 'running', not 'repeating')
    const scheduled = (await jobs.agenda.queryJobs()).jobs.filter((j) => j.repeatInterval);
    const byName = Object.fromEntries(scheduled.map((j) => [j.name, { repeatInterval: j.repeatInterval, repeatTimezone: j.repeatTimezone }]));
    expect(byName).toEqual({
      'update-prices': { repeatInterval: '5 10-16 * * 1-5', repeatTimezone: 'America/New_York' },
      'sync-dividends': { repeatInterval: '30 18 * * 1-5', repeatTimezone: 'America/New_York' },
      'begin-market-day': { repeatInterval: '1 0 * * *', repeatTimezone: 'America/New_York' },
      'ingest-news': { repeatInterval: '0 8-20 * * *', repeatTimezone: 'America/New_York' },
      'sync-brokerage': { repeatInterval: '30 6 * * *', repeatTimezone: 'America/New_York' },
      'refresh-premium-quotes': { repeatInterval: '* 9-16 * * 1-5', repeatTimezone: 'America/New_York' },
      'send-ex-date-reminders': { repeatInterval: '0 9 * * 1-5', repeatTimezone: 'America/New_York' },
      // every ISSUER_POLL_SECONDS (default 300); the job itself skips polls outside 07:00-20:00 ET on business days
      'ingest-declarations': { repeatInterval: '300 seconds', repeatTimezone: 'America/New_York' },
    });
    expect([...JOB_SCHEDULES.map((s) => s.name), issuerPollSchedule(ctx.deps.config).name].sort()).toEqual(Object.keys(byName).sort());
  });

  it('began the market day at start', async () => {
    const clock = await ctx.deps.log.readStream(streams.marketClock());
    expect(clock.map((e) => [e.data, e.metadata.actor])).toEqual([[{ date: '2026-03-04' }, 'job:begin-market-day']]);
  });

  it('lists recent runs newest first, with a limit', async () => {
    const all = await owner.get('/api/admin/jobs').expect(200);
    expect(all.body.length).toBeGreaterThanOrEqual(5);
    const times = all.body.map((j: { requestedAt: string }) => j.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const two = await owner.get('/api/admin/jobs?limit=2').expect(200);
    expect(two.body).toHaveLength(2);
    expect((await owner.get('/api/admin/jobs?limit=0').expect(400)).body).toEqual({ message: 'Limit must be 1-200', errors: { limit: 'Limit must be 1-200' } });
  });

  it('answers 404 for an unknown job', async () => {
    expect((await owner.get('/api/admin/jobs/7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f').expect(404)).body).toEqual({ message: 'Job not found' });
    await owner.get('/api/admin/jobs/nope').expect(404);
  });
});

describe('without Alpaca keys and with demo data off', () => {
  let ctx: TestContext;
  let owner: Agent;

  beforeAll(async () => {
    ctx = await createTestContext({ DEMO_DATA: 'false' }, { now: NOW });
    const jobs = await startJobs(ctx.container);
    ctx.container.onStop(() => jobs.stop());
    owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('update-prices fails with "Alpaca API keys are not set"', async () => {
    const res = await owner.post('/api/admin/update-prices').expect(202);
    await whenJobFinished(ctx.deps.readModels, res.body.jobId);
    const shown = await owner.get(`/api/admin/jobs/${res.body.jobId}`).expect(200);
    expect(shown.body).toMatchObject({ status: 'failed', reason: NO_ALPACA_KEYS });
    expect(shown.body.reason).toMatch(/^Alpaca API keys are not set/);
  });

  it('the first start does not seed without demo data', async () => {
    const jobs2 = await startJobs(ctx.container, { schedules: false });
    try {
      expect(await jobs2.seedOnFirstStart()).toBeNull();
    } finally {
      await jobs2.stop();
    }
  });
});

describe('a process without jobs', () => {
  it('answers 503 to data operations', async () => {
    const ctx = await createTestContext({}, { now: NOW });
    try {
      const owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
      expect((await owner.post('/api/admin/update-prices').expect(503)).body).toEqual({ message: 'Data jobs are not running' });
      expect(await findJob(ctx.deps.readModels, '7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f')).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
