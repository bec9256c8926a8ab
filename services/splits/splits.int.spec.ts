import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { addBusinessDays, addDays, isBusinessDay, previousBusinessDay, type IsoDate } from '../../domain/market/trading-days.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { given, marketDay } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * The metrics audit's AUDS scenario through the public API (docs/metrics.md, "Splits and reverse
 * splits"): a fund created and loaded by the owner's CSV imports, $2.00 and $0.02 a week until a 1-for-10
 * reverse split on Monday 2026-11-09, $20.00 and $0.20 after; market date Monday 2026-11-23.
 */
const TODAY = '2026-11-23';
const SPLIT_DAY = '2026-11-09';

let ctx: TestContext;
let owner: Agent;
let visitor: Agent;
let etfId: string;

function pricesCsv(): string {
  const rows = ['Date,Close'];
  for (let d: IsoDate = '2025-06-02'; d <= TODAY; d = addDays(d, 1)) if (isBusinessDay(d)) rows.push(`${d},${d < SPLIT_DAY ? '2.00' : '20.00'}`);
  return rows.join('\n');
}

function distributionsCsv(): string {
  const rows = ['Ex Date,Pay Date,Amount'];
  for (let t: IsoDate = '2025-06-03'; t <= '2026-11-17'; t = addDays(t, 7)) {
    const ex = isBusinessDay(t) ? t : previousBusinessDay(t);
    rows.push(`${ex},${addBusinessDays(ex, 1)},${ex < SPLIT_DAY ? '0.02' : '0.20'}`);
  }
  return rows.join('\n');
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-11-23T19:45:00.000Z') });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  visitor = (await signUp(ctx.app)).agent;
  const created = await owner
    .post('/api/etfs')
    .send({ ticker: 'AUDS', name: 'Audit scenario AUDS', brand: 'Audit', description: 'audit scenario', frequency: 'weekly', underlying: null, inceptionDate: '2025-06-02' })
    .expect(201);
  etfId = created.body.id;
  await owner.post(`/api/admin/etfs/${etfId}/prices/import`).set('Content-Type', 'text/csv').send(pricesCsv()).expect(200);
  await owner.post(`/api/admin/etfs/${etfId}/distributions/import`).set('Content-Type', 'text/csv').send(distributionsCsv()).expect(200);
  await given(ctx, [marketDay(TODAY)]);
});
afterAll(async () => {
  await ctx?.close();
});

const figures = (d: Record<string, unknown>) => ({
  currentPrice: d['currentPrice'],
  weeklyAverage: d['weeklyAverage'],
  yieldPercent: d['yieldPercent'],
  annualDripYield: d['annualDripYield'],
  oneYearReturn: d['oneYearReturn'],
  dripReturn: d['dripReturn'],
});

describe.sequential('AUDS: a 1-for-10 reverse split recorded by the owner', () => {
  it('before the split is recorded the figures are the audit phantom ones', async () => {
    const d = (await visitor.get('/api/etfs/detail/AUDS').expect(200)).body;
    expect(figures(d)).toMatchObject({ yieldPercent: '36.40', oneYearReturn: '970.00' });
    expect(d.splits).toEqual([]);
  });

  it('refuses bad input with messages a person understands', async () => {
    const post = (body: unknown) => owner.post(`/api/admin/etfs/${etfId}/splits`).send(body as object);
    expect((await post({}).expect(400)).body.errors).toEqual({ exDate: 'Required', oldRate: 'Required', newRate: 'Required' });
    expect((await post({ exDate: '2026-11-07', oldRate: 10, newRate: 1 }).expect(400)).body.message).toBe(
      'Ex-date must be a trading day (Monday to Friday, not an NYSE holiday)',
    );
    expect((await post({ exDate: '2026-11-26', oldRate: 10, newRate: 1 }).expect(400)).body.message).toBe(
      'Ex-date must be a trading day (Monday to Friday, not an NYSE holiday)',
    ); // Thanksgiving
    expect((await post({ exDate: '2026-13-01', oldRate: 10, newRate: 1 }).expect(400)).body.message).toBe('Ex-date must be a date (YYYY-MM-DD)');
    expect((await post({ exDate: SPLIT_DAY, oldRate: 0, newRate: 1 }).expect(400)).body.errors).toEqual({
      oldRate: 'Old rate must be a positive number (shares before the split: 10 for a 1-for-10 reverse split)',
    });
    expect((await post({ exDate: SPLIT_DAY, oldRate: '10', newRate: 'one' }).expect(400)).body.errors).toEqual({
      newRate: 'New rate must be a positive number (shares after the split: 1 for a 1-for-10 reverse split)',
    });
    expect((await post({ exDate: SPLIT_DAY, oldRate: 10, newRate: 10 }).expect(400)).body.message).toBe(
      'Old and new rate must differ: a 1-for-10 reverse split is old rate 10, new rate 1',
    );
    expect((await post({ exDate: SPLIT_DAY, oldRate: 10, newRate: 1, ratio: '1:10' }).expect(400)).body).toEqual({
      message: 'Unknown field: ratio',
      errors: { ratio: 'Unknown field' },
    });
    expect((await owner.post('/api/admin/etfs/00000000-0000-4000-8000-000000000000/splits').send({ exDate: SPLIT_DAY, oldRate: 10, newRate: 1 }).expect(404)).body.message).toBe(
      'ETF not found',
    );
    await visitor.post(`/api/admin/etfs/${etfId}/splits`).send({ exDate: SPLIT_DAY, oldRate: 10, newRate: 1 }).expect(403);
    expect(await ctx.deps.log.readStream(streams.splits(etfId))).toEqual([]);
  });

  it('records the split (201), and the same split again writes nothing (200 unchanged)', async () => {
    const res = await owner.post(`/api/admin/etfs/${etfId}/splits`).send({ exDate: SPLIT_DAY, oldRate: 10, newRate: 1 }).expect(201);
    expect(res.body).toEqual({ etfId, exDate: SPLIT_DAY, oldRate: '10', newRate: '1', description: '1-for-10 reverse split', upcoming: false, source: 'manual', status: 'recorded' });
    const again = await owner.post(`/api/admin/etfs/${etfId}/splits`).send({ exDate: SPLIT_DAY, oldRate: '10', newRate: '1' }).expect(200);
    expect(again.body.status).toBe('unchanged');
    expect((await ctx.deps.log.readStream(streams.splits(etfId))).map((e) => e.type)).toEqual(['SplitRecorded']);
  });

  it('the detail is split-adjusted: yield 52.00, DRIP yield 67.77, 1-year 52.00, DRIP return 67.77; splits and adjusted amounts listed', async () => {
    const d = (await visitor.get('/api/etfs/detail/AUDS').expect(200)).body;
    expect(figures(d)).toEqual({ currentPrice: '20.00', weeklyAverage: '0.2000', yieldPercent: '52.00', annualDripYield: '67.77', oneYearReturn: '52.00', dripReturn: '67.77' });
    expect(d.splits).toEqual([{ exDate: SPLIT_DAY, oldRate: '10', newRate: '1', description: '1-for-10 reverse split', upcoming: false }]);
    expect(d.dividendHistory.slice(0, 3)).toEqual([
      expect.objectContaining({ exDividendDate: '2026-11-17', amount: '0.2', splitAdjusted: false, declaredAmount: '0.2' }),
      expect.objectContaining({ exDividendDate: '2026-11-10', amount: '0.2', splitAdjusted: false }),
      expect.objectContaining({ exDividendDate: '2026-11-03', amount: '0.2', splitAdjusted: true, declaredAmount: '0.02' }),
    ]);
    const list = (await visitor.get('/api/etfs').expect(200)).body as { ticker: string; yieldPercent: string }[];
    expect(list.find((e) => e.ticker === 'AUDS')?.yieldPercent).toBe('52.00');
  });

  it('the price history has no jump at the split', async () => {
    const points = (await visitor.get('/api/etfs/detail/AUDS/history?range=1M').expect(200)).body as { timestamp: string; price: number }[];
    expect(points.find((p) => p.timestamp === '2026-11-06')?.price).toBe(20);
    expect(new Set(points.map((p) => p.price))).toEqual(new Set([20]));
  });

  it('the public calendar projects $0.20 a payout', async () => {
    const cal = (await visitor.get('/api/dividends/calendar').expect(200)).body as { ticker: string; amount: string }[];
    const mine = cal.filter((e) => e.ticker === 'AUDS');
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((e) => e.amount))).toEqual(new Set(['0.2']));
  });

  it('1,000 shares bought 2026-10-01 at $2.00 are 100: value 2,000.00, price change 0, income 140.00, projected 1,040.00, $20.00 per payout', async () => {
    const { agent: user } = await signUp(ctx.app);
    await user.post('/api/user/portfolio').send({ etfId, shares: '1000', purchasePrice: '2.00', purchaseDate: '2026-10-01', isDrip: 0 }).expect(201);
    const [h] = (await user.get('/api/user/portfolio').expect(200)).body;
    expect(h).toMatchObject({
      sharesBought: '1000',
      currentShares: '100',
      sharesReinvested: '0',
      currentPrice: '20.00',
      currentValue: '2000.00',
      costBasis: '2000.00',
      priceChange: '0.00',
      incomeReceived: '140.00',
      paymentsReceived: 7,
      projectedAnnualIncome: '1040.00',
      gain: '140.00',
    });
    const cal = (await user.get('/api/user/dividends/calendar').expect(200)).body as { shares: string; estimatedPayout: string }[];
    expect(cal.length).toBeGreaterThan(0);
    for (const e of cal) expect(e).toMatchObject({ shares: '100', estimatedPayout: '20.00' });
  });

  it('a different ratio for the same ex-date corrects it (200 revised)', async () => {
    const res = await owner.post(`/api/admin/etfs/${etfId}/splits`).send({ exDate: SPLIT_DAY, oldRate: 5, newRate: 1 }).expect(200);
    expect(res.body).toMatchObject({ status: 'revised', oldRate: '5', newRate: '1', description: '1-for-5 reverse split' });
    const d = (await visitor.get('/api/etfs/detail/AUDS').expect(200)).body;
    expect(d.dividendHistory[2]).toMatchObject({ exDividendDate: '2026-11-03', amount: '0.1', splitAdjusted: true });
    await owner.post(`/api/admin/etfs/${etfId}/splits`).send({ exDate: SPLIT_DAY, oldRate: 10, newRate: 1 }).expect(200);
    expect((await visitor.get('/api/etfs/detail/AUDS').expect(200)).body.yieldPercent).toBe('52.00');
  });
});

/**
 * An upcoming split (ex-date after the market date): nothing is adjusted yet; a projected payout after
 * its ex-date is on that day's basis (x oldRate / newRate), and the holder's shares entitled to it too,
 * so shares x amount stays the cash. AUDT: flat $10, $0.10 ex Thursday until 11-19, a 1-for-10 reverse
 * split on Monday 11-30 (the payouts projected from 11-27 on).
 */
describe.sequential('AUDT: an upcoming 1-for-10 reverse split', () => {
  let id: string;
  it('is listed as upcoming and adjusts nothing before its ex-date', async () => {
    id = (await owner.post('/api/etfs').send({ ticker: 'AUDT', name: 'Audit upcoming split', frequency: 'weekly', inceptionDate: '2026-06-01' }).expect(201)).body.id;
    const prices = ['Date,Close'];
    for (let d: IsoDate = '2026-06-01'; d <= TODAY; d = addDays(d, 1)) if (isBusinessDay(d)) prices.push(`${d},10.00`);
    await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: prices.join('\n') }).expect(200);
    const dists = ['Ex Date,Pay Date,Amount'];
    for (let t: IsoDate = '2026-06-04'; t <= '2026-11-19'; t = addDays(t, 7)) dists.push(`${t},${addBusinessDays(t, 1)},0.10`);
    await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: dists.join('\n') }).expect(200);
    const res = await owner.post(`/api/admin/etfs/${id}/splits`).send({ exDate: '2026-11-30', oldRate: 10, newRate: 1 }).expect(201);
    expect(res.body).toMatchObject({ upcoming: true, description: '1-for-10 reverse split' });
    const d = (await visitor.get('/api/etfs/detail/AUDT').expect(200)).body;
    expect(d).toMatchObject({ currentPrice: '10.00', weeklyAverage: '0.1000', yieldPercent: '52.00' });
    expect(d.splits).toEqual([{ exDate: '2026-11-30', oldRate: '10', newRate: '1', description: '1-for-10 reverse split', upcoming: true }]);
    expect(d.dividendHistory.every((h: { splitAdjusted: boolean }) => !h.splitAdjusted)).toBe(true);
  });

  it('calendars: projections after the ex-date on the new basis, the holder\'s shares too, the cash unchanged', async () => {
    const cal = ((await visitor.get('/api/dividends/calendar').expect(200)).body as { ticker: string; exDate: string; amount: string }[]).filter((e) => e.ticker === 'AUDT');
    const before = cal.filter((e) => e.exDate < '2026-11-30');
    const after = cal.filter((e) => e.exDate >= '2026-11-30');
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(1);
    expect(new Set(before.map((e) => e.amount))).toEqual(new Set(['0.1']));
    expect(new Set(after.map((e) => e.amount))).toEqual(new Set(['1'])); // 0.10 x 10 / 1
    const { agent: user } = await signUp(ctx.app);
    await user.post('/api/user/portfolio').send({ etfId: id, shares: '100', purchasePrice: '10', purchaseDate: '2026-10-01', isDrip: 0 }).expect(201);
    const mine = (await user.get('/api/user/dividends/calendar').expect(200)).body as { payoutDate: string; shares: string; estimatedPayout: string }[];
    expect(mine.length).toBe(cal.length);
    // ex 11-25 (Thanksgiving Thursday moved earlier) is paid before the split: before the split, 100 shares; ex 12-03 on, 10
    for (const e of mine) expect(e).toMatchObject({ shares: e.payoutDate <= '2026-11-30' ? '100' : '10', estimatedPayout: '10.00' });
    // house money across the upcoming split (docs/metrics.md): cost 100 x 10 = 1000; 7 payouts since 10-01
    // (ex 10-08 .. 11-19) x 10.00 = 70.00 -> 7.00 %; 930.00 left at 10.00 a payout whatever the basis (10 new
    // shares x $1 after 11-30) -> 93 projected Thursdays after 11-19: 2026-11-19 + 651 days = Thursday 2028-08-31, paid Friday 09-01
    const [holding] = (await user.get('/api/user/portfolio').expect(200)).body as { houseMoneyPercent: string }[];
    expect(holding).toMatchObject({ incomeReceived: '70.00', houseMoneyPercent: '7.00', houseMoneyDate: '2028-09-01', houseMoneyReached: false });
  });

  it('once the market day reaches the ex-date everything moves to the new basis (history, metrics, holding)', async () => {
    await given(ctx, [marketDay('2026-11-30')]);
    const d = (await visitor.get('/api/etfs/detail/AUDT').expect(200)).body;
    // no bar since 11-23 yet: its close 10.00 x 10 is the price on the new basis
    expect(d).toMatchObject({ currentPrice: '100.00', weeklyAverage: '1.0000', yieldPercent: '52.00' });
    expect(d.splits[0]).toMatchObject({ upcoming: false });
    expect(d.dividendHistory[0]).toMatchObject({ exDividendDate: '2026-11-19', amount: '1', splitAdjusted: true, declaredAmount: '0.1' });
    const points = (await visitor.get('/api/etfs/detail/AUDT/history?range=1M').expect(200)).body as { price: number }[];
    expect(new Set(points.map((p) => p.price))).toEqual(new Set([100]));
  });
});
