import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDaysBetween, isBusinessDay, nextBusinessDay, previousBusinessDay } from '../../domain/market/trading-days.ts';
import type { GivenEvent } from '../../read-models/runtime/projection-testing.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { bar, distribution, fund, given, listed, marketDay } from './test-helpers.ts';

// The metrics audit's N3CL (N5) through the API: a fund whose prices and payouts stopped (last close
// Wednesday 2026-09-30, last ex-date Thursday 09-24; $10 flat, $0.10 every Thursday) beside one whose data
// is current, on Friday 2026-11-27 (the day after Thanksgiving).
let ctx: TestContext;
const CLOSED = fund();
const LIVE = fund();
const TODAY = '2026-11-27';

function fundEvents(etfId: string, lastBar: string, lastEx: string): GivenEvent[] {
  const events: GivenEvent[] = businessDaysBetween('2026-05-01', lastBar).map((d) => bar(etfId, d, '10'));
  for (let d = '2026-05-07'; d <= lastEx; d = addDays(d, 7)) {
    const ex = isBusinessDay(d) ? d : previousBusinessDay(d);
    events.push(distribution(etfId, ex, '0.1', { payDate: nextBusinessDay(ex) }));
  }
  return events;
}

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-11-27T19:30:00.000Z') });
  await given(ctx, [listed(CLOSED), listed(LIVE), ...fundEvents(CLOSED.etfId, '2026-09-30', '2026-09-24'), ...fundEvents(LIVE.etfId, TODAY, '2026-11-26'), marketDay(TODAY)]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a stale fund (audit N5): shown with its price date, flagged, never projected', () => {
  it('the list item and the detail carry `stale` (since the price date), the price date, and no projected next ex-date', async () => {
    const list = (await request(ctx.app).get('/api/etfs').expect(200)).body as { ticker: string }[];
    const closed = list.find((e) => e.ticker === CLOSED.ticker);
    expect(closed).toMatchObject({ currentPrice: '10.00', priceAsOf: '2026-09-30', stale: { since: '2026-09-30', reason: 'no-recent-price' }, nextExDividend: null, nextExDividendEstimated: false });
    expect(list.find((e) => e.ticker === LIVE.ticker)).toMatchObject({ priceAsOf: TODAY, stale: null, nextExDividend: '2026-12-03', nextExDividendEstimated: true });
    const detail = (await request(ctx.app).get(`/api/etfs/detail/${CLOSED.ticker}`).expect(200)).body;
    expect(detail).toMatchObject({ priceAsOf: '2026-09-30', stale: { since: '2026-09-30', reason: 'no-recent-price' }, nextExDividend: null });
  });

  it('the public calendar and its ICS feed project nothing for it', async () => {
    const calendar = (await request(ctx.app).get('/api/dividends/calendar').expect(200)).body as { ticker: string; payoutDate: string }[];
    expect(calendar.filter((e) => e.ticker === CLOSED.ticker)).toEqual([]);
    // the live fund: ex Wednesday 11-25 (Thanksgiving week) paid today, then 12-03, 12-10, 12-17 paid the day after
    expect(calendar.filter((e) => e.ticker === LIVE.ticker).map((e) => e.payoutDate)).toEqual(['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18']);
    const ics = (await request(ctx.app).get('/api/dividends/calendar.ics').expect(200)).text;
    expect(ics).not.toContain(CLOSED.ticker);
    expect(ics).toContain(`${LIVE.ticker} pays $0.10/share`);
  });

  it('a holding of it: no projected income (null), no house-money date, no payout in the user calendar or the private feed', async () => {
    const { agent } = await signUp(ctx.app);
    for (const f of [CLOSED, LIVE]) await agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-06-01', isDrip: 0 }).expect(201);
    const holdings = (await agent.get('/api/user/portfolio').expect(200)).body as { etfId: string }[];
    const closed = holdings.find((h) => h.etfId === CLOSED.etfId);
    // 17 Thursdays 06-04 .. 09-24 x 100 x 0.10 received; 170 / 1000 = 17 %
    expect(closed).toMatchObject({ incomeReceived: '170.00', projectedAnnualIncome: null, houseMoneyPercent: '17.00', houseMoneyDate: null, houseMoneyReached: false });
    expect(closed).toMatchObject({ etf: { stale: { since: '2026-09-30', reason: 'no-recent-price' } } });
    // the live one: 100 x 0.10 x 52
    expect(holdings.find((h) => h.etfId === LIVE.etfId)).toMatchObject({ projectedAnnualIncome: '520.00', houseMoneyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const mine = (await agent.get('/api/user/dividends/calendar').expect(200)).body as { ticker: string }[];
    expect(mine.filter((e) => e.ticker === CLOSED.ticker)).toEqual([]);
    expect(mine.filter((e) => e.ticker === LIVE.ticker)).toHaveLength(4);
    const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
    const feed = (await request(ctx.app).get(new URL(url).pathname).expect(200)).text;
    expect(feed).not.toContain(CLOSED.ticker);
    expect(feed).toContain(`${LIVE.ticker} payout $10.00`);
  });
});
