import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import { INDEX_ID, MARKET_STATE, marketProjection } from './projection.ts';
import { physicalName, type Projection } from '../runtime/projection.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { MarketSnapshots } from './market-snapshot.ts';

/** A read side whose market index and reported checkpoints the spec moves by hand. */
function fakeReadSide(checkpointAtStart: number) {
  const docs = new MemoryDocumentStore();
  const listeners: ((p: Projection, position: number) => void)[] = [];
  const readModels = {
    collection: (p: Projection, name: string) => docs.collection(physicalName(p, name)),
    onAdvance: (l: (p: Projection, position: number) => void) => {
      listeners.push(l);
      return () => {};
    },
    status: async () => [{ name: 'market', position: checkpointAtStart }],
  } as unknown as ReadModels;
  return {
    readModels,
    /** The market projection wrote its index at this position (its batch may still be flushing). */
    index: (position: number) => docs.collection(physicalName(marketProjection, MARKET_STATE)).replaceOne({ _id: INDEX_ID }, { _id: INDEX_ID, entries: [], etags: [], _position: position }, { upsert: true }),
    /** The runner reports a checkpoint after a flush. */
    advance: (name: string, position: number) => listeners.forEach((l) => l({ name } as Projection, position)),
  };
}

describe('market versions for the user-area cache', () => {
  it('trusts the index position once the checkpoint reported at start covers it', async () => {
    const side = fakeReadSide(40);
    await side.index(37);
    const snapshots = new MarketSnapshots(side.readModels);
    expect(await snapshots.version()).toBe(37);
    expect(snapshots.trusted).toBe(37);
  });

  it('does not trust an index written by a batch that has not been reported complete', async () => {
    const side = fakeReadSide(40);
    await side.index(37);
    const snapshots = new MarketSnapshots(side.readModels);
    await snapshots.version();
    await side.index(45); // written, the fund documents of that batch maybe not yet
    expect(await snapshots.version()).toBeNull();
    expect(snapshots.trusted).toBe(37); // the cache keeps answering the last complete state
    side.advance('portfolio', 50); // other projections do not count
    expect(await snapshots.version()).toBeNull();
    side.advance('market', 46);
    expect(await snapshots.version()).toBe(45);
  });

  it('trusts nothing above a lower checkpoint again (a rebuild)', async () => {
    const side = fakeReadSide(100);
    await side.index(90);
    const snapshots = new MarketSnapshots(side.readModels);
    expect(await snapshots.version()).toBe(90);
    side.advance('market', 10); // rebuilt from scratch, first batch done
    await side.index(12);
    expect(await snapshots.version()).toBeNull();
    side.advance('market', 12);
    expect(await snapshots.version()).toBe(12);
  });

  it('hands out one snapshot per version, and a private one while untrusted', async () => {
    const side = fakeReadSide(40);
    await side.index(37);
    const snapshots = new MarketSnapshots(side.readModels);
    const a = await snapshots.now();
    expect(await snapshots.now()).toBe(a);
    await side.index(45);
    const b = await snapshots.now();
    expect(b).not.toBe(a);
    expect(await snapshots.now()).not.toBe(b);
  });
});
