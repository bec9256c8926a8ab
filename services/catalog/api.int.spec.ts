import request from 'supertest';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { history } from '../cli/main.ts';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { CSV_BODY_MESSAGE } from '../http/endpoints.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { ETF_CSV_MESSAGES } from './csv.ts';

let ctx: TestContext;
let owner: Agent;
let ownerId: string;
let visitor: Agent;

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

let n = 0;
/** A ticker no other test uses. */
const fresh = (prefix = 'T') => `${prefix}${String(++n).padStart(3, '0')}`;

describe('POST /api/etfs', () => {
  it('lists the ETF and answers 201 with it, ticker uppercased, extras defaulted', async () => {
    const ticker = fresh('NV');
    const res = await owner.post('/api/etfs').send({ ticker: ` ${ticker.toLowerCase()} `, name: ' Roundhill NVDA WeeklyPay ETF ', brand: 'Roundhill', description: 'Weekly pay' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ticker,
      name: 'Roundhill NVDA WeeklyPay ETF',
      brand: 'Roundhill',
      brandSlug: 'roundhill',
      description: 'Weekly pay',
      frequency: 'weekly',
      underlying: null,
      inceptionDate: null,
      dataSource: 'manual',
      listedAt: '2026-03-04T15:00:00.000Z',
    });
    // the read side already reflects it when the answer arrives
    const listed = await listCatalog(ctx.deps.readModels);
    expect(listed.find((e) => e._id === res.body.id)).toMatchObject({ ticker, name: 'Roundhill NVDA WeeklyPay ETF' });
  });

  it('takes the optional extras: frequency, underlying, inception date', async () => {
    const res = await owner
      .post('/api/etfs')
      .send({ ticker: fresh('X'), name: 'Four-weekly fund', frequency: 'four-weekly', underlying: 'nvda', inceptionDate: '2024-05-01' })
      .expect(201);
    expect(res.body).toMatchObject({ frequency: 'four-weekly', underlying: 'NVDA', inceptionDate: '2024-05-01', brand: '', description: '' });
  });

  it('requires ticker and name, with the form messages', async () => {
    const res = await owner.post('/api/etfs').send({}).expect(400);
    expect(res.body).toEqual({ message: 'Ticker is required', errors: { ticker: 'Ticker is required', name: 'Name is required' } });
    const blank = await owner.post('/api/etfs').send({ ticker: '   ', name: 'x' }).expect(400);
    expect(blank.body.errors).toEqual({ ticker: 'Ticker is required' });
    const noName = await owner.post('/api/etfs').send({ ticker: fresh('Y'), name: null }).expect(400);
    expect(noName.body).toEqual({ message: 'Name is required', errors: { name: 'Name is required' } });
  });

  it('checks the ticker format and the other fields', async () => {
    const res = await owner.post('/api/etfs').send({ ticker: 'NOT A TICKER', name: 'x' }).expect(400);
    expect(res.body.errors).toEqual({ ticker: 'Ticker must be 1-8 letters or digits' });
    const freq = await owner.post('/api/etfs').send({ ticker: fresh('F'), name: 'x', frequency: 'daily' }).expect(400);
    expect(freq.body.errors.frequency).toMatch(/^Frequency must be one of weekly/);
    const date = await owner.post('/api/etfs').send({ ticker: fresh('D'), name: 'x', inceptionDate: '2025-02-30' }).expect(400);
    expect(date.body.errors).toEqual({ inceptionDate: 'Inception date must be YYYY-MM-DD' });
  });

  it('answers 409 for a ticker that is taken, whatever its case', async () => {
    const ticker = fresh('DUP');
    await owner.post('/api/etfs').send({ ticker, name: 'First' }).expect(201);
    const res = await owner.post('/api/etfs').send({ ticker: ticker.toLowerCase(), name: 'Second' }).expect(409);
    expect(res.body).toEqual({ message: `An ETF with ticker ${ticker} already exists` });
    // nothing half-written: one reservation, one listing
    const reservation = await ctx.deps.log.readStream(streams.ticker(ticker));
    expect(reservation.map((e) => e.type)).toEqual(['TickerReserved']);
  });

  it('lets exactly one of concurrent creations of a ticker win, and the winner keeps the ticker', async () => {
    for (let round = 0; round < 5; round++) {
      const ticker = fresh('RACE');
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => owner.post('/api/etfs').send({ ticker, name: `Fund ${i}` })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const listed = (await listCatalog(ctx.deps.readModels)).filter((e) => e.ticker === ticker);
      expect(listed).toHaveLength(1);
      const reservation = await ctx.deps.log.readStream(streams.ticker(ticker));
      const last = reservation.at(-1)!;
      expect([last.type, (last.data as { etfId: string }).etfId]).toEqual(['TickerReserved', listed[0]!._id]);
    }
  });

  it('refuses a field it does not name (400 naming it) and lists nothing', async () => {
    const ticker = fresh('UF');
    const res = await owner.post('/api/etfs').send({ ticker, name: 'Unknown field', expenseRatio: '0.99' }).expect(400);
    expect(res.body).toEqual({ message: 'Unknown field: expenseRatio', errors: { expenseRatio: 'Unknown field' } });
    expect(await ctx.deps.log.readStream(streams.ticker(ticker))).toEqual([]);
  });

  it('is for the owner only: 401 signed out, 403 for anyone else', async () => {
    const body = { ticker: fresh('G'), name: 'Guarded' };
    expect((await request(ctx.app).post('/api/etfs').send(body)).status).toBe(401);
    const res = await visitor.post('/api/etfs').send(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Admin access required' });
    expect(await ctx.deps.log.readStream(streams.ticker(body.ticker))).toEqual([]);
  });
});

describe('PUT /api/admin/etfs/:id', () => {
  it('changes the details, keeps what the form does not send, and answers the ETF', async () => {
    const created = await owner.post('/api/etfs').send({ ticker: fresh('U'), name: 'Before', brand: 'YieldMax', frequency: 'four-weekly' }).expect(201);
    const ticker = fresh('U');
    const res = await owner.put(`/api/admin/etfs/${created.body.id}`).send({ ticker: ticker.toLowerCase(), name: 'After', brand: 'YieldMax', description: 'New text' }).expect(200);
    expect(res.body).toMatchObject({ id: created.body.id, ticker, name: 'After', brand: 'YieldMax', description: 'New text', frequency: 'four-weekly' });
    // the old ticker is free again, the new one is held
    await owner.post('/api/etfs').send({ ticker: created.body.ticker, name: 'Takes the old ticker' }).expect(201);
    await owner.post('/api/etfs').send({ ticker, name: 'Wants the new ticker' }).expect(409);
  });

  it('answers 409 when renaming to a ticker another ETF holds, and changes nothing', async () => {
    const a = await owner.post('/api/etfs').send({ ticker: fresh('A'), name: 'A' }).expect(201);
    const b = await owner.post('/api/etfs').send({ ticker: fresh('B'), name: 'B' }).expect(201);
    const res = await owner.put(`/api/admin/etfs/${b.body.id}`).send({ ticker: a.body.ticker, name: 'B renamed' }).expect(409);
    expect(res.body).toEqual({ message: `An ETF with ticker ${a.body.ticker} already exists` });
    const events = await ctx.deps.log.readStream(streams.etf(b.body.id));
    expect(events.map((e) => e.type)).toEqual(['EtfListed']);
  });

  it('validates like the create form', async () => {
    const a = await owner.post('/api/etfs').send({ ticker: fresh('V'), name: 'V' }).expect(201);
    const res = await owner.put(`/api/admin/etfs/${a.body.id}`).send({ ticker: a.body.ticker, name: '' }).expect(400);
    expect(res.body).toEqual({ message: 'Name is required', errors: { name: 'Name is required' } });
  });

  it('refuses a field it does not name (400 naming it) and changes nothing', async () => {
    const a = await owner.post('/api/etfs').send({ ticker: fresh('UU'), name: 'Before' }).expect(201);
    const res = await owner.put(`/api/admin/etfs/${a.body.id}`).send({ ticker: a.body.ticker, name: 'After', dataSource: 'alpaca' }).expect(400);
    expect(res.body).toEqual({ message: 'Unknown field: dataSource', errors: { dataSource: 'Unknown field' } });
    expect((await ctx.deps.log.readStream(streams.etf(a.body.id))).map((e) => e.type)).toEqual(['EtfListed']);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await owner.put('/api/admin/etfs/9b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f').send({ ticker: 'ZZZ', name: 'x' }).expect(404);
    expect(res.body).toEqual({ message: 'ETF not found' });
    await owner.put('/api/admin/etfs/not-an-id').send({ ticker: 'ZZZ', name: 'x' }).expect(404);
  });

  it('is for the owner only', async () => {
    const a = await owner.post('/api/etfs').send({ ticker: fresh('W'), name: 'W' }).expect(201);
    expect((await request(ctx.app).put(`/api/admin/etfs/${a.body.id}`).send({ ticker: 'Q', name: 'q' })).status).toBe(401);
    expect((await visitor.put(`/api/admin/etfs/${a.body.id}`).send({ ticker: 'Q', name: 'q' })).status).toBe(403);
  });
});

describe('audit', () => {
  it('shows who changed what and when in the history of the ETF stream', async () => {
    const created = await owner.post('/api/etfs').send({ ticker: fresh('H'), name: 'Audited', brand: 'REX' }).expect(201);
    ctx.advance(60_000);
    await owner.put(`/api/admin/etfs/${created.body.id}`).send({ ticker: created.body.ticker, name: 'Audited', brand: 'REX', description: 'Now described' }).expect(200);
    const lines: string[] = [];
    const code = await history({ ...ctx.deps.config }, streams.etf(created.body.id), { json: true, write: (l) => lines.push(l) });
    expect(code).toBe(0);
    const events = lines.map((l) => JSON.parse(l) as { type: string; metadata: { actor: string }; data: Record<string, unknown> });
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['EtfListed', `user:${ownerId}`],
      ['EtfDetailsChanged', `user:${ownerId}`],
    ]);
    expect(events[1]!.data).toEqual({ etfId: created.body.id, description: 'Now described', changedAt: '2026-03-04T15:01:00.000Z' });
  });
});

describe('ETF CSV import and export', () => {
  it('creates each row and reports created and failed rows; a duplicate fails alone', async () => {
    const [a, b, taken] = [fresh('C'), fresh('C'), fresh('C')];
    await owner.post('/api/etfs').send({ ticker: taken, name: 'Already there' }).expect(201);
    const csv = ['Ticker , NAME,brand,description', `${a.toLowerCase()},Fund A,Roundhill,"Pays weekly, on Tuesdays"`, `${taken},Duplicate,,`, ',No ticker,,', `${b},Fund B,YieldMax,`, `${a},Again,,`].join('\n');
    const res = await owner.post('/api/admin/etfs/import').send({ csv }).expect(200);
    expect(res.body).toEqual({
      created: 2,
      failed: 2,
      results: [
        { line: 2, ticker: a, status: 'created', id: expect.any(String) },
        { line: 3, ticker: taken, status: 'failed', message: `An ETF with ticker ${taken} already exists` },
        { line: 5, ticker: b, status: 'created', id: expect.any(String) },
        { line: 6, ticker: a, status: 'failed', message: `An ETF with ticker ${a} already exists` },
      ],
      skipped: [{ line: 4, message: 'Skipped: ticker and name are required' }],
      message: 'Successfully created 2 ETFs, 2 failed',
    });
    const listed = await listCatalog(ctx.deps.readModels);
    expect(listed.find((e) => e.ticker === a)).toMatchObject({ name: 'Fund A', brand: 'Roundhill', description: 'Pays weekly, on Tuesdays' });
    expect(listed.filter((e) => e.ticker === taken)).toHaveLength(1);
  });

  it('takes a text/csv body and reports when every row failed', async () => {
    const taken = fresh('E');
    await owner.post('/api/etfs').send({ ticker: taken, name: 'There' }).expect(201);
    const res = await owner.post('/api/admin/etfs/import').set('Content-Type', 'text/csv').send(`ticker,name\n${taken},Again\nBAD TICKER,Bad\n`).expect(200);
    expect(res.body).toMatchObject({
      created: 0,
      failed: 2,
      message: 'All 2 ETF rows failed to create. Check for duplicate tickers or invalid data.',
      results: [
        { line: 2, ticker: taken, status: 'failed', message: `An ETF with ticker ${taken} already exists` },
        { line: 3, ticker: 'BAD TICKER', status: 'failed', message: 'Ticker must be 1-8 letters or digits' },
      ],
    });
  });

  it.each([
    ['an empty file', '', ETF_CSV_MESSAGES.empty],
    ['a header only', 'ticker,name\n', ETF_CSV_MESSAGES.empty],
    ['no ticker column', 'symbol,name\nNVDW,x\n', ETF_CSV_MESSAGES.header],
    ['no name column', 'ticker,title\nNVDW,x\n', ETF_CSV_MESSAGES.header],
    ['no valid rows', 'ticker,name\n,x\nNVDW,\n', ETF_CSV_MESSAGES.noValidRows],
  ])('answers 400 for %s with the spec message', async (_what, csv, message) => {
    const res = await owner.post('/api/admin/etfs/import').send({ csv }).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('answers 400 for a file csv-parse cannot read', async () => {
    const res = await owner.post('/api/admin/etfs/import').send({ csv: 'ticker,name\n"NVDW,unterminated\n' }).expect(400);
    expect(res.body.message).toMatch(/^CSV parsing error: /);
  });

  it('answers 400 for a request without CSV text', async () => {
    const res = await owner.post('/api/admin/etfs/import').send({ file: 'x' }).expect(400);
    expect(res.body).toEqual({ message: CSV_BODY_MESSAGE, errors: { file: 'Unknown field' } });
  });

  it('refuses a field beside the CSV text (400 naming it) and lists nothing', async () => {
    const ticker = fresh('UI');
    const res = await owner.post('/api/admin/etfs/import').send({ csv: `ticker,name\n${ticker},Fund\n`, dryRun: true }).expect(400);
    expect(res.body).toEqual({ message: 'Unknown field: dryRun', errors: { dryRun: 'Unknown field' } });
    expect(await ctx.deps.log.readStream(streams.ticker(ticker))).toEqual([]);
  });

  it('exports the list as etfs-<date>.csv with columns ticker,name,brand,description', async () => {
    const ticker = fresh('Z');
    await owner.post('/api/etfs').send({ ticker, name: 'Quoted, "name"', brand: 'Nicholas', description: 'two\nlines' }).expect(201);
    const res = await owner.get('/api/admin/etfs/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="etfs-2026-03-04.csv"');
    const text = res.text;
    expect(text.startsWith('ticker,name,brand,description\r\n')).toBe(true);
    expect(text).toContain(`${ticker},"Quoted, ""name""",Nicholas,"two\nlines"\r\n`);
    // what the export writes, the import reads back (every row is now a duplicate)
    const again = await owner.post('/api/admin/etfs/import').send({ csv: text }).expect(200);
    expect(again.body.results.filter((r: { status: string }) => r.status === "created")).toEqual([]);
    expect(again.body.failed).toBe((await listCatalog(ctx.deps.readModels)).length);
  });

  it('is for the owner only', async () => {
    expect((await request(ctx.app).get('/api/admin/etfs/export.csv')).status).toBe(401);
    expect((await visitor.get('/api/admin/etfs/export.csv')).status).toBe(403);
    expect((await visitor.post('/api/admin/etfs/import').send({ csv: 'ticker,name\nQQQ9,x' })).status).toBe(403);
  });
});
