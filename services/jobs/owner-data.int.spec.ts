import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import type { LatestPrice, MarketDataProvider, ProviderBar, ProviderDistribution, ProviderSplit } from '../../infra/market-data/port.ts';
import { SEED_CATALOG, seedEtfId, seedListing } from '../../domain/market/seed-catalog.ts';
import { addDays, businessDaysBetween, weekdayOf, type IsoDate } from '../../domain/market/trading-days.ts';
import { signUpOwner } from '../accounts/test-helpers.ts';
import { listNewEtf } from '../catalog/commands.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { whenJobFinished } from './job-runs.ts';
import { startJobs } from './runtime.ts';

/**
 * F1 of the metrics audit: a provider sync (the scheduled update-prices and sync-dividends jobs) must
 * never overwrite what the owner loaded. The audit's scenario: flat $10 AUDF paying $0.10 weekly,
 * four-weekly AUD4 ($15, $1.20), AUDZ paying nothing, all created and loaded by the owner through the
 * API; the demo provider then replaced closes and amounts (AUDF yield 52.00 -> 23.80, AUDZ 160.65 %).
 * Precedence rules: docs/data-operations.md, "Precedence".
 */

/** Records which tickers each provider call asked for, then answers as the wrapped provider does. */
class Recording implements MarketDataProvider {
  readonly asked = new Set<string>();
  private readonly inner: MarketDataProvider;
  constructor(inner: MarketDataProvider) {
    this.inner = inner;
  }
  get source() {
    return this.inner.source;
  }
  async latestPrices(tickers: readonly string[]): Promise<LatestPrice[]> {
    for (const t of tickers) this.asked.add(t);
    return this.inner.latestPrices(tickers);
  }
  async dailyBars(tickers: readonly string[], from: string, to: string): Promise<ProviderBar[]> {
    for (const t of tickers) this.asked.add(t);
    return this.inner.dailyBars(tickers, from, to);
  }
  async distributions(tickers: readonly string[], from: string, to: string): Promise<ProviderDistribution[]> {
    for (const t of tickers) this.asked.add(t);
    return this.inner.distributions(tickers, from, to);
  }
  async splits(tickers: readonly string[], from: string, to: string): Promise<ProviderSplit[]> {
    for (const t of tickers) this.asked.add(t);
    return this.inner.splits(tickers, from, to);
  }
}

// Tuesday 2026-11-24, 15:05 in New York: the audit's scheduled update-prices run.
const NOW = new Date('2026-11-24T20:05:00.000Z');
const FIRST = '2026-06-01';
const LAST_CLOSE = '2026-11-23';

const priceCsv = (close: string) => ['Date,Close', ...businessDaysBetween(FIRST, LAST_CLOSE).map((d) => `${d},${close}`)].join('\n');
/** Thursdays from `first` to LAST_CLOSE, every `weeks` weeks. */
function thursdays(first: IsoDate, weeks: number): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = first; d <= LAST_CLOSE; d = addDays(d, 7 * weeks)) out.push(d);
  expect(out.every((d) => weekdayOf(d) === 4)).toBe(true);
  return out;
}
const distributionCsv = (exDates: IsoDate[], amount: string) => ['Ex Date,Amount', ...exDates.map((d) => `${d},${amount}`)].join('\n');

interface OwnerFund {
  ticker: string;
  id: string;
}

async function ownerFund(owner: Agent, ticker: string, frequency: string, close: string, dists: { exDates: IsoDate[]; amount: string } | null): Promise<OwnerFund> {
  const created = await owner.post('/api/etfs').send({ ticker, name: `${ticker} scenario fund`, brand: 'Audit', frequency }).expect(201);
  const id = created.body.id as string;
  expect((await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: priceCsv(close) }).expect(200)).body.errors).toEqual([]);
  if (dists) expect((await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: distributionCsv(dists.exDates, dists.amount) }).expect(200)).body.errors).toEqual([]);
  return { ticker, id };
}

async function streamLengths(ctx: TestContext, funds: readonly OwnerFund[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const f of funds) {
    out[`${f.ticker} prices`] = (await ctx.deps.log.readStream(streams.prices(f.id, 2026))).length;
    out[`${f.ticker} dividends`] = (await ctx.deps.log.readStream(streams.dividends(f.id))).length;
  }
  return out;
}

describe('a provider sync over funds the owner created and loaded (demo provider)', () => {
  let ctx: TestContext;
  let owner: Agent;
  let provider: Recording;
  let funds: OwnerFund[];
  const seedTicker = 'XDTE';

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: NOW });
    const demo = ctx.container.marketData();
    if (!demo || demo.source !== 'demo') throw new Error('the test context should serve demo data');
    provider = new Recording(demo);
    const jobs = await startJobs(ctx.container, { provider, schedules: false });
    ctx.container.onStop(() => jobs.stop());
    owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
    funds = [
      await ownerFund(owner, 'AUDF', 'weekly', '10.00', { exDates: thursdays('2026-06-04', 1), amount: '0.10' }),
      await ownerFund(owner, 'AUD4', 'four-weekly', '15.00', { exDates: thursdays('2026-06-04', 4), amount: '1.20' }),
      await ownerFund(owner, 'AUDZ', 'weekly', '20.00', null),
      // a ticker of the seed catalog, but created and loaded by the owner: still the owner's fund
      await ownerFund(owner, 'NVDW', 'weekly', '50.00', { exDates: thursdays('2026-06-04', 1), amount: '0.50' }),
    ];
    // one fund of the seed catalog, listed as initialize-production lists it
    const seed = SEED_CATALOG.find((s) => s.ticker === seedTicker)!;
    const listed = await listNewEtf(ctx.deps.log, seedListing(seed), { actor: 'job:initialize-production', correlationId: 't', now: NOW.toISOString() }, {
      etfId: seedEtfId(seed.ticker),
      dataSource: 'demo',
    });
    await ctx.deps.readModels.waitFor(listed.position);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const detail = async (ticker: string) => (await owner.get(`/api/etfs/detail/${ticker}`).expect(200)).body;

  it('update-prices and sync-dividends leave every bar, distribution and figure of the owner\'s funds as loaded', async () => {
    const before = { streams: await streamLengths(ctx, funds), details: await Promise.all(funds.map((f) => detail(f.ticker))) };
    // the loaded figures, by hand: AUDF 0.10 × 52 / 10 = 52.00 %; AUD4 1.20 per four weeks = 0.30 a week, × 52 / 15 = 104.00 %
    expect(before.details.map((d) => [d.ticker, d.currentPrice, d.yieldPercent])).toEqual([
      ['AUDF', '10.00', '52.00'],
      ['AUD4', '15.00', '104.00'],
      ['AUDZ', '20.00', null],
      ['NVDW', '50.00', '52.00'],
    ]);

    for (const job of ['update-prices', 'sync-dividends']) {
      const res = await owner.post(`/api/admin/${job}`).expect(202);
      expect((await whenJobFinished(ctx.deps.readModels, res.body.jobId)).status).toBe('succeeded');
    }
    await ctx.deps.readModels.waitFor(await ctx.container.eventStore.headPosition());

    // the demo provider was asked for the seed fund only, and did write its data
    expect([...provider.asked].sort()).toEqual([seedTicker]);
    expect((await ctx.deps.log.readStream(streams.prices(seedEtfId(seedTicker), 2026))).length).toBeGreaterThan(0);

    expect(await streamLengths(ctx, funds)).toEqual(before.streams);
    const after = await Promise.all(funds.map((f) => detail(f.ticker)));
    expect(after).toEqual(before.details);
    const audz = after[2];
    expect(audz.dividendHistory).toEqual([]);
    expect(audz.yieldPercent).toBeNull();
  });
});

/** An Alpaca-like provider answering what the test gives it (real data for a real ticker). */
class ScriptedAlpaca implements MarketDataProvider {
  readonly source = 'alpaca' as const;
  bars: ProviderBar[] = [];
  dists: ProviderDistribution[] = [];
  quotes: LatestPrice[] = [];
  async latestPrices(tickers: readonly string[]) {
    return this.quotes.filter((q) => tickers.includes(q.ticker));
  }
  async dailyBars(tickers: readonly string[], from: string, to: string) {
    return this.bars.filter((b) => tickers.includes(b.ticker) && b.date >= from && b.date <= to);
  }
  async distributions(tickers: readonly string[], from: string, to: string) {
    return this.dists.filter((d) => tickers.includes(d.ticker) && d.exDate >= from && d.exDate <= to);
  }
  async splits(): Promise<ProviderSplit[]> {
    return [];
  }
}

describe('Alpaca over a fund the owner created and loaded', () => {
  let ctx: TestContext;
  let owner: Agent;
  const provider = new ScriptedAlpaca();

  beforeAll(async () => {
    // Wednesday 2026-11-25 after the close: the owner's file ends on 11-23
    ctx = await createTestContext({}, { now: new Date('2026-11-25T22:00:00.000Z') });
    const jobs = await startJobs(ctx.container, { provider, schedules: false });
    ctx.container.onStop(() => jobs.stop());
    owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('fills only the dates and ex-dates the owner did not load', async () => {
    const fund = await ownerFund(owner, 'NVDW', 'weekly', '50.00', { exDates: thursdays('2026-10-01', 1), amount: '0.50' });
    const bar = (date: string, close: string): ProviderBar => ({ ticker: 'NVDW', date, open: close, high: close, low: close, close, volume: 1000 });
    provider.bars = [bar('2026-11-20', '48.10'), bar('2026-11-23', '47.90'), bar('2026-11-24', '50.40'), bar('2026-11-25', '50.60')];
    provider.dists = [
      { ticker: 'NVDW', exDate: '2026-11-19', recordDate: '2026-11-19', payDate: '2026-11-20', amount: '0.4123' },
      // Wednesday 11-25: Thursday 11-26 is Thanksgiving (a provider's row on it is skipped: no session, no ex-date)
      { ticker: 'NVDW', exDate: '2026-11-25', recordDate: '2026-11-25', payDate: '2026-11-27', amount: '0.3987' },
    ];
    for (const job of ['update-prices', 'sync-dividends']) {
      const res = await owner.post(`/api/admin/${job}`).expect(202);
      expect((await whenJobFinished(ctx.deps.readModels, res.body.jobId)).status).toBe('succeeded');
    }
    const prices = await ctx.deps.log.readStream(streams.prices(fund.id, 2026));
    const fromAlpaca = prices.filter((e) => (e.data as { source: string }).source === 'alpaca').map((e) => [e.type, (e.data as { date: string }).date]);
    expect(fromAlpaca).toEqual([
      ['PriceBarRecorded', '2026-11-24'],
      ['PriceBarRecorded', '2026-11-25'],
    ]);
    const dividends = await ctx.deps.log.readStream(streams.dividends(fund.id));
    const alpacaDists = dividends.filter((e) => (e.data as { source: string }).source === 'alpaca').map((e) => [e.type, (e.data as { exDate: string }).exDate]);
    expect(alpacaDists).toEqual([['DistributionDeclared', '2026-11-25']]);
    // the owner's 11-19 amount stands
    await ctx.deps.readModels.waitFor(await ctx.container.eventStore.headPosition());
    const history = (await owner.get('/api/etfs/detail/NVDW').expect(200)).body.dividendHistory as { exDividendDate: string; amount: string }[];
    expect(history.find((d) => d.exDividendDate === '2026-11-19')?.amount).toBe('0.5');
  });
});
