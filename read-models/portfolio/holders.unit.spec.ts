import { describe, expect, it } from 'vitest';
import { indexedStore, project, queriesOver, recorded, type GivenEvent } from '../runtime/projection-testing.ts';
import { PORTFOLIOS, portfolioProjection } from './projection.ts';
import { holdersOf, portfoliosOf, portfoliosWrittenAfter } from './queries.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const cid = '9c8b7a6d-5e4f-4321-8765-43210fedcba9';
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const hid = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;

const added = (user: string, n: number, e: number): GivenEvent => ({
  stream: `portfolio-${user}`,
  type: 'HoldingAdded',
  data: { userId: user, holdingId: hid(n), etfId: etf(e), shares: '1', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: '2026-01-05T15:00:00.000Z' },
});
const removed = (user: string, n: number, e: number): GivenEvent => ({
  stream: `portfolio-${user}`,
  type: 'HoldingRemoved',
  data: { userId: user, holdingId: hid(n), etfId: etf(e), removedAt: '2026-01-06T15:00:00.000Z' },
});

// positions 1..6: Ann holds fund 1 twice and fund 2; Bob held fund 1 and sold it; Cid holds fund 2
const history = [added(ann, 1, 1), added(bob, 2, 1), added(ann, 3, 2), added(cid, 4, 2), removed(bob, 2, 1), added(ann, 5, 1)];

/** The portfolio read model with its indexes (the multikey `holdings.etfId`), as the runner builds it. */
async function readSide(events: GivenEvent[]) {
  const docs = await indexedStore([portfolioProjection]);
  await project(portfolioProjection, recorded(events), { docs, batchSize: 1 });
  return queriesOver(docs);
}

describe('portfolio queries: who holds a fund', () => {
  it('holdersOf answers the users holding the fund now, once each, through the holdings.etfId index', async () => {
    expect(portfolioProjection.collections[PORTFOLIOS]).toContainEqual(expect.objectContaining({ key: { 'holdings.etfId': 1 } }));
    const readModels = await readSide(history);
    expect(await holdersOf(readModels, etf(1))).toEqual([ann]);
    expect(await holdersOf(readModels, etf(2))).toEqual([ann, cid].sort());
    expect(await holdersOf(readModels, etf(3))).toEqual([]);
  });

  it('follows a holding added to an existing document and one sold', async () => {
    const readModels = await readSide([...history, added(bob, 6, 3), removed(ann, 3, 2)]);
    expect(await holdersOf(readModels, etf(3))).toEqual([bob]);
    expect(await holdersOf(readModels, etf(2))).toEqual([cid]);
  });

  it('portfoliosOf answers the documents of the users asked about that have one', async () => {
    const readModels = await readSide(history);
    const docs = await portfoliosOf(readModels, [ann, cid, 'no-such-user']);
    expect(docs.map((d) => [d._id, d.holdings.map((h) => h.etfId)]).sort()).toEqual(
      [
        [ann, [etf(1), etf(2), etf(1)]],
        [cid, [etf(2)]],
      ].sort(),
    );
  });

  it('portfoliosWrittenAfter answers, of the users asked about, those whose document moved after the position', async () => {
    const readModels = await readSide(history);
    // after position 4: Bob (5) and Ann (6) were written, Cid (4) was not
    expect((await portfoliosWrittenAfter(readModels, [ann, bob, cid], 4)).sort()).toEqual([ann, bob].sort());
    expect(await portfoliosWrittenAfter(readModels, [cid], 4)).toEqual([]);
    expect(await portfoliosWrittenAfter(readModels, [ann, bob, cid], 6)).toEqual([]);
  });
});
