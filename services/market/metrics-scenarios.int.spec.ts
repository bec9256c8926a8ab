import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAll, bar, distribution, listed, marketDay, type FundFixture } from '../../read-models/market/fixtures.ts';
import type { EtfDetail, EtfListItem, PublicCalendarEntry } from '../../read-models/market/render.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * The audit's scenarios (issue 10: F3, F4, F5, F6, F16, D28) through the public API, market day Monday
 * 2026-11-23 (docs/metrics.md has the hand computations).
 */
const fund = (n: number, ticker: string, frequency: FundFixture['frequency'] = 'weekly'): FundFixture => ({
  etfId: `a0d1${String(n).padStart(4, '0')}-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  ticker,
  name: `${ticker} Audit Fund`,
  brand: 'Audit',
  underlying: null,
  frequency,
});
const AUDF = fund(1, 'AUDF');
const AUD4 = fund(2, 'AUD4', 'four-weekly');
const AUDC = fund(3, 'AUDC');
const AUDU = fund(4, 'AUDU');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-11-23T16:00:00.000Z') });
  const events = [
    // AUDF: flat $10, $0.10 ex Thursday / pay Friday, older than a year
    listed(AUDF),
    ...['2025-11-20', '2025-11-21', '2025-11-24', '2026-11-19', '2026-11-20'].map((d) => bar(AUDF.etfId, d, '10')),
    ...['2026-11-05', '2026-11-12', '2026-11-19'].map((d) => distribution(AUDF.etfId, d, '0.10', { payDate: d.replace(/\d\d$/, (x) => String(Number(x) + 1).padStart(2, '0')) })),
    // AUD4: every four weeks, flat $15, $1.20
    listed(AUD4),
    bar(AUD4.etfId, '2026-11-20', '15'),
    distribution(AUD4.etfId, '2026-10-01', '1.20', { payDate: '2026-10-02' }),
    distribution(AUD4.etfId, '2026-10-29', '1.20', { payDate: '2026-10-30' }),
    // AUDC: flat $20, $0.50 a week cut to $0.10 on 11-17
    listed(AUDC),
    bar(AUDC.etfId, '2026-11-20', '20'),
    distribution(AUDC.etfId, '2026-11-03', '0.50', { payDate: '2026-11-04' }),
    distribution(AUDC.etfId, '2026-11-10', '0.50', { payDate: '2026-11-11' }),
    distribution(AUDC.etfId, '2026-11-17', '0.10', { payDate: '2026-11-18' }),
    // AUDU: a sub-dollar fund
    listed(AUDU),
    bar(AUDU.etfId, '2026-11-20', '0.12345'),
    distribution(AUDU.etfId, '2026-11-19', '0.0012345', { payDate: '2026-11-20' }),
    marketDay('2026-11-23'),
  ];
  await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, events));
});
afterAll(async () => {
  await ctx?.close();
});

const detail = async (ticker: string) => (await request(ctx.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body as EtfDetail;
const calendar = async (ticker: string) =>
  ((await request(ctx.app).get('/api/dividends/calendar').expect(200)).body as PublicCalendarEntry[]).filter((e) => e.ticker === ticker);

describe('the audit scenarios through the public API', () => {
  it('AUDF (older than a year, Monday): a full year from Friday 2025-11-21, 367 days, in lists too (F5, F12)', async () => {
    expect(await detail('AUDF')).toMatchObject({ windowStart: '2025-11-21', historicalPeriodDays: 367, yieldPercent: '52.00', distributionRate: '52.00', annualDripYield: '67.77' });
    const item = ((await request(ctx.app).get('/api/top-performers').expect(200)).body as EtfListItem[]).find((e) => e.ticker === 'AUDF');
    expect(item!.historicalPeriodDays).toBe(367);
  });

  it('AUDF (ex Thursday): Thanksgiving week goes ex Wednesday 11-25, paid Friday 11-27; then Thursdays (F6)', async () => {
    expect(await detail('AUDF')).toMatchObject({ nextExDividend: '2026-11-25', nextExDividendEstimated: true });
    expect((await calendar('AUDF')).filter((e) => e.estimated).map((e) => [e.exDate, e.payoutDate])).toEqual([
      ['2026-11-25', '2026-11-27'],
      ['2026-12-03', '2026-12-04'],
      ['2026-12-10', '2026-12-11'],
      ['2026-12-17', '2026-12-18'],
    ]);
  });

  it('AUD4 (every four weeks, $1.20 at $15): DRIP yield 1.08^13 - 1 = 171.96, rate 104.00 (F4)', async () => {
    expect(await detail('AUD4')).toMatchObject({ yieldPercent: '104.00', distributionRate: '104.00', annualDripYield: '171.96' });
  });

  it('AUDC ($0.50 cut to $0.10 at $20): yield 95.33 beside the rate 26.00; projections at $0.10 (F3)', async () => {
    expect(await detail('AUDC')).toMatchObject({ yieldPercent: '95.33', distributionRate: '26.00', weeklyAverage: '0.3667' });
    expect((await calendar('AUDC')).filter((e) => e.estimated).map((e) => e.amount)).toEqual(['0.1', '0.1', '0.1', '0.1']);
  });

  it('AUDU: projected amounts keep the declared precision, $0.0012345 (F16)', async () => {
    const projected = (await calendar('AUDU')).filter((e) => e.estimated);
    expect(projected.length).toBeGreaterThan(0);
    expect(projected.every((e) => e.amount === '0.0012345')).toBe(true);
  });

  it('names the window\'s market holidays: Thanksgiving Day 2026-11-26 (D28)', async () => {
    const res = await request(ctx.app).get('/api/dividends/calendar/holidays').expect(200);
    // Window Monday 2026-11-23 .. Sunday 2026-12-20
    expect(res.body).toEqual([{ date: '2026-11-26', name: 'Thanksgiving Day' }]);
  });
});
