import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DividendHistoryImportResult, PayoutLedger } from '../../contracts/payouts.ts';
import { businessDaysBetween } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { bar, distribution, fund, given, listed, marketDay } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * `POST /api/user/payouts/import` (docs/payouts.md "Dividend history files"): a broker's dividend
 * history for hand-entered holdings. HISW pays weekly, ex Tuesday, paid Wednesday: 0.50 (ex 01-06),
 * 0.40 (01-13), 0.25 (01-20). The user holds 100 HISW by hand (bought 2026-01-02). Today is Friday
 * 2026-01-23. A Schwab Transactions download says: $50.00 on 01-07 (received), $30.00 on 01-14
 * (short: 40.00 expected), a dividend of AAPL (no such holding: unmatched) and its buys and interest.
 */
let ctx: TestContext;
const HISW = { ...fund(), ticker: 'HISW' };

const SCHWAB = [
  '"Transactions  for account Individual ...123 as of 01/23/2026 17:02:11 ET"',
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/14/2026","Qualified Dividend","HISW","HISTORY WEEKLYPAY ETF","","","","$30.00"',
  '"01/12/2026","Qualified Dividend","AAPL","APPLE INC","","","","$2.40"',
  '"01/07/2026","Cash Dividend","HISW","HISTORY WEEKLYPAY ETF","","","","$50.00"',
  '"01/05/2026","Credit Interest","","SCHWAB1 INT","","","","$0.50"',
  '"01/02/2026","Buy","HISW","HISTORY WEEKLYPAY ETF","100","$20.00","","-$2000.00"',
].join('\r\n');

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T20:00:00.000Z') });
  await given(ctx, [
    listed(HISW),
    ...businessDaysBetween('2026-01-02', '2026-01-23').map((d) => bar(HISW.etfId, d, '20')),
    distribution(HISW.etfId, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
    distribution(HISW.etfId, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
    distribution(HISW.etfId, '2026-01-20', '0.25', { payDate: '2026-01-21' }),
    marketDay('2026-01-23'),
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

async function holder() {
  const user = await signUp(ctx.app);
  await user.agent.post('/api/user/portfolio').send({ etfId: HISW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
  return user;
}

describe('POST /api/user/payouts/import', () => {
  it('answers 401 to a visitor', async () => {
    await request(ctx.app).post('/api/user/payouts/import').type('text/csv').send(SCHWAB).expect(401, { message: 'Not authenticated' });
  });

  it("matches the file's dividends to the hand-entered holding's payouts (received, short), lists the rest; the same file again records nothing", async () => {
    const { agent, id } = await holder();
    const first = (await agent.post('/api/user/payouts/import').type('text/csv').send(SCHWAB).expect(200)).body as DividendHistoryImportResult;
    expect(first).toMatchObject({ broker: 'schwab', lines: 3, recorded: 3, matched: 2, errors: [] });
    expect(first.unmatched.map((r) => [r.line, r.symbol, r.amount, r.date, r.source, r.accountId])).toEqual([[4, 'AAPL', '2.4', '2026-01-12', 'file', 'file:schwab']]);

    const l = (await agent.get('/api/user/payouts?from=2026-01-05&to=2026-01-23').expect(200)).body as PayoutLedger;
    expect(l.payouts.map((p) => [p.exDate, p.expected, p.received, p.status, p.match?.source])).toEqual([
      ['2026-01-06', '50.00', '50.00', 'received', 'brokerage'],
      ['2026-01-13', '40.00', '30.00', 'short', 'brokerage'],
      ['2026-01-20', '25.00', null, 'paid', undefined],
    ]);
    expect(l.unmatched.map((r) => r.symbol)).toEqual(['AAPL']);

    const events = (await ctx.deps.log.readStream(streams.payouts(id))).length;
    const again = (await agent.post('/api/user/payouts/import').send({ csv: SCHWAB }).expect(200)).body as DividendHistoryImportResult;
    expect(again).toMatchObject({ broker: 'schwab', lines: 3, recorded: 0, matched: 2 });
    expect((await ctx.deps.log.readStream(streams.payouts(id))).length).toBe(events);
  });

  it('without a hand-entered holding of the funds every record is listed unmatched, never dropped', async () => {
    const { agent } = await signUp(ctx.app);
    const res = (await agent.post('/api/user/payouts/import').type('text/csv').send(SCHWAB).expect(200)).body as DividendHistoryImportResult;
    expect(res).toMatchObject({ recorded: 3, matched: 0 });
    expect(res.unmatched.map((r) => [r.line, r.symbol])).toEqual([
      [3, 'HISW'],
      [4, 'AAPL'],
      [5, 'HISW'],
    ]);
  });

  it("the user's mark wins over the file's record (the user says what arrived)", async () => {
    const { agent } = await holder();
    await agent.post('/api/user/payouts/import').type('text/csv').send(SCHWAB).expect(200);
    const holdingId = ((await agent.get('/api/user/portfolio').expect(200)).body as { id: string }[])[0]!.id;
    const marked = await agent.post(`/api/user/payouts/${holdingId}/2026-01-13/received`).send({ amount: '40' }).expect(200);
    expect(marked.body).toMatchObject({ status: 'received', received: '40.00', match: { source: 'user' } });
  });

  it('reports a dividend line it cannot read with its line, and takes the others', async () => {
    const { agent } = await holder();
    const text = `${SCHWAB}\r\n"13/45/2026","Cash Dividend","HISW","X","","","","$1.00"`;
    const res = (await agent.post('/api/user/payouts/import').type('text/csv').send(text).expect(200)).body as DividendHistoryImportResult;
    expect(res.errors).toEqual([{ line: 8, message: 'Date: Must be a valid date' }]);
    expect(res.matched).toBe(2);
  });

  it('answers 400 for a file it cannot use, word for word, and writes nothing', async () => {
    const { agent, id } = await holder();
    expect((await agent.post('/api/user/payouts/import').type('text/csv').send('').expect(400)).body.message).toBe('The CSV file is empty');
    expect((await agent.post('/api/user/payouts/import').send({ csv: '  ' }).expect(400)).body.message).toBe('The CSV file is empty');
    expect((await agent.post('/api/user/payouts/import').send({ file: SCHWAB }).expect(400)).body.message).toBe('Send the CSV file as text/csv or as JSON { "csv": "..." }');
    expect((await agent.post('/api/user/payouts/import').type('text/csv').send('ticker,shares\nHISW,1\n').expect(400)).body.message).toBe(
      "No dividend history found: the file needs to be an account activity or transactions download from Fidelity (Account History), Schwab (Transactions), Robinhood (Reports: account activity), E*TRADE, Vanguard (OfxDownload) or Interactive Brokers (activity statement)",
    );
    expect((await agent.post('/api/user/payouts/import').type('text/csv').send('"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"01/02/2026","Buy","HISW","X","1","$20","","-$20"\n').expect(400)).body.message).toBe(
      'The file has no dividend lines',
    );
    expect((await agent.post('/api/user/payouts/import').send({ csv: SCHWAB, extra: 1 }).expect(400)).body.errors).toEqual({ extra: 'Unknown field' });
    await agent.post('/api/user/payouts/import').type('text/csv').send('x'.repeat(512 * 1024 + 1)).expect(413, { message: 'Request body is too large' });
    expect(await ctx.deps.log.readStream(streams.payouts(id))).toEqual([]);
  });
});
