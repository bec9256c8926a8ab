import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { FavoriteEvent } from '../../events/favorites.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `favorites` read model: one document per user (fed by that user's `favorites-<userId>` stream
 * only, so the runtime's `_position` guard makes redelivery harmless), favorites in the order added.
 */
export interface FavoriteEntry {
  id: string;
  etfId: string;
  addedAt: string;
}

export interface FavoritesDoc extends Doc {
  _id: string;
  favorites: FavoriteEntry[];
}

export const FAVORITES = 'favorites';

export const favoritesProjection: Projection = {
  name: 'favorites',
  version: 1,
  handles: ['FavoriteAdded', 'FavoriteRemoved', 'AccountDeleted'] satisfies (FavoriteEvent | AccountDeletedEvent)['type'][],
  // multikey: followersOf (the alerts' recipients of a fund)
  collections: { [FAVORITES]: [{ key: { 'favorites.etfId': 1 }, name: 'favorites_etfId' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<FavoriteEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'FavoriteAdded': {
        const { userId, favoriteId, etfId, addedAt } = event.data;
        await ctx.update<FavoritesDoc>(FAVORITES, userId, (doc) => {
          const favorites = doc?.favorites ?? [];
          if (favorites.some((f) => f.etfId === etfId)) return doc;
          return { _id: userId, favorites: [...favorites, { id: favoriteId, etfId, addedAt }] };
        });
        return;
      }
      case 'FavoriteRemoved': {
        const { userId, favoriteId } = event.data;
        await ctx.update<FavoritesDoc>(FAVORITES, userId, (doc) => (doc ? { ...doc, favorites: doc.favorites.filter((f) => f.id !== favoriteId) } : null));
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<FavoritesDoc>(FAVORITES, event.data.userId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`favorites projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
