import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { FavoriteEvent } from '../../events/favorites.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { FAVORITES, favoritesProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const fav = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;

const history: GivenEvent[] = [
  { stream: `favorites-${ann}`, type: 'FavoriteAdded', data: { userId: ann, favoriteId: fav(1), etfId: etf(1), addedAt: at(5) } },
  { stream: `favorites-${bob}`, type: 'FavoriteAdded', data: { userId: bob, favoriteId: fav(2), etfId: etf(1), addedAt: at(5) } },
  { stream: `favorites-${ann}`, type: 'FavoriteAdded', data: { userId: ann, favoriteId: fav(3), etfId: etf(2), addedAt: at(6) } },
  { stream: `favorites-${ann}`, type: 'FavoriteAdded', data: { userId: ann, favoriteId: fav(4), etfId: etf(3), addedAt: at(7) } },
  { stream: `favorites-${ann}`, type: 'FavoriteRemoved', data: { userId: ann, favoriteId: fav(3), etfId: etf(2), removedAt: at(8) } },
  { stream: `favorites-${bob}`, type: 'FavoriteRemoved', data: { userId: bob, favoriteId: fav(2), etfId: etf(1), removedAt: at(8) } },
];

const expected = [
  { _id: bob, favorites: [], _position: 6 },
  {
    _id: ann,
    favorites: [
      { id: fav(1), etfId: etf(1), addedAt: at(5) },
      { id: fav(4), etfId: etf(3), addedAt: at(7) },
    ],
    _position: 5,
  },
];

describe('favorites projection', () => {
  it('keeps one document per user with the favorites in the order added', async () => {
    const { all } = await project(favoritesProjection, recorded(history));
    expect(await all(FAVORITES)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(favoritesProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(FAVORITES)).toEqual(expected);
    const pairs = await project(favoritesProjection, recorded(history), { batchSize: 2, deliverTwice: true });
    expect(JSON.stringify(await pairs.all(FAVORITES))).toBe(JSON.stringify(expected));
  });
});

describe('favorites projection: schema coverage', () => {
  const cases: CoverageCases<FavoriteEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('FavoriteAdded', { userId: d.userId })] },
    FavoriteAdded: {},
    FavoriteRemoved: { given: (d) => [sampleEvent('FavoriteAdded', { userId: d.userId, favoriteId: d.favoriteId })] },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(favoritesProjection, cases);
    // a removal drops the favorite by its id: nothing of it is kept
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], FavoriteAdded: [], FavoriteRemoved: ['etfId', 'removedAt'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: favoritesProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: { [FAVORITES]: ['_id', '_position', 'favorites', 'favorites[].addedAt', 'favorites[].etfId', 'favorites[].id'] },
    });
  });
});
