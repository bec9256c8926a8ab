import { describe, expect, it } from 'vitest';
import { indexedStore, project, queriesOver, recorded, type GivenEvent } from '../runtime/projection-testing.ts';
import { FAVORITES, favoritesProjection } from './projection.ts';
import { favoritesOf, followersOf } from './queries.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const fav = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const at = '2026-01-05T15:00:00.000Z';

const added = (user: string, n: number, e: number): GivenEvent => ({ stream: `favorites-${user}`, type: 'FavoriteAdded', data: { userId: user, favoriteId: fav(n), etfId: etf(e), addedAt: at } });
const removed = (user: string, n: number, e: number): GivenEvent => ({ stream: `favorites-${user}`, type: 'FavoriteRemoved', data: { userId: user, favoriteId: fav(n), etfId: etf(e), removedAt: at } });

describe('favorites queries', () => {
  it('followersOf answers who follows a fund now, through the favorites.etfId index', async () => {
    expect(favoritesProjection.collections[FAVORITES]).toContainEqual(expect.objectContaining({ key: { 'favorites.etfId': 1 } }));
    const docs = await indexedStore([favoritesProjection]);
    await project(favoritesProjection, recorded([added(ann, 1, 1), added(bob, 2, 1), added(ann, 3, 2), removed(bob, 2, 1), added(bob, 4, 3)]), { docs, batchSize: 1 });
    const readModels = queriesOver(docs);
    expect(await followersOf(readModels, etf(1))).toEqual([ann]);
    expect(await followersOf(readModels, etf(2))).toEqual([ann]);
    expect(await followersOf(readModels, etf(3))).toEqual([bob]);
    expect(await followersOf(readModels, etf(4))).toEqual([]);
    expect((await favoritesOf(readModels, ann)).map((f) => f.etfId)).toEqual([etf(1), etf(2)]);
  });
});
