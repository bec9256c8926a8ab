import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, EXPORT_PREMIUM_FILES, type ExportAccount, type ExportFavorite, type ExportSupportRequest } from '../../contracts/export.ts';
import type { PayoutLedger } from '../../contracts/payouts.ts';
import { businessDaysBetween } from '../../domain/market/trading-days.ts';
import { bar, distribution, fund, given, listed, marketDay, subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { PAYOUTS_CSV_COLUMNS } from './export.ts';
import { fastEnv, signUp } from './test-helpers.ts';

/**
 * `GET /api/user/export` (issue 29, docs/accounts-and-security.md "Your data"): the zip holds the
 * declared files, each equal to the answer of the screen's own endpoint; a free user's zip leaves out
 * the two Premium reports (and its README says so); the calendar link never is in it. Today: Friday
 * 2026-01-23 at 22:00 in New York, already Saturday in UTC (the file name takes New York's date).
 */
let ctx: TestContext;
const A = { ...fund(), ticker: 'EXAW' };
const B = { ...fund(), ticker: 'EXBW' };
const NOW = new Date('2026-01-24T03:00:00.000Z');

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

async function download(agent: Agent) {
  const res = await agent.get('/api/user/export').buffer(true).parse(binary).expect(200);
  const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(res.body as Buffer))).map(([name, bytes]) => [name, strFromU8(bytes)]));
  return { res, files, names: Object.keys(files) };
}

/** A user with two holdings, a favorite, alert settings, a marked payout and a support request. */
async function investor(plan: 'free' | 'premium') {
  const user = await signUp(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
  if (plan === 'premium') await subscribe(ctx, user.id, 'premium', 'active');
  const a = (await user.agent.post('/api/user/portfolio').send({ etfId: A.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201)).body.id as string;
  await user.agent.post('/api/user/portfolio').send({ etfId: B.etfId, shares: '12.5', purchaseDate: '2025-12-01', isDrip: 1 }).expect(201);
  await user.agent.post('/api/user/favorites').send({ etfId: B.etfId }).expect(201);
  await user.agent.put('/api/user/alerts').send({ distributionChangePercent: 25, exDateReminder: true }).expect(200);
  await user.agent.post(`/api/user/payouts/${a}/2026-01-06/received`).send({ amount: '49.50' }).expect(200);
  await user.agent.post('/api/support').send({ subject: 'Export, please', message: '=HYPERLINK("x") and "quotes", commas' }).expect(201);
  if (plan === 'premium') await user.agent.put('/api/user/income-goal').send({ period: 'month', amount: '100' }).expect(200);
  await user.agent.post('/api/user/tokens').send({ name: 'Spreadsheet, "home"' }).expect(201);
  // a public address literal: registered without a DNS lookup, never delivered to in this spec
  if (plan === 'premium') await user.agent.post('/api/user/webhooks').send({ url: 'https://93.184.216.34/weeklydiv', events: ['payout.received', 'alert.sent'] }).expect(201);
  return user;
}

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: NOW });
  const days = businessDaysBetween('2025-12-01', '2026-01-23');
  await given(ctx, [
    listed(A),
    listed(B),
    ...days.map((d) => bar(A.etfId, d, '20')),
    ...days.map((d) => bar(B.etfId, d, '10')),
    distribution(A.etfId, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
    distribution(A.etfId, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
    distribution(A.etfId, '2026-01-20', '0.3', { payDate: '2026-01-21' }),
    distribution(B.etfId, '2025-12-16', '0.1', { payDate: '2025-12-17' }),
    distribution(B.etfId, '2026-01-13', '0.12', { payDate: '2026-01-14' }),
    marketDay('2026-01-23'),
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/user/export', () => {
  it('a Premium user: every declared file, each equal to its endpoint\'s answer; the New York date in the file name', async () => {
    const user = await investor('premium');
    const { res, files, names } = await download(user.agent);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="weeklydiv-export-2026-01-23.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(names).toEqual([...EXPORT_FILES, ...EXPORT_PREMIUM_FILES]);

    const account = JSON.parse(files['account.json']!) as ExportAccount;
    const me = (await user.agent.get('/api/user').expect(200)).body as { email: string; subscriptionStatus: string };
    expect(account).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace', email: me.email, plan: 'premium', subscriptionStatus: me.subscriptionStatus, exportedAt: NOW.toISOString(), exportDate: '2026-01-23' });
    expect(Date.parse(account.createdAt)).not.toBeNaN();
    expect(files['account.csv']).toContain(`Email,${me.email}\r\nEmail Verified,false\r\nPlan,premium\r\n`);

    expect(files['holdings.csv']).toBe((await user.agent.get('/api/user/portfolio/export.csv').expect(200)).text);
    expect(files['holdings.csv']).toBe(`ticker,shares,purchasePrice,purchaseDate,isDrip\r\nEXAW,100,20,2026-01-02,0\r\nEXBW,12.5,,2025-12-01,1\r\n`);
    expect(JSON.parse(files['holdings.json']!)).toEqual((await user.agent.get('/api/user/portfolio').expect(200)).body);

    const favorites = (await user.agent.get('/api/user/favorites').expect(200)).body as Array<{ id: string; etfId: string }>;
    const exported = JSON.parse(files['favorites.json']!) as ExportFavorite[];
    expect(exported.map((f) => [f.id, f.etfId, f.ticker])).toEqual(favorites.map((f) => [f.id, f.etfId, 'EXBW']));
    expect(files['favorites.csv']).toBe(`Ticker,Name,Added At,ETF Id\r\nEXBW,${B.name},${exported[0]!.addedAt},${B.etfId}\r\n`);

    expect(JSON.parse(files['alerts.json']!)).toEqual((await user.agent.get('/api/user/alerts').expect(200)).body);
    expect(files['alerts.csv']).toBe('Setting,Value\r\nDistribution Change Alerts,true\r\nDistribution Change Percent,25\r\nEx-Date Reminder,true\r\n');
    expect(JSON.parse(files['income-goal.json']!)).toEqual((await user.agent.get('/api/user/income-goal').expect(200)).body.goal);

    // the ledger of all time: from the first payout to 35 days ahead, the rows GET /api/user/payouts gives for that range
    const payouts = JSON.parse(files['payouts.json']!) as PayoutLedger;
    expect([payouts.asOf, payouts.from, payouts.to]).toEqual(['2026-01-23', '2025-12-17', '2026-02-27']);
    const api = (await user.agent.get(`/api/user/payouts?from=${payouts.from}&to=${payouts.to}`).expect(200)).body as PayoutLedger;
    expect(payouts).toEqual(api);
    expect(payouts.payouts.find((p) => p.ticker === 'EXAW' && p.exDate === '2026-01-06')).toMatchObject({ status: 'received', received: '49.50', expected: '50.00' });
    const csvLines = files['payouts.csv']!.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe(PAYOUTS_CSV_COLUMNS.join(','));
    expect(csvLines).toHaveLength(payouts.payouts.length + 1);
    const marked = payouts.payouts.find((p) => p.match?.source === 'user')!;
    expect(csvLines).toContain(
      ['2026-01-07', '2026-01-06', 'EXAW', 'regular', 'received', '100', '0.5', '50.00', '49.50', 'user', marked.match!.source === 'user' ? marked.match!.markedAt : '', 'false', marked.holdingId, A.etfId].join(','),
    );
    expect(files['broker-records-unmatched.csv']).toBe('Date,Symbol,Type,Amount,Units,Price,Account Id,Record Id\r\n');

    expect(JSON.parse(files['income-by-month.json']!)).toEqual((await user.agent.get('/api/user/income?by=month').expect(200)).body);
    expect(files['income-by-month.csv']).toBe((await user.agent.get('/api/user/income.csv?by=month').expect(200)).text);
    expect(JSON.parse(files['tax-summary.json']!)).toEqual((await user.agent.get('/api/user/tax-summary').expect(200)).body);
    expect(files['tax-summary.csv']).toBe((await user.agent.get('/api/user/tax-summary.csv').expect(200)).text);
    expect((JSON.parse(files['tax-summary.json']!) as { years: Array<{ year: number }> }).years.map((y) => y.year)).toEqual([2025, 2026]);

    const support = JSON.parse(files['support-requests.json']!) as ExportSupportRequest[];
    expect(support).toMatchObject([{ subject: 'Export, please', message: '=HYPERLINK("x") and "quotes", commas', priority: true, answeredAt: null }]);
    // a formula is written as text, quotes doubled
    expect(files['support-requests.csv']).toBe(`Requested At,Subject,Message,Priority,Answered At,Request Id\r\n${support[0]!.requestedAt},"Export, please","'=HYPERLINK(""x"") and ""quotes"", commas",true,,${support[0]!.id}\r\n`);
    expect(files['README.txt']).toContain('tax-summary.json / .csv\n  Premium.');

    // tokens and webhooks as their lists answer them, and never a secret
    const tokens = (await user.agent.get('/api/user/tokens').expect(200)).body as Array<{ id: string; createdAt: string }>;
    expect(JSON.parse(files['api-tokens.json']!)).toEqual(tokens);
    expect(files['api-tokens.csv']).toBe(`Name,Created At,Expires At,Last Used At,Expired,Token Id\r\n"Spreadsheet, ""home""",${tokens[0]!.createdAt},,,false,${tokens[0]!.id}\r\n`);
    const hooks = (await user.agent.get('/api/user/webhooks').expect(200)).body as Array<{ id: string; createdAt: string }>;
    expect(JSON.parse(files['webhooks.json']!)).toEqual(hooks);
    expect(files['webhooks.csv']).toBe(`URL,Events,Created At,Deliveries Listed,Webhook Id\r\nhttps://93.184.216.34/weeklydiv,payout.received alert.sent,${hooks[0]!.createdAt},0,${hooks[0]!.id}\r\n`);
    expect(Object.values(files).join('\n')).not.toMatch(/wd_[A-Za-z0-9_-]{20,}|whsec_/);
  });

  it('a free user: everything but the two Premium reports, which the README names; their own data only', async () => {
    const user = await investor('free');
    const other = await investor('free');
    const { files, names } = await download(user.agent);
    expect(names).toEqual([...EXPORT_FILES]);
    expect(files['README.txt']).toContain('Not included: the income report and the tax-year summary are Premium reports');
    expect(JSON.parse(files['account.json']!)).toMatchObject({ id: user.id, plan: 'free', subscriptionStatus: null });
    expect(JSON.parse(files['income-goal.json']!)).toBeNull();
    const payouts = JSON.parse(files['payouts.json']!) as PayoutLedger;
    expect(payouts).toEqual((await user.agent.get(`/api/user/payouts?from=${payouts.from}&to=${payouts.to}`).expect(200)).body);
    expect(JSON.parse(files['support-requests.json']!)).toMatchObject([{ priority: false }]);
    expect(JSON.parse(files['api-tokens.json']!)).toMatchObject([{ name: 'Spreadsheet, "home"', expired: false }]);
    expect(files['webhooks.csv']).toBe('URL,Events,Created At,Deliveries Listed,Webhook Id\r\n');
    const all = Object.values(files).join('\n');
    expect(all).not.toContain(other.id);
  });

  it('leaves out the private calendar link (a key) and says why; 401 signed out', async () => {
    const user = await investor('free');
    const feed = (await user.agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
    const token = feed.url.split('/').pop()!.replace(/\.ics$/, '');
    const { files } = await download(user.agent);
    expect(Object.values(files).join('\n')).not.toContain(token);
    expect(files['README.txt']).toContain('Not included: your private calendar link. It is a key');
    await request(ctx.app).get('/api/user/export').expect(401);
  });
});
