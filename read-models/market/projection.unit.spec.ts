import { describe, expect, it } from 'vitest';
import { computeEtfMetrics } from '../../domain/market/etf-metrics.ts';
import { addDays } from '../../domain/market/trading-days.ts';
import type { CatalogEvent } from '../../events/catalog.ts';
import type { DividendEvent } from '../../events/dividends.ts';
import type { MarketClockEvent } from '../../events/market-clock.ts';
import type { PriceEvent } from '../../events/prices.ts';
import type { SplitEvent } from '../../events/splits.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import {
  AAA,
  BBB,
  CCC,
  DDD,
  FIX,
  TODAY,
  allFixtureEvents,
  bar,
  distribution,
  fixtureFundEvents,
  listed,
  marketDay,
  quote,
  renamed,
  withdrawn,
} from './fixtures.ts';
import { MARKET_ETFS, MARKET_STATE, MARKET_VIEWS, marketProjection, type EtfMarketDoc, type ViewDoc } from './projection.ts';
import { metricsInput, type EtfDetail, type EtfListItem, type PublicCalendarEntry } from './render.ts';

/** The fixtures' distributions are the owner's (source manual): no issuer's release behind them, no ROC figure. */
const OWNER = {
  source: 'owner',
  issuer: null,
  sourceUrl: null,
  declaredAt: null,
  statedRate: null,
  secYield: null,
  rocEstimatePercent: null,
  character: null,
  characterFinal: false,
  rocBasis: 'not-published',
  rocPercent: null,
} as const;

async function viewsOf(events: GivenEvent[], options: { batchSize?: number; deliverTwice?: boolean } = {}) {
  const result = await project(marketProjection, recorded(events), options);
  const docs = await result.all<ViewDoc>(MARKET_VIEWS);
  const byId = new Map(docs.map((d) => [d._id, d]));
  const json = <T>(id: string): T => {
    const doc = byId.get(id);
    if (!doc || doc.body === null) throw new Error(`no view ${id}`);
    return JSON.parse(doc.body) as T;
  };
  return { result, docs, byId, json };
}

describe('market projection: the worked example (FIXW as of 2026-01-14)', () => {
  it('computes every metric of the list item from the events', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const fix = json<EtfListItem[]>('etfs').find((e) => e.ticker === 'FIXW');
    // P = 21.10 (the 10:30 New York quote of 2026-01-14 is newer than the last close, 2026-01-13).
    // Previous close 21.00: dayChange 0.10; 0.10 / 21 x 100 = 0.476.. -> 0.48.
    // Active distributions: 12-30 0.30, 01-06 0.40 (revised from 0.35), 01-13 0.50 (01-08 withdrawn).
    // weeklyAverage = (0.30 + 0.40 + 0.50) / 3 = 0.40.
    // yieldPercent = 0.40 x 52 / 21.10 x 100 = 98.578.. -> 98.58.
    // annualDripYield = ((1 + 0.40 / 21.10)^52 - 1) x 100 = 165.529.. -> 165.53.
    // Window: no bar on or before the anniversary 2025-01-14, so the first bar 2026-01-05 (S = 20.00); 9 days.
    // oneYearReturn = (21.10 - 20 + 0.40 + 0.50) / 20 x 100 = 10.00.
    // dripReturn: shares 1 -> + 0.40 / 20.40 = 1.0196078.. (01-06 close) -> x (1 + 0.50 / 21.00)
    //   = 1.0438842..; (1.0438842 x 21.10 / 20 - 1) x 100 = 10.1297.. -> 10.13.
    // nextExDividend: no ex-date on or after today; Tuesday cadence from 01-13 -> 01-20, estimated.
    expect(fix).toEqual({
      id: FIX.etfId,
      ticker: 'FIXW',
      name: 'Fixture NVDA WeeklyPay ETF',
      brand: 'Roundhill',
      brandSlug: 'roundhill',
      currentPrice: '21.10',
      dayChange: 0.1,
      dayChangePercent: 0.48,
      yieldPercent: '98.58',
      // distributionRate = latest declared 0.50 x 52 / 21.10 x 100 = 123.222.. -> 123.22
      distributionRate: '123.22',
      // ttmYield = (0.30 + 0.40 + 0.50) / 21.10 x 100 = 5.6872.. -> 5.69
      ttmYield: '5.69',
      annualDripYield: '165.53',
      oneYearReturn: '10.00',
      // priceReturn = (21.10 - 20) / 20 x 100 = 5.50 (the distributions' 0.90 / 20 = 4.50 is the rest)
      priceReturn: '5.50',
      dripReturn: '10.13',
      weeklyAverage: '0.4000',
      historicalPeriodDays: 9,
      windowStart: '2026-01-05',
      windowBasis: 'inception',
      // The same figures at 12 decimals for the client to round once.
      exact: {
        weeklyAverage: '0.4',
        yieldPercent: '98.578199052133',
        distributionRate: '123.222748815166',
        ttmYield: '5.687203791469',
        annualDripYield: '165.529171341165',
        oneYearReturn: '10',
        priceReturn: '5.5',
        dripReturn: '10.129785247432',
        rocShareTtm: '0',
        trueIncomeRate: '123.222748815166',
      },
      nextExDividend: '2026-01-20',
      nextExDividendEstimated: true,
      frequency: 'weekly',
      // the payouts agree with the catalog; the yield rests on three of them
      frequencyUsed: 'weekly',
      inferredFrequency: null,
      yieldBasis: { payouts: 3 },
      // no ROC figure for any of the three payouts of the twelve months: all income, and said so
      rocShareTtm: '0.00',
      rocShareTtmBasis: { payouts: 3, final: 0, estimated: 0, notPublished: 3 },
      trueIncomeRate: '123.22',
      underlying: 'NVDA',
      dataSource: 'manual',
      isDemo: false,
      asOf: TODAY,
      priceAsOf: TODAY,
      priceAsOfTime: '2026-01-14T15:30:00.000Z', // the quote's time (10:30 New York)
      stale: null,
    } satisfies EtfListItem);
  });

  it('serves the detail with dividend history (newest first, revisions applied, withdrawn removed) and similar funds', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const detail = json<EtfDetail>('detail:FIXW');
    expect(detail).toMatchObject({
      ticker: 'FIXW',
      description: 'A hand-computed fixture.',
      historicalPeriodDays: 9,
      windowStart: '2026-01-05',
      previousClose: '21.00',
      annualDripYield: '165.53',
    });
    expect(detail.dividendHistory).toEqual([
      // Declared without a pay date: paid the next business day after the ex-date.
      { id: `${FIX.etfId}_2026-01-13`, exDividendDate: '2026-01-13', payoutDate: '2026-01-14', amount: '0.5', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.5', isDemo: false, ...OWNER },
      { id: `${FIX.etfId}_2026-01-06`, exDividendDate: '2026-01-06', payoutDate: '2026-01-07', amount: '0.4', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.4', isDemo: false, ...OWNER },
      { id: `${FIX.etfId}_2025-12-30`, exDividendDate: '2025-12-30', payoutDate: '2025-12-31', amount: '0.3', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.3', isDemo: false, ...OWNER },
    ]);
    // Same underlying (NVDA) first, by ticker; then the rest of the brand (Roundhill); never itself.
    expect(detail.similarEtfs).toEqual([
      { id: AAA.etfId, ticker: 'AAAW', name: AAA.name, brand: 'YieldMax', brandSlug: 'yieldmax', currentPrice: '10.00', yieldPercent: '52.00', exactYieldPercent: '52', isDemo: false },
      { id: CCC.etfId, ticker: 'CCCW', name: CCC.name, brand: 'Roundhill', brandSlug: 'roundhill', currentPrice: '20.00', yieldPercent: '52.00', exactYieldPercent: '52', isDemo: false },
      { id: DDD.etfId, ticker: 'DDDW', name: DDD.name, brand: 'Roundhill', brandSlug: 'roundhill', currentPrice: '', yieldPercent: null, exactYieldPercent: null, isDemo: false },
    ]);
  });

  it('explains the detail: the return split, NAV erosion, each headline formula with its exact inputs, the funds on the same underlying', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const detail = json<EtfDetail>('detail:FIXW');
    // oneYearReturn 10.00 = price (21.10 - 20) / 20 x 100 = 5.50 + distributions (0.40 + 0.50) / 20 x 100 = 4.50
    expect(detail.returnBreakdown).toEqual({ priceReturn: '5.50', distributionReturn: '4.50', exact: { priceReturn: '5.5', distributionReturn: '4.5' } });
    // since the first close 2026-01-05 at 20.00: (21.10 - 20) / 20 x 100 = +5.50 (no erosion yet)
    expect(detail.navErosion).toEqual({ since: '2026-01-05', startPrice: '20.00', currentPrice: '21.10', percent: '5.50', exact: '5.5' });
    expect(detail.explain.yieldPercent).toEqual({ formula: 'weeklyAverage × 52 / currentPrice × 100', inputs: { weeklyAverage: '0.4', currentPrice: '21.1' } });
    expect(detail.explain.distributionRate.inputs).toEqual({
      latestDistribution: '0.5',
      distributions: [{ exDividendDate: '2026-01-13', amount: '0.5', kind: 'regular' }],
      payoutsPerYear: 52,
      frequency: 'weekly',
      currentPrice: '21.1',
    });
    expect(detail.explain.annualDripYield.inputs).toEqual({ weeklyAverage: '0.4', payout: '0.4', payoutsPerYear: 52, frequency: 'weekly', currentPrice: '21.1' });
    expect(detail.explain.oneYearReturn.inputs).toEqual({
      currentPrice: '21.1',
      startPrice: '20',
      windowStart: '2026-01-05',
      windowDistributions: '0.9',
      distributions: [
        { exDividendDate: '2026-01-06', amount: '0.4', kind: 'regular' },
        { exDividendDate: '2026-01-13', amount: '0.5', kind: 'regular' },
      ],
      historicalPeriodDays: 9,
    });
    // 1 + 0.40 / 20.40 = 1.0196078..; x (1 + 0.50 / 21.00) = 1.043884220355 (12 decimals)
    expect(detail.explain.dripReturn.inputs).toEqual({ currentPrice: '21.1', startPrice: '20', windowStart: '2026-01-05', dripShares: '1.043884220355', historicalPeriodDays: 9 });
    expect(detail.explain.weeklyAverage).toEqual({
      formula:
        "Mean of the last 3 regular distributions with an ex-date on or before 2026-01-14, since the fund's current payout cadence began " +
        '(specials and capital gains left out), each as a per-week amount: as paid (weekly)',
      inputs: {
        distributions: [
          { exDividendDate: '2025-12-30', amount: '0.3', kind: 'regular' },
          { exDividendDate: '2026-01-06', amount: '0.4', kind: 'regular' },
          { exDividendDate: '2026-01-13', amount: '0.5', kind: 'regular' },
        ],
        frequency: 'weekly',
        catalogFrequency: 'weekly',
        regimeSince: '2025-12-30',
      },
    });
    // Recomputing each headline figure from its inputs gives the figure shown.
    const { yieldPercent: y, oneYearReturn: r } = detail.explain;
    expect(((Number(y.inputs['weeklyAverage']) * 52) / Number(y.inputs['currentPrice'])) * 100).toBeCloseTo(Number(detail.exact.yieldPercent), 9);
    expect(((Number(r.inputs['currentPrice']) - Number(r.inputs['startPrice']) + Number(r.inputs['windowDistributions'])) / Number(r.inputs['startPrice'])) * 100).toBeCloseTo(10, 9);
    // NVDA: AAAW, CCCW and FIXW side by side, by ticker (DDDW has no underlying, BBBW is on TSLA)
    expect(detail.sameUnderlying.map((e) => e.ticker)).toEqual(['AAAW', 'CCCW', 'FIXW']);
    const items = json<EtfListItem[]>('etfs');
    for (const row of detail.sameUnderlying) {
      const item = items.find((e) => e.id === row.id)!;
      expect(row).toEqual({
        id: item.id, ticker: item.ticker, name: item.name, brand: item.brand, brandSlug: item.brandSlug, frequency: item.frequency,
        yieldPercent: item.yieldPercent, distributionRate: item.distributionRate, priceReturn: item.priceReturn, oneYearReturn: item.oneYearReturn,
        historicalPeriodDays: item.historicalPeriodDays, windowStart: item.windowStart, windowBasis: item.windowBasis, exact: item.exact, isDemo: item.isDemo,
      });
    }
    // a fund alone on its underlying (BBBW on TSLA) or without one (DDDW) has no table
    expect(json<EtfDetail>('detail:BBBW').sameUnderlying).toEqual([]);
    expect(json<EtfDetail>('detail:DDDW').sameUnderlying).toEqual([]);
    expect(json<EtfDetail>('detail:DDDW').returnBreakdown).toBeNull();
    expect(json<EtfDetail>('detail:DDDW').navErosion).toBeNull();
  });

  it('ranks top performers by yield (descending), funds without a yield last, ties by ticker', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    // BBBW 0.20 x 52 / 10 = 104.00; FIXW 98.58; AAAW 0.10 x 52 / 10 = 52.00; CCCW 0.20 x 52 / 20 = 52.00; DDDW none.
    const ranked = json<EtfListItem[]>('top-performers');
    expect(ranked.map((e) => [e.ticker, e.yieldPercent])).toEqual([
      ['BBBW', '104.00'],
      ['FIXW', '98.58'],
      ['AAAW', '52.00'],
      ['CCCW', '52.00'],
      ['DDDW', null],
    ]);
    expect(json<EtfListItem[]>('etfs').map((e) => e.ticker)).toEqual(['AAAW', 'BBBW', 'CCCW', 'DDDW', 'FIXW']);
    expect(json<EtfListItem[]>('brand:roundhill').map((e) => e.ticker)).toEqual(['FIXW', 'CCCW', 'DDDW']);
    expect(json<EtfListItem[]>('brand:yieldmax').map((e) => e.ticker)).toEqual(['BBBW', 'AAAW']);
  });

  it('represents missing figures as "" (price) and null (metrics); without figures nothing is demo', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const ddd = json<EtfListItem[]>('etfs').find((e) => e.ticker === 'DDDW')!;
    expect(ddd).toMatchObject({
      currentPrice: '',
      dayChange: null,
      dayChangePercent: null,
      yieldPercent: null,
      annualDripYield: null,
      oneYearReturn: null,
      dripReturn: null,
      weeklyAverage: null,
      nextExDividend: null,
      nextExDividendEstimated: false,
      // listed by the demo catalog, but no figure rests on demo data (it has none)
      isDemo: false,
      priceAsOf: null,
      priceAsOfTime: null,
    });
    // a price from a close: 4:00 PM New York on its session (EST: 21:00Z)
    const aaa = json<EtfListItem[]>('etfs').find((e) => e.ticker === 'AAAW')!;
    expect(aaa.priceAsOfTime).toBe(`${aaa.priceAsOf}T21:00:00.000Z`);
  });
});

describe('market projection: price history ranges', () => {
  it('cuts each range at the same date months before the market date, ascending; all = everything', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const dates = (range: string) => json<{ timestamp: string; price: number }[]>(`history:AAAW:${range}`).map((p) => p.timestamp);
    expect(dates('1M')).toEqual(['2025-12-15', '2026-01-13']); // from 2025-12-14
    expect(dates('3M')).toEqual(['2025-10-14', '2025-12-15', '2026-01-13']); // from 2025-10-14 inclusive
    expect(dates('6M')).toEqual(['2025-07-14', '2025-10-14', '2025-12-15', '2026-01-13']);
    expect(dates('1Y')).toEqual(['2025-07-14', '2025-10-14', '2025-12-15', '2026-01-13']); // 2024-12-31 is older
    expect(dates('all')).toEqual(['2024-12-31', '2025-07-14', '2025-10-14', '2025-12-15', '2026-01-13']);
    expect(json('history:AAAW:1M')).toEqual([
      { timestamp: '2025-12-15', price: 10.2, isDemo: false },
      { timestamp: '2026-01-13', price: 10, isDemo: false },
    ]);
  });

  // Issue 29, W16: the chart's 1Y range started at the first close on or after the anniversary, the
  // one-year return at the last close on or before it, so one fund page showed two 1-year price changes.
  it("1Y starts at the one-year window's start (the last close on or before the anniversary), so its change is priceReturn", async () => {
    const EEE = { etfId: '5e5e5e5e-0000-4000-8000-000000000005', ticker: 'EEEW', name: 'Epsilon Income', brand: 'Roundhill', underlying: null };
    const { json } = await viewsOf([
      listed(EEE),
      bar(EEE.etfId, '2025-01-13', '10'), // Monday; the anniversary, Tuesday 2025-01-14, has no close
      bar(EEE.etfId, '2025-01-15', '12'),
      bar(EEE.etfId, '2025-07-14', '11'),
      bar(EEE.etfId, '2026-01-14', '9'),
      marketDay(TODAY),
    ]);
    const detail = json<EtfDetail>('detail:EEEW');
    expect(detail.windowStart).toBe('2025-01-13');
    const points = json<{ timestamp: string; price: number }[]>('history:EEEW:1Y');
    expect(points.map((p) => p.timestamp)).toEqual(['2025-01-13', '2025-01-15', '2025-07-14', '2026-01-14']);
    const first = points[0]!.price;
    const change = ((points.at(-1)!.price - first) / first) * 100;
    expect(change.toFixed(2)).toBe(detail.returnBreakdown!.priceReturn);
    // the shorter ranges still cut at their months
    expect(json<{ timestamp: string }[]>('history:EEEW:6M').map((p) => p.timestamp)).toEqual(['2025-07-14', '2026-01-14']);
  });

  it('ends with the intraday quote when it is the current price', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const points = json<{ timestamp: string; price: number }[]>('history:FIXW:1M');
    expect(points.at(0)).toEqual({ timestamp: '2026-01-05', price: 20, isDemo: false });
    expect(points.at(-2)).toEqual({ timestamp: '2026-01-13', price: 21, isDemo: false });
    expect(points.at(-1)).toEqual({ timestamp: '2026-01-14', price: 21.1, isDemo: false });
    expect(points).toHaveLength(8);
  });
});

describe('market projection: calendar', () => {
  it('lists declared payouts (no pay date: next business day) and projected ones flagged estimated', async () => {
    const { json } = await viewsOf(allFixtureEvents());
    const fix = json<PublicCalendarEntry[]>('calendar').filter((e) => e.ticker === 'FIXW');
    // Window: Monday 2026-01-12 .. Sunday 2026-02-08. FIXW's 01-13 distribution has no pay date ->
    // paid 01-14. Then Tuesday ex-dates 01-20, 01-27, 02-03 paid one business day later (its last
    // known lag: ex 01-06, pay 01-07) at the latest declared amount, 0.5 (docs/metrics.md, F3).
    expect(fix).toEqual([
      { etfId: FIX.etfId, ticker: 'FIXW', name: FIX.name, payoutDate: '2026-01-14', amount: '0.5', estimated: false, exDate: '2026-01-13', kind: 'regular', isDemo: false, distributionId: `${FIX.etfId}_2026-01-13`, ...OWNER },
      { etfId: FIX.etfId, ticker: 'FIXW', name: FIX.name, payoutDate: '2026-01-21', amount: '0.5', estimated: true, exDate: '2026-01-20', kind: 'regular', isDemo: false, distributionId: `${FIX.etfId}_2026-01-20`, ...OWNER },
      { etfId: FIX.etfId, ticker: 'FIXW', name: FIX.name, payoutDate: '2026-01-28', amount: '0.5', estimated: true, exDate: '2026-01-27', kind: 'regular', isDemo: false, distributionId: `${FIX.etfId}_2026-01-27`, ...OWNER },
      { etfId: FIX.etfId, ticker: 'FIXW', name: FIX.name, payoutDate: '2026-02-04', amount: '0.5', estimated: true, exDate: '2026-02-03', kind: 'regular', isDemo: false, distributionId: `${FIX.etfId}_2026-02-03`, ...OWNER },
    ]);
    const all = json<PublicCalendarEntry[]>('calendar');
    const order = all.map((e) => `${e.payoutDate} ${e.ticker}`);
    expect(order).toEqual([...order].sort());
    expect(all.every((e) => e.payoutDate >= '2026-01-12' && e.payoutDate <= '2026-02-08')).toBe(true);
  });

  it('moves the window, the metrics and the next ex-date when a MarketDayBegan arrives', async () => {
    const { json, byId } = await viewsOf([...allFixtureEvents(), marketDay('2026-01-20')], { batchSize: 5 });
    const fix = json<PublicCalendarEntry[]>('calendar').filter((e) => e.ticker === 'FIXW');
    // Window Monday 2026-01-19 .. 2026-02-15: the 01-14 payout is gone, 02-11 comes in.
    expect(fix.map((e) => [e.payoutDate, e.estimated])).toEqual([
      ['2026-01-21', true],
      ['2026-01-28', true],
      ['2026-02-04', true],
      ['2026-02-11', true],
    ]);
    const item = json<EtfListItem[]>('etfs').find((e) => e.ticker === 'FIXW')!;
    expect(item).toMatchObject({ asOf: '2026-01-20', nextExDividend: '2026-01-20', nextExDividendEstimated: true });
    expect(json<EtfDetail>('detail:FIXW').historicalPeriodDays).toBe(15);
    expect(byId.get('calendar')?.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });
});

describe('market projection: idempotent, deterministic, incremental', () => {
  it('changes nothing when every event is delivered twice', async () => {
    const once = await viewsOf(allFixtureEvents(), { batchSize: 3 });
    const twice = await viewsOf(allFixtureEvents(), { batchSize: 3, deliverTwice: true });
    expect(JSON.stringify(twice.docs)).toBe(JSON.stringify(once.docs));
    const etfsOnce = await once.result.all<EtfMarketDoc>('etfs');
    const etfsTwice = await twice.result.all<EtfMarketDoc>('etfs');
    expect(JSON.stringify(etfsTwice)).toBe(JSON.stringify(etfsOnce));
  });

  it('gives byte-identical views on two rebuilds, and the same bodies whatever the batch size', async () => {
    const a = await viewsOf(allFixtureEvents(), { batchSize: 4 });
    const b = await viewsOf(allFixtureEvents(), { batchSize: 4 });
    expect(JSON.stringify(b.docs)).toBe(JSON.stringify(a.docs));
    const c = await viewsOf(allFixtureEvents(), { batchSize: 1 });
    const bodies = (docs: ViewDoc[]) => docs.map((d) => [d._id, d.body, d.etag]);
    expect(bodies(c.docs)).toEqual(bodies(a.docs));
  });

  it('rewrites only the views whose content changed', async () => {
    const base = allFixtureEvents();
    const before = await viewsOf(base);
    // A new close for BBBW (TSLA, YieldMax): its own views, the lists, and AAAW's detail (BBBW is
    // among AAAW's similar funds) change; FIXW's detail (similar: AAAW, CCCW, DDDW) does not.
    const after = await viewsOf([...base, bar(BBB.etfId, '2026-01-14', '10.4')], { batchSize: base.length });
    const last = base.length + 1;
    const rewritten = after.docs.filter((d) => d._position === last).map((d) => d._id).sort();
    expect(rewritten).toEqual(['brand:yieldmax', 'detail:AAAW', 'detail:BBBW', 'etfs', 'history:BBBW:1M', 'history:BBBW:1Y', 'history:BBBW:3M', 'history:BBBW:6M', 'history:BBBW:all', 'top-performers']);
    expect(after.byId.get('detail:FIXW')).toEqual(before.byId.get('detail:FIXW'));
  });

  it('retires the views of a renamed ticker and serves the fund under the new one', async () => {
    const { byId, json } = await viewsOf([...allFixtureEvents(), renamed(CCC.etfId, 'CCCX')], { batchSize: 2 });
    expect(byId.get('detail:CCCW')).toMatchObject({ body: null, etag: null });
    expect(byId.get('history:CCCW:1Y')).toMatchObject({ body: null, etag: null });
    expect(json<EtfDetail>('detail:CCCX').id).toBe(CCC.etfId);
    expect(json<EtfDetail>('detail:FIXW').similarEtfs.map((e) => e.ticker)).toEqual(['AAAW', 'CCCX', 'DDDW']);
  });

  it('shows nothing of a fund whose market data arrives before it is listed, then everything once listed', async () => {
    const id = '5e5e5e5e-0000-4000-8000-000000000005';
    const early = [bar(id, '2026-01-13', '25'), distribution(id, '2026-01-08', '0.25'), marketDay(TODAY)];
    const before = await viewsOf(early);
    expect(before.json<EtfListItem[]>('etfs')).toEqual([]);
    const after = await viewsOf([...early, listed({ etfId: id, ticker: 'EEEW', name: 'Early', brand: 'REX', underlying: null })]);
    expect(after.json<EtfListItem[]>('etfs')[0]).toMatchObject({ ticker: 'EEEW', currentPrice: '25.00', yieldPercent: '52.00' });
  });

  it('keeps the newest quote whatever the delivery order and applies bar revisions', async () => {
    const events = [
      ...fixtureFundEvents(),
      quote(FIX.etfId, '2026-01-14T15:00:00.000Z', '20.9'), // older than the 15:30 quote: ignored
      bar(FIX.etfId, '2026-01-13', '21.05', 'PriceBarRevised'),
      marketDay(TODAY),
    ];
    const { json } = await viewsOf(events);
    const fix = json<EtfListItem[]>('etfs')[0]!;
    expect(fix.currentPrice).toBe('21.10');
    expect(fix.dayChange).toBe(0.05); // 21.10 - 21.05 (revised close)
  });
});

describe('metrics input slice', () => {
  it('gives the same metrics as the whole history, on every day of a long series', () => {
    const dates: string[] = [];
    const closes: string[] = [];
    let price = 20;
    for (let d = '2024-01-02'; d <= '2026-03-31'; d = addDays(d, 1)) {
      const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
      if (wd === 0 || wd === 6) continue;
      price = Math.max(1, price + Math.sin(dates.length / 7) * 0.3);
      dates.push(d);
      closes.push(price.toFixed(2));
    }
    const distributions = dates.filter((_, i) => i % 5 === 3).map((exDate, i) => ({
      distributionId: `x_${exDate}`,
      exDate,
      recordDate: null,
      payDate: null,
      amount: (0.1 + (i % 7) / 100).toFixed(2),
      status: 'declared' as const,
      kind: 'regular' as const,
      source: 'manual' as const,
      issuer: null,
      rocEstimatePercent: null,
      character: null,
    }));
    const doc = {
      _id: 'x',
      etfId: 'x',
      listed: true,
      ticker: 'X',
      name: 'X',
      brand: '',
      brandSlug: '',
      description: '',
      frequency: 'weekly' as const,
      underlying: null,
      inceptionDate: null,
      dataSource: 'manual' as const,
      barDates: dates,
      barCloses: closes,
      barSources: dates.map(() => 'manual' as const),
      lastBarSource: 'manual' as const,
      barsVersion: dates.length,
      quote: null,
      distributions,
      splits: [],
    };
    // the distributions as the metrics take them (the figures and the distributions each one used)
    const points = distributions.map(({ exDate, payDate, amount, status, kind, rocEstimatePercent, character }) => ({ exDate, payDate, amount, status, kind, rocEstimatePercent, character }));
    const full = (today: string) =>
      computeEtfMetrics({ today, frequency: 'weekly', bars: dates.map((date, i) => ({ date, close: closes[i]! })), quote: null, distributions: points });
    for (const today of ['2024-01-01', '2024-01-02', '2024-06-30', '2025-01-01', '2025-06-15', '2026-01-14', '2026-03-31', '2027-06-01']) {
      expect(JSON.stringify(computeEtfMetrics(metricsInput(doc, today))), today).toBe(JSON.stringify(full(today)));
    }
  });
});

describe('market projection: kinds of distribution (N1)', () => {
  // FIXW plus a $1.00 special beside its regular $0.50 of ex 01-13 (paid 01-14): two distributions of one ex-date
  const special = () => distribution(FIX.etfId, '2026-01-13', '1.00', { kind: 'special' });

  it('keeps the special beside the regular payout; the run rate stays on the regular ones', async () => {
    const { json } = await viewsOf([...allFixtureEvents(), special()], { deliverTwice: true });
    const detail = json<EtfDetail>('detail:FIXW');
    expect(detail.dividendHistory.slice(0, 2).map((d) => [d.id, d.exDividendDate, d.amount, d.kind])).toEqual([
      [`${FIX.etfId}_2026-01-13`, '2026-01-13', '0.5', 'regular'],
      [`${FIX.etfId}_2026-01-13_special`, '2026-01-13', '1.00', 'special'],
    ]);
    // unchanged by the special: weekly average 0.40, yield 98.58, distribution rate 0.50 x 52 / 21.10 = 123.22
    expect(detail).toMatchObject({ weeklyAverage: '0.4000', yieldPercent: '98.58', distributionRate: '123.22', yieldBasis: { payouts: 3 } });
    // paid, so counted: TTM (0.30 + 0.40 + 0.50 + 1.00) / 21.10 = 10.43; 1-year (21.10 - 20 + 0.40 + 0.50 + 1.00) / 20 = 15.00
    expect(detail).toMatchObject({ ttmYield: '10.43', oneYearReturn: '15.00' });
    const calendar = json<PublicCalendarEntry[]>('calendar').filter((e) => e.ticker === 'FIXW' && e.payoutDate === '2026-01-14');
    // each entry is its own distribution, found by its id (ex-date and kind): the private ICS feed's UID
    expect(calendar.map((e) => [e.amount, e.kind, e.distributionId])).toEqual([
      ['0.5', 'regular', `${FIX.etfId}_2026-01-13`],
      ['1', 'special', `${FIX.etfId}_2026-01-13_special`],
    ]);
    // projections repeat the regular $0.50, never the special, under the id their regular declaration will get
    const projected = json<PublicCalendarEntry[]>('calendar').filter((e) => e.ticker === 'FIXW' && e.estimated);
    expect(projected.length).toBeGreaterThan(0);
    expect(projected.every((e) => e.amount === '0.5' && e.kind === 'regular' && e.distributionId === `${FIX.etfId}_${e.exDate}`)).toBe(true);
  });

  it('withdrawing the special leaves the regular payout of its ex-date', async () => {
    const { json } = await viewsOf([...allFixtureEvents(), special(), withdrawn(FIX.etfId, '2026-01-13', 'special')]);
    const history = json<EtfDetail>('detail:FIXW').dividendHistory;
    expect(history.filter((d) => d.exDividendDate === '2026-01-13').map((d) => [d.amount, d.kind])).toEqual([['0.5', 'regular']]);
  });
});

describe("market projection: the issuer's declaration (docs/declarations.md)", () => {
  const RELEASE = 'https://www.globenewswire.com/news-release/2026/01/12/1/0/en/FIXW-distribution.html';
  const issuer = { name: 'yieldmax', url: RELEASE, declaredAt: '2026-01-12T14:05:00.000Z', statedRate: '123.80', secYield: '-0.52' };
  // FIXW's 01-13 payout, as the issuer's release declared it (then a provider's later record of it changes nothing: the decider)
  const declaredByIssuer = (): GivenEvent => {
    const event = distribution(FIX.etfId, '2026-01-13', '0.5', { source: 'issuer', revisedFrom: '0.5' });
    return { ...event, data: { ...(event.data as object), issuer, rocEstimatePercent: '96.66' } };
  };

  it("the dividend history and the calendar entry carry the release, its time and the issuer's figures", async () => {
    const { json } = await viewsOf([...allFixtureEvents(), declaredByIssuer()]);
    const origin = { source: 'issuer', issuer: 'yieldmax', sourceUrl: RELEASE, declaredAt: '2026-01-12T14:05:00.000Z', statedRate: '123.80', secYield: '-0.52', rocEstimatePercent: '96.66' };
    const history = json<EtfDetail>('detail:FIXW').dividendHistory;
    // the issuer's ROC estimate is the share every figure uses until the final character is recorded
    const roc = { character: null, characterFinal: false, rocBasis: 'estimate', rocPercent: '96.66' };
    expect(history[0]).toEqual({ id: `${FIX.etfId}_2026-01-13`, exDividendDate: '2026-01-13', payoutDate: '2026-01-14', amount: '0.5', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.5', isDemo: false, ...origin, ...roc });
    expect(history[1]).toMatchObject(OWNER);
    const fix = json<PublicCalendarEntry[]>('calendar').filter((e) => e.ticker === 'FIXW');
    expect(fix[0]).toMatchObject({ exDate: '2026-01-13', estimated: false, ...origin, ...roc });
    // the projections repeat the issuer's amount: they say so, with nothing of the release (not a declaration)
    expect(fix.slice(1).map((e) => [e.estimated, e.source, e.sourceUrl, e.rocEstimatePercent, e.rocBasis])).toEqual([
      [true, 'issuer', null, null, 'not-published'],
      [true, 'issuer', null, null, 'not-published'],
      [true, 'issuer', null, null, 'not-published'],
    ]);
  });

  it("the owner's later import drops the issuer's figures", async () => {
    const { json } = await viewsOf([...allFixtureEvents(), declaredByIssuer(), distribution(FIX.etfId, '2026-01-13', '0.51', { source: 'csv', revisedFrom: '0.5' })]);
    expect(json<EtfDetail>('detail:FIXW').dividendHistory[0]).toMatchObject({ amount: '0.51', ...OWNER });
  });

  it('a provider and demo data say so', async () => {
    const { json } = await viewsOf([...allFixtureEvents(), distribution(FIX.etfId, '2026-01-13', '0.5', { source: 'alpaca', revisedFrom: '0.5' })]);
    expect(json<EtfDetail>('detail:FIXW').dividendHistory[0]).toMatchObject({ source: 'provider', sourceUrl: null });
    const demo = await viewsOf([...allFixtureEvents(), distribution(FIX.etfId, '2026-01-13', '0.5', { source: 'demo', revisedFrom: '0.5' })]);
    expect(demo.json<EtfDetail>('detail:FIXW').dividendHistory[0]).toMatchObject({ source: 'demo', isDemo: true });
  });
});

describe('market projection: schema coverage', () => {
  type Handled = Extract<
    CatalogEvent | PriceEvent | DividendEvent | SplitEvent | MarketClockEvent,
    { type: Exclude<(CatalogEvent | PriceEvent | DividendEvent | SplitEvent | MarketClockEvent)['type'], 'TickerReserved' | 'TickerReleased'> }
  >;
  // every fund event after the fund's listing, so that its views are rendered too
  const fund = (d: { etfId: string }) => [sampleEvent('EtfListed', { etfId: d.etfId })];
  const cases: CoverageCases<Handled> = {
    EtfListed: {},
    EtfDetailsChanged: { given: fund },
    PriceBarRecorded: { given: fund },
    PriceBarRevised: { given: fund },
    PriceQuoted: { given: fund },
    DistributionDeclared: { given: fund },
    DistributionRevised: { given: fund },
    DistributionWithdrawn: { given: (d) => [...fund(d), sampleEvent('DistributionDeclared', { etfId: d.etfId, distributionId: d.distributionId })] },
    DistributionCharacterRecorded: { given: (d) => [...fund(d), sampleEvent('DistributionDeclared', { etfId: d.etfId, distributionId: d.distributionId })] },
    SplitRecorded: { given: fund },
    SplitRevised: { given: fund },
    MarketDayBegan: {},
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(marketProjection, cases);
    expect(notReaching).toEqual({
      // the site shows a fund as it is, not when it was listed or last edited
      EtfListed: ['listedAt'],
      EtfDetailsChanged: ['changedAt'],
      // every figure rests on closes; open, high, low and volume stay in the log
      PriceBarRecorded: ['open', 'high', 'low', 'volume'],
      PriceBarRevised: ['open', 'high', 'low', 'volume'],
      PriceQuoted: [],
      DistributionDeclared: [],
      // what a revision replaced is the log's record; the document has the current values
      DistributionRevised: ['previousAmount'],
      // a withdrawn distribution is removed by its id: nothing of it is kept
      DistributionWithdrawn: ['exDate', 'reason', 'withdrawnAt'],
      // found by its id (ex-date and kind); who recorded the figures and when stays in the log
      DistributionCharacterRecorded: ['exDate', 'kind', 'source', 'recordedAt'],
      SplitRecorded: [],
      SplitRevised: ['previousOldRate', 'previousNewRate'],
      MarketDayBegan: [],
    });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: marketProjection.version, documentFields }).toEqual({
      version: 10,
      documentFields: {
        [MARKET_ETFS]: [
          '_id', '_position', 'barCloses', 'barDates', 'barSources', 'barsVersion', 'brand', 'brandSlug', 'dataSource', 'description', 'distributions',
          'distributions[].amount', 'distributions[].character', 'distributions[].character.capitalGain', 'distributions[].character.ordinary',
          'distributions[].character.qualified', 'distributions[].character.returnOfCapital', 'distributions[].distributionId', 'distributions[].exDate', 'distributions[].issuer', 'distributions[].issuer.declaredAt', 'distributions[].issuer.name',
          'distributions[].issuer.secYield', 'distributions[].issuer.statedRate', 'distributions[].issuer.url', 'distributions[].kind', 'distributions[].payDate',
          'distributions[].recordDate', 'distributions[].rocEstimatePercent', 'distributions[].source', 'distributions[].status', 'etfId', 'frequency', 'inceptionDate', 'lastBarSource', 'listed', 'name', 'quote', 'quote.price',
          'quote.quotedAt', 'quote.source', 'splits', 'splits[].exDate', 'splits[].newRate', 'splits[].oldRate', 'splits[].source', 'splits[].splitId',
          'ticker', 'underlying',
        ],
        [MARKET_STATE]: [
          '_id', '_position', 'entries', 'entries[].calendar', 'entries[].detailEtag', 'entries[].etfId', 'entries[].historyKeys', 'entries[].item',
          'entries[].item.annualDripYield', 'entries[].item.asOf', 'entries[].item.brand', 'entries[].item.brandSlug', 'entries[].item.currentPrice',
          'entries[].item.dataSource', 'entries[].item.dayChange', 'entries[].item.dayChangePercent', 'entries[].item.distributionRate',
          'entries[].item.dripReturn', 'entries[].item.exact', 'entries[].item.exact.annualDripYield', 'entries[].item.exact.distributionRate',
          'entries[].item.exact.dripReturn', 'entries[].item.exact.oneYearReturn', 'entries[].item.exact.priceReturn', 'entries[].item.exact.rocShareTtm',
          'entries[].item.exact.trueIncomeRate', 'entries[].item.exact.ttmYield',
          'entries[].item.exact.weeklyAverage', 'entries[].item.exact.yieldPercent', 'entries[].item.frequency', 'entries[].item.frequencyUsed',
          'entries[].item.historicalPeriodDays', 'entries[].item.id', 'entries[].item.inferredFrequency', 'entries[].item.isDemo', 'entries[].item.name',
          'entries[].item.nextExDividend', 'entries[].item.nextExDividendEstimated', 'entries[].item.oneYearReturn', 'entries[].item.priceAsOf',
          'entries[].item.priceAsOfTime', 'entries[].item.priceReturn', 'entries[].item.rocShareTtm', 'entries[].item.rocShareTtmBasis', 'entries[].item.stale',
          'entries[].item.ticker', 'entries[].item.trueIncomeRate', 'entries[].item.ttmYield',
          'entries[].item.underlying', 'entries[].item.weeklyAverage', 'entries[].item.windowBasis', 'entries[].item.windowStart', 'entries[].item.yieldBasis',
          'entries[].item.yieldPercent', 'entries[].listed',
          'entries[].similarKey', 'entries[].ticker', 'etags', 'today',
        ],
        [MARKET_VIEWS]: ['_id', '_position', 'body', 'etag'],
      },
    });
  });
});

describe('market projection: return of capital (issue 27)', () => {
  // FIXW's 01-13 payout ($0.50) with the owner's estimate 92 %, then its final character 100 % ROC
  const estimated = (): GivenEvent => {
    const event = distribution(FIX.etfId, '2026-01-13', '0.5', { revisedFrom: '0.5' });
    return { ...event, data: { ...(event.data as object), rocEstimatePercent: '92' } };
  };
  const final = (character = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' }): GivenEvent => ({
    stream: `dividends-${FIX.etfId}`,
    type: 'DistributionCharacterRecorded',
    data: { etfId: FIX.etfId, distributionId: `${FIX.etfId}_2026-01-13`, exDate: '2026-01-13', kind: 'regular', character, source: 'csv', recordedAt: '2026-01-14T12:00:00.000Z' },
  });

  it('an estimate is the share every figure uses; the final character replaces it, the estimate stays shown', async () => {
    const before = (await viewsOf([...allFixtureEvents(), estimated()])).json<EtfDetail>('detail:FIXW');
    expect(before.dividendHistory[0]).toMatchObject({ rocEstimatePercent: '92', character: null, characterFinal: false, rocBasis: 'estimate', rocPercent: '92' });
    // TTM 0.30 + 0.40 + 0.50 = 1.20 paid; 0.50 x 92 % = 0.46 returned: 0.46 / 1.20 = 38.33 %; trueIncomeRate 123.2227.. x 61.666.. % = 75.987.. -> 75.99
    expect([before.rocShareTtm, before.rocShareTtmBasis, before.trueIncomeRate]).toEqual(['38.33', { payouts: 3, final: 0, estimated: 1, notPublished: 2 }, '75.99']);
    expect(before.returnOfCapitalTtm).toMatchObject({ paidPerShare: '1.2000', capitalReturnedPerShare: '0.4600', incomePerShare: '0.7400' });

    const { json } = await viewsOf([...allFixtureEvents(), estimated(), final()], { deliverTwice: true });
    const after = json<EtfDetail>('detail:FIXW');
    // "estimated 92 %, final 100 %"
    expect(after.dividendHistory[0]).toMatchObject({
      rocEstimatePercent: '92',
      character: { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' },
      characterFinal: true,
      rocBasis: 'final',
      rocPercent: '100',
    });
    // 0.50 / 1.20 = 41.67 %; 123.222748815166 x (100 - 41.666..) / 100 = 71.88
    expect([after.rocShareTtm, after.rocShareTtmBasis, after.trueIncomeRate]).toEqual(['41.67', { payouts: 3, final: 1, estimated: 0, notPublished: 2 }, '71.88']);
    expect(json<PublicCalendarEntry[]>('calendar').find((e) => e.distributionId === `${FIX.etfId}_2026-01-13`)).toMatchObject({ characterFinal: true, rocBasis: 'final', rocEstimatePercent: '92' });
    expect(json<EtfListItem[]>('etfs').find((e) => e.ticker === 'FIXW')).toMatchObject({ rocShareTtm: '41.67', trueIncomeRate: '71.88' });
  });

  it('a revision of the amount keeps the final character; a character for an unknown distribution changes nothing', async () => {
    const revised = distribution(FIX.etfId, '2026-01-13', '0.6', { revisedFrom: '0.5' });
    const { json } = await viewsOf([...allFixtureEvents(), estimated(), final(), revised]);
    expect(json<EtfDetail>('detail:FIXW').dividendHistory[0]).toMatchObject({ amount: '0.6', characterFinal: true, rocBasis: 'final' });
    const orphan = { ...final(), data: { ...(final().data as object), distributionId: `${FIX.etfId}_2026-01-20`, exDate: '2026-01-20' } };
    const same = await viewsOf([...allFixtureEvents(), orphan]);
    const plain = await viewsOf(allFixtureEvents());
    expect(same.json<EtfDetail>('detail:FIXW')).toEqual(plain.json<EtfDetail>('detail:FIXW'));
  });
});
