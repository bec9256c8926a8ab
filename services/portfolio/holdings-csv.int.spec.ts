import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { FIDELITY_SAMPLE, ROBINHOOD_SAMPLE, SCHWAB_SAMPLE } from './holdings-csv.fixtures.ts';
import { BROKER_SAMPLES_DIR, brokerSampleFiles } from './holdings-csv-samples.ts';
import { parseHoldingsCsv } from './holdings-csv.ts';
import { DRPW, drpwEvents, given, listed } from './test-helpers.ts';
import type { FundFixture } from '../../read-models/market/fixtures.ts';

let ctx: TestContext;
/** The second fund of the broker samples (no market data: its figures are null). */
const T1W: FundFixture = { etfId: '9f100000-0000-4000-8000-000000000001', ticker: 'T1W', name: 'Test Fund 1', brand: 'Roundhill', underlying: null };
const HEADER = 'ticker,shares,purchasePrice,purchaseDate,isDrip';

// Friday 2026-01-23, noon in New York; the market day is 2026-01-23 (test-helpers.ts, DRPW: first bar 2026-01-02).
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, [...drpwEvents(), listed(T1W)]);
});
afterAll(async () => {
  await ctx?.close();
});

const csv = (...lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;

async function stream(userId: string) {
  return ctx.deps.log.readStream(streams.portfolio(userId));
}

describe('GET /api/user/portfolio/export.csv', () => {
  it('answers 401 to a visitor', async () => {
    await request(ctx.app).get('/api/user/portfolio/export.csv').expect(401, { message: 'Not authenticated' });
  });

  it('downloads the holdings as entered, in the order added, as a dated attachment', async () => {
    const { agent } = await signUp(ctx.app);
    const empty = await agent.get('/api/user/portfolio/export.csv').expect(200);
    expect(empty.text).toBe(`${HEADER}\r\n`);
    await agent.post('/api/user/portfolio').send({ etfId: T1W.etfId, shares: '0.5' }).expect(201);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '100', purchasePrice: '20.50', purchaseDate: '2026-01-02', isDrip: 1 }).expect(201);
    const res = await agent.get('/api/user/portfolio/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="weeklydiv-holdings-2026-01-23.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toBe(`${HEADER}\r\nT1W,0.5,,,0\r\nDRPW,100,20.5,2026-01-02,1\r\n`);
  });
});

describe('POST /api/user/portfolio/import', () => {
  it('answers 401 to a visitor', async () => {
    await request(ctx.app).post('/api/user/portfolio/import').type('text/csv').send(csv('DRPW,1,,,0')).expect(401, { message: 'Not authenticated' });
  });

  it('creates holdings from our layout (text/csv or JSON {csv}); export then import changes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const created = await agent.post('/api/user/portfolio/import').type('text/csv').send(csv('DRPW,100,20,2026-01-02,1', 'T1W,3,,,0')).expect(200);
    expect(created.body).toEqual({ created: 2, updated: 0, errors: [] });
    // the answer waited for the read side: the holdings and their figures are there (views.unit.spec.ts: 105.75 shares, 117.13 income)
    const portfolio = (await agent.get('/api/user/portfolio').expect(200)).body;
    expect(portfolio).toMatchObject([
      { etfId: DRPW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 1, currentShares: '105.75', incomeReceived: '117.13' },
      { etfId: T1W.etfId, shares: '3', purchasePrice: null, purchaseDate: null, isDrip: 0 },
    ]);
    const events = await stream(id);
    // one append: consecutive positions, one correlation id
    expect(events.map((e) => e.type)).toEqual(['HoldingAdded', 'HoldingAdded']);
    expect(events[1]!.position).toBe(events[0]!.position + 1);
    expect(events[1]!.metadata.correlationId).toBe(events[0]!.metadata.correlationId);

    const exported = (await agent.get('/api/user/portfolio/export.csv').expect(200)).text;
    await agent.post('/api/user/portfolio/import').send({ csv: exported }).expect(200, { created: 0, updated: 0, errors: [] });
    expect(await stream(id)).toHaveLength(2);
    await agent.get('/api/user/portfolio').expect(200, portfolio);
  });

  it("updates the user's own holding of the same fund (HoldingUpdated), never a second one, and the portfolio's figures follow", async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 1 }).expect(201);
    // read once, so the user-area cache holds the old figures
    expect((await agent.get('/api/user/portfolio').expect(200)).body[0]).toMatchObject({ currentShares: '105.75' });
    const res = await agent.post('/api/user/portfolio/import').type('text/csv').send(csv('DRPW,200,21,2026-01-02,0', 'T1W,1,,,0')).expect(200);
    expect(res.body).toEqual({ created: 1, updated: 1, errors: [] });
    const [drpw, t1w] = (await agent.get('/api/user/portfolio').expect(200)).body;
    // 200 shares, no DRIP: income 200 x (0.5 + 0.4 + 0.25) = 230.00; value 200 x 22 = 4,400.00; price change 200 x (22 - 21) = 200.00
    expect(drpw).toMatchObject({ shares: '200', purchasePrice: '21', isDrip: 0, currentShares: '200', currentValue: '4400.00', incomeReceived: '230.00', priceChange: '200.00' });
    expect(t1w).toMatchObject({ etfId: T1W.etfId, shares: '1' });
    const events = await stream(id);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['HoldingAdded', expect.anything()],
      ['HoldingUpdated', { userId: id, holdingId: drpw.id, etfId: DRPW.etfId, shares: '200', purchasePrice: '21', purchaseDate: '2026-01-02', isDrip: false, updatedAt: '2026-01-23T17:00:00.000Z' }],
      ['HoldingAdded', expect.objectContaining({ etfId: T1W.etfId })],
    ]);
    // the payout calendar follows too: the next payout (0.30 on 2026-01-28) on 200 shares
    const calendar = (await agent.get('/api/user/dividends/calendar').expect(200)).body;
    expect(calendar).toEqual(expect.arrayContaining([expect.objectContaining({ ticker: 'DRPW', payoutDate: '2026-01-28', shares: '200', estimatedPayout: '60.00' })]));
  });

  it('reports each broken line with its message (unknown ticker, bad numbers, dates) and imports the others', async () => {
    const { agent, id } = await signUp(ctx.app);
    const text = csv(
      'NOPE,5,,,0',
      'DRPW,abc,,,0',
      'DRPW,5,-3,,0',
      'DRPW,5,,2026-01-24,0',
      'DRPW,5,,2025-12-31,0',
      'DRPW,5,,13/45/2026,0',
      'DRPW,5,,,2',
      'T1W,2,10,2026-01-23,1',
      'T1W,4,,,0',
    );
    const res = await agent.post('/api/user/portfolio/import').type('text/csv').send(text).expect(200);
    expect(res.body).toEqual({
      created: 1,
      updated: 0,
      errors: [
        { line: 2, message: 'ETF not found: NOPE is not in the WeeklyDiv catalog' },
        { line: 3, message: 'Shares: Must be a positive number' },
        { line: 4, message: 'Purchase price must be a positive number' },
        { line: 5, message: 'Purchase date cannot be in the future' },
        { line: 6, message: "Purchase date cannot be before DRPW's first trading day, 2026-01-02" },
        { line: 7, message: 'Purchase date must be a valid date (YYYY-MM-DD)' },
        { line: 8, message: 'isDrip: Must be 1 or 0' },
        { line: 10, message: 'T1W already appears on line 9' },
      ],
    });
    expect((await stream(id)).map((e) => e.data)).toEqual([expect.objectContaining({ etfId: T1W.etfId, shares: '2', purchasePrice: '10', purchaseDate: '2026-01-23', isDrip: true })]);
  });

  it('writes nothing when every line fails', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio/import').type('text/csv').send(csv('NOPE,5,,,0')).expect(200, { created: 0, updated: 0, errors: [{ line: 2, message: 'ETF not found: NOPE is not in the WeeklyDiv catalog' }] });
    expect(await stream(id)).toEqual([]);
  });

  it('reads a Fidelity positions download: accounts added up, cost averaged, cash and disclaimers skipped, other securities reported', async () => {
    const { agent } = await signUp(ctx.app);
    const res = await agent.post('/api/user/portfolio/import').type('text/csv').send(FIDELITY_SAMPLE).expect(200);
    expect(res.body).toEqual({ created: 1, updated: 0, errors: [{ line: 5, message: 'ETF not found: AAPL is not in the WeeklyDiv catalog' }] });
    expect((await agent.get('/api/user/portfolio').expect(200)).body).toMatchObject([{ etfId: DRPW.etfId, shares: '150.5', purchasePrice: '19.9329', purchaseDate: null, isDrip: 0 }]);
  });

  it('reads a Schwab positions download (Reinvest? as DRIP), and a later one updates the same holdings keeping the purchase date', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '90', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    const res = await agent.post('/api/user/portfolio/import').type('text/csv').send(SCHWAB_SAMPLE).expect(200);
    expect(res.body).toEqual({ created: 1, updated: 1, errors: [] });
    expect((await agent.get('/api/user/portfolio').expect(200)).body).toMatchObject([
      { etfId: DRPW.etfId, shares: '100', purchasePrice: '20.5', purchaseDate: '2026-01-02', isDrip: 1 },
      { etfId: T1W.etfId, shares: '1000', purchasePrice: null, purchaseDate: null, isDrip: 0 },
    ]);
    await agent.post('/api/user/portfolio/import').type('text/csv').send(SCHWAB_SAMPLE).expect(200, { created: 0, updated: 0, errors: [] });
    expect(await stream(id)).toHaveLength(3);
  });

  it('reads a Robinhood positions list', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio/import').send({ csv: ROBINHOOD_SAMPLE }).expect(200, { created: 2, updated: 0, errors: [] });
    expect((await agent.get('/api/user/portfolio').expect(200)).body).toMatchObject([
      { etfId: DRPW.etfId, shares: '12.345678', purchasePrice: '20.1' },
      { etfId: T1W.etfId, shares: '3', purchasePrice: null },
    ]);
  });

  it('leaves a holding synced from a brokerage alone: a differing line is an error, the exported values are no change', async () => {
    const { agent, id } = await signUp(ctx.app);
    await given(ctx, [
      {
        stream: streams.portfolio(id),
        type: 'HoldingAdded',
        data: { userId: id, holdingId: '7a000000-0000-4000-8000-000000000001', etfId: DRPW.etfId, shares: '40', purchasePrice: '21', purchaseDate: null, isDrip: false, addedAt: '2026-01-20T15:00:00.000Z', source: 'brokerage' },
      },
    ]);
    const exported = (await agent.get('/api/user/portfolio/export.csv').expect(200)).text;
    expect(exported).toBe(`${HEADER}\r\nDRPW,40,21,,0\r\n`);
    await agent.post('/api/user/portfolio/import').type('text/csv').send(exported).expect(200, { created: 0, updated: 0, errors: [] });
    await agent
      .post('/api/user/portfolio/import')
      .type('text/csv')
      .send(csv('DRPW,45,21,,0'))
      .expect(200, { created: 0, updated: 0, errors: [{ line: 2, message: 'DRPW is synced from your brokerage: change it there (the next sync would overwrite it)' }] });
    expect(await stream(id)).toHaveLength(1);
  });

  it.each(brokerSampleFiles())('imports the broker sample %s (a fund of it as DRPW) and, imported again, changes nothing: no second holding', async (file) => {
    const { agent, id } = await signUp(ctx.app);
    // the sample's first position line, its symbol swapped for a catalog fund
    const lines = readFileSync(path.join(BROKER_SAMPLES_DIR, file), 'utf8').split('\n');
    const first = parseHoldingsCsv(lines.join('\n'), '2026-01-23').rows[0]!;
    const original = lines[first.line - 1]!;
    const symbol = [...original.matchAll(/[^,"]+/g)].map((m) => m[0]).find((cell) => cell.trim().toUpperCase() === first.ticker)!;
    lines[first.line - 1] = original.replace(symbol, 'DRPW');
    const text = lines.join('\n');

    const once = await agent.post('/api/user/portfolio/import').type('text/csv').send(text).expect(200);
    expect(once.body.created).toBe(1);
    const written = await stream(id);
    const holdings = (await agent.get('/api/user/portfolio').expect(200)).body;
    expect(holdings.map((h: { etfId: string }) => h.etfId)).toEqual([DRPW.etfId]);

    const again = await agent.post('/api/user/portfolio/import').type('text/csv').send(text).expect(200);
    // the other funds of the file are not in the test catalog: the same lines reported again
    expect(again.body).toEqual({ created: 0, updated: 0, errors: once.body.errors });
    expect(await stream(id)).toHaveLength(written.length);
    await agent.get('/api/user/portfolio').expect(200, holdings);
  });

  it('answers 400 for a file it cannot read and for a JSON body without csv', async () => {
    const { agent } = await signUp(ctx.app);
    await agent
      .post('/api/user/portfolio/import')
      .type('text/csv')
      .send('fund,amount\nDRPW,5\n')
      .expect(400, {
        message:
          "No header row found: the file needs a 'ticker' and a 'shares' column (the WeeklyDiv layout) or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill, Interactive Brokers or Webull (with 'Symbol' and 'Quantity' columns)",
      });
    await agent.post('/api/user/portfolio/import').type('text/csv').send(`${HEADER}\n`).expect(400, { message: 'The CSV file has no holdings rows' });
    await agent.post('/api/user/portfolio/import').type('text/csv').send('').expect(400, { message: 'The CSV file is empty' });
    await agent
      .post('/api/user/portfolio/import')
      .send({ file: 'x' })
      .expect(400, { message: 'Send the CSV file as text/csv or as JSON { "csv": "..." }', errors: { file: 'Unknown field' } });
    await agent.post('/api/user/portfolio/import').send({ csv: `${HEADER}\nDRPW,5,,,0\n`, note: 'x' }).expect(400, { message: 'Unknown field: note', errors: { note: 'Unknown field' } });
    await agent.post('/api/user/portfolio/import').send({ csv: 5 }).expect(400, { message: 'Send the CSV file as text/csv or as JSON { "csv": "..." }' });
  });

  it('answers 413 beyond 256 KiB, as text/csv or as JSON, and writes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const big = csv(...Array.from({ length: 30_000 }, () => 'DRPW,1,,,0'));
    expect(Buffer.byteLength(big)).toBeGreaterThan(256 * 1024);
    await agent.post('/api/user/portfolio/import').type('text/csv').send(big).expect(413, { message: 'Request body is too large' });
    await agent.post('/api/user/portfolio/import').send({ csv: big }).expect(413, { message: 'Request body is too large' });
    expect(await stream(id)).toEqual([]);
    // a file under the limit is read: one line per fund, the repeats reported
    const fits = csv(...Array.from({ length: 100 }, () => 'DRPW,1,,,0'));
    const ok = await agent.post('/api/user/portfolio/import').type('text/csv').send(fits).expect(200);
    expect(ok.body).toMatchObject({ created: 1, updated: 0 });
    expect(ok.body.errors).toHaveLength(99);
  });
});
