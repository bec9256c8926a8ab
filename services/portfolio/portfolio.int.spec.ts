import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { allProjections } from '../../read-models/all.ts';
import type { Projection } from '../../read-models/runtime/projection.ts';
import { bar, distribution, DRPW, drpwEvents, fund, given, listed } from './test-helpers.ts';

let ctx: TestContext;
const OTHER = fund();
const UNKNOWN = '9e9e9e9e-0000-4000-8000-000000000000';

// Friday 2026-01-23, noon in New York; the market day is 2026-01-23 (see test-helpers.ts, DRPW).
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, [...drpwEvents(), listed(OTHER)]);
});
afterAll(async () => {
  await ctx?.close();
});

const dripHolding = { etfId: DRPW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 1 };

describe('POST /api/user/portfolio', () => {
  it('adds a holding (201) with its DRIP growth, income and returns, and the next read already shows it', async () => {
    const { agent, id } = await signUp(ctx.app);
    const res = await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
    // Worked out in read-models/portfolio/views.unit.spec.ts: 100 -> 102.5 -> 104.5 -> 105.75 shares;
    // income 50 + 41 + 26.125; value 105.75 x 22; price change 100 x 2; distributions 5.75 x 22.
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      etfId: DRPW.etfId,
      shares: '100',
      purchasePrice: '20',
      purchaseDate: '2026-01-02',
      isDrip: 1,
      etf: expect.objectContaining({ id: DRPW.etfId, ticker: 'DRPW', brand: 'Roundhill', currentPrice: '22.00' }),
      addedAt: '2026-01-23T17:00:00.000Z',
      source: 'manual',
      account: null,
      heldSince: '2026-01-02',
      sharesBought: '100',
      currentShares: '105.75',
      sharesReinvested: '5.75',
      currentPrice: '22.00',
      currentValue: '2326.50',
      costBasis: '2000.00',
      incomeReceived: '117.13',
      // hand-entered, nothing marked: every payout paid, not confirmed (docs/metrics.md "Income received")
      incomeConfirmed: '0.00',
      incomeUnconfirmed: '117.13',
      incomeMissing: '0.00',
      incomeShortfall: '0.00',
      paymentsReceived: 3,
      projectedAnnualIncome: '1649.70', // 105.75 x the latest declared 0.30 x 52
      gain: '326.50',
      gainPercent: '16.33',
      priceChange: '200.00',
      priceChangePercent: '10.00',
      distributionReturn: '126.50',
      distributionReturnPercent: '6.33',
      // house money (docs/metrics.md): 117.125 / 2000 x 100 = 5.856... -> 5.86; 1882.875 left, the declared
      // 01-27 payout then Tuesdays at 0.30 a share reinvested at 22: 2326.5 x ((1 + 0.30 / 22)^k - 1) >= 1882.875
      // for k >= 43.78 -> the 44th payout, ex 2026-01-27 + 43 weeks = Tuesday 11-24, paid Wednesday 11-25
      houseMoneyPercent: '5.86',
      houseMoneyDate: '2026-11-25',
      houseMoneyReached: false,
      // return of capital (docs/metrics.md): DRPW publishes no ROC figure, so all of it counts as income; the
      // adjusted cost is the tax basis of every lot: 2,000 + 117.125 reinvested = 2,117.125
      capitalReturned: '0.00',
      incomeReceivedNet: '117.13',
      capitalReturnedBasis: { payouts: 3, final: 0, estimated: 0, notPublished: 3 },
      reinvestedCost: '117.13',
      adjustedCostBasis: '2117.13',
      capitalGainFromRoc: '0.00',
      gainOnAdjustedCost: '209.38', // 2,326.50 - 2,117.125 = 209.375
      gainOnAdjustedCostPercent: '9.89',
      houseMoneyOnAdjustedCostPercent: '5.53', // 117.125 / 2,117.125
      projectedAnnualIncomeNet: '1649.70',
      yieldOnCost: '82.49', // 1,649.70 / 2,000 = 82.485
      yieldOnAdjustedCost: '77.92',
      explain: expect.objectContaining({ adjustedCostBasis: expect.objectContaining({ inputs: { costBasis: '2000', reinvestedCost: '117.125', capitalReturned: '0', capitalGainFromRoc: '0', lots: 4 } }) }),
      isDemo: false,
      // the 01-20 payout, paid 01-21 (the market day is 01-23), on the 104.5 shares of that ex-date: 26.125
      latestPayout: { exDate: '2026-01-20', payDate: '2026-01-21', status: 'paid', expected: '26.13', received: null },
    });
    await agent.get('/api/user/portfolio').expect(200, [res.body]);
    await agent.get(`/api/user/portfolio/${res.body.id}`).expect(200, res.body);
    const events = await ctx.deps.log.readStream(streams.portfolio(id));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['HoldingAdded', { userId: id, holdingId: res.body.id, etfId: DRPW.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: true, addedAt: '2026-01-23T17:00:00.000Z' }],
    ]);
  });

  it('normalises decimal strings and numbers, accepts booleans for isDrip, and omitted price and date', async () => {
    const { agent } = await signUp(ctx.app);
    const a = await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: 12.5, purchasePrice: '21.50', purchaseDate: '2026-01-23', isDrip: true }).expect(201);
    expect(a.body).toMatchObject({ shares: '12.5', purchasePrice: '21.5', purchaseDate: '2026-01-23', isDrip: 1 });
    const b = await agent.post('/api/user/portfolio').send({ etfId: OTHER.etfId, shares: '0.0100' }).expect(201);
    // no price, no date: counted from the day it was added; no market data for this fund yet
    expect(b.body).toMatchObject({ shares: '0.01', purchasePrice: null, purchaseDate: null, isDrip: 0, heldSince: '2026-01-23', currentShares: '0.01', currentPrice: null, currentValue: null, incomeReceived: '0.00', gain: null });
    const c = await signUp(ctx.app);
    const d = await c.agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '3', purchasePrice: '', purchaseDate: '', isDrip: 0 }).expect(201);
    expect(d.body).toMatchObject({ purchasePrice: null, purchaseDate: null, isDrip: 0 });
  });

  it('answers 409 naming the ticker when the ETF is already held, and writes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
    await agent.post('/api/user/portfolio').send({ ...dripHolding, shares: '5' }).expect(409, { message: 'DRPW is already in your portfolio' });
    expect(await ctx.deps.log.readStream(streams.portfolio(id))).toHaveLength(1);
    expect((await agent.get('/api/user/portfolio')).body).toHaveLength(1);
  });

  it('keeps one holding per ETF under concurrent adds: one 201, the rest 409', async () => {
    const { agent, id } = await signUp(ctx.app);
    const results = await Promise.all([1, 2, 3, 4].map((n) => agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: n })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await ctx.deps.log.readStream(streams.portfolio(id))).toHaveLength(1);
  });

  it('accepts 20 parallel adds of 20 different ETFs by one user: 20 × 201, 20 holdings, no 412 (audit L5)', async () => {
    const funds = Array.from({ length: 20 }, () => fund());
    await given(ctx, funds.map((f) => listed(f)));
    const { agent, id } = await signUp(ctx.app);
    // Reading a stream takes a few milliseconds on a loaded machine or a remote store: every request
    // then folds the same revision, as the audit's 20 HTTP clients did (7-9 of 20 got 412 there).
    const log = ctx.deps.log;
    const aggregate = log.aggregate.bind(log);
    log.aggregate = (async (...args: Parameters<typeof aggregate>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return aggregate(...args);
    }) as typeof log.aggregate;
    let results: Awaited<ReturnType<typeof agent.post>>[];
    try {
      results = await Promise.all(funds.map((f) => agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '1' })));
    } finally {
      log.aggregate = aggregate;
    }
    expect(results.map((r) => r.status)).toEqual(funds.map(() => 201));
    expect(await ctx.deps.log.readStream(streams.portfolio(id))).toHaveLength(20);
    expect((await agent.get('/api/user/portfolio')).body).toHaveLength(20);
  });

  it('answers 404 for an unknown ETF', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: UNKNOWN, shares: 1 }).expect(404, { message: 'ETF not found' });
    await agent.post('/api/user/portfolio').send({ etfId: 'nvdw', shares: 1 }).expect(404, { message: 'ETF not found' });
  });

  it.each([
    ['no body at all', undefined, { etfId: 'Required', shares: 'Required' }],
    ['missing etfId', { shares: 1 }, { etfId: 'Required' }],
    ['blank etfId', { etfId: '  ', shares: 1 }, { etfId: 'Required' }],
    ['missing shares', { etfId: DRPW.etfId }, { shares: 'Required' }],
    ['zero shares', { etfId: DRPW.etfId, shares: '0' }, { shares: 'Must be a positive number' }],
    ['negative shares', { etfId: DRPW.etfId, shares: -2 }, { shares: 'Must be a positive number' }],
    ['text shares', { etfId: DRPW.etfId, shares: 'ten' }, { shares: 'Must be a positive number' }],
    ['empty shares', { etfId: DRPW.etfId, shares: '' }, { shares: 'Must be a positive number' }],
    ['too many shares', { etfId: DRPW.etfId, shares: '1000000001' }, { shares: 'Must be at most 1,000,000,000' }],
    ['zero price', { etfId: DRPW.etfId, shares: 1, purchasePrice: 0 }, { purchasePrice: 'Purchase price must be a positive number' }],
    ['negative price', { etfId: DRPW.etfId, shares: 1, purchasePrice: '-20' }, { purchasePrice: 'Purchase price must be a positive number' }],
    ['text price', { etfId: DRPW.etfId, shares: 1, purchasePrice: 'cheap' }, { purchasePrice: 'Purchase price must be a positive number' }],
    ['future date', { etfId: DRPW.etfId, shares: 1, purchaseDate: '2026-01-24' }, { purchaseDate: 'Purchase date cannot be in the future' }],
    ['impossible date', { etfId: DRPW.etfId, shares: 1, purchaseDate: '2026-02-30' }, { purchaseDate: 'Purchase date must be a valid date (YYYY-MM-DD)' }],
    ['not a date', { etfId: DRPW.etfId, shares: 1, purchaseDate: 'yesterday' }, { purchaseDate: 'Purchase date must be a valid date (YYYY-MM-DD)' }],
    ['isDrip not 1/0', { etfId: DRPW.etfId, shares: 1, isDrip: 'yes' }, { isDrip: 'Must be 1 or 0' }],
    ['everything wrong', { etfId: DRPW.etfId, shares: 0, purchasePrice: -1, purchaseDate: '2027-01-01', isDrip: 2 }, {
      shares: 'Must be a positive number',
      purchasePrice: 'Purchase price must be a positive number',
      purchaseDate: 'Purchase date cannot be in the future',
      isDrip: 'Must be 1 or 0',
    }],
  ])('answers 400 per field: %s', async (_name, body, errors) => {
    const { agent, id } = await signUp(ctx.app);
    const req = agent.post('/api/user/portfolio');
    const res = await (body === undefined ? req : req.send(body)).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0], errors });
    expect(await ctx.deps.log.readStream(streams.portfolio(id))).toEqual([]);
  });

  describe("a purchase date before the fund's first trading day (metrics-audit F15)", () => {
    // INCW: inception 2025-12-15 in the catalog, the owner's bars only from 2026-01-02.
    const INCW = { ...fund(), ticker: 'INCW' };
    beforeAll(async () => {
      const listing = listed(INCW);
      await given(ctx, [{ ...listing, data: { ...(listing.data as object), inceptionDate: '2025-12-15' } }, bar(INCW.etfId, '2026-01-02', '10')]);
    });
    const refused = (ticker: string, date: string) => `Purchase date cannot be before ${ticker}'s first trading day, ${date}`;

    it('is refused with the inception date when the catalog has one', async () => {
      const { agent, id } = await signUp(ctx.app);
      const message = refused('INCW', '2025-12-15');
      await agent.post('/api/user/portfolio').send({ etfId: INCW.etfId, shares: 1, purchaseDate: '2020-01-01' }).expect(400, { message, errors: { purchaseDate: message } });
      await agent.post('/api/user/portfolio').send({ etfId: INCW.etfId, shares: 1, purchaseDate: '2025-12-14' }).expect(400, { message, errors: { purchaseDate: message } });
      expect(await ctx.deps.log.readStream(streams.portfolio(id))).toEqual([]);
      await agent.post('/api/user/portfolio').send({ etfId: INCW.etfId, shares: 1, purchaseDate: '2025-12-15' }).expect(201);
    });

    it('is refused with the first bar when the catalog has no inception date', async () => {
      const { agent } = await signUp(ctx.app);
      const message = refused('DRPW', '2026-01-02');
      await agent.post('/api/user/portfolio').send({ ...dripHolding, purchaseDate: '2026-01-01' }).expect(400, { message, errors: { purchaseDate: message } });
    });

    it('names the new first bar once an earlier one is recorded (the first bar date is kept only while the fund is unchanged)', async () => {
      const LATW = { ...fund(), ticker: 'LATW' };
      await given(ctx, [listed(LATW), bar(LATW.etfId, '2026-01-06', '10')]);
      const { agent } = await signUp(ctx.app);
      const body = { etfId: LATW.etfId, shares: 1, purchaseDate: '2026-01-02' };
      const before = refused('LATW', '2026-01-06');
      await agent.post('/api/user/portfolio').send(body).expect(400, { message: before, errors: { purchaseDate: before } });
      await given(ctx, [bar(LATW.etfId, '2026-01-05', '10')]);
      const after = refused('LATW', '2026-01-05');
      await agent.post('/api/user/portfolio').send(body).expect(400, { message: after, errors: { purchaseDate: after } });
    });

    it('is not checked for a fund with neither an inception date nor a bar', async () => {
      const { agent } = await signUp(ctx.app);
      await agent.post('/api/user/portfolio').send({ etfId: OTHER.etfId, shares: 1, purchaseDate: '2020-01-01' }).expect(201);
    });
  });

  it('answers 400 when the body is not an object', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send([dripHolding]).expect(400, { message: 'Request body must be a JSON object' });
  });

  it("takes 'today' for the purchase date in New York from the request clock", async () => {
    const local = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-24T04:30:00.000Z') }); // Fri 23:30 in New York
    try {
      await given(local, drpwEvents());
      const { agent } = await signUp(local.app);
      const body = { etfId: DRPW.etfId, shares: 1, purchaseDate: '2026-01-24' };
      await agent.post('/api/user/portfolio').send(body).expect(400, { message: 'Purchase date cannot be in the future', errors: { purchaseDate: 'Purchase date cannot be in the future' } });
      local.advance(45 * 60 * 1000); // Sat 00:15 in New York (within the session's 60-minute idle timeout)
      await agent.post('/api/user/portfolio').send(body).expect(201);
    } finally {
      await local.close();
    }
  });

  it('answers 401 to a visitor', async () => {
    await request(ctx.app).post('/api/user/portfolio').send(dripHolding).expect(401);
    await request(ctx.app).get('/api/user/portfolio').expect(401);
    await request(ctx.app).get('/api/user/dividends/calendar').expect(401);
    await request(ctx.app).delete(`/api/user/portfolio/${UNKNOWN}`).expect(401);
  });
});

describe('DELETE /api/user/portfolio/:holdingId', () => {
  it('removes the holding (204); the next read no longer shows it; removing it again answers 404', async () => {
    const { agent } = await signUp(ctx.app);
    const { body } = await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
    await agent.delete(`/api/user/portfolio/${body.id}`).expect(204);
    await agent.get('/api/user/portfolio').expect(200, []);
    await agent.get('/api/user/dividends/calendar').expect(200, []);
    await agent.get(`/api/user/portfolio/${body.id}`).expect(404, { message: 'Holding not found' });
    await agent.delete(`/api/user/portfolio/${body.id}`).expect(404, { message: 'Holding not found' });
    await agent.delete('/api/user/portfolio/not-an-id').expect(404, { message: 'Holding not found' });
    // the ETF can be added again
    await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
  });

  it("answers 404, never 403, for another user's holding, and leaves it alone", async () => {
    const ann = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const { body } = await ann.agent.post('/api/user/portfolio').send(dripHolding).expect(201);
    await bob.agent.get(`/api/user/portfolio/${body.id}`).expect(404, { message: 'Holding not found' });
    await bob.agent.delete(`/api/user/portfolio/${body.id}`).expect(404, { message: 'Holding not found' });
    await bob.agent.get('/api/user/portfolio').expect(200, []);
    await bob.agent.get('/api/user/dividends/calendar').expect(200, []);
    await ann.agent.get('/api/user/portfolio').expect(200, [body]);
    expect(await ctx.deps.log.readStream(streams.portfolio(bob.id))).toEqual([]);
  });
});

describe('GET /api/user/dividends/calendar', () => {
  // the fixture's distributions are the owner's: no issuer's release behind them
  const OWNER = {
    ...{ source: 'owner', issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null },
    ...{ character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null },
  } as const;
  it("answers the held funds' payouts for four weeks from Monday, with the shares entitled and shares x amount", async () => {
    const { agent } = await signUp(ctx.app);
    await agent.get('/api/user/dividends/calendar').expect(200, []);
    await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
    const res = await agent.get('/api/user/dividends/calendar').expect(200);
    // Window Mon 2026-01-19 .. Sun 2026-02-15 (market day Fri 2026-01-23); amounts and flags as the
    // public calendar; DRIP shares on each ex-date (views.unit.spec.ts works them out).
    expect(res.body).toEqual([
      { etfId: DRPW.etfId, ticker: 'DRPW', payoutDate: '2026-01-21', amount: '0.25', shares: '104.5', estimatedPayout: '26.13', estimated: false, kind: 'regular', paid: true, isDemo: false, payoutStatus: 'paid', receivedAmount: null, distributionId: `${DRPW.etfId}_2026-01-20`, ...OWNER },
      { etfId: DRPW.etfId, ticker: 'DRPW', payoutDate: '2026-01-28', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: false, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'declared', receivedAmount: null, distributionId: `${DRPW.etfId}_2026-01-27`, ...OWNER },
      { etfId: DRPW.etfId, ticker: 'DRPW', payoutDate: '2026-02-04', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${DRPW.etfId}_2026-02-03`, ...OWNER },
      { etfId: DRPW.etfId, ticker: 'DRPW', payoutDate: '2026-02-11', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${DRPW.etfId}_2026-02-10`, ...OWNER },
    ]);
    // the same dates, amounts and flags as the public calendar's DRPW entries
    const publicEntries = (await request(ctx.app).get('/api/dividends/calendar').expect(200)).body.filter((e: { ticker: string }) => e.ticker === 'DRPW');
    expect(publicEntries.map((e: { payoutDate: string; amount: string }) => [e.payoutDate, e.amount])).toEqual(res.body.map((e: { payoutDate: string; amount: string }) => [e.payoutDate, e.amount]));
  });
});

describe('market changes reach the user area', () => {
  it('recomputes the portfolio and calendar when a held fund gets a new price or distribution', async () => {
    const local = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
    try {
      await given(local, drpwEvents());
      const { agent } = await signUp(local.app);
      await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '10', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
      expect((await agent.get('/api/user/portfolio')).body[0]).toMatchObject({ currentValue: '220.00', priceChange: '20.00' }); // 10 x 22; 10 x (22 - 20)
      // a later bar on the market day (a revision): P = 23
      await given(local, [bar(DRPW.etfId, '2026-01-23', '23', 'PriceBarRevised')]);
      expect((await agent.get('/api/user/portfolio')).body[0]).toMatchObject({ currentValue: '230.00', priceChange: '30.00' }); // 10 x 23; 10 x 3
      // the issuer declares ex 02-03 at 0.60, paid 02-04: it replaces the estimate of that week; the
      // pattern projects the next Tuesday (ex 02-10, paid 02-11) at the latest declared amount, now 0.6
      await given(local, [distribution(DRPW.etfId, '2026-02-03', '0.6', { payDate: '2026-02-04' })]);
      const calendar = (await agent.get('/api/user/dividends/calendar').expect(200)).body as { payoutDate: string; amount: string; estimatedPayout: string; estimated: boolean }[];
      expect(calendar.map((e) => [e.payoutDate, e.amount, e.estimatedPayout, e.estimated])).toEqual([
        ['2026-01-21', '0.25', '2.50', false], // 10 x 0.25
        ['2026-01-28', '0.3', '3.00', false], // 10 x 0.3
        ['2026-02-04', '0.6', '6.00', false], // 10 x 0.6
        ['2026-02-11', '0.6', '6.00', true], // 10 x 0.6
      ]);
    } finally {
      await local.close();
    }
  });
});

describe('a holding write and the read models it does not read', () => {
  it('answers the holding (and the next GET shows it) while another read model has not taken the write in yet', async () => {
    // A read model fed by HoldingAdded that is stuck in its batch (as a slow or failing one would be):
    // the write waits only for the portfolio read model its answer and the next read come from.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stuck: Projection = { name: 'stuck-on-holdings', version: 1, handles: ['HoldingAdded'], collections: {}, apply: () => gate };
    const own = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z'), projections: [...allProjections, stuck] });
    try {
      await given(own, [...drpwEvents()]);
      const { agent } = await signUp(own.app);
      const res = await agent.post('/api/user/portfolio').send(dripHolding).expect(201);
      expect(res.body).toMatchObject({ etfId: DRPW.etfId, shares: '100', currentShares: '105.75' });
      const list = await agent.get('/api/user/portfolio').expect(200);
      expect(list.body.map((h: { id: string }) => h.id)).toEqual([res.body.id]);
      expect((await own.deps.readModels.status()).find((s) => s.name === stuck.name)?.lag).toBeGreaterThan(0);
    } finally {
      release();
      await own.close();
    }
  });
});
