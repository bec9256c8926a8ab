import { randomBytes } from 'node:crypto';
import type { Agent } from 'supertest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutLedger } from '../../contracts/payouts.ts';
import type { HoldingView, TaxSummary, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { businessDaysBetween } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import { startSnapTradeStandIn, type SnapTradeStandIn, type StandInAccount } from '../../infra/brokerage/snaptrade-test-server.ts';
import { signUp } from '../accounts/test-helpers.ts';
import { makePremium, snaptradeIdOf } from '../brokerage/test-helpers.ts';
import { bar, distribution, fund, given, listed, marketDay } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * A brokerage-synced portfolio's payouts against the SnapTrade stand-in (docs/payouts.md). One account
 * holds RCVW (100 shares, then 102 after a reinvestment), SHTW (50) and MISW (10); the first sync is on
 * Monday 2026-01-05 (the holdings are held from then). RCVW walks from projected to received, SHTW is
 * paid short, MISW's payout never shows at the broker and is missing four business days after its pay date.
 */
let stand: SnapTradeStandIn;
let ctx: TestContext;
let agent: Agent;
let userId: string;
let snaptradeId: string;
const RCVW = { ...fund(), ticker: 'RCVW' };
const SHTW = { ...fund(), ticker: 'SHTW' };
const MISW = { ...fund(), ticker: 'MISW' };

const account = (rcvwUnits: string, activities: StandInAccount['activities'] = []): StandInAccount[] => [
  {
    id: 'acc-1',
    brokerageName: 'Alpaca',
    accountName: 'Individual',
    positions: [
      { symbol: 'RCVW', units: rcvwUnits, costBasis: '20' },
      { symbol: 'SHTW', units: '50', costBasis: '10' },
      { symbol: 'MISW', units: '10', costBasis: '10' },
    ],
    activities,
  },
];

const sync = async () => (await agent.post('/api/brokerage/sync').expect(200)).body as { payoutRecords: number };
const ledger = async () => (await agent.get('/api/user/payouts?from=2026-01-05&to=2026-01-16').expect(200)).body as PayoutLedger;
const row = (l: PayoutLedger, ticker: string, exDate: string) => l.payouts.find((p) => p.ticker === ticker && p.exDate === exDate)!;
const state = (l: PayoutLedger, ticker: string, exDate: string) => {
  const p = row(l, ticker, exDate);
  return [p.status, p.entitledShares, p.amountPerShare, p.expected, p.received];
};
const calendar = async () => (await agent.get('/api/user/dividends/calendar').expect(200)).body as UserCalendarEntry[];
const calendarState = (entries: UserCalendarEntry[], ticker: string, payoutDate: string) => {
  const e = entries.find((x) => x.ticker === ticker && x.payoutDate === payoutDate)!;
  return [e.payoutStatus, e.receivedAmount];
};

/** The private feed's DESCRIPTION of a payout (lines unfolded, RFC 5545 §3.1). */
async function icsDescription(ticker: string, date: string): Promise<string> {
  const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
  const text = (await request(ctx.app).get(new URL(url).pathname).expect(200)).text.replace(/\r\n[ \t]/g, '');
  const events = text.split('BEGIN:VEVENT').slice(1);
  const event = events.find((e) => e.includes(`SUMMARY:${ticker} payout`) && e.includes(`DTSTART;VALUE=DATE:${date.replace(/-/g, '')}`))!;
  return /DESCRIPTION:(.*)\r\n/.exec(event)![1]!;
}
const day = (date: string) => given(ctx, [marketDay(date)]);

beforeAll(async () => {
  stand = await startSnapTradeStandIn();
  ctx = await createTestContext(
    {
      SNAPTRADE_CLIENT_ID: stand.clientId,
      SNAPTRADE_CONSUMER_KEY: stand.consumerKey,
      SNAPTRADE_API_URL: stand.url,
      BROKERAGE_SECRET_KEY: randomBytes(32).toString('hex'),
    },
    { now: new Date('2026-01-05T17:00:00.000Z') },
  );
  const days = businessDaysBetween('2025-12-01', '2026-01-16');
  await given(ctx, [
    ...[RCVW, SHTW, MISW].map(listed),
    ...days.flatMap((d) => [bar(RCVW.etfId, d, '20'), bar(SHTW.etfId, d, '10'), bar(MISW.etfId, d, '10')]),
    ...['2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30', '2026-01-06'].map((d) => distribution(RCVW.etfId, d, '0.5', { payDate: null })),
    ...['2025-12-16', '2025-12-23', '2025-12-30', '2026-01-06', '2026-01-13'].map((d) => distribution(SHTW.etfId, d, '0.3', { payDate: null })),
    ...['2025-12-12', '2025-12-19', '2025-12-26', '2026-01-02', '2026-01-09'].map((d) => distribution(MISW.etfId, d, '0.2', { payDate: null })),
    marketDay('2026-01-05'),
  ]);
  const user = await signUp(ctx.app);
  agent = user.agent;
  userId = user.id;
  await makePremium(ctx, userId);
  await agent.post('/api/brokerage/register').expect(201);
  snaptradeId = await snaptradeIdOf(ctx, userId);
  stand.setAccounts(snaptradeId, account('100'));
  await sync();
});
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

describe('a brokerage-synced payout from projected to received; one short, one missing', () => {
  it('Monday 2026-01-05: RCVW 01-13 is projected at the latest 0.50, SHTW declared, MISW (ex Friday, paid Monday) declared', async () => {
    const l = await ledger();
    expect(state(l, 'RCVW', '2026-01-13')).toEqual(['projected', '100', '0.5', '50.00', null]);
    expect(state(l, 'SHTW', '2026-01-13')).toEqual(['declared', '50', '0.3', '15.00', null]);
    expect(state(l, 'MISW', '2026-01-09')).toEqual(['declared', '10', '0.2', '2.00', null]);
    expect(row(l, 'MISW', '2026-01-09')).toMatchObject({ payDate: '2026-01-12', brokerageSynced: true, match: null });
  });

  it('declared at 0.40, then entitled on its ex-date (Tuesday 01-13), paid on its pay date (Wednesday 01-14)', async () => {
    await given(ctx, [distribution(RCVW.etfId, '2026-01-13', '0.4', { payDate: '2026-01-14' })]);
    expect(state(await ledger(), 'RCVW', '2026-01-13')).toEqual(['declared', '100', '0.4', '40.00', null]);
    await day('2026-01-13');
    const l = await ledger();
    expect(state(l, 'RCVW', '2026-01-13')).toEqual(['entitled', '100', '0.4', '40.00', null]);
    // MISW paid Monday 01-12: paid, no record yet
    expect(state(l, 'MISW', '2026-01-09')).toEqual(['paid', '10', '0.2', '2.00', null]);
    expect(calendarState(await calendar(), 'RCVW', '2026-01-14')).toEqual(['entitled', null]);
    await day('2026-01-14');
    expect(state(await ledger(), 'RCVW', '2026-01-13')).toEqual(['paid', '100', '0.4', '40.00', null]);
  });

  it("the sync reads the account's dividends and reinvestments: RCVW received (its reinvestment's 2 shares are history, not an estimate), SHTW short; the rest listed unmatched", async () => {
    stand.setAccounts(
      snaptradeId,
      account('102', [
        { id: 'act-1', type: 'DIVIDEND', symbol: 'RCVW', amount: 40, units: 0, price: 0, date: '2026-01-14' },
        { id: 'act-2', type: 'REI', symbol: 'RCVW', amount: -40, units: 2, price: 20, date: '2026-01-14' },
        { id: 'act-3', type: 'DIVIDEND', symbol: 'SHTW', amount: 13, date: '2026-01-15' },
        { id: 'act-4', type: 'DIVIDEND', symbol: 'RCVW', amount: 55, date: '2025-12-10' },
        { id: 'act-5', type: 'DIVIDEND', symbol: 'ABCD', amount: 7.5, date: '2026-01-14' },
        { id: 'act-6', type: 'BUY', symbol: 'RCVW', amount: -200, units: 10, price: 20, date: '2026-01-14' },
      ]),
    );
    await day('2026-01-15');
    expect(await sync()).toMatchObject({ payoutRecords: 5 });
    // the same records again write nothing
    expect(await sync()).toMatchObject({ payoutRecords: 0 });
    expect((await ctx.deps.log.readStream(streams.payouts(userId))).map((e) => e.type)).toEqual(['BrokerPayoutsRecorded']);
    const activityCalls = stand.calls.filter((c) => c.path === '/accounts/acc-1/activities');
    expect(activityCalls.at(-1)!.query).toMatchObject({ type: 'DIVIDEND,REI', startDate: '2024-12-01' });

    const l = await ledger();
    // 102 shares now, 2 of them bought by the 01-14 reinvestment (after the ex-date): 100 entitled
    expect(state(l, 'RCVW', '2026-01-13')).toEqual(['received', '100', '0.4', '40.00', '40.00']);
    expect(row(l, 'RCVW', '2026-01-13').match).toEqual({
      source: 'brokerage',
      records: [
        { id: 'act-1', accountId: 'acc-1', type: 'DIVIDEND', symbol: 'RCVW', amount: '40', units: null, price: null, date: '2026-01-14' },
        { id: 'act-2', accountId: 'acc-1', type: 'REI', symbol: 'RCVW', amount: '-40', units: '2', price: '20', date: '2026-01-14' },
      ],
    });
    // 13.00 of 15.00: below by more than a cent a share (0.50 on 50 shares)
    expect(state(l, 'SHTW', '2026-01-13')).toEqual(['short', '50', '0.3', '15.00', '13.00']);
    expect(l.unmatched.map((r) => r.id)).toEqual(['act-5', 'act-4']);
    // no record for MISW (paid 01-12) yet, three business days on: paid
    expect(state(l, 'MISW', '2026-01-09')).toEqual(['paid', '10', '0.2', '2.00', null]);
    // so its holding counts the $2.00 expected, as not confirmed yet
    const misw = ((await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[]).find((h) => h.etfId === MISW.etfId)!;
    expect([misw.incomeReceived, misw.incomeConfirmed, misw.incomeUnconfirmed]).toEqual(['2.00', '0.00', '2.00']);
    // the next RCVW payout is earned on the 102 shares
    expect((await agent.get('/api/user/payouts?from=2026-01-21&to=2026-01-21').expect(200)).body.payouts[0]).toMatchObject({ ticker: 'RCVW', entitledShares: '102', status: 'projected' });
  });

  it('Friday 01-16, four business days after its pay date, MISW is missing; the states show in the calendar and the private ICS feed', async () => {
    await day('2026-01-16');
    const l = await ledger();
    expect(state(l, 'MISW', '2026-01-09')).toEqual(['missing', '10', '0.2', '2.00', null]);
    const entries = await calendar();
    expect(calendarState(entries, 'RCVW', '2026-01-14')).toEqual(['received', '40.00']);
    expect(calendarState(entries, 'SHTW', '2026-01-14')).toEqual(['short', '13.00']);
    expect(calendarState(entries, 'MISW', '2026-01-12')).toEqual(['missing', null]);
    expect(await icsDescription('RCVW', '2026-01-14')).toBe('RCVW: 100 shares × $0.40 = $40.00\\nStatus: received $40.00\\nPay date: 2026-01-14\\nhttp://localhost:3000/etf/RCVW');
    expect(await icsDescription('SHTW', '2026-01-14')).toContain('Status: short $13.00 of $15.00');
    expect(await icsDescription('MISW', '2026-01-12')).toContain('Status: missing (no broker record)');
    // and the holdings: each one's latest payout with its state
    const holdings = (await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[];
    const latest = (etfId: string) => holdings.find((h) => h.etfId === etfId)!.latestPayout;
    expect(latest(RCVW.etfId)).toEqual({ exDate: '2026-01-13', payDate: '2026-01-14', status: 'received', expected: '40.00', received: '40.00' });
    expect(latest(SHTW.etfId)).toEqual({ exDate: '2026-01-13', payDate: '2026-01-14', status: 'short', expected: '15.00', received: '13.00' });
    expect(latest(MISW.etfId)).toEqual({ exDate: '2026-01-09', payDate: '2026-01-12', status: 'missing', expected: '2.00', received: null });
  });

  it("each holding's Income Received follows its ledger: SHTW the $13.00 that arrived, MISW nothing (docs/metrics.md \"Income received\")", async () => {
    // Friday 01-16, held since the first sync (Monday 01-05): SHTW's 01-13 payout short $13.00 of $15.00 and its
    // 01-06 one (paid 01-07, no record) missing $15.00; MISW's 01-09 missing $2.00; RCVW's 01-13 received $40.00
    // and its 01-06 one (100 × 0.50) missing $50.00. The fund's distributions × shares said 30.00, 2.00 and 90.00.
    const holdings = (await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[];
    const income = (etfId: string) => {
      const h = holdings.find((x) => x.etfId === etfId)!;
      return [h.incomeReceived, h.incomeConfirmed, h.incomeUnconfirmed, h.incomeMissing, h.incomeShortfall];
    };
    expect(income(SHTW.etfId)).toEqual(['13.00', '13.00', '0.00', '15.00', '2.00']);
    expect(income(MISW.etfId)).toEqual(['0.00', '0.00', '0.00', '2.00', '0.00']);
    expect(income(RCVW.etfId)).toEqual(['40.00', '40.00', '0.00', '50.00', '0.00']);
    // the figures made of it: house money (cost $10 × 50 = $500: 13 / 500 = 2.6 %), the income net of capital returned, the cash distribution return
    const shtw = holdings.find((x) => x.etfId === SHTW.etfId)!;
    expect([shtw.houseMoneyPercent, shtw.incomeReceivedNet, shtw.distributionReturn]).toEqual(['2.60', '13.00', '13.00']);
    // the tax-year summary counts the same payments: SHTW's 01-07 (missing) 0.00 and 01-14 (short) 13.00
    const tax = (await agent.get('/api/user/tax-summary?year=2026').expect(200)).body as TaxSummary;
    const shtwTax = tax.years[0]!.funds.find((f) => f.etfId === SHTW.etfId)!;
    expect([shtwTax.payments.map((p) => [p.payoutDate, p.cash]), shtwTax.totals.cash]).toEqual([
      [
        ['2026-01-07', '0.00'],
        ['2026-01-14', '13.00'],
      ],
      '13.00',
    ]);
    expect(tax.years[0]!.totals.cash).toBe('53.00'); // 13.00 + RCVW 40.00 + MISW 0.00
  });

  it('a hand mark wins over the brokerage: MISW marked received', async () => {
    const marked = (await agent.post(`/api/user/payouts/${row(await ledger(), 'MISW', '2026-01-09').holdingId}/2026-01-09/received`).send({ amount: '2.00' }).expect(200)).body;
    expect(marked).toMatchObject({ status: 'received', received: '2.00', match: { source: 'user' } });
    expect(calendarState(await calendar(), 'MISW', '2026-01-12')).toEqual(['received', '2.00']);
    const misw = ((await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[]).find((h) => h.etfId === MISW.etfId)!;
    expect([misw.incomeReceived, misw.incomeConfirmed, misw.incomeMissing]).toEqual(['2.00', '2.00', '0.00']);
  });
});
