import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { DemoMarketDataProvider } from '../../infra/market-data/demo-provider.ts';
import type { LatestPrice, MarketDataProvider, ProviderBar, ProviderDistribution, ProviderSplit } from '../../infra/market-data/port.ts';
import type { CommandContext } from '../core/decider.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { seedEtfId } from '../../domain/market/seed-catalog.ts';
import { syncDailyBars, syncPrices } from '../prices/commands.ts';
import { syncDistributions } from '../dividends/commands.ts';
import { recordSplits, syncSplits } from '../splits/commands.ts';
import { beginMarketDay } from '../market-clock/market-day.ts';
import type { SyncEtf } from '../core/provider-sync.ts';

/** A provider answering exactly what a test gives it, recording the ranges it was asked for. */
class ScriptedProvider implements MarketDataProvider {
  readonly source = 'alpaca' as const;
  bars: ProviderBar[] = [];
  dists: ProviderDistribution[] = [];
  splitList: ProviderSplit[] = [];
  quotes: LatestPrice[] = [];
  asked: { what: string; tickers: readonly string[]; from?: string; to?: string }[] = [];
  async latestPrices(tickers: readonly string[]) {
    this.asked.push({ what: 'quotes', tickers });
    return this.quotes.filter((q) => tickers.includes(q.ticker));
  }
  async dailyBars(tickers: readonly string[], from: string, to: string) {
    this.asked.push({ what: 'bars', tickers, from, to });
    return this.bars.filter((b) => tickers.includes(b.ticker) && b.date >= from && b.date <= to);
  }
  async distributions(tickers: readonly string[], from: string, to: string) {
    this.asked.push({ what: 'distributions', tickers, from, to });
    return this.dists.filter((d) => tickers.includes(d.ticker) && d.exDate >= from && d.exDate <= to);
  }
  async splits(tickers: readonly string[], from: string, to: string) {
    this.asked.push({ what: 'splits', tickers, from, to });
    return this.splitList.filter((d) => tickers.includes(d.ticker) && d.exDate >= from && d.exDate <= to);
  }
}

let ctx: TestContext;
const job = (name: string): CommandContext => ({ actor: `job:${name}`, correlationId: `test-${name}`, now: '2026-03-04T21:30:00.000Z' });
const head = () => ctx.container.eventStore.headPosition();

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-03-04T21:30:00.000Z') });
});
afterAll(async () => {
  await ctx?.close();
});

const nvdw: SyncEtf = { etfId: '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'NVDW', inceptionDate: '2025-12-30' };
const amdw: SyncEtf = { etfId: '1b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'AMDW', inceptionDate: null };
const bar = (ticker: string, date: string, close: string): ProviderBar => ({ ticker, date, open: close, high: close, low: close, close, volume: 1000 });

describe('syncDailyBars', () => {
  it('appends new bars once, across yearly streams; re-syncing appends nothing; a correction is one revision', async () => {
    const provider = new ScriptedProvider();
    provider.bars = [bar('NVDW', '2025-12-31', '50.10'), bar('NVDW', '2026-01-02', '50.55'), bar('AMDW', '2026-01-02', '30'), bar('AMDW', '2026-01-05', '30.5')];
    const first = await syncDailyBars(ctx.deps.log, provider, [nvdw, amdw], '2025-12-01', '2026-01-31', job('update-prices'));
    expect(first.totals).toEqual({ recorded: 4, revised: 0, unchanged: 0 });
    expect(first.position).toBe(await head());
    const nvdw2025 = await ctx.deps.log.readStream(streams.prices(nvdw.etfId, 2025));
    expect(nvdw2025.map((e) => [e.type, (e.data as { date: string }).date, e.metadata.actor])).toEqual([['PriceBarRecorded', '2025-12-31', 'job:update-prices']]);
    expect((await ctx.deps.log.readStream(streams.prices(nvdw.etfId, 2026))).map((e) => e.data)).toEqual([
      { etfId: nvdw.etfId, date: '2026-01-02', open: '50.55', high: '50.55', low: '50.55', close: '50.55', volume: 1000, source: 'alpaca' },
    ]);

    const before = await head();
    const again = await syncDailyBars(ctx.deps.log, provider, [nvdw, amdw], '2025-12-01', '2026-01-31', job('update-prices'));
    expect(again).toEqual({ totals: { recorded: 0, revised: 0, unchanged: 4 }, missing: [], position: 0 });
    expect(await head()).toBe(before);

    provider.bars[3] = bar('AMDW', '2026-01-05', '30.40');
    const corrected = await syncDailyBars(ctx.deps.log, provider, [nvdw, amdw], '2025-12-01', '2026-01-31', job('update-prices'));
    expect(corrected.totals).toEqual({ recorded: 0, revised: 1, unchanged: 3 });
    expect(await head()).toBe(before + 1);
    const amdw2026 = await ctx.deps.log.readStream(streams.prices(amdw.etfId, 2026));
    expect(amdw2026.map((e) => [e.type, (e.data as { close: string }).close])).toEqual([
      ['PriceBarRecorded', '30'],
      ['PriceBarRecorded', '30.5'],
      ['PriceBarRevised', '30.4'],
    ]);
  });

  it('asks from the inception date for a younger fund, skips funds incepted after the range, reports missing tickers', async () => {
    const provider = new ScriptedProvider();
    const young: SyncEtf = { etfId: '2b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'YNG', inceptionDate: '2026-02-10' };
    const later: SyncEtf = { etfId: '3b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'LTR', inceptionDate: '2027-01-01' };
    const progress: string[] = [];
    const out = await syncDailyBars(ctx.deps.log, provider, [young, later, amdw], '2026-01-01', '2026-03-04', job('initialize-production'), {
      onProgress: (p) => void progress.push(`${p.done}/${p.total}`),
    });
    expect(provider.asked).toEqual([
      { what: 'bars', tickers: ['AMDW'], from: '2026-01-01', to: '2026-03-04' },
      { what: 'bars', tickers: ['YNG'], from: '2026-02-10', to: '2026-03-04' },
    ]);
    expect(out.missing).toEqual(['AMDW', 'YNG']);
    expect(progress).toEqual(['2/3', '3/3']);
  });
  it('two syncs of the same bars at once record each bar exactly once', async () => {
    const provider = new ScriptedProvider();
    const etf: SyncEtf = { etfId: '7b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'RACE', inceptionDate: null };
    provider.bars = Array.from({ length: 20 }, (_, i) => bar('RACE', `2026-02-${String(i + 2).padStart(2, '0')}`, `${20 + i}`));
    const runs = await Promise.all(Array.from({ length: 4 }, () => syncDailyBars(ctx.deps.log, provider, [etf], '2026-02-01', '2026-02-28', job('update-prices'))));
    expect(runs.reduce((n, r) => n + r.totals.recorded, 0)).toBe(20);
    expect(runs.reduce((n, r) => n + r.totals.revised, 0)).toBe(0);
    expect(await ctx.deps.log.readStream(streams.prices(etf.etfId, 2026))).toHaveLength(20);
  });
});

describe('syncDistributions', () => {
  it('declares once, re-syncing appends nothing, a corrected amount is one DistributionRevised', async () => {
    const provider = new ScriptedProvider();
    const etf: SyncEtf = { etfId: '4b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'DIVW', inceptionDate: null };
    provider.dists = [
      { ticker: 'DIVW', exDate: '2026-02-24', recordDate: '2026-02-24', payDate: '2026-02-25', amount: '0.4123' },
      { ticker: 'DIVW', exDate: '2026-03-03', recordDate: '2026-03-03', payDate: '2026-03-04', amount: '0.3987' },
    ];
    const first = await syncDistributions(ctx.deps.log, provider, [etf], '2026-01-01', '2026-04-01', job('sync-dividends'));
    expect(first.totals).toEqual({ declared: 2, revised: 0, unchanged: 0 });
    const before = await head();
    const again = await syncDistributions(ctx.deps.log, provider, [etf], '2026-01-01', '2026-04-01', job('sync-dividends'));
    expect(again.totals).toEqual({ declared: 0, revised: 0, unchanged: 2 });
    expect(await head()).toBe(before);

    provider.dists[1] = { ...provider.dists[1]!, amount: '0.4' };
    const corrected = await syncDistributions(ctx.deps.log, provider, [etf], '2026-01-01', '2026-04-01', job('sync-dividends'));
    expect(corrected.totals).toEqual({ declared: 0, revised: 1, unchanged: 1 });
    const events = await ctx.deps.log.readStream(streams.dividends(etf.etfId));
    expect(events.map((e) => e.type)).toEqual(['DistributionDeclared', 'DistributionDeclared', 'DistributionRevised']);
    expect(events[2]!.data).toMatchObject({ exDate: '2026-03-03', amount: '0.4', previousAmount: '0.3987', source: 'alpaca' });
    expect(await head()).toBe(before + 1);
  });
});

describe('syncDistributions: kinds and days without a session', () => {
  it("keeps the provider's regular and special records apart (N1); skips and reports a holiday ex-date (N13)", async () => {
    const provider = new ScriptedProvider();
    const etf: SyncEtf = { etfId: '5b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'SPCW', inceptionDate: null };
    provider.dists = [
      { ticker: 'SPCW', exDate: '2026-02-26', recordDate: null, payDate: '2026-02-27', amount: '0.20', kind: 'regular' },
      { ticker: 'SPCW', exDate: '2026-02-26', recordDate: null, payDate: '2026-02-27', amount: '1.00', kind: 'special' },
      // Good Friday 2026-04-03: no session, no ex-date
      { ticker: 'SPCW', exDate: '2026-04-03', recordDate: null, payDate: null, amount: '0.20' },
    ];
    const logged: string[] = [];
    const out = await syncDistributions(ctx.deps.log, provider, [etf], '2026-01-01', '2026-04-30', job('sync-dividends'), {
      onSkipped: (s) => void logged.push(`${s.ticker} ${s.exDate}: ${s.reason}`),
    });
    expect(out.totals).toEqual({ declared: 2, revised: 0, unchanged: 0 });
    expect(out.skipped).toEqual([{ ticker: 'SPCW', exDate: '2026-04-03', amount: '0.20', reason: 'Ex-date 2026-04-03 is Good Friday: the market is closed' }]);
    expect(logged).toEqual(['SPCW 2026-04-03: Ex-date 2026-04-03 is Good Friday: the market is closed']);
    const events = await ctx.deps.log.readStream(streams.dividends(etf.etfId));
    expect(events.map((e) => [(e.data as { distributionId: string }).distributionId, (e.data as { amount: string }).amount, (e.data as { kind: string }).kind])).toEqual([
      [`${etf.etfId}_2026-02-26`, '0.2', 'regular'],
      [`${etf.etfId}_2026-02-26_special`, '1', 'special'],
    ]);
    // the same records again: nothing new (one distribution per ex-date and kind)
    expect((await syncDistributions(ctx.deps.log, provider, [etf], '2026-01-01', '2026-04-30', job('sync-dividends'))).totals).toEqual({ declared: 0, revised: 0, unchanged: 2 });
  });
});

describe('syncSplits', () => {
  it('records a split once, the same ratio again appends nothing, a provider never revises the owner\'s split', async () => {
    const etf: SyncEtf = { etfId: '2b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'ULTY', inceptionDate: null };
    const provider = new ScriptedProvider();
    provider.splitList = [{ ticker: 'ULTY', exDate: '2026-02-09', oldRate: '10', newRate: '1' }];
    const first = await syncSplits(ctx.deps.log, provider, [etf], '2026-01-01', '2026-03-04', job('sync-dividends'));
    expect(first.totals).toEqual({ recorded: 1, revised: 0, unchanged: 0 });
    provider.splitList = [{ ticker: 'ULTY', exDate: '2026-02-09', oldRate: '20', newRate: '2' }]; // the same ratio
    expect((await syncSplits(ctx.deps.log, provider, [etf], '2026-01-01', '2026-03-04', job('sync-dividends'))).totals).toEqual({ recorded: 0, revised: 0, unchanged: 1 });
    // the provider corrects its own record: a revision
    provider.splitList = [{ ticker: 'ULTY', exDate: '2026-02-09', oldRate: '5', newRate: '1' }];
    expect((await syncSplits(ctx.deps.log, provider, [etf], '2026-01-01', '2026-03-04', job('sync-dividends'))).totals).toEqual({ recorded: 0, revised: 1, unchanged: 0 });
    // the owner corrects it back; the feed's different ratio no longer changes it
    const owner = await recordSplits(ctx.deps.log, etf.etfId, [{ exDate: '2026-02-09', oldRate: '10', newRate: '1' }], 'manual', job('owner'));
    expect(owner.revised).toBe(1);
    expect((await syncSplits(ctx.deps.log, provider, [etf], '2026-01-01', '2026-03-04', job('sync-dividends'))).totals).toEqual({ recorded: 0, revised: 0, unchanged: 1 });
    const events = await ctx.deps.log.readStream(streams.splits(etf.etfId));
    expect(events.map((e) => [e.type, (e.data as { oldRate: string }).oldRate, (e.data as { source: string }).source])).toEqual([
      ['SplitRecorded', '10', 'alpaca'],
      ['SplitRevised', '5', 'alpaca'],
      ['SplitRevised', '10', 'manual'],
    ]);
  });
});

describe('syncPrices', () => {
  it('records a newer quote once per fund; the same quote again appends nothing', async () => {
    const provider = new ScriptedProvider();
    const etf: SyncEtf = { etfId: '5b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'QTW', inceptionDate: null };
    const gone: SyncEtf = { etfId: '6b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', ticker: 'GONE', inceptionDate: null };
    provider.quotes = [{ ticker: 'QTW', price: '21.37', at: '2026-03-04T15:05:00.000Z', previousClose: '21.10' }];
    expect(await syncPrices(ctx.deps.log, provider, [etf, gone], job('update-prices'))).toMatchObject({ quoted: 1, unchanged: 0, missing: ['GONE'] });
    const before = await head();
    expect(await syncPrices(ctx.deps.log, provider, [etf, gone], job('update-prices'))).toMatchObject({ quoted: 0, unchanged: 1, position: 0 });
    expect(await head()).toBe(before);
    provider.quotes = [{ ticker: 'QTW', price: '21.5', at: '2026-03-04T16:05:00.000Z', previousClose: '21.10' }];
    expect(await syncPrices(ctx.deps.log, provider, [etf], job('update-prices'))).toMatchObject({ quoted: 1 });
    const events = await ctx.deps.log.readStream(streams.prices(etf.etfId, 2026));
    expect(events.map((e) => [e.type, (e.data as { price: string }).price])).toEqual([
      ['PriceQuoted', '21.37'],
      ['PriceQuoted', '21.5'],
    ]);
  });
});

describe('beginMarketDay', () => {
  it('records each New York date once and never goes back', async () => {
    expect((await beginMarketDay(ctx.deps.log, '2026-03-04', job('begin-market-day'))).began).toBe(true);
    const before = await head();
    expect(await beginMarketDay(ctx.deps.log, '2026-03-04', job('begin-market-day'))).toEqual({ began: false, position: 0 });
    expect(await beginMarketDay(ctx.deps.log, '2026-03-03', job('begin-market-day'))).toEqual({ began: false, position: 0 });
    expect(await head()).toBe(before);
    expect((await beginMarketDay(ctx.deps.log, '2026-03-05', job('begin-market-day'))).began).toBe(true);
    const clock = await ctx.deps.log.readStream(streams.marketClock());
    expect(clock.map((e) => e.data)).toEqual([{ date: '2026-03-04' }, { date: '2026-03-05' }]);
  });
});

describe('with the demo provider', () => {
  it('loads two years of history for seed funds, and a second run appends nothing', async () => {
    const provider = new DemoMarketDataProvider({ now: () => '2026-03-04T21:30:00.000Z' });
    const etfs: SyncEtf[] = ['XDTE', 'YMAX'].map((ticker) => ({ etfId: seedEtfId(ticker), ticker, inceptionDate: null }));
    const bars = await syncDailyBars(ctx.deps.log, provider, etfs, '2024-03-04', '2026-03-04', job('initialize-production'));
    const dists = await syncDistributions(ctx.deps.log, provider, etfs, '2024-03-04', '2026-03-04', job('initialize-production'));
    expect(bars.totals.recorded).toBeGreaterThan(2 * 400);
    expect(dists.totals.declared).toBeGreaterThan(2 * 40);
    const before = await head();
    const bars2 = await syncDailyBars(ctx.deps.log, provider, etfs, '2024-03-04', '2026-03-04', job('initialize-production'));
    const dists2 = await syncDistributions(ctx.deps.log, provider, etfs, '2024-03-04', '2026-03-04', job('initialize-production'));
    expect(bars2.totals).toEqual({ recorded: 0, revised: 0, unchanged: bars.totals.recorded });
    expect(dists2.totals).toEqual({ declared: 0, revised: 0, unchanged: dists.totals.declared });
    expect(await head()).toBe(before);
    const demo = await ctx.deps.log.readStream(streams.dividends(seedEtfId('YMAX')));
    expect(demo.every((e) => (e.data as { source: string }).source === 'demo')).toBe(true);
  });
});
