import request from 'supertest';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { CSV_BODY_MESSAGE } from '../http/endpoints.ts';
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

describe('POST /api/admin/etfs/:id/prices/import', () => {
  const csv = [
    'Date,Open,High,Low,Close/Last,Volume',
    '03/02/2026,$49.00,$50.50,$48.50,$50.00,"1,200"',
    '2026-03-03,50,50.5,49.5,50.10,900',
    'yesterday,1,1,1,1,1',
    '2025-12-31,48,48.2,47.9,48.1,',
  ].join('\n');

  it('records the bars through the price streams, reports counts and skipped lines, as the owner', async () => {
    const id = await newEtf();
    const res = await owner.post(`/api/admin/etfs/${id}/prices/import`).set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(res.body).toEqual({
      appended: 3,
      revised: 0,
      unchanged: 0,
      errors: [{ line: 4, message: "Skipped: date 'yesterday' not understood (use YYYY-MM-DD or M/D/YYYY)" }],
    });
    const y2026 = await ctx.deps.log.readStream(streams.prices(id, 2026));
    expect(y2026.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['PriceBarRecorded', `user:${ownerId}`],
      ['PriceBarRecorded', `user:${ownerId}`],
    ]);
    expect(y2026[0]!.data).toEqual({ etfId: id, date: '2026-03-02', open: '49', high: '50.5', low: '48.5', close: '50', volume: 1200, source: 'csv' });
    expect(await ctx.deps.log.readStream(streams.prices(id, 2025))).toHaveLength(1);
  });

  it('is idempotent: the same file again appends nothing; a corrected close is one revision', async () => {
    const id = await newEtf();
    await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv }).expect(200);
    const before = await head();
    const again = await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv }).expect(200);
    expect(again.body).toMatchObject({ appended: 0, revised: 0, unchanged: 3 });
    expect(await head()).toBe(before);
    const corrected = await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: 'Date,Close\n2026-03-03,50.12\n' }).expect(200);
    expect(corrected.body).toEqual({ appended: 0, revised: 1, unchanged: 0, errors: [] });
    const y2026 = await ctx.deps.log.readStream(streams.prices(id, 2026));
    expect(y2026.at(-1)).toMatchObject({ type: 'PriceBarRevised', data: { date: '2026-03-03', close: '50.12', open: '50.12' } });
  });

  it.each([
    ['an empty file', '', 'CSV file is empty or contains no data rows'],
    ['no date column', 'Day of week,Close\nMon,1\n', "CSV must include a 'Date' column in the header row"],
    ['only an adjusted close', 'Date,Adj Close\n2026-03-03,1\n', "CSV must include an unadjusted 'Close' column ('Adj Close' includes the distributions and is not used)"],
    ['no close column', 'Date,Volume\n2026-03-03,1\n', "CSV must include a 'Close' column in the header row"],
    ['no valid rows', 'Date,Close\nsoon,1\n', 'No valid price rows found in CSV'],
  ])('answers 400 for %s', async (_what, text, message) => {
    const id = await newEtf();
    const res = await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv: text }).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('answers 404 for an unknown fund and 400 without CSV text', async () => {
    expect((await owner.post('/api/admin/etfs/9b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f/prices/import').send({ csv }).expect(404)).body).toEqual({ message: 'ETF not found' });
    await owner.post('/api/admin/etfs/x/prices/import').send({ csv }).expect(404);
    const id = await newEtf();
    expect((await owner.post(`/api/admin/etfs/${id}/prices/import`).send({}).expect(400)).body).toEqual({ message: CSV_BODY_MESSAGE });
  });

  it('refuses a field it does not name (400 naming it) and records nothing', async () => {
    const id = await newEtf();
    const before = await head();
    expect((await owner.post(`/api/admin/etfs/${id}/prices/import`).send({ csv, source: 'alpaca' }).expect(400)).body).toEqual({
      message: 'Unknown field: source',
      errors: { source: 'Unknown field' },
    });
    expect(await head()).toBe(before);
  });

  it('is for the owner only', async () => {
    const id = await newEtf();
    expect((await request(ctx.app).post(`/api/admin/etfs/${id}/prices/import`).send({ csv })).status).toBe(401);
    expect((await visitor.post(`/api/admin/etfs/${id}/prices/import`).send({ csv })).status).toBe(403);
  });
});
