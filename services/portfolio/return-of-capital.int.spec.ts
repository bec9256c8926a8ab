import request from 'supertest';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtfDetail, EtfListItem } from '../../contracts/market.ts';
import type { HoldingView, TaxSummary } from '../../contracts/portfolio.ts';
import { addDays, businessDaysBetween, isBusinessDay, previousBusinessDay } from '../../domain/market/trading-days.ts';
import { fastEnv, signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { bar, distribution, fund, given, listed, marketDay, subscribe } from './test-helpers.ts';

/**
 * Return of capital through the API (issue 27, docs/metrics.md "Return of capital", case 2): the owner's
 * distribution CSV with its ROC % column, the owner's year-end character CSV, then the fund detail, the
 * holding and the tax-year summary (JSON and CSV) agree with the hand-computed figures and with each other.
 * FINW: $10.00, $0.25 ex every Wednesday from 2025-12-03, estimated 92 % ROC; today Monday 2026-01-12;
 * 200 shares bought 2025-12-01 at $10.00.
 */
let ctx: TestContext;
let owner: Agent;
let investor: Agent;
let etfId: string;
const TODAY = '2026-01-12';
const TICKER = 'FINW';

const distributionsCsv = ['Ex Date,Amount,ROC %', ...['2025-12-03', '2025-12-10', '2025-12-17', '2025-12-24', '2025-12-31', '2026-01-07'].map((d) => `${d},0.25,92`)].join('\n');
const characterCsv = [
  'Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %',
  '2025-12-03,5,2,3,90',
  '2025-12-10,0,0,0,100',
  '2025-12-17,0,0,0,100',
  '12/24/2025,0%,0%,0%,100%',
  '2025-12-31,,,,100',
  '2026-01-14,0,0,0,100',
].join('\n');

const detail = async () => (await request(ctx.app).get(`/api/etfs/detail/${TICKER}`).expect(200)).body as EtfDetail;
const holding = async () => ((await investor.get('/api/user/portfolio').expect(200)).body as HoldingView[]).find((h) => h.etfId === etfId)!;
const summary = async (query = '') => (await investor.get(`/api/user/tax-summary${query}`).expect(200)).body as TaxSummary;
const head = () => ctx.container.eventStore.headPosition();

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-12T20:00:00.000Z') });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  const signedUp = await signUp(ctx.app);
  investor = signedUp.agent;
  // the tax-year summary is Premium (services/payouts/premium-analytics.int.spec.ts: free and lapsed get 403)
  await subscribe(ctx, signedUp.id, 'premium', 'active');
  etfId = (await owner.post('/api/etfs').send({ ticker: TICKER, name: 'Final Test WeeklyPay' }).expect(201)).body.id as string;
  const prices = ['Date,Close', ...businessDaysBetween('2025-11-03', TODAY).map((d) => `${d},10.00`)].join('\n');
  await owner.post(`/api/admin/etfs/${etfId}/prices/import`).send({ csv: prices }).expect(200);
  expect((await owner.post(`/api/admin/etfs/${etfId}/distributions/import`).send({ csv: distributionsCsv }).expect(200)).body).toMatchObject({ appended: 6, errors: [] });
  await given(ctx, [marketDay(TODAY)]);
  await investor.post('/api/user/portfolio').send({ etfId, shares: '200', purchasePrice: '10', purchaseDate: '2025-12-01', isDrip: 0 }).expect(201);
});
afterAll(async () => {
  await ctx?.close();
});

describe('return of capital through the API: estimates, then the final figures (case 2)', () => {
  it('on estimates: the fund says 92.00 % of its payouts were capital, a true income rate of 10.40; the holding 276.00 of 300.00', async () => {
    const d = await detail();
    expect([d.distributionRate, d.rocShareTtm, d.rocShareTtmBasis, d.trueIncomeRate]).toEqual(['130.00', '92.00', { payouts: 6, final: 0, estimated: 6, notPublished: 0 }, '10.40']);
    expect(d.dividendHistory[0]).toMatchObject({ exDividendDate: '2026-01-07', source: 'owner', rocEstimatePercent: '92', character: null, characterFinal: false, rocBasis: 'estimate', rocPercent: '92' });
    expect(d.returnOfCapitalTtm).toMatchObject({ paidPerShare: '1.5000', capitalReturnedPerShare: '1.3800', incomePerShare: '0.1200', rocShareTtm: '92.00' });
    const h = await holding();
    expect(h).toMatchObject({ incomeReceived: '300.00', capitalReturned: '276.00', incomeReceivedNet: '24.00', adjustedCostBasis: '1724.00', capitalGainFromRoc: '0.00' });
    expect(h.capitalReturnedBasis).toEqual({ payouts: 6, final: 0, estimated: 6, notPublished: 0 });
  });

  it('the year-end character file: five distributions updated, the unknown ex-date reported; the same file again changes nothing', async () => {
    const first = await owner.post(`/api/admin/etfs/${etfId}/distributions/character`).send({ csv: characterCsv }).expect(200);
    expect(first.body).toEqual({ updated: 5, unchanged: 0, errors: [{ line: 7, message: 'Skipped: FINW has no distribution with ex-date 2026-01-14' }] });
    const before = await head();
    const again = await owner.post(`/api/admin/etfs/${etfId}/distributions/character`).set('Content-Type', 'text/csv').send(characterCsv).expect(200);
    expect(again.body).toEqual({ updated: 0, unchanged: 5, errors: [{ line: 7, message: 'Skipped: FINW has no distribution with ex-date 2026-01-14' }] });
    expect(await head()).toBe(before);
  });

  it('final: rocShareTtm 97.00 and trueIncomeRate 3.90; each payout keeps its estimate beside the final figures', async () => {
    const d = await detail();
    expect([d.rocShareTtm, d.rocShareTtmBasis, d.trueIncomeRate]).toEqual(['97.00', { payouts: 6, final: 5, estimated: 1, notPublished: 0 }, '3.90']);
    // "estimated 92 %, final 90 %"
    expect(d.dividendHistory.find((x) => x.exDividendDate === '2025-12-03')).toMatchObject({
      rocEstimatePercent: '92',
      character: { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' },
      characterFinal: true,
      rocBasis: 'final',
      rocPercent: '90',
    });
    expect(d.explain.trueIncomeRate.inputs).toMatchObject({ distributionRate: '130', rocShareTtm: '97', payouts: 6, final: 5, estimated: 1, notPublished: 0 });
    // the ETF database's rows carry it, to sort by
    const item = ((await request(ctx.app).get('/api/etfs').expect(200)).body as EtfListItem[]).find((e) => e.ticker === TICKER)!;
    expect([item.trueIncomeRate, item.exact.trueIncomeRate, item.rocShareTtm]).toEqual(['3.90', '3.9', '97.00']);
  });

  it('final: the holding on both bases (capital returned 291.00, adjusted cost 1,709.00)', async () => {
    const h = await holding();
    expect(h).toMatchObject({
      incomeReceived: '300.00',
      capitalReturned: '291.00', // 50 x 0.90 + 4 x 50 + 50 x 0.92
      incomeReceivedNet: '9.00',
      capitalReturnedBasis: { payouts: 6, final: 5, estimated: 1, notPublished: 0 },
      reinvestedCost: '0.00',
      costBasis: '2000.00',
      adjustedCostBasis: '1709.00',
      capitalGainFromRoc: '0.00',
      gain: '300.00', // on the purchase cost: price 0 + 300 of distributions
      gainOnAdjustedCost: '291.00', // 2,000 - 1,709; + 9.00 income + 0 capital gain = 300.00
      gainOnAdjustedCostPercent: '17.03', // 291 / 1,709 = 17.0275..
      houseMoneyPercent: '15.00', // 300 / 2,000
      houseMoneyOnAdjustedCostPercent: '0.53', // 9 / 1,709 = 0.5266..
      projectedAnnualIncome: '2600.00', // 200 x 0.25 x 52
      yieldOnCost: '130.00',
      projectedAnnualIncomeNet: '78.00', // 2,600 x (100 - 97) / 100
      yieldOnAdjustedCost: '4.56', // 78 / 1,709 = 4.5640..
    });
    expect(h.explain.adjustedCostBasis.inputs).toMatchObject({ costBasis: '2000', reinvestedCost: '0', capitalReturned: '291', capitalGainFromRoc: '0', lots: 1 });
  });

  it('the tax-year summary: per year of the pay date, per fund, split by character; its totals are the holding\'s', async () => {
    const all = await summary();
    expect(all.disclaimer).toMatch(/^Not tax advice\. This summary is for educational and informational purposes only and is not financial or tax advice\./);
    expect([all.asOf, all.year, all.years.map((y) => y.year)]).toEqual([TODAY, null, [2025, 2026]]);
    const [y2025, y2026] = all.years;
    // 2025: paid 12-04, 12-11, 12-18, 12-26 (the 12-31 payout is paid 2026-01-02, after New Year's Day)
    expect(y2025!.funds[0]!.payments.map((p) => [p.exDividendDate, p.payoutDate, p.cash, p.rocBasis, p.returnOfCapital, p.ordinary, p.qualified, p.capitalGain, p.unclassifiedIncome])).toEqual([
      ['2025-12-03', '2025-12-04', '50.00', 'final', '45.00', '2.50', '1.00', '1.50', '0.00'],
      ['2025-12-10', '2025-12-11', '50.00', 'final', '50.00', '0.00', '0.00', '0.00', '0.00'],
      ['2025-12-17', '2025-12-18', '50.00', 'final', '50.00', '0.00', '0.00', '0.00', '0.00'],
      ['2025-12-24', '2025-12-26', '50.00', 'final', '50.00', '0.00', '0.00', '0.00', '0.00'],
    ]);
    expect(y2025!.totals).toEqual({ payouts: 4, final: 4, estimated: 0, notPublished: 0, cash: '200.00', returnOfCapital: '195.00', income: '5.00', ordinary: '2.50', qualified: '1.00', capitalGain: '1.50', unclassifiedIncome: '0.00' });
    expect(y2026!.funds[0]!.payments.map((p) => [p.exDividendDate, p.payoutDate, p.rocBasis, p.rocEstimatePercent, p.returnOfCapital, p.income, p.ordinary, p.unclassifiedIncome])).toEqual([
      ['2025-12-31', '2026-01-02', 'final', '92', '50.00', '0.00', '0.00', '0.00'],
      ['2026-01-07', '2026-01-08', 'estimate', '92', '46.00', '4.00', null, '4.00'],
    ]);
    expect(y2026!.totals).toEqual({ payouts: 2, final: 1, estimated: 1, notPublished: 0, cash: '100.00', returnOfCapital: '96.00', income: '4.00', ordinary: '0.00', qualified: '0.00', capitalGain: '0.00', unclassifiedIncome: '4.00' });
    // the API agrees with itself: the years add up to the holding's figures
    const h = await holding();
    expect([(195 + 96).toFixed(2), (200 + 100).toFixed(2), (5 + 4).toFixed(2)]).toEqual([h.capitalReturned, h.incomeReceived, h.incomeReceivedNet]);
    expect((await summary('?year=2026')).years).toEqual([y2026]);
    expect((await summary('?year=2024')).years).toEqual([]);
  });

  it('the CSV: the disclaimer first, then the JSON\'s numbers cell for cell', async () => {
    const res = await investor.get('/api/user/tax-summary.csv?year=2025').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="weeklydiv-tax-summary-2025.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Not tax advice\. This summary is for educational and informational purposes only/);
    expect(lines[1]).toBe(
      'Year,Ticker,Fund,Row,Ex Date,Pay Date,Kind,Shares,Amount Per Share,Cash,ROC Basis,ROC %,ROC Estimate %,Final Ordinary %,Final Qualified %,Final Capital Gain %,Final Return of Capital %,Return of Capital,Income,Ordinary,Qualified,Capital Gain,Unclassified Income',
    );
    expect(lines[2]).toBe('2025,FINW,Final Test WeeklyPay,payment,2025-12-03,2025-12-04,regular,200,0.25,50.00,final,90,92,5,2,3,90,45.00,5.00,2.50,1.00,1.50,0.00');
    expect(lines[6]).toBe('2025,FINW,Final Test WeeklyPay,fund total,,,,,,200.00,"4 final, 0 estimated, 0 not published",,,,,,,195.00,5.00,2.50,1.00,1.50,0.00');
    expect(lines[7]).toBe('2025,,,year total,,,,,,200.00,"4 final, 0 estimated, 0 not published",,,,,,,195.00,5.00,2.50,1.00,1.50,0.00');
    expect(lines).toHaveLength(8);
    // every payment row is the JSON's payment
    const json = await summary('?year=2025');
    const rows = lines.slice(2).filter((l) => l.includes(',payment,')).map((l) => l.split(','));
    expect(rows.map((r) => [r[4], r[9], r[17], r[18], r[19], r[20], r[21], r[22]])).toEqual(
      json.years[0]!.funds[0]!.payments.map((p) => [p.exDividendDate, p.cash, p.returnOfCapital, p.income, p.ordinary, p.qualified, p.capitalGain, p.unclassifiedIncome]),
    );
  });

  it('the owner corrects one estimate by hand; the holding and the summary follow', async () => {
    const res = await owner.put(`/api/admin/etfs/${etfId}/distributions/2026-01-07`).send({ amount: '0.25', rocEstimatePercent: '80 %' }).expect(200);
    expect(res.body).toMatchObject({ exDate: '2026-01-07', amount: '0.25', source: 'manual', rocEstimatePercent: '80', character: null, result: 'revised' });
    // 291 - 46 + 40 = 285.00
    expect(await holding()).toMatchObject({ capitalReturned: '285.00', incomeReceivedNet: '15.00', adjustedCostBasis: '1715.00' });
    expect((await summary('?year=2026')).years[0]!.totals).toMatchObject({ returnOfCapital: '90.00', unclassifiedIncome: '10.00' });
    // the same values again: nothing written
    expect((await owner.put(`/api/admin/etfs/${etfId}/distributions/2026-01-07`).send({ amount: 0.25, rocEstimatePercent: 80 }).expect(200)).body).toMatchObject({ result: 'unchanged' });
  });
});

describe('the owner\'s endpoints: validation and access', () => {
  it('a character file naming no distribution of the fund records nothing: 400 with each row\'s reason', async () => {
    const res = await owner.post(`/api/admin/etfs/${etfId}/distributions/character`).send({ csv: 'Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %\n2026-02-04,0,0,0,100\n' }).expect(400);
    expect(res.body).toEqual({
      message: 'No distribution character recorded: line 2: FINW has no distribution with ex-date 2026-02-04',
      errors: { 'line 2': 'Skipped: FINW has no distribution with ex-date 2026-02-04' },
    });
    const file = await owner.post(`/api/admin/etfs/${etfId}/distributions/character`).send({ csv: 'Ex Date,Return of Capital %\n2025-12-03,100\n' }).expect(400);
    expect(file.body.message).toBe('CSV must include the columns Ordinary %, Qualified %, Capital Gain % and Return of Capital % in the header row (missing: Ordinary %, Qualified %, Capital Gain %)');
  });

  it('a withdrawn distribution takes no character', async () => {
    await owner.delete(`/api/admin/etfs/${etfId}/distributions/2025-12-10`).expect(200);
    const res = await owner.post(`/api/admin/etfs/${etfId}/distributions/character`).send({ csv: characterCsv }).expect(200);
    expect(res.body.errors).toContainEqual({ line: 3, message: 'Skipped: the FINW distribution with ex-date 2025-12-10 was withdrawn' });
  });

  it('the distribution form: each field its message', async () => {
    const put = (body: object, exDate = '2026-01-14') => owner.put(`/api/admin/etfs/${etfId}/distributions/${exDate}`).send(body);
    expect((await put({ amount: '0.25', rocEstimatePercent: 150 }).expect(400)).body.errors).toEqual({
      rocEstimatePercent: 'ROC estimate must be a number from 0 to 100 (percent of the payout that is a return of capital), or null when none is published',
    });
    expect((await put({ amount: 'lots' }).expect(400)).body.errors).toEqual({ amount: 'Amount must be a number of at least 0 (cash per share)' });
    expect((await put({ rocEstimatePercent: 50 }).expect(400)).body.errors).toEqual({ amount: 'Required' });
    expect((await put({ amount: '0.2', payDate: '2026-13-01', recordDate: 'soon', status: 'final' }).expect(400)).body.errors).toEqual({
      payDate: 'Pay date must be a date (YYYY-MM-DD)',
      recordDate: 'Record date must be a date (YYYY-MM-DD)',
      status: 'Status must be declared or estimated',
    });
    // a new distribution: 201, the estimate cleared by null on the next edit
    expect((await put({ amount: '0.25', payDate: '2026-01-15', rocEstimatePercent: 92 }).expect(201)).body).toMatchObject({ result: 'recorded', rocEstimatePercent: '92', payDate: '2026-01-15' });
    expect((await put({ amount: '0.25', rocEstimatePercent: null }).expect(200)).body).toMatchObject({ result: 'revised', rocEstimatePercent: null, payDate: '2026-01-15' });
    // the decider's rule for the ex-date: a Saturday is no ex-date
    expect((await put({ amount: '0.25' }, '2026-01-17').expect(400)).body.message).toBe('Ex-date 2026-01-17 is a Saturday: an ex-date must be a weekday (Monday to Friday)');
  });

  it('the owner only; the summary for signed-in Premium users, its year checked', async () => {
    await investor.post(`/api/admin/etfs/${etfId}/distributions/character`).send({ csv: characterCsv }).expect(403);
    await investor.put(`/api/admin/etfs/${etfId}/distributions/2026-01-07`).send({ amount: '0.25' }).expect(403);
    await request(ctx.app).get('/api/user/tax-summary').expect(401);
    await request(ctx.app).get('/api/user/tax-summary.csv').expect(401);
    expect((await investor.get('/api/user/tax-summary?year=26').expect(400)).body.errors).toEqual({ year: 'year must be a year from 1900 to 2100, e.g. 2026' });
    expect((await investor.get('/api/user/tax-summary.csv?year=3000').expect(400)).body.errors).toEqual({ year: 'year must be a year from 1900 to 2100, e.g. 2026' });
  });
});

describe('DRIP with ROC through the API (case 4): the lots, the CSV and the kernel agree', () => {
  const DRCW = fund();
  const events = () => {
    const out = [listed(DRCW), ...businessDaysBetween('2026-09-01', '2026-10-26').map((d) => bar(DRCW.etfId, d, '10'))];
    for (let d = '2026-10-08'; d <= '2026-10-22'; d = addDays(d, 7)) {
      const e = distribution(DRCW.etfId, isBusinessDay(d) ? d : previousBusinessDay(d), '0.1');
      out.push({ ...e, data: { ...(e.data as object), rocEstimatePercent: '50' } });
    }
    return [...out, marketDay('2026-10-26')];
  };

  it('capital returned 15.15 of 30.30, adjusted cost 1,015.15 (1,000 + 30.30 reinvested - 15.15)', async () => {
    // the request clock to Monday 2026-10-26, 16:00 New York (the market day below)
    ctx.advance(Date.parse('2026-10-26T20:00:00.000Z') - ctx.deps.now().getTime());
    await given(ctx, events());
    const premium = await signUp(ctx.app);
    await subscribe(ctx, premium.id, 'premium', 'active');
    const user = premium.agent;
    await user.post('/api/user/portfolio').send({ etfId: DRCW.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-10-01', isDrip: 1 }).expect(201);
    const [h] = (await user.get('/api/user/portfolio').expect(200)).body as HoldingView[];
    expect(h).toMatchObject({
      currentShares: '103.0301',
      incomeReceived: '30.30',
      capitalReturned: '15.15',
      incomeReceivedNet: '15.15',
      reinvestedCost: '30.30',
      adjustedCostBasis: '1015.15',
      capitalGainFromRoc: '0.00',
      currentValue: '1030.30',
      gain: '30.30',
      gainOnAdjustedCost: '15.15',
      houseMoneyPercent: '3.03',
      houseMoneyOnAdjustedCostPercent: '1.49',
      yieldOnCost: '53.58',
      yieldOnAdjustedCost: '26.39',
    });
    expect(h!.explain.adjustedCostBasis.inputs).toMatchObject({ lots: 4, reinvestedCost: '30.301', capitalReturned: '15.1505' });
    const csv = (await user.get('/api/user/tax-summary.csv').expect(200)).text.trimEnd().split('\r\n');
    // ex 10-08: 100 shares, 10.00; ex 10-15: 101, 10.10; ex 10-22: 102.01, 10.20 (10.201 in cents), half of each capital
    expect(csv.slice(2, 5).map((l) => l.split(',').slice(7, 12).concat(l.split(',').slice(17, 19)))).toEqual([
      ['100', '0.1', '10.00', 'estimate', '50', '5.00', '5.00'],
      ['101', '0.1', '10.10', 'estimate', '50', '5.05', '5.05'],
      ['102.01', '0.1', '10.20', 'estimate', '50', '5.10', '5.10'],
    ]);
  });
});
