import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeGoalView, IncomeSeries, LedgerPayout, PayoutLedger } from '../../contracts/payouts.ts';
import type { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { addDays, businessDaysBetween } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { bar, distribution, fund, given, listed, marketDay, subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * A hand-entered holding's payouts through the API (docs/payouts.md): PAYW pays weekly, ex Tuesday,
 * paid Wednesday; 100 shares bought 2026-01-02, no DRIP. Declared: 0.50 (ex 01-06), 0.40 (01-13),
 * 0.25 (01-20), 0.30 (01-27); the calendar projects 0.30 on the Tuesdays after. Today is first
 * Tuesday 2026-01-20 (the 01-20 payout entitled, not paid), then Friday 2026-01-23.
 */
let ctx: TestContext;
let agent: Agent;
let userId: string;
let holdingId: string;
const PAYW = { ...fund(), ticker: 'PAYW' };
const OTHW = { ...fund(), ticker: 'OTHW' };

const ledger = async (query = '?from=2026-01-05&to=2026-02-13') => (await agent.get(`/api/user/payouts${query}`).expect(200)).body as PayoutLedger;
const states = (l: PayoutLedger) => l.payouts.map((p) => [p.exDate, p.payDate, p.entitledShares, p.amountPerShare, p.expected, p.received, p.status]);
const mark = (exDate: string, amount: unknown, id = holdingId) => agent.post(`/api/user/payouts/${id}/${exDate}/received`).send({ amount });

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-20T20:00:00.000Z') });
  await given(ctx, [
    listed(PAYW),
    listed(OTHW),
    ...businessDaysBetween('2026-01-02', '2026-02-06').map((d) => bar(PAYW.etfId, d, '20')),
    ...businessDaysBetween('2026-01-02', '2026-02-06').map((d) => bar(OTHW.etfId, d, '10')),
    distribution(PAYW.etfId, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
    distribution(PAYW.etfId, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
    distribution(PAYW.etfId, '2026-01-20', '0.25', { payDate: '2026-01-21' }),
    distribution(PAYW.etfId, '2026-01-27', '0.3', { payDate: '2026-01-28' }),
    distribution(PAYW.etfId, '2026-02-03', '0.3', { payDate: '2026-02-04' }),
    ...['2026-01-06', '2026-01-13', '2026-01-20', '2026-01-27', '2026-02-03'].map((d) => distribution(OTHW.etfId, d, '0.1', { payDate: addDays(d, 1) })),
    marketDay('2026-01-20'),
  ]);
  const user = await signUp(ctx.app);
  agent = user.agent;
  userId = user.id;
  // the income record and the goal are Premium (premium-analytics.int.spec.ts: free and lapsed get 403)
  await subscribe(ctx, userId, 'premium', 'active');
  holdingId = (await agent.post('/api/user/portfolio').send({ etfId: PAYW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201)).body.id as string;
});
afterAll(async () => {
  await ctx?.close();
});

describe('the ledger of a hand-entered holding', () => {
  it('on Tuesday 2026-01-20: paid, entitled (ex-date reached, pay date ahead), declared, then projected', async () => {
    const l = await ledger();
    expect(l).toMatchObject({ asOf: '2026-01-20', from: '2026-01-05', to: '2026-02-13', unmatched: [] });
    expect(states(l)).toEqual([
      ['2026-01-06', '2026-01-07', '100', '0.5', '50.00', null, 'paid'],
      ['2026-01-13', '2026-01-14', '100', '0.4', '40.00', null, 'paid'],
      ['2026-01-20', '2026-01-21', '100', '0.25', '25.00', null, 'entitled'],
      ['2026-01-27', '2026-01-28', '100', '0.3', '30.00', null, 'declared'],
      ['2026-02-03', '2026-02-04', '100', '0.3', '30.00', null, 'declared'],
      ['2026-02-10', '2026-02-11', '100', '0.3', '30.00', null, 'projected'],
    ]);
    expect(l.payouts[0]).toMatchObject({ holdingId, etfId: PAYW.etfId, ticker: 'PAYW', kind: 'regular', match: null, brokerageSynced: false });
    expect(l.payouts[0]!.distributionIds).toHaveLength(1);
    expect(l.payouts[5]!.distributionIds).toEqual([]);
  });

  it('a payout before its pay date cannot be marked received (409), nor one the holding does not have (404)', async () => {
    await mark('2026-01-20', '25').expect(409, { message: 'This payout is not paid yet: it can be marked received from its pay date (2026-01-21).' });
    await mark('2026-01-27', '30').expect(409);
    await mark('2026-01-08', '30').expect(404, { message: 'This holding has no payout with that ex-date' });
    await mark('2026-01-06', '30', '00000000-0000-4000-8000-000000000000').expect(404, { message: 'Holding not found' });
    expect(await ctx.deps.log.readStream(streams.payouts(userId))).toEqual([]);
  });

  it.each([
    ['zero', 0, 'Amount must be a positive number'],
    ['negative', '-5', 'Amount must be a positive number'],
    ['text', 'abc', 'Amount must be a positive number'],
    ['too large', '100000000.01', 'Amount must be at most 100,000,000'],
    ['a tenth of a cent', '12.345', 'Amount must have at most 2 decimal places'],
    ['left out', undefined, 'Required'],
  ])('an amount %s is a 400 naming it', async (_name, amount, message) => {
    const res = await mark('2026-01-06', amount).expect(400);
    expect(res.body).toEqual({ message, errors: { amount: message } });
  });

  it('a bad ex-date in the path and an unknown field are 400s', async () => {
    const res = await agent.post(`/api/user/payouts/${holdingId}/2026-13-01/received`).send({ amount: 1 }).expect(400);
    expect(res.body.errors).toEqual({ exDate: 'exDate must be a date (YYYY-MM-DD)' });
    await agent.post(`/api/user/payouts/${holdingId}/2026-01-06/received`).send({ amount: 1, note: 'x' }).expect(400);
  });

  it.each([
    ['?from=yesterday', { from: 'from must be a date (YYYY-MM-DD)' }],
    ['?to=2026-02-30', { to: 'to must be a date (YYYY-MM-DD)' }],
    ['?from=2026-02-01&to=2026-01-01', { to: 'to must be on or after from' }],
    ['?from=2025-01-01&to=2026-02-05', { to: 'The range may span at most 400 days' }],
  ])('GET /api/user/payouts%s is a 400 naming the field', async (query, errors) => {
    const res = await agent.get(`/api/user/payouts${query}`).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0], errors });
  });

  it('400 days exactly is allowed', async () => {
    await agent.get('/api/user/payouts?from=2025-01-01&to=2026-02-04').expect(200);
  });

  it('marked received (an event), the same mark again writes nothing, another amount revises it; below the entitlement by more than a cent a share it is short', async () => {
    const first = (await mark('2026-01-06', '50').expect(200)).body as LedgerPayout;
    expect(first).toMatchObject({ exDate: '2026-01-06', expected: '50.00', received: '50.00', status: 'received', match: { source: 'user' } });
    await mark('2026-01-06', 50).expect(200);
    expect(await ctx.deps.log.readStream(streams.payouts(userId))).toHaveLength(1);
    // 100 shares: a dollar below 50.00 is still received; more is short
    expect((await mark('2026-01-06', '49.00').expect(200)).body).toMatchObject({ received: '49.00', status: 'received' });
    expect((await mark('2026-01-06', '48.99').expect(200)).body).toMatchObject({ received: '48.99', status: 'short' });
    // the holding's Income Received counts the mark (docs/metrics.md "Income received"): 48.99 confirmed + the
    // 01-14 payout's 40.00 paid, not confirmed = 88.99 (the fund's distributions × shares: 90.00); 1.01 short
    const holding = async () => ((await agent.get('/api/user/portfolio').expect(200)).body as HoldingView[])[0]!;
    const income = (h: HoldingView) => [h.incomeReceived, h.incomeConfirmed, h.incomeUnconfirmed, h.incomeMissing, h.incomeShortfall, h.distributionReturn];
    expect(income(await holding())).toEqual(['88.99', '48.99', '40.00', '0.00', '1.01', '88.99']);
    const events = await ctx.deps.log.readStream(streams.payouts(userId));
    expect(events.map((e) => [e.type, (e.data as { amount: string }).amount])).toEqual([
      ['PayoutMarkedReceived', '50'],
      ['PayoutMarkedReceived', '49'],
      ['PayoutMarkedReceived', '48.99'],
    ]);
    expect((await mark('2026-01-06', '$50.00').expect(200)).body).toMatchObject({ received: '50.00', status: 'received' });
    expect(states(await ledger('?from=2026-01-07&to=2026-01-07'))).toEqual([['2026-01-06', '2026-01-07', '100', '0.5', '50.00', '50.00', 'received']]);
    expect(income(await holding())).toEqual(['90.00', '50.00', '40.00', '0.00', '0.00', '90.00']);
  });

  it('the calendar and the ICS feed carry the state', async () => {
    const calendar = (await agent.get('/api/user/dividends/calendar').expect(200)).body as UserCalendarEntry[];
    expect(calendar.map((e) => [e.payoutDate, e.payoutStatus, e.receivedAmount])).toEqual([
      ['2026-01-21', 'entitled', null],
      ['2026-01-28', 'declared', null],
      ['2026-02-04', 'declared', null],
      ['2026-02-11', 'projected', null],
    ]);
  });

  it('after the pay date (Friday 2026-01-23) the 01-20 payout is paid, and stays paid until marked (a hand-entered holding is never missing)', async () => {
    await given(ctx, [marketDay('2026-01-23')]);
    expect(states(await ledger('?from=2026-01-21&to=2026-01-21'))).toEqual([['2026-01-20', '2026-01-21', '100', '0.25', '25.00', null, 'paid']]);
    await given(ctx, [marketDay('2026-02-06')]);
    expect(states(await ledger('?from=2026-01-21&to=2026-01-21'))).toEqual([['2026-01-20', '2026-01-21', '100', '0.25', '25.00', null, 'paid']]);
  });
});

describe('the income record and the goal', () => {
  it('by month: received, unconfirmed, expected per month and fund, with totals (hand-computed)', async () => {
    // today 2026-02-06: January holds 01-07 (received 50.00), 01-14 (paid 40.00), 01-21 (paid 25.00), 01-28 (paid 30.00);
    // February 02-04 (paid 30.00), then projected 02-11, 02-18, 02-25 (30.00 each)
    const s = (await agent.get('/api/user/income?by=month').expect(200)).body as IncomeSeries;
    expect([s.by, s.asOf, s.from, s.to]).toEqual(['month', '2026-02-06', '2025-03-01', '2026-04-30']);
    expect(s.periods).toHaveLength(14);
    const jan = s.periods.find((p) => p.period === '2026-01')!;
    expect(jan).toMatchObject({ start: '2026-01-01', end: '2026-01-31', received: '50.00', unconfirmed: '95.00', expected: '0.00', missing: '0.00', total: '145.00' });
    expect(jan.funds).toEqual([{ etfId: PAYW.etfId, ticker: 'PAYW', received: '50.00', unconfirmed: '95.00', expected: '0.00', missing: '0.00', total: '145.00' }]);
    const feb = s.periods.find((p) => p.period === '2026-02')!;
    expect(feb).toMatchObject({ received: '0.00', unconfirmed: '30.00', expected: '90.00', total: '120.00' });
    expect(s.periods.find((p) => p.period === '2025-12')).toMatchObject({ total: '0.00', funds: [] });
    expect(s.totals).toMatchObject({ received: '50.00', unconfirmed: '125.00', missing: '0.00' });
  });

  it('by week: periods start on Monday', async () => {
    const s = (await agent.get('/api/user/income?by=week').expect(200)).body as IncomeSeries;
    expect([s.from, s.to, s.periods.length]).toEqual(['2025-11-10', '2026-03-08', 17]);
    expect(s.periods.find((p) => p.period === '2026-01-05')).toMatchObject({ start: '2026-01-05', end: '2026-01-11', received: '50.00', total: '50.00' });
    expect(s.periods.find((p) => p.period === '2026-01-12')).toMatchObject({ unconfirmed: '40.00', total: '40.00' });
  });

  it('by year, the CSV export, and a bad `by`', async () => {
    const s = (await agent.get('/api/user/income?by=year').expect(200)).body as IncomeSeries;
    expect(s.periods.map((p) => p.period)).toEqual(['2024', '2025', '2026']);
    const csv = await agent.get('/api/user/income.csv?by=month').expect(200).expect('Content-Type', /text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="weeklydiv-income-month.csv"');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Period,Start,End,Row,Ticker,Received,Unconfirmed,Expected,Missing,Total');
    expect(lines).toContain('2026-01,2026-01-01,2026-01-31,fund,PAYW,50.00,95.00,0.00,0.00,145.00');
    expect(lines).toContain('2026-01,2026-01-01,2026-01-31,period total,,50.00,95.00,0.00,0.00,145.00');
    expect(lines[lines.length - 1]).toMatch(/^,2025-03-01,2026-04-30,range total,,50.00,125.00,/);
    const bad = await agent.get('/api/user/income?by=day').expect(400);
    expect(bad.body).toEqual({ message: 'by must be week, month or year', errors: { by: 'by must be week, month or year' } });
    await agent.get('/api/user/income.csv?by=day').expect(400);
  });

  it('the goal: progress at the run rate and the shares of a fund it would take (hand-computed), with the caveat', async () => {
    const none = (await agent.get('/api/user/income-goal').expect(200)).body as IncomeGoalView;
    expect(none).toMatchObject({ goal: null, runRatePerPeriod: null, whatItTakes: null });
    expect(none.caveat).toMatch(/^Distributions vary/);
    // run rate: 100 shares × 0.30 × 52 = 1,560.00 a year = 30.00 a week; goal 100.00 a week: 30.00 %, gap 70.00
    const set = (await agent.put('/api/user/income-goal').send({ period: 'week', amount: '100' }).expect(200)).body as IncomeGoalView;
    expect(set).toMatchObject({ goal: { period: 'week', amount: '100' }, projectedAnnualIncome: '1560.00', runRatePerPeriod: '30.00', progressPercent: '30.00', gapPerPeriod: '70.00' });
    // PAYW: 100 × 52 / (0.30 × 52) = 333.333333 shares for the goal; 70 / 0.30 = 233.333333 for the gap, at 20.00 = 4,666.67
    const goal = (await agent.get(`/api/user/income-goal?etfId=${PAYW.etfId}`).expect(200)).body as IncomeGoalView;
    expect(goal.whatItTakes).toEqual({ etfId: PAYW.etfId, ticker: 'PAYW', amountPerShare: '0.3', payoutsPerYear: 52, sharesForGoal: '333.333333', sharesForGap: '233.333333', price: '20.00', costForGap: '4666.67' });
    // a month: 1,560 / 12 = 130.00 against 100.00 a month: 130.00 %, no gap
    const monthly = (await agent.put('/api/user/income-goal').send({ period: 'month', amount: 100 }).expect(200)).body as IncomeGoalView;
    expect(monthly).toMatchObject({ runRatePerPeriod: '130.00', progressPercent: '130.00', gapPerPeriod: '0.00' });
    await agent.put('/api/user/income-goal').send({ period: 'month', amount: 100 }).expect(200);
    const events = (await ctx.deps.log.readStream(streams.payouts(userId))).filter((e) => e.type === 'IncomeGoalSet');
    expect(events.map((e) => e.data)).toMatchObject([{ period: 'week', amount: '100' }, { period: 'month', amount: '100' }]);
    // OTHW pays 0.10 weekly: 100 × 12 / (0.10 × 52) = 230.769231 shares
    const other = (await agent.get(`/api/user/income-goal?etfId=${OTHW.etfId}`).expect(200)).body as IncomeGoalView;
    expect(other.whatItTakes).toMatchObject({ sharesForGoal: '230.769231', sharesForGap: '0', price: '10.00', costForGap: '0.00' });
  });

  it.each([
    [{ period: 'day', amount: 10 }, { period: 'period must be week or month' }],
    [{ period: 'week', amount: 0 }, { amount: 'Amount must be a positive number' }],
    [{ period: 'week', amount: '1.001' }, { amount: 'Amount must have at most 2 decimal places' }],
    [{ amount: 10 }, { period: 'period must be week or month' }],
  ])('PUT /api/user/income-goal %j is a 400 naming the field', async (body, errors) => {
    const res = await agent.put('/api/user/income-goal').send(body).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0], errors });
  });

  it('an unknown fund for "what it would take" is a 404', async () => {
    await agent.get('/api/user/income-goal?etfId=00000000-0000-4000-8000-000000000000').expect(404, { message: 'ETF not found' });
  });
});
