import request from 'supertest';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { beginMarketDay } from '../market-clock/market-day.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
let owner: Agent;
let ownerId: string;
let visitor: Agent;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-03-04T15:00:00.000Z') });
  const signedIn = await signUpOwner(ctx.app, ctx.deps);
  owner = signedIn.agent;
  ownerId = signedIn.id;
  visitor = (await signUp(ctx.app)).agent;
});
afterAll(async () => {
  await ctx?.close();
});

async function newEtf(): Promise<string> {
  const res = await owner.post('/api/etfs').send({ ticker: `IMP${++n}`, name: `Import fund ${n}` }).expect(201);
  return res.body.id as string;
}

const head = () => ctx.container.eventStore.headPosition();

describe('POST /api/admin/etfs/:id/distributions/import', () => {
  const csv = ['Ex-Dividend Date,Record Date,Pay Date,Amount', '02/24/2026,02/24/2026,02/25/2026,$0.4123', '2026-03-03,2026-03-03,2026-03-04,0.3987', '2026-03-10,,TBD,0.41', 'soon,,,1'].join(
    '\n',
  );

  it('declares the distributions, reports counts and skipped lines, and is idempotent', async () => {
    const id = await newEtf();
    const res = await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv }).expect(200);
    expect(res.body).toEqual({
      appended: 3,
      revised: 0,
      unchanged: 0,
      errors: [{ line: 5, message: "Skipped: ex-date 'soon' not understood (use YYYY-MM-DD or M/D/YYYY)" }],
      warnings: [],
    });
    const events = await ctx.deps.log.readStream(streams.dividends(id));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual(Array.from({ length: 3 }, () => ['DistributionDeclared', `user:${ownerId}`]));
    expect(events[2]!.data).toEqual({ etfId: id, distributionId: `${id}_2026-03-10`, exDate: '2026-03-10', recordDate: null, payDate: null, amount: '0.41', status: 'declared', source: 'csv', kind: 'regular' });

    const before = await head();
    expect((await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv }).expect(200)).body).toMatchObject({ appended: 0, revised: 0, unchanged: 3 });
    expect(await head()).toBe(before);
  });

  it('records a corrected amount as one DistributionRevised with the amount it replaces', async () => {
    const id = await newEtf();
    await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv }).expect(200);
    const res = await owner.post(`/api/admin/etfs/${id}/distributions/import`).set('Content-Type', 'text/csv').send('Date,Dividends\n2026-03-03,0.4\n').expect(200);
    expect(res.body).toEqual({ appended: 0, revised: 1, unchanged: 0, errors: [], warnings: [] });
    const last = (await ctx.deps.log.readStream(streams.dividends(id))).at(-1)!;
    expect(last).toMatchObject({ type: 'DistributionRevised', data: { exDate: '2026-03-03', amount: '0.4', previousAmount: '0.3987', payDate: '2026-03-04' } });
  });

  it.each([
    ['an empty file', '', 'CSV file is empty or contains no data rows'],
    ['no ex-date column', 'Pay Date,Amount\n2026-03-03,1\n', "CSV must include an 'Ex Date' column in the header row"],
    ['no amount column', 'Ex Date,Pay Date\n2026-03-03,2026-03-04\n', "CSV must include an 'Amount' column in the header row"],
  ])('answers 400 for %s', async (_what, text, message) => {
    const id = await newEtf();
    expect((await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: text }).expect(400)).body).toEqual({ message });
  });

  it("answers 400 for a file whose every row is refused, with each row's reason (N13)", async () => {
    const id = await newEtf();
    const res = await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: 'Ex Date,Amount\n2026-03-03,-1\n2026-04-03,0.15\n' }).expect(400);
    expect(res.body).toEqual({
      message: "No valid distribution rows found in CSV: line 2: amount '-1' is not a number >= 0; line 3: ex-date 2026-04-03 is Good Friday: the market is closed",
      errors: { 'line 2': "Skipped: amount '-1' is not a number >= 0", 'line 3': 'Skipped: ex-date 2026-04-03 is Good Friday: the market is closed' },
    });
  });

  it('refuses a field it does not name (400 naming it) and records nothing', async () => {
    const id = await newEtf();
    const before = await head();
    expect((await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv, status: 'estimated' }).expect(400)).body).toEqual({
      message: 'Unknown field: status',
      errors: { status: 'Unknown field' },
    });
    expect(await head()).toBe(before);
  });

  it('answers 404 for an unknown fund, and is for the owner only', async () => {
    await owner.post('/api/admin/etfs/9b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f/distributions/import').send({ csv }).expect(404);
    const id = await newEtf();
    expect((await request(ctx.app).post(`/api/admin/etfs/${id}/distributions/import`).send({ csv })).status).toBe(401);
    expect((await visitor.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv })).status).toBe(403);
  });
});

describe('the distribution CSV status column and weekend ex-dates, through the API', () => {
  it('imports an issuer estimate as estimated and refuses a weekend ex-date with the rule', async () => {
    const id = await newEtf();
    const res = await owner
      .post(`/api/admin/etfs/${id}/distributions/import`)
      .send({ csv: 'Ex Date,Amount,Status\n2026-02-26,0.41,declared\n2026-03-05,0.40,Estimated\n2026-02-28,0.4,declared\n2026-03-12,0.4,pending\n' })
      .expect(200);
    expect(res.body).toEqual({
      appended: 2,
      revised: 0,
      unchanged: 0,
      errors: [
        { line: 4, message: 'Skipped: ex-date 2026-02-28 is a Saturday: an ex-date must be a weekday (Monday to Friday)' },
        { line: 5, message: "Skipped: status 'pending' must be declared or estimated (empty means declared)" },
      ],
      warnings: [],
    });
    const events = await ctx.deps.log.readStream(streams.dividends(id));
    expect(events.map((e) => [(e.data as { exDate: string }).exDate, (e.data as { status: string }).status])).toEqual([
      ['2026-02-26', 'declared'],
      ['2026-03-05', 'estimated'],
    ]);
  });
});

describe('DELETE /api/admin/etfs/:id/distributions/:exDate (metrics-audit F8)', () => {
  // The audit's AUDR: flat $10, $0.10 weekly, then a wrong $0.05 row on 02-26 (Thursdays).
  let id: string;
  let ticker: string;
  let holder: Agent;
  const prices = ['Date,Close', ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17', '18', '19', '20', '23', '24', '25', '26', '27'].map((d) => `2026-02-${d},10`), '2026-03-02,10', '2026-03-03,10'].join('\n');
  const dists = 'Ex Date,Amount\n2026-02-05,0.10\n2026-02-12,0.10\n2026-02-19,0.10\n2026-02-26,0.05\n';
  const detail = async () => (await request(ctx.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body;

  beforeAll(async () => {
    id = await newEtf();
    ticker = `IMP${n}`;
    await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: prices }).expect(200);
    await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: dists }).expect(200);
    const clock = await beginMarketDay(ctx.deps.log, '2026-03-04', { actor: 'job:begin-market-day', correlationId: 't', now: '2026-03-04T15:00:00.000Z' });
    await ctx.deps.readModels.waitFor(clock.position);
    holder = (await signUp(ctx.app)).agent;
    await holder.post('/api/user/portfolio').send({ etfId: id, shares: 100, purchasePrice: 10, purchaseDate: '2026-02-02', isDrip: 0 }).expect(201);
  });

  it('withdraws the distribution: 200 with its id, an event, and it counts nowhere afterwards', async () => {
    // before, by hand: weekly average (0.10 + 0.10 + 0.05) / 3 = 0.0833, yield 0.0833 × 52 / 10 = 43.33 %; income 100 × 0.35 = 35.00
    expect(await detail()).toMatchObject({ weeklyAverage: '0.0833', yieldPercent: '43.33' });
    expect((await holder.get('/api/user/portfolio').expect(200)).body[0]).toMatchObject({ incomeReceived: '35.00', paymentsReceived: 4 });

    const res = await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-26?reason=${encodeURIComponent('wrong row in the issuer file')}`).expect(200);
    expect(res.body).toEqual({
      id: `${id}_2026-02-26`,
      etfId: id,
      ticker,
      exDate: '2026-02-26',
      kind: 'regular',
      amount: '0.05',
      reason: 'wrong row in the issuer file',
      withdrawnAt: '2026-03-04T15:00:00.000Z',
    });
    const last = (await ctx.deps.log.readStream(streams.dividends(id))).at(-1)!;
    expect(last).toMatchObject({ type: 'DistributionWithdrawn', data: { exDate: '2026-02-26', reason: 'wrong row in the issuer file' }, metadata: { actor: `user:${ownerId}` } });

    // after, by hand: 0.10 × 52 / 10 = 52.00 %; income 100 × 0.30 = 30.00
    const after = await detail();
    expect(after).toMatchObject({ weeklyAverage: '0.1000', yieldPercent: '52.00' });
    expect(after.dividendHistory.map((d: { exDividendDate: string }) => d.exDividendDate)).toEqual(['2026-02-19', '2026-02-12', '2026-02-05']);
    expect((await holder.get('/api/user/portfolio').expect(200)).body[0]).toMatchObject({ incomeReceived: '30.00', paymentsReceived: 3 });
    const calendar = (await request(ctx.app).get('/api/dividends/calendar').expect(200)).body.filter((e: { ticker: string }) => e.ticker === ticker);
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.every((e: { amount: string }) => Number(e.amount) === 0.1)).toBe(true);
    const mine = (await holder.get('/api/user/dividends/calendar').expect(200)).body.filter((e: { ticker: string }) => e.ticker === ticker);
    expect(mine.every((e: { exDate: string }) => e.exDate !== '2026-02-26')).toBe(true);
  });

  it('answers 404 when there is no such distribution, or it was already withdrawn', async () => {
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-27`).expect(404)).body).toEqual({ message: `${ticker} has no distribution with ex-date 2026-02-27` });
    const before = await head();
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-26`).expect(404)).body).toEqual({
      message: `The ${ticker} distribution with ex-date 2026-02-26 was already withdrawn`,
    });
    expect(await head()).toBe(before);
    expect((await owner.delete('/api/admin/etfs/9b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f/distributions/2026-02-26').expect(404)).body).toEqual({ message: 'ETF not found' });
  });

  it('answers 400 on a malformed ex-date or an over-long reason', async () => {
    for (const bad of ['2026-02-30', 'yesterday', '02-26-2026']) {
      expect((await owner.delete(`/api/admin/etfs/${id}/distributions/${bad}`).expect(400)).body).toEqual({
        message: `Ex-date must be a date YYYY-MM-DD, e.g. 2026-11-19 (got '${bad}')`,
        errors: { exDate: `Ex-date must be a date YYYY-MM-DD, e.g. 2026-11-19 (got '${bad}')` },
      });
    }
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-19?reason=${'x'.repeat(201)}`).expect(400)).body).toEqual({
      message: 'Reason must be at most 200 characters',
      errors: { reason: 'Reason must be at most 200 characters' },
    });
  });

  it('takes no body: a field is refused (400 naming it) and nothing is withdrawn', async () => {
    const before = await head();
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-19`).send({ reason: 'in the body' }).expect(400)).body).toEqual({
      message: 'Unknown field: reason',
      errors: { reason: 'Unknown field' },
    });
    expect(await head()).toBe(before);
  });

  it('is for the owner only', async () => {
    expect((await request(ctx.app).delete(`/api/admin/etfs/${id}/distributions/2026-02-19`)).status).toBe(401);
    expect((await visitor.delete(`/api/admin/etfs/${id}/distributions/2026-02-19`)).status).toBe(403);
  });

  it('an owner\'s import declares a withdrawn distribution again', async () => {
    const res = await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: 'Ex Date,Amount\n2026-02-26,0.10\n' }).expect(200);
    expect(res.body).toMatchObject({ appended: 1 });
    expect(await detail()).toMatchObject({ weeklyAverage: '0.1000', yieldPercent: '52.00' });
  });
});

describe('kinds of distribution through the API (N1)', () => {
  // The audit's N3SQ in small: flat $20, $0.20 every Thursday, then a regular $0.20 and a special $1.00 ex Thursday 02-26.
  let id: string;
  let ticker: string;
  const prices = ['Date,Close', ...['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '17', '18', '19', '20', '23', '24', '25', '26', '27'].map((d) => `2026-02-${d},20`), '2026-03-02,20', '2026-03-03,20'].join('\n');
  const dists = 'Ex Date,Pay Date,Amount,Type\n2026-02-05,2026-02-06,0.20,\n2026-02-12,2026-02-13,0.20,Regular\n2026-02-19,2026-02-20,0.20,\n2026-02-26,2026-02-27,0.20,Regular\n2026-02-26,2026-02-27,1.00,Special\n';
  const detail = async () => (await request(ctx.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body;

  beforeAll(async () => {
    id = await newEtf();
    ticker = `IMP${n}`;
    await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: prices }).expect(200);
    const res = await owner.post(`/api/admin/etfs/${id}/distributions/import`).send({ csv: dists }).expect(200);
    expect(res.body).toEqual({ appended: 5, revised: 0, unchanged: 0, errors: [], warnings: [] });
    const clock = await beginMarketDay(ctx.deps.log, '2026-03-04', { actor: 'job:begin-market-day', correlationId: 't', now: '2026-03-04T15:00:00.000Z' });
    await ctx.deps.readModels.waitFor(clock.position);
  });

  it('records both distributions of the ex-date; the distribution rate stays at the regular $0.20', async () => {
    const d = await detail();
    // 0.20 x 52 / 20 = 52.00 (the special as the latest declared gave 1.00 x 52 / 20 = 260.00)
    expect(d).toMatchObject({ distributionRate: '52.00', yieldPercent: '52.00', annualDripYield: '67.77', frequencyUsed: 'weekly', yieldBasis: { payouts: 3 } });
    expect(d.dividendHistory.slice(0, 2).map((h: { id: string; amount: string; kind: string }) => [h.id, h.amount, h.kind])).toEqual([
      [`${id}_2026-02-26`, '0.2', 'regular'],
      [`${id}_2026-02-26_special`, '1', 'special'],
    ]);
  });

  it('withdraws the special with ?kind=special; the regular payout of its ex-date stays', async () => {
    const res = await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-26?kind=special`).expect(200);
    expect(res.body).toMatchObject({ id: `${id}_2026-02-26_special`, exDate: '2026-02-26', kind: 'special', amount: '1' });
    const d = await detail();
    expect(d.dividendHistory.filter((h: { exDividendDate: string }) => h.exDividendDate === '2026-02-26').map((h: { kind: string }) => h.kind)).toEqual(['regular']);
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-26?kind=special`).expect(404)).body).toEqual({
      message: `The ${ticker} special distribution with ex-date 2026-02-26 was already withdrawn`,
    });
    expect((await owner.delete(`/api/admin/etfs/${id}/distributions/2026-02-26?kind=bonus`).expect(400)).body).toEqual({
      message: 'Kind must be regular, special or capital-gain',
      errors: { kind: 'Kind must be regular, special or capital-gain' },
    });
  });
});

describe('payouts that contradict the catalog frequency (N9)', () => {
  it('the import answers a warning, and the figures use the inferred frequency', async () => {
    // created without a frequency (the form has none: weekly), $1.20 every fourth Thursday at $15
    const id = await newEtf();
    const ticker = `IMP${n}`;
    await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: 'Date,Close\n2025-12-01,15\n2026-03-03,15\n' }).expect(200);
    const res = await owner
      .post(`/api/admin/etfs/${id}/distributions/import`)
      .send({ csv: 'Ex Date,Amount\n2025-12-11,1.20\n2026-01-08,1.20\n2026-02-05,1.20\n2026-03-05,1.20\n' })
      .expect(200);
    // the gaps up to today (03-04): 28 and 28 days; the declared 03-05 is after today
    expect(res.body.warnings).toEqual(['Payouts every 28 days; the catalog says weekly — figures use four-weekly']);
    const clock = await beginMarketDay(ctx.deps.log, '2026-03-04', { actor: 'job:begin-market-day', correlationId: 't', now: '2026-03-04T15:00:00.000Z' });
    await ctx.deps.readModels.waitFor(clock.position);
    const d = (await request(ctx.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body;
    // 1.20 x 13 / 15 = 104.00 (x 52 gave 416.00)
    expect(d).toMatchObject({ frequency: 'weekly', frequencyUsed: 'four-weekly', inferredFrequency: { frequency: 'four-weekly', gapDays: 28, evenly: true }, distributionRate: '104.00' });
  });
});
