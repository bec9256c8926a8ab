import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingView } from '../../contracts/portfolio.ts';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { DRPW, drpwEvents, given } from './test-helpers.ts';

/**
 * A second account's positions kept apart or merged, as the user chooses (issue 28, docs/holdings-csv.md
 * "Accounts"): `POST /api/user/portfolio/import?accounts=separate&account=<name>` keeps a file's
 * positions as that account's holdings; `accounts=merge` (the default) puts them in the user's holdings.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, drpwEvents());
});
afterAll(async () => {
  await ctx?.close();
});

/** A Schwab single-account positions download of DRPW (docs/holdings-csv.md). */
const schwab = (qty: string, cost: string) =>
  [
    '"Positions for account Individual ...123 as of 09:42 AM ET, 2026/01/23"',
    '',
    '"Symbol","Description","Qty (Quantity)","Price","Mkt Val (Market Value)","Cost Basis","Security Type",',
    `"DRPW","DRPW WEEKLYPAY ETF","${qty}","$20.00","$2,000.00","${cost}","ETFs & Closed End Funds",`,
    '"Cash & Cash Investments","--","--","--","$5.00","--","Cash and Money Market",',
    '"Positions Total","","--","--","$2,005.00","--","--",',
  ].join('\r\n');

const portfolio = async (agent: Awaited<ReturnType<typeof signUp>>['agent']) =>
  ((await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[]).map((h) => [h.etf?.ticker, h.account, h.shares, h.purchasePrice]);

describe('POST /api/user/portfolio/import: accounts', () => {
  it('keeps two accounts apart: the same fund twice, labelled; importing an account again changes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const a = await agent.post('/api/user/portfolio/import?accounts=separate&account=Individual').type('text/csv').send(schwab('100', '$1,800.00')).expect(200);
    expect(a.body).toEqual({ created: 1, updated: 0, errors: [] });
    const b = await agent.post('/api/user/portfolio/import?accounts=separate&account=Roth%20IRA').send({ csv: schwab('40', '$800.00') }).expect(200);
    expect(b.body).toEqual({ created: 1, updated: 0, errors: [] });
    expect(await portfolio(agent)).toEqual([
      ['DRPW', 'Individual', '100', '18'],
      ['DRPW', 'Roth IRA', '40', '20'],
    ]);
    const before = (await ctx.deps.log.readStream(streams.portfolio(id))).length;
    // account A again: found by fund and account, nothing written
    const again = await agent.post('/api/user/portfolio/import?accounts=separate&account=Individual').type('text/csv').send(schwab('100', '$1,800.00')).expect(200);
    expect(again.body).toEqual({ created: 0, updated: 0, errors: [] });
    expect((await ctx.deps.log.readStream(streams.portfolio(id))).length).toBe(before);
    // a later download of account B updates B's holding only
    const later = await agent.post('/api/user/portfolio/import?accounts=separate&account=Roth%20IRA').type('text/csv').send(schwab('45', '$900.00')).expect(200);
    expect(later.body).toEqual({ created: 0, updated: 1, errors: [] });
    expect(await portfolio(agent)).toEqual([
      ['DRPW', 'Individual', '100', '18'],
      ['DRPW', 'Roth IRA', '45', '20'],
    ]);
    // the stored event is HoldingAdded v2 with the account
    const stored = await ctx.deps.log.readStream(streams.portfolio(id));
    expect(stored.filter((e) => e.type === 'HoldingAdded').map((e) => (e.data as { account?: string }).account)).toEqual(['Individual', 'Roth IRA']);
  });

  it('merges by default and with accounts=merge: one holding of the fund, the last file’s values, never a second', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio/import').type('text/csv').send(schwab('100', '$1,800.00')).expect(200, { created: 1, updated: 0, errors: [] });
    await agent.post('/api/user/portfolio/import?accounts=merge').type('text/csv').send(schwab('40', '$800.00')).expect(200, { created: 0, updated: 1, errors: [] });
    await agent.post('/api/user/portfolio/import?accounts=merge').type('text/csv').send(schwab('40', '$800.00')).expect(200, { created: 0, updated: 0, errors: [] });
    expect(await portfolio(agent)).toEqual([['DRPW', null, '40', '20']]);
  });

  it('an account kept apart sits beside the holding added by hand, which the form still holds once', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '7' }).expect(201);
    await agent.post('/api/user/portfolio/import?accounts=separate&account=IRA').type('text/csv').send(schwab('100', '$1,800.00')).expect(200, { created: 1, updated: 0, errors: [] });
    expect(await portfolio(agent)).toEqual([
      ['DRPW', null, '7', null],
      ['DRPW', 'IRA', '100', '18'],
    ]);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '1' }).expect(409, { message: 'DRPW is already in your portfolio' });
  });

  it('answers 400 for a wrong choice, word for word, and writes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const post = (query: string) => agent.post(`/api/user/portfolio/import${query}`).type('text/csv').send(schwab('1', '$20.00'));
    expect((await post('?accounts=separate').expect(400)).body.message).toBe("Account name: Required to keep this account's positions separate");
    expect((await post('?accounts=separate&account=%20%20').expect(400)).body.message).toBe("Account name: Required to keep this account's positions separate");
    expect((await post(`?accounts=separate&account=${'x'.repeat(41)}`).expect(400)).body.message).toBe('Account name: At most 40 characters');
    expect((await post('?account=IRA').expect(400)).body.message).toBe('Account name: Only used to keep an account separate (accounts=separate)');
    expect((await post('?accounts=apart').expect(400)).body.message).toBe('accounts must be merge or separate');
    expect(await ctx.deps.log.readStream(streams.portfolio(id))).toEqual([]);
  });
});
