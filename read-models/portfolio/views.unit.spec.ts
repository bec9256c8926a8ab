import { describe, expect, it } from 'vitest';
import { holdingEntered } from '../../events/portfolio.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import { bar, distribution, listed, marketDay, type FundFixture } from '../market/fixtures.ts';
import { marketProjection } from '../market/projection.ts';
import { physicalName, type Projection } from '../runtime/projection.ts';
import { project, recorded, sampleOf, type GivenEvent } from '../runtime/projection-testing.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { portfolioProjection } from './projection.ts';
import { UserAreaReads } from './queries.ts';
import type { HoldingView } from './views.ts';

/**
 * The user area's derived documents (portfolio with DRIP growth, payout calendar) from the events of
 * both read models it depends on, the market's and the portfolio's, projected like the runtime does.
 *
 * DRPW pays weekly, ex-date Tuesday, paid Wednesday; market day Friday 2026-01-23.
 *   closes: 01-02 20, 01-07 20, 01-14 20.5, 01-21 20.9, 01-23 22 (P = 22)
 *   distributions: ex 01-06 0.50 (paid 01-07), ex 01-13 0.40 (01-14), ex 01-20 0.25 (01-21),
 *                  ex 01-27 0.30 (declared, paid 01-28: in the future)
 */
const DRPW: FundFixture = { etfId: '5e5e5e5e-0000-4000-8000-000000000005', ticker: 'DRPW', name: 'Drip Test WeeklyPay', brand: 'Roundhill', underlying: 'NVDA' };
const id = DRPW.etfId;
const market: GivenEvent[] = [
  listed(DRPW),
  bar(id, '2026-01-02', '20'),
  bar(id, '2026-01-07', '20'),
  bar(id, '2026-01-14', '20.5'),
  bar(id, '2026-01-21', '20.9'),
  bar(id, '2026-01-23', '22'),
  distribution(id, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
  distribution(id, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
  distribution(id, '2026-01-20', '0.25', { payDate: '2026-01-21' }),
  distribution(id, '2026-01-27', '0.3', { payDate: '2026-01-28' }),
  marketDay('2026-01-23'),
];

const OTHER: FundFixture = { etfId: '6f6f6f6f-0000-4000-8000-000000000006', ticker: 'OTHW', name: 'Other WeeklyPay', brand: 'YieldMax', underlying: null };

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const cal = '7c7c7c7c-4f50-4617-8829-3a4b5c6d7e8f';
const hid = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const holding = (user: string, n: number, data: Record<string, unknown>): GivenEvent => ({
  stream: `portfolio-${user}`,
  type: 'HoldingAdded',
  data: { userId: user, holdingId: hid(n), etfId: id, addedAt: '2026-01-23T15:00:00.000Z', ...data },
});
const holdings: GivenEvent[] = [
  // Ann: 100 shares bought 01-02 at $20, DRIP
  holding(ann, 1, { shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: true }),
  // Bob: 40 shares bought 01-12, no price, cash distributions
  holding(bob, 2, { shares: '40', purchasePrice: null, purchaseDate: '2026-01-12', isDrip: false }),
  // Cal: 40 shares bought on the ex-date 01-20 (not entitled to that payout), cash
  holding(cal, 3, { shares: '40', purchasePrice: '21', purchaseDate: '2026-01-20', isDrip: false }),
];

function readModelsOver(docs: DocumentStore): ReadModels {
  return {
    collection: (p: Projection, name: string) => docs.collection(physicalName(p, name)),
    onAdvance: () => () => {},
    // projected in full before any read: every market batch is complete
    status: async () => [{ name: 'market', position: Number.MAX_SAFE_INTEGER }],
  } as unknown as ReadModels;
}

async function projectAll(options: { batchSize?: number; deliverTwice?: boolean } = {}) {
  const docs = new MemoryDocumentStore();
  const events = recorded([...market, ...holdings]);
  await project(marketProjection, events, { docs, ...options });
  await project(portfolioProjection, events, { docs, ...options });
  return new UserAreaReads(readModelsOver(docs));
}

const REQUEST_TODAY = '2026-01-23';

describe('the portfolio document: DRIP growth over several distributions', () => {
  it('reinvests each distribution paid after the purchase at the pay date close', async () => {
    const reads = await projectAll();
    const [a] = JSON.parse(await reads.portfolioJson(ann, REQUEST_TODAY)) as HoldingView[];
    // shares entitled x amount = cash; cash / close on the pay date = shares added
    //   ex 01-06: 100    x 0.50 = 50     ; / 20   = 2.5  -> 102.5
    //   ex 01-13: 102.5  x 0.40 = 41     ; / 20.5 = 2    -> 104.5
    //   ex 01-20: 104.5  x 0.25 = 26.125 ; / 20.9 = 1.25 -> 105.75
    //   ex 01-27: paid 01-28, after today: not received yet
    // income = 50 + 41 + 26.125 = 117.125 -> 117.13
    // value = 105.75 x 22 = 2326.50; cost = 100 x 20 = 2000
    // price change = 100 x (22 - 20) = 200 (10.00 %)
    // distributions (DRIP) = reinvested shares x P = 5.75 x 22 = 126.50 (126.5 / 2000 = 6.325 % -> 6.33)
    // gain = 200 + 126.5 = 326.50 (16.325 % -> 16.33)
    // projected at the latest declared distribution (ex 01-27, 0.30) x 52 payouts a year:
    //   105.75 x 0.30 x 52 = 1649.70
    expect(a).toMatchObject({
      id: hid(1),
      etfId: id,
      shares: '100',
      purchasePrice: '20',
      purchaseDate: '2026-01-02',
      isDrip: 1,
      heldSince: '2026-01-02',
      sharesBought: '100',
      currentShares: '105.75',
      sharesReinvested: '5.75',
      currentPrice: '22.00',
      currentValue: '2326.50',
      costBasis: '2000.00',
      incomeReceived: '117.13',
      paymentsReceived: 3,
      projectedAnnualIncome: '1649.70',
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
      gain: '326.50',
      gainPercent: '16.33',
    });
    expect(a!.etf).toMatchObject({ id, ticker: 'DRPW', name: 'Drip Test WeeklyPay', brand: 'Roundhill', currentPrice: '22.00', weeklyAverage: '0.3833' });
  });

  it('pays cash without DRIP, and reports no gain without a purchase price', async () => {
    const reads = await projectAll();
    const [b] = JSON.parse(await reads.portfolioJson(bob, REQUEST_TODAY)) as HoldingView[];
    // ex 01-13: 40 x 0.40 = 16; ex 01-20: 40 x 0.25 = 10 -> 26.00 (01-06 was before the purchase)
    // value = 40 x 22 = 880.00; projected = 40 x 0.30 x 52 = 624.00
    expect(b).toMatchObject({
      isDrip: 0,
      purchasePrice: null,
      currentShares: '40',
      sharesReinvested: '0',
      incomeReceived: '26.00',
      paymentsReceived: 2,
      currentValue: '880.00',
      costBasis: null,
      projectedAnnualIncome: '624.00',
      gain: null,
      gainPercent: null,
      priceChange: null,
      distributionReturn: null,
    });
  });

  it('does not pay a holding bought on the ex-date', async () => {
    const reads = await projectAll();
    const [c] = JSON.parse(await reads.portfolioJson(cal, REQUEST_TODAY)) as HoldingView[];
    // ex 01-20 is not after the purchase date 01-20; ex 01-27 is paid 01-28 (future)
    // price change = 40 x (22 - 21) = 40.00 (40 / 840 = 4.7619 % -> 4.76); distributions 0.00
    expect(c).toMatchObject({ incomeReceived: '0.00', paymentsReceived: 0, priceChange: '40.00', priceChangePercent: '4.76', distributionReturn: '0.00', gain: '40.00', gainPercent: '4.76' });
  });

  it('gives identical documents when every batch of both read models is delivered twice', async () => {
    const once = await projectAll({ batchSize: 1 });
    const twice = await projectAll({ batchSize: 1, deliverTwice: true });
    const threes = await projectAll({ batchSize: 3, deliverTwice: true });
    for (const user of [ann, bob, cal]) {
      const expected = await once.portfolioJson(user, REQUEST_TODAY);
      expect(await twice.portfolioJson(user, REQUEST_TODAY)).toBe(expected);
      expect(await threes.portfolioJson(user, REQUEST_TODAY)).toBe(expected);
      expect(await twice.calendarJson(user, REQUEST_TODAY)).toBe(await once.calendarJson(user, REQUEST_TODAY));
    }
  });

  it('makes the same document incrementally (after a holding write only the new holding is computed) as from scratch', async () => {
    const docs = new MemoryDocumentStore();
    const otherFund: GivenEvent[] = [listed(OTHER), bar(OTHER.etfId, '2026-01-23', '10'), distribution(OTHER.etfId, '2026-01-21', '0.1', { payDate: '2026-01-22' })];
    const first = recorded([...otherFund, ...market, ...holdings]);
    await project(marketProjection, first, { docs });
    await project(portfolioProjection, first, { docs });
    const reads = new UserAreaReads(readModelsOver(docs));
    const before = await reads.portfolioJson(ann, REQUEST_TODAY);
    // only the holding write: the market version stays, so only the new holding is computed
    const later = recorded(
      [
        { stream: `portfolio-${ann}`, type: 'HoldingAdded', data: { userId: ann, holdingId: hid(9), etfId: OTHER.etfId, shares: '5', purchasePrice: null, purchaseDate: '2026-01-05', isDrip: false, addedAt: '2026-01-23T16:00:00.000Z' } },
      ],
      { firstPosition: first.length + 1 },
    );
    await project(marketProjection, later, { docs });
    await project(portfolioProjection, later, { docs });
    const incremental = JSON.parse(await reads.portfolioJson(ann, REQUEST_TODAY)) as HoldingView[];
    const scratch = new UserAreaReads(readModelsOver(docs));
    expect(JSON.stringify(incremental)).toBe(await scratch.portfolioJson(ann, REQUEST_TODAY));
    expect(await reads.calendarJson(ann, REQUEST_TODAY)).toBe(await scratch.calendarJson(ann, REQUEST_TODAY));
    expect(incremental.map((h) => h.etfId)).toEqual([id, OTHER.etfId]);
    expect(incremental[1]).toMatchObject({ incomeReceived: '0.50', currentValue: '50.00' }); // 5 x 0.1; 5 x 10
    expect(before).not.toBe(JSON.stringify(incremental));
  });

  it('answers the same warm and cold after a HoldingUpdated of any entered field (audit A3-01: no field list in the cache key)', async () => {
    const docs = new MemoryDocumentStore();
    const first = recorded([...market, ...holdings]);
    await project(marketProjection, first, { docs });
    await project(portfolioProjection, first, { docs });
    const reads = new UserAreaReads(readModelsOver(docs));
    const entered: Record<string, unknown> = { shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: true };
    let position = first.length;
    // every field of holdingEntered, whatever it holds: a field added there is covered here at once
    for (const field of holdingEntered.keyof().options) {
      const before = await reads.portfolioJson(ann, REQUEST_TODAY);
      const value = sampleOf(holdingEntered.shape[field], 1, [field]);
      expect(value).not.toEqual(entered[field]);
      Object.assign(entered, { [field]: value });
      const update = recorded(
        [{ stream: `portfolio-${ann}`, type: 'HoldingUpdated', data: { userId: ann, holdingId: hid(1), etfId: id, ...entered, updatedAt: '2026-01-23T16:00:00.000Z' } }],
        { firstPosition: ++position },
      );
      await project(portfolioProjection, update, { docs });
      const warm = await reads.portfolioJson(ann, REQUEST_TODAY);
      const cold = new UserAreaReads(readModelsOver(docs));
      expect(warm, field).toBe(await cold.portfolioJson(ann, REQUEST_TODAY));
      expect(await reads.calendarJson(ann, REQUEST_TODAY), field).toBe(await cold.calendarJson(ann, REQUEST_TODAY));
      expect(warm, field).not.toBe(before);
    }
  });

  it('answers an empty portfolio and calendar for a user without holdings', async () => {
    const reads = await projectAll();
    expect(await reads.portfolioJson('00000000-0000-4000-8000-00000000dead', REQUEST_TODAY)).toBe('[]');
    expect(await reads.calendarJson('00000000-0000-4000-8000-00000000dead', REQUEST_TODAY)).toBe('[]');
  });
});

describe('the payout calendar document', () => {
  // the fixtures' distributions are the owner's: no issuer's release behind them (the public entry's origin is passed on)
  const OWNER = {
    ...{ source: 'owner', issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null },
    // no ROC figure either: passed on from the public entry
    ...{ character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null },
  } as const;
  // Window: Monday 2026-01-19 to Sunday 2026-02-15. Public DRPW entries:
  //   01-21 0.25 (ex 01-20, declared), 01-28 0.3 (ex 01-27, declared),
  //   02-04 and 02-11 estimated (Tuesday pattern ex 02-03 / 02-10 + 1 business day) at the latest
  //   declared amount, 0.3
  it('uses, with DRIP, the shares held on each ex-date: reinvestments paid before it count, future ones are not projected', async () => {
    const reads = await projectAll();
    expect(JSON.parse(await reads.calendarJson(ann, REQUEST_TODAY))).toEqual([
      // ex 01-20: 100 + 2.5 (paid 01-07) + 2 (paid 01-14) = 104.5; 104.5 x 0.25 = 26.125 -> 26.13; paid 01-21, before today 01-23
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-01-21', amount: '0.25', shares: '104.5', estimatedPayout: '26.13', estimated: false, kind: 'regular', paid: true, isDemo: false, payoutStatus: 'paid', receivedAmount: null, distributionId: `${id}_2026-01-20`, ...OWNER },
      // ex 01-27: + 1.25 (paid 01-21) = 105.75; x 0.3 = 31.725 -> 31.73
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-01-28', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: false, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'declared', receivedAmount: null, distributionId: `${id}_2026-01-27`, ...OWNER },
      // 105.75 x 0.3 = 31.725 -> 31.73
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-02-04', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${id}_2026-02-03`, ...OWNER },
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-02-11', amount: '0.3', shares: '105.75', estimatedPayout: '31.73', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${id}_2026-02-10`, ...OWNER },
    ]);
  });

  it('uses the shares bought without DRIP', async () => {
    const reads = await projectAll();
    expect(JSON.parse(await reads.calendarJson(bob, REQUEST_TODAY))).toEqual([
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-01-21', amount: '0.25', shares: '40', estimatedPayout: '10.00', estimated: false, kind: 'regular', paid: true, isDemo: false, payoutStatus: 'paid', receivedAmount: null, distributionId: `${id}_2026-01-20`, ...OWNER }, // 40 x 0.25
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-01-28', amount: '0.3', shares: '40', estimatedPayout: '12.00', estimated: false, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'declared', receivedAmount: null, distributionId: `${id}_2026-01-27`, ...OWNER }, // 40 x 0.3
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-02-04', amount: '0.3', shares: '40', estimatedPayout: '12.00', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${id}_2026-02-03`, ...OWNER }, // 40 x 0.3
      { etfId: id, ticker: 'DRPW', payoutDate: '2026-02-11', amount: '0.3', shares: '40', estimatedPayout: '12.00', estimated: true, kind: 'regular', paid: false, isDemo: false, payoutStatus: 'projected', receivedAmount: null, distributionId: `${id}_2026-02-10`, ...OWNER },
    ]);
  });

  it('leaves out a payout whose ex-date is on or before the purchase date', async () => {
    const reads = await projectAll();
    const entries = JSON.parse(await reads.calendarJson(cal, REQUEST_TODAY)) as { payoutDate: string }[];
    expect(entries.map((e) => e.payoutDate)).toEqual(['2026-01-28', '2026-02-04', '2026-02-11']);
  });
});
