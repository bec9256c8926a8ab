import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BBB, FIX, TODAY, allFixtureEvents, appendAll, bar, marketDay } from '../../read-models/market/fixtures.ts';
import type { EtfDetail, EtfListItem, PublicCalendarEntry } from '../../read-models/market/render.ts';
import { getEtfById, getEtfListItems, getEtfSeries, getPublicCalendar, marketToday } from '../../read-models/market/queries.ts';
import { clearCaches } from '../../domain/caches/registry.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-01-14T16:00:00.000Z') });
  const position = await appendAll(ctx.deps.log, allFixtureEvents());
  await ctx.deps.readModels.waitFor(position);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/top-performers', () => {
  it('answers the funds ranked by yield with an ETag, revalidation required', async () => {
    const res = await request(ctx.app).get('/api/top-performers').set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect((res.body as EtfListItem[]).map((e) => e.ticker)).toEqual(['BBBW', 'FIXW', 'AAAW', 'CCCW', 'DDDW']);
    expect(res.body[1]).toMatchObject({ ticker: 'FIXW', currentPrice: '21.10', yieldPercent: '98.58', dripReturn: '10.13', asOf: TODAY });
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const first = await request(ctx.app).get('/api/top-performers').expect(200);
    const again = await request(ctx.app).get('/api/top-performers').set('If-None-Match', first.headers.etag!).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    await request(ctx.app).get('/api/top-performers').set('If-None-Match', `"other", W/${first.headers.etag}`).expect(304);
    await request(ctx.app).get('/api/top-performers').set('If-None-Match', '"stale"').expect(200);
  });

  it('cuts the ranking at limit, with its own ETag', async () => {
    const full = await request(ctx.app).get('/api/top-performers').expect(200);
    const two = await request(ctx.app).get('/api/top-performers?limit=2').expect(200);
    expect((two.body as EtfListItem[]).map((e) => e.ticker)).toEqual(['BBBW', 'FIXW']);
    expect(two.headers.etag).not.toBe(full.headers.etag);
    await request(ctx.app).get('/api/top-performers?limit=2').set('If-None-Match', two.headers.etag!).expect(304);
    const all = await request(ctx.app).get('/api/top-performers?limit=500').expect(200);
    expect(all.headers.etag).toBe(full.headers.etag);
  });

  it.each(['0', '501', 'abc', '2.5', '-1'])('refuses limit=%s with a per-field message', async (limit) => {
    const res = await request(ctx.app).get(`/api/top-performers?limit=${limit}`).expect(400);
    expect(res.body).toEqual({ message: 'limit must be a whole number from 1 to 500', errors: { limit: 'limit must be a whole number from 1 to 500' } });
  });
});

describe('compression', () => {
  it('sends large views gzip-compressed (own ETag) to clients that accept it, as they are to others', async () => {
    const gz = await request(ctx.app).get('/api/top-performers').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    const plain = await request(ctx.app).get('/api/top-performers').set('Accept-Encoding', 'identity').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.body).toEqual(plain.body);
    expect(gz.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gz"`);
    await request(ctx.app).get('/api/top-performers').set('Accept-Encoding', 'gzip').set('If-None-Match', gz.headers.etag!).expect(304);
    await request(ctx.app).get('/api/top-performers').set('Accept-Encoding', 'identity').set('If-None-Match', plain.headers.etag!).expect(304);
  });
});

describe('GET /api/etfs and /api/etfs/by-brand/:brandSlug', () => {
  it('lists every fund by ticker', async () => {
    const res = await request(ctx.app).get('/api/etfs').expect(200);
    expect((res.body as EtfListItem[]).map((e) => e.ticker)).toEqual(['AAAW', 'BBBW', 'CCCW', 'DDDW', 'FIXW']);
    expect(res.headers.etag).toBeDefined();
  });

  it('lists a brand by its slug (any case), and an unknown brand as an empty list', async () => {
    const res = await request(ctx.app).get('/api/etfs/by-brand/yieldmax').expect(200);
    expect((res.body as EtfListItem[]).map((e) => e.ticker)).toEqual(['BBBW', 'AAAW']);
    const upper = await request(ctx.app).get('/api/etfs/by-brand/YieldMax').expect(200);
    expect(upper.headers.etag).toBe(res.headers.etag);
    const none = await request(ctx.app).get('/api/etfs/by-brand/no-such-brand').expect(200);
    expect(none.body).toEqual([]);
  });
});

describe('GET /api/etfs/detail/:ticker', () => {
  it('answers the detail whatever the ticker case', async () => {
    const res = await request(ctx.app).get('/api/etfs/detail/fixw').expect(200);
    const detail = res.body as EtfDetail;
    expect(detail).toMatchObject({ id: FIX.etfId, ticker: 'FIXW', annualDripYield: '165.53', historicalPeriodDays: 9, oneYearReturn: '10.00' });
    expect(detail.dividendHistory.map((d) => d.exDividendDate)).toEqual(['2026-01-13', '2026-01-06', '2025-12-30']);
    expect(detail.similarEtfs.map((e) => e.ticker)).toEqual(['AAAW', 'CCCW', 'DDDW']);
    const upper = await request(ctx.app).get('/api/etfs/detail/FIXW').set('If-None-Match', res.headers.etag!).expect(304);
    expect(upper.text).toBe('');
  });

  it('sends a small body as it is, even to clients that accept gzip', async () => {
    const res = await request(ctx.app).get('/api/etfs/detail/AAAW/history?range=1M').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it('answers 404 JSON for an unknown ticker', async () => {
    const res = await request(ctx.app).get('/api/etfs/detail/NOPE').expect(404);
    expect(res.body).toEqual({ message: 'ETF not found' });
  });
});

describe('GET /api/etfs/detail/:ticker/history', () => {
  it('answers 1Y by default and each range on request', async () => {
    const byDefault = await request(ctx.app).get('/api/etfs/detail/aaaw/history').expect(200);
    expect(byDefault.body).toEqual([
      { timestamp: '2025-07-14', price: 11, isDemo: false },
      { timestamp: '2025-10-14', price: 10.5, isDemo: false },
      { timestamp: '2025-12-15', price: 10.2, isDemo: false },
      { timestamp: '2026-01-13', price: 10, isDemo: false },
    ]);
    const oneYear = await request(ctx.app).get('/api/etfs/detail/AAAW/history?range=1Y').expect(200);
    expect(oneYear.headers.etag).toBe(byDefault.headers.etag);
    const month = await request(ctx.app).get('/api/etfs/detail/AAAW/history?range=1m').expect(200);
    expect(month.body).toHaveLength(2);
    const all = await request(ctx.app).get('/api/etfs/detail/AAAW/history?range=ALL').expect(200);
    expect(all.body).toHaveLength(5);
  });

  it('refuses an unknown range and answers 404 for an unknown ticker', async () => {
    const bad = await request(ctx.app).get('/api/etfs/detail/AAAW/history?range=2Y').expect(400);
    expect(bad.body).toEqual({ message: 'range must be one of 1M, 3M, 6M, 1Y, all', errors: { range: 'range must be one of 1M, 3M, 6M, 1Y, all' } });
    const unknown = await request(ctx.app).get('/api/etfs/detail/NOPE/history').expect(404);
    expect(unknown.body).toEqual({ message: 'ETF not found' });
  });
});

describe('GET /api/dividends/calendar', () => {
  it('answers four weeks from Monday 2026-01-12, by payout date then ticker', async () => {
    const res = await request(ctx.app).get('/api/dividends/calendar').expect(200);
    const entries = res.body as PublicCalendarEntry[];
    // CCCW's last ex-date is 01-06: its 01-13 ex-date is projected (paid 01-14) at its latest declared amount.
    expect(entries.slice(0, 2).map((e) => [e.payoutDate, e.ticker, e.amount, e.estimated])).toEqual([
      ['2026-01-14', 'CCCW', '0.2', true],
      ['2026-01-14', 'FIXW', '0.5', false],
    ]);
    expect(entries[1]).toEqual({ etfId: FIX.etfId, ticker: 'FIXW', name: FIX.name, payoutDate: '2026-01-14', amount: '0.5', estimated: false, exDate: '2026-01-13', kind: 'regular', isDemo: false, distributionId: `${FIX.etfId}_2026-01-13`,
      // loaded by the owner: no issuer's release (docs/declarations.md, "In the API")
      source: 'owner', issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null,
      // no ROC figure: counted as income, and said so (issue 27)
      character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null,
    });
    expect(entries.every((e) => e.payoutDate >= '2026-01-12' && e.payoutDate <= '2026-02-08')).toBe(true);
    expect(res.headers.etag).toBeDefined();
  });
});

describe('reads after writes', () => {
  it('serves new figures (and a new ETag) as soon as the read model has the events', async () => {
    const before = await request(ctx.app).get('/api/etfs/detail/BBBW').expect(200);
    const position = await appendAll(ctx.deps.log, [bar(BBB.etfId, '2026-01-14', '10.4')]);
    await ctx.deps.readModels.waitFor(position);
    const after = await request(ctx.app).get('/api/etfs/detail/BBBW').set('If-None-Match', before.headers.etag!).expect(200);
    // 0.20 x 52 / 10.40 x 100 = 100.00; day change 10.40 - 10 = 0.40 (4.00 %).
    expect(after.body).toMatchObject({ currentPrice: '10.40', yieldPercent: '100.00', dayChange: 0.4, dayChangePercent: 4 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('moves the calendar when the market day moves', async () => {
    const position = await appendAll(ctx.deps.log, [marketDay('2026-01-20')]);
    await ctx.deps.readModels.waitFor(position);
    const res = await request(ctx.app).get('/api/dividends/calendar').expect(200);
    const entries = res.body as PublicCalendarEntry[];
    expect(entries.every((e) => e.payoutDate >= '2026-01-19' && e.payoutDate <= '2026-02-15')).toBe(true);
    expect(entries.filter((e) => e.ticker === 'FIXW').map((e) => e.payoutDate)).toEqual(['2026-01-21', '2026-01-28', '2026-02-04', '2026-02-11']);
  });
});

describe('the view cache', () => {
  it('answers the same bytes after the owner clears caches and after the read model is rebuilt', async () => {
    const before = await request(ctx.app).get('/api/etfs/detail/FIXW').expect(200);
    expect((await clearCaches()).cleared).toContain('market-views');
    const cleared = await request(ctx.app).get('/api/etfs/detail/FIXW').expect(200);
    expect(cleared.text).toBe(before.text);
    await ctx.container.runner!.rebuild('market');
    const rebuilt = await request(ctx.app).get('/api/etfs/detail/FIXW').expect(200);
    expect(rebuilt.text).toBe(before.text);
    expect(rebuilt.headers.etag).toBe(before.headers.etag);
  });
});

describe('queries for other modules', () => {
  it('reads list items, a fund, its series and the calendar', async () => {
    expect(await marketToday(ctx.deps.readModels)).toBe('2026-01-20');
    const items = await getEtfListItems(ctx.deps.readModels, [FIX.etfId, 'unknown', BBB.etfId]);
    expect(items.map((i) => i.ticker)).toEqual(['FIXW', 'BBBW']);
    expect((await getEtfById(ctx.deps.readModels, FIX.etfId))?.currentPrice).toBe('21.10');
    const series = await getEtfSeries(ctx.deps.readModels, FIX.etfId);
    expect(series).toMatchObject({ ticker: 'FIXW', frequency: 'weekly', today: '2026-01-20', quote: { price: '21.1' } });
    expect(series!.bars).toHaveLength(7);
    expect(series!.distributions.map((d) => [d.exDate, d.amount])).toEqual([
      ['2025-12-30', '0.3'],
      ['2026-01-06', '0.4'],
      ['2026-01-13', '0.5'],
    ]);
    expect(series!.metrics?.yieldPercent).toBe('98.58');
    const calendar = await getPublicCalendar(ctx.deps.readModels, [FIX.etfId]);
    expect(calendar.map((e) => e.payoutDate)).toEqual(['2026-01-21', '2026-01-28', '2026-02-04', '2026-02-11']);
  });
});

describe('calculators', () => {
  it('POST /api/calculate/yield: 10,000 at 52% weekly', async () => {
    const res = await request(ctx.app).post('/api/calculate/yield').send({ investment: '10,000', yieldPercent: 52 }).expect(200);
    // annual = 10000 x 52 / 100 = 5200; monthly 433.33; weekly 100; per payout (weekly) 100.
    expect(res.body).toEqual({ annual: '5200.00', monthly: '433.33', weekly: '100.00', perPayout: '100.00', payoutsPerYear: 52, highYield: true });
  });

  it('POST /api/calculate/yield: per-field messages', async () => {
    const res = await request(ctx.app).post('/api/calculate/yield').send({ yieldPercent: 'x', frequency: 'daily' }).expect(400);
    expect(res.body.errors).toEqual({
      investment: 'Required',
      yieldPercent: 'Yield percent must be a number',
      frequency: 'Frequency must be one of weekly, four-week, monthly, quarterly',
    });
  });

  it('POST /api/calculate/drip: one year of weekly reinvestment', async () => {
    const res = await request(ctx.app).post('/api/calculate/drip').send({ initialInvestment: '1,000', sharePrice: '10', weeklyDividend: '0.1', years: 1 }).expect(200);
    // 100 shares x 1.01^52 = 167.7688..; value x 10 = 1677.69; growth 67.77 %.
    expect(res.body).toEqual({ finalValue: '1677.69', totalShares: '167.7689', growth: '67.77', weeks: 52, annualYieldPercent: '52.00', highYield: true });
  });

  it('POST /api/calculate/drip: a share price above 1,000,000 names both bounds (F14)', async () => {
    const res = await request(ctx.app).post('/api/calculate/drip').send({ initialInvestment: 1000, sharePrice: '1,000,001', weeklyDividend: 0.1, years: 1 }).expect(400);
    expect(res.body).toEqual({
      message: 'Share price must be at least 0.0001 and at most 1,000,000',
      errors: { sharePrice: 'Share price must be at least 0.0001 and at most 1,000,000' },
    });
  });

  it('POST /api/calculate/drip: YSPY-like 132 % yield is flagged (D4)', async () => {
    // 0.2582 x 52 / 10.17 = 1.32017... -> 132.02 %
    const res = await request(ctx.app).post('/api/calculate/drip').send({ initialInvestment: '10,000', sharePrice: 10.17, weeklyDividend: 0.2582, years: 5 }).expect(200);
    expect(res.body).toMatchObject({ annualYieldPercent: '132.02', highYield: true });
  });

  it('POST /api/calculate/drip: years out of range', async () => {
    const res = await request(ctx.app).post('/api/calculate/drip').send({ initialInvestment: 1000, sharePrice: 10, weeklyDividend: 0.1, years: 31 }).expect(400);
    expect(res.body).toEqual({ message: 'Years must be between 1 and 30', errors: { years: 'Years must be between 1 and 30' } });
  });
});

describe('issue 10: rates, periods and holidays through the API', () => {
  it('list items carry the distribution rate, the return period and the unrounded figures (F3, F12, F7)', async () => {
    for (const path of ['/api/etfs', '/api/top-performers', '/api/etfs/by-brand/roundhill']) {
      const fix = ((await request(ctx.app).get(path).expect(200)).body as EtfListItem[]).find((e) => e.ticker === 'FIXW');
      // latest declared 0.50 x 52 / 21.10 x 100 = 123.2227..; the window starts at the first bar 2026-01-05
      // (younger than a year: since inception), 15 days before the market day 2026-01-20 set above
      expect(fix).toMatchObject({ distributionRate: '123.22', historicalPeriodDays: 15, yieldPercent: '98.58' });
      expect(fix!.exact).toMatchObject({ yieldPercent: '98.578199052133', distributionRate: '123.222748815166' });
    }
    const detail = (await request(ctx.app).get('/api/etfs/detail/FIXW').expect(200)).body as EtfDetail;
    expect(detail).toMatchObject({ distributionRate: '123.22', historicalPeriodDays: 15 });
  });

  it('answers the market holidays of the calendar window with their names (D28)', async () => {
    // Market day 2026-01-20: window Monday 2026-01-19 .. Sunday 2026-02-15: Martin Luther King Jr. Day,
    // Monday 01-19 (Washington's Birthday, 02-16, is the day after the window).
    const res = await request(ctx.app).get('/api/dividends/calendar/holidays').expect(200);
    expect(res.body).toEqual([{ date: '2026-01-19', name: 'Martin Luther King Jr. Day' }]);
  });
});
