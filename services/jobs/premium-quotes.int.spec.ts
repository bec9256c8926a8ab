import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatestPrice, MarketDataProvider, ProviderSource } from '../../infra/market-data/port.ts';
import { finishedJobs, runsOfJob } from '../../read-models/jobs/queries.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { DEMO_QUOTES_DO_NOT_UPDATE, premiumQuotesDue, type JobEnv } from './data-jobs.ts';
import { whenJobFinished } from './job-runs.ts';
import { JOB_SCHEDULES, startJobs, type JobsRuntime } from './runtime.ts';

/** A provider that remembers which tickers it was asked about. */
class RecordingProvider implements MarketDataProvider {
  source: ProviderSource = 'alpaca';
  asked: string[][] = [];
  quotes: LatestPrice[] = [];
  async latestPrices(tickers: readonly string[]) {
    this.asked.push([...tickers].sort());
    return this.quotes.filter((q) => tickers.includes(q.ticker));
  }
  async dailyBars() {
    return [];
  }
  async distributions() {
    return [];
  }
  async splits() {
    return [];
  }
}

/** Resolves with the first finished run matching `predicate` (event-driven, no sleeps). */
function whenSomeJobFinished(readModels: ReadModels, predicate: (doc: JobDoc) => boolean): Promise<JobDoc> {
  return new Promise((resolve, reject) => {
    const check = async () => {
      const doc = (await finishedJobs(readModels)).find(predicate);
      if (doc) {
        off();
        resolve(doc);
      }
    };
    const off = readModels.onAdvance(() => void check().catch(reject));
    void check().catch(reject);
  });
}

// Wednesday 2026-03-04, 10:00 in New York: in the regular session.
const NOW = new Date('2026-03-04T15:00:00.000Z');

describe('refresh-premium-quotes', () => {
  let ctx: TestContext;
  let jobs: JobsRuntime;
  const provider = new RecordingProvider();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: NOW });
    jobs = await startJobs(ctx.container, { provider, schedules: false });
    ctx.container.onStop(() => jobs.stop());
    const owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
    for (const ticker of ['NVDW', 'AMDW', 'MSTW', 'TSLW']) {
      ids[ticker] = (await owner.post('/api/etfs').send({ ticker, name: `Roundhill ${ticker} WeeklyPay ETF`, brand: 'Roundhill' }).expect(201)).body.id;
    }
    // Premium holds NVDW and AMDW; a free user holds MSTW; a lapsed Premium (canceled, nothing paid ahead) holds TSLW
    const premium = await signUp(ctx.app);
    await subscribe(ctx, premium.id, 'premium', 'active');
    await premium.agent.post('/api/user/portfolio').send({ etfId: ids['NVDW'], shares: '10', isDrip: 0 }).expect(201);
    await premium.agent.post('/api/user/portfolio').send({ etfId: ids['AMDW'], shares: '5', isDrip: 0 }).expect(201);
    const free = await signUp(ctx.app);
    await free.agent.post('/api/user/portfolio').send({ etfId: ids['MSTW'], shares: '3', isDrip: 0 }).expect(201);
    const lapsed = await signUp(ctx.app);
    await lapsed.agent.post('/api/user/portfolio').send({ etfId: ids['TSLW'], shares: '3', isDrip: 0 }).expect(201);
    await subscribe(ctx, lapsed.id, 'premium', 'canceled');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const runOnce = async () => {
    const { jobId } = await jobs.request('refresh-premium-quotes', 'test', { actor: 'test', correlationId: 'premium-quotes', now: ctx.deps.now().toISOString() });
    return whenJobFinished(ctx.deps.readModels, jobId);
  };

  it('asks the provider only about the funds users with Premium rights hold, and records the quotes', async () => {
    provider.asked = [];
    provider.quotes = [
      { ticker: 'NVDW', price: '51.20', at: '2026-03-04T14:59:00.000Z', previousClose: '50.10' },
      { ticker: 'AMDW', price: '30.05', at: '2026-03-04T14:59:00.000Z', previousClose: '30' },
    ];
    const done = await runOnce();
    expect(provider.asked).toEqual([['AMDW', 'NVDW']]);
    expect(done).toMatchObject({
      status: 'succeeded',
      summary: 'Refreshed the quotes of 2 ETFs held by Premium users (0 unchanged)',
      counts: { etfs: 2, quotes: 2, quotesUnchanged: 0, missing: 0 },
    });
    const quoted = await ctx.deps.log.readAll();
    const written = quoted.filter((e) => e.type === 'PriceQuoted').map((e) => [e.data, e.metadata.actor]);
    expect(written).toHaveLength(2);
    expect(written).toEqual(expect.arrayContaining([
      [{ etfId: ids['NVDW'], price: '51.2', quotedAt: '2026-03-04T14:59:00.000Z', source: 'alpaca' }, 'job:refresh-premium-quotes'],
      [{ etfId: ids['AMDW'], price: '30.05', quotedAt: '2026-03-04T14:59:00.000Z', source: 'alpaca' }, 'job:refresh-premium-quotes'],
    ]));
    // a minute later, nothing new from the provider: unchanged, nothing written
    const again = await runOnce();
    expect(again).toMatchObject({ summary: 'Refreshed the quotes of 0 ETFs held by Premium users (2 unchanged)' });
  });

  it('with the demo provider does nothing and says demo data does not update live', async () => {
    provider.source = 'demo';
    provider.asked = [];
    try {
      const done = await runOnce();
      expect(done).toMatchObject({ status: 'succeeded', summary: DEMO_QUOTES_DO_NOT_UPDATE, counts: { etfs: 0, skipped: 1 } });
      expect(provider.asked).toEqual([]);
    } finally {
      provider.source = 'alpaca';
    }
  });

  it('a scheduled minute outside the session is not recorded as a run; one inside is', async () => {
    const count = async () => (await runsOfJob(ctx.deps.readModels, 'refresh-premium-quotes')).length;
    const before = await count();
    // Wednesday 9:29 in New York: the schedule fires (9-16 h), the minute is skipped without a trace
    ctx.advance(Date.parse('2026-03-04T14:29:00.000Z') - ctx.deps.now().getTime());
    try {
      const skipped = new Promise((resolve) => jobs.agenda.once('complete:refresh-premium-quotes', resolve));
      await jobs.agenda.now('refresh-premium-quotes', { scheduled: true });
      await skipped;
      expect(await count()).toBe(before);
      ctx.advance(Date.parse('2026-03-04T14:30:00.000Z') - ctx.deps.now().getTime());
      const ran = new Promise((resolve) => jobs.agenda.once('complete:refresh-premium-quotes', resolve));
      await jobs.agenda.now('refresh-premium-quotes', { scheduled: true });
      await ran;
      const run = await whenSomeJobFinished(ctx.deps.readModels, (d) => d.name === 'refresh-premium-quotes' && d.requestedBy === 'schedule');
      expect(run).toMatchObject({ requestedAt: '2026-03-04T14:30:00.000Z', status: 'succeeded' });
      expect(await count()).toBe(before + 1);
    } finally {
      ctx.advance(NOW.getTime() - ctx.deps.now().getTime());
    }
  });

  it('is due only in the regular session and only with a real provider (the schedule is every minute from 9 to 16 h on weekdays)', () => {
    const env = (p: MarketDataProvider | null) => ({ provider: () => p }) as unknown as JobEnv;
    const alpaca = new RecordingProvider();
    const demo = Object.assign(new RecordingProvider(), { source: 'demo' as const });
    expect(premiumQuotesDue(env(alpaca), new Date('2026-03-04T15:00:00.000Z'))).toBe(true);
    expect(premiumQuotesDue(env(alpaca), new Date('2026-03-04T21:01:00.000Z'))).toBe(false); // 16:01
    expect(premiumQuotesDue(env(alpaca), new Date('2026-03-07T15:00:00.000Z'))).toBe(false); // Saturday
    expect(premiumQuotesDue(env(demo), new Date('2026-03-04T15:00:00.000Z'))).toBe(false);
    expect(premiumQuotesDue(env(null), new Date('2026-03-04T15:00:00.000Z'))).toBe(false);
    expect(JOB_SCHEDULES.find((s) => s.name === 'refresh-premium-quotes')?.cron).toBe('* 9-16 * * 1-5');
  });
});
