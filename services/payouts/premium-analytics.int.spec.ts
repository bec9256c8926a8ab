import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysBetween } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { PREMIUM_REQUIRED } from '../billing/premium.ts';
import { bar, distribution, fund, given, listed, marketDay, subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * Premium's "advanced analytics" (docs/billing.md "What Premium gives", issue 29 W4): the income record,
 * the income goal and the tax-year summary are gated by the server. A free user and a user whose
 * subscription ended get 403 with the message every Premium endpoint uses, before anything is read or
 * written; a Premium user gets the answer; signed out is 401. The ledger and "Mark received" stay Free.
 */
let ctx: TestContext;
const GATE = { ...fund(), ticker: 'GATW' };

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

/** The six gated routes, each with a request a Premium user gets 200 for. */
const GATED: ReadonlyArray<[string, (a: Agent) => request.Test]> = [
  ['GET /api/user/income', (a) => a.get('/api/user/income?by=month')],
  ['GET /api/user/income.csv', (a) => a.get('/api/user/income.csv?by=week')],
  ['GET /api/user/income-goal', (a) => a.get('/api/user/income-goal')],
  ['PUT /api/user/income-goal', (a) => a.put('/api/user/income-goal').send({ period: 'week', amount: '25' })],
  ['GET /api/user/tax-summary', (a) => a.get('/api/user/tax-summary')],
  ['GET /api/user/tax-summary.csv', (a) => a.get('/api/user/tax-summary.csv?year=2026')],
];

async function userWithHolding(plan: 'free' | 'premium' | 'lapsed') {
  const user = await signUp(ctx.app);
  await user.agent.post('/api/user/portfolio').send({ etfId: GATE.etfId, shares: '10', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
  if (plan !== 'free') await subscribe(ctx, user.id, 'premium', 'active');
  if (plan === 'lapsed') await subscribe(ctx, user.id, 'premium', 'canceled');
  return user;
}

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T20:00:00.000Z') });
  await given(ctx, [
    listed(GATE),
    ...businessDaysBetween('2026-01-02', '2026-01-23').map((d) => bar(GATE.etfId, d, '20')),
    distribution(GATE.etfId, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
    distribution(GATE.etfId, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
    marketDay('2026-01-23'),
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('Premium analytics are gated by the server', () => {
  it.each(GATED)('%s: free 403, lapsed 403, Premium 200, signed out 401', async (_route, send) => {
    const free = await userWithHolding('free');
    const lapsed = await userWithHolding('lapsed');
    const premium = await userWithHolding('premium');
    await send(free.agent).expect(403, { message: PREMIUM_REQUIRED });
    await send(lapsed.agent).expect(403, { message: PREMIUM_REQUIRED });
    await send(premium.agent).expect(200);
    await send(request.agent(ctx.app) as unknown as Agent).expect(401);
  });

  it('a refused goal records nothing; the same goal is recorded for Premium', async () => {
    const free = await userWithHolding('free');
    await free.agent.put('/api/user/income-goal').send({ period: 'week', amount: '25' }).expect(403);
    expect(await ctx.deps.log.readStream(streams.payouts(free.id))).toEqual([]);
    const premium = await userWithHolding('premium');
    await premium.agent.put('/api/user/income-goal').send({ period: 'week', amount: '25' }).expect(200);
    expect((await ctx.deps.log.readStream(streams.payouts(premium.id))).map((e) => e.type)).toEqual(['IncomeGoalSet']);
  });

  it('the payout ledger and "Mark received" stay Free (the payout calendar\'s own)', async () => {
    const free = await userWithHolding('free');
    const ledger = (await free.agent.get('/api/user/payouts?from=2026-01-05&to=2026-01-16').expect(200)).body as { payouts: Array<{ holdingId: string; exDate: string; status: string }> };
    expect(ledger.payouts.map((p) => [p.exDate, p.status])).toEqual([
      ['2026-01-06', 'paid'],
      ['2026-01-13', 'paid'],
    ]);
    const holdingId = ledger.payouts[0]!.holdingId;
    expect((await free.agent.post(`/api/user/payouts/${holdingId}/2026-01-06/received`).send({ amount: '5' }).expect(200)).body).toMatchObject({ status: 'received', received: '5.00' });
  });
});
