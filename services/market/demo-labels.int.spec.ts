import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtfDetail, EtfListItem, PricePoint, PublicCalendarEntry } from '../../contracts/market.ts';
import type { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { bar, distribution, listed, marketDay, type FundFixture } from '../../read-models/market/fixtures.ts';
import type { GivenEvent } from '../../read-models/runtime/projection-testing.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { given } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * Demo labels through the API (docs/market-data-read-side.md "Demo data"): `isDemo` is true exactly when
 * a figure of the answer rests on a bar, quote or distribution whose source is demo. Market day Friday
 * 2026-01-23; the one-year window starts at the last bar before 2025-01-23.
 *
 * - MIXW (catalog csv): csv data except one demo close (2026-01-14, inside the window) and one demo
 *   distribution (2025-06-03, inside the window, not among the last eight). Its newest close and newest
 *   distribution are csv, so the old rule (today's price source, last distribution) called it real.
 * - OLDW (catalog demo, the seed's): its demo close (2024-06-03) and demo distribution (2024-06-04) are
 *   older than the window and than its last eight payouts: no figure shown rests on them.
 * - DEMW (catalog demo): demo everything.
 */
const MIXW: FundFixture = { etfId: '7a000000-0000-4000-8000-000000000001', ticker: 'MIXW', name: 'Mixed Sources Fund', brand: 'YieldMax', underlying: 'XYZ', dataSource: 'csv' };
const OLDW: FundFixture = { etfId: '7a000000-0000-4000-8000-000000000002', ticker: 'OLDW', name: 'Old Demo Fund', brand: 'Granite', underlying: 'XYZ', dataSource: 'demo' };
const DEMW: FundFixture = { etfId: '7a000000-0000-4000-8000-000000000003', ticker: 'DEMW', name: 'Demo Fund', brand: 'Roundhill', underlying: null, dataSource: 'demo' };
const TODAY = '2026-01-23';

/** Weekly Tuesday ex-dates (paid Wednesday) from `first` to `last`, csv. */
function tuesdays(etfId: string, first: string, last: string, amount: string): GivenEvent[] {
  const out: GivenEvent[] = [];
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 7)) {
    const ex = d.toISOString().slice(0, 10);
    const pay = new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
    out.push(distribution(etfId, ex, amount, { payDate: pay, source: 'csv' }));
  }
  return out;
}

function events(): GivenEvent[] {
  const m = MIXW.etfId;
  const o = OLDW.etfId;
  const d = DEMW.etfId;
  return [
    listed(MIXW),
    bar(m, '2025-01-17', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2025-06-02', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2026-01-12', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2026-01-13', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2026-01-14', '10.5', 'PriceBarRecorded', 'demo'),
    bar(m, '2026-01-15', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2026-01-22', '10', 'PriceBarRecorded', 'csv'),
    bar(m, '2026-01-23', '10', 'PriceBarRecorded', 'csv'),
    distribution(m, '2025-06-03', '0.1', { payDate: '2025-06-04', source: 'demo' }),
    ...tuesdays(m, '2025-11-25', '2026-01-27', '0.1'),
    listed(OLDW),
    bar(o, '2024-06-03', '8', 'PriceBarRecorded', 'demo'),
    bar(o, '2025-01-17', '10', 'PriceBarRecorded', 'csv'),
    bar(o, '2026-01-22', '10', 'PriceBarRecorded', 'csv'),
    bar(o, '2026-01-23', '10', 'PriceBarRecorded', 'csv'),
    distribution(o, '2024-06-04', '0.1', { payDate: '2024-06-05', source: 'demo' }),
    ...tuesdays(o, '2025-12-02', '2026-01-20', '0.1'),
    listed(DEMW),
    bar(d, '2026-01-02', '20', 'PriceBarRecorded', 'demo'), // listed before the holders' purchase date (2026-01-02)
    bar(d, '2026-01-22', '20', 'PriceBarRecorded', 'demo'),
    bar(d, '2026-01-23', '20', 'PriceBarRecorded', 'demo'),
    distribution(d, '2026-01-20', '0.2', { payDate: '2026-01-21', source: 'demo' }),
    marketDay(TODAY),
  ];
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, events());
});
afterAll(async () => {
  await ctx?.close();
});

const demoByTicker = (items: { ticker: string; isDemo: boolean }[]) => Object.fromEntries(items.map((e) => [e.ticker, e.isDemo]));
const expected = { DEMW: true, MIXW: true, OLDW: false };

describe('isDemo on the public answers', () => {
  it('GET /api/etfs: true when any figure rests on demo data, not only today’s price and the last distribution', async () => {
    const res = await request(ctx.app).get('/api/etfs').expect(200);
    expect(demoByTicker(res.body as EtfListItem[])).toEqual(expected);
  });

  it('GET /api/top-performers', async () => {
    const res = await request(ctx.app).get('/api/top-performers').expect(200);
    expect(demoByTicker(res.body as EtfListItem[])).toEqual(expected);
  });

  it('GET /api/etfs/by-brand/{brand}', async () => {
    const yieldmax = await request(ctx.app).get('/api/etfs/by-brand/yieldmax').expect(200);
    const granite = await request(ctx.app).get('/api/etfs/by-brand/granite').expect(200);
    expect(demoByTicker([...(yieldmax.body as EtfListItem[]), ...(granite.body as EtfListItem[])])).toEqual({ MIXW: true, OLDW: false });
  });

  it('GET /api/etfs/detail/{ticker}: the fund, each dividend history entry and each similar fund', async () => {
    const mixw = (await request(ctx.app).get('/api/etfs/detail/MIXW').expect(200)).body as EtfDetail;
    expect(mixw.isDemo).toBe(true);
    expect(mixw.dividendHistory.filter((d) => d.isDemo).map((d) => d.exDividendDate)).toEqual(['2025-06-03']);
    expect(mixw.dividendHistory.every((d) => typeof d.isDemo === 'boolean')).toBe(true);
    expect(mixw.similarEtfs.map((s) => [s.ticker, s.isDemo])).toEqual([['OLDW', false]]);

    const oldw = (await request(ctx.app).get('/api/etfs/detail/OLDW').expect(200)).body as EtfDetail;
    expect(oldw.isDemo).toBe(false);
    expect(oldw.dividendHistory.at(-1)).toMatchObject({ exDividendDate: '2024-06-04', isDemo: true });
    expect(oldw.dividendHistory.slice(0, -1).every((d) => d.isDemo === false)).toBe(true);
    expect(oldw.similarEtfs.map((s) => [s.ticker, s.isDemo])).toEqual([['MIXW', true]]);
  });

  it('GET /api/etfs/detail/{ticker}/history: each point says whether its close is demo data', async () => {
    const month = (await request(ctx.app).get('/api/etfs/detail/MIXW/history?range=1M').expect(200)).body as PricePoint[];
    expect(month).toEqual([
      { timestamp: '2026-01-12', price: 10, isDemo: false },
      { timestamp: '2026-01-13', price: 10, isDemo: false },
      { timestamp: '2026-01-14', price: 10.5, isDemo: true },
      { timestamp: '2026-01-15', price: 10, isDemo: false },
      { timestamp: '2026-01-22', price: 10, isDemo: false },
      { timestamp: '2026-01-23', price: 10, isDemo: false },
    ]);
    const all = (await request(ctx.app).get('/api/etfs/detail/OLDW/history?range=all').expect(200)).body as PricePoint[];
    expect(all.map((p) => [p.timestamp, p.isDemo])).toEqual([
      ['2024-06-03', true],
      ['2025-01-17', false],
      ['2026-01-22', false],
      ['2026-01-23', false],
    ]);
  });

  it('GET /api/dividends/calendar: declared entries by their distribution, projected ones by the payouts they come from', async () => {
    const res = await request(ctx.app).get('/api/dividends/calendar').expect(200);
    const entries = res.body as PublicCalendarEntry[];
    const of = (ticker: string) => entries.filter((e) => e.ticker === ticker).map((e) => [e.payoutDate, e.estimated, e.isDemo]);
    // Window Monday 2026-01-19 .. Sunday 2026-02-15.
    expect(of('MIXW')).toEqual([
      ['2026-01-21', false, false],
      ['2026-01-28', false, false],
      ['2026-02-04', true, false],
      ['2026-02-11', true, false],
    ]);
    expect(of('DEMW')).toEqual([
      ['2026-01-21', false, true],
      ['2026-01-28', true, true],
      ['2026-02-04', true, true],
      ['2026-02-11', true, true],
    ]);
    expect(of('OLDW').every(([, , demo]) => demo === false)).toBe(true);
  });
});

describe('isDemo in the personal area', () => {
  it('GET /api/user/portfolio: each holding by its own figures, and the answer (X-Demo-Data) when any holding is demo', async () => {
    const { agent } = await signUp(ctx.app);
    // MIXW with DRIP from 2026-01-12: the 01-13 payout (csv) was reinvested at the 01-14 close, which is demo.
    await agent.post('/api/user/portfolio').send({ etfId: MIXW.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-01-12', isDrip: 1 }).expect(201);
    // OLDW from 2026-01-15: price, the 01-20 payout and the payouts projected income uses are csv.
    await agent.post('/api/user/portfolio').send({ etfId: OLDW.etfId, shares: '10', purchasePrice: '10', purchaseDate: '2026-01-15', isDrip: 0 }).expect(201);
    const res = await agent.get('/api/user/portfolio').expect(200);
    expect((res.body as HoldingView[]).map((h) => [h.etf?.ticker, h.isDemo, h.etf?.isDemo])).toEqual([
      ['MIXW', true, true],
      ['OLDW', false, false],
    ]);
    expect(res.headers['x-demo-data']).toBe('true');
  });

  it('a holding of a fund with demo data in its history is not demo when none of its own figures is', async () => {
    const { agent } = await signUp(ctx.app);
    // MIXW without DRIP from 2026-01-15: the fund's one-year return uses the demo 01-14 close, the holding does not.
    const added = await agent.post('/api/user/portfolio').send({ etfId: MIXW.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-01-15', isDrip: 0 }).expect(201);
    expect(added.body).toMatchObject({ isDemo: false, incomeReceived: '10.00', etf: { isDemo: true } });
    const res = await agent.get('/api/user/portfolio').expect(200);
    expect((res.body as HoldingView[]).map((h) => h.isDemo)).toEqual([false]);
    expect(res.headers['x-demo-data']).toBe('false');
  });

  it('GET /api/user/dividends/calendar: each entry as its public entry', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: DEMW.etfId, shares: '10', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    await agent.post('/api/user/portfolio').send({ etfId: MIXW.etfId, shares: '10', purchasePrice: '10', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    const res = await agent.get('/api/user/dividends/calendar').expect(200);
    const entries = res.body as UserCalendarEntry[];
    expect(entries.map((e) => [e.ticker, e.payoutDate, e.isDemo])).toEqual([
      ['DEMW', '2026-01-21', true],
      ['MIXW', '2026-01-21', false],
      ['DEMW', '2026-01-28', true],
      ['MIXW', '2026-01-28', false],
      ['DEMW', '2026-02-04', true],
      ['MIXW', '2026-02-04', false],
      ['DEMW', '2026-02-11', true],
      ['MIXW', '2026-02-11', false],
    ]);
  });
});
