import type { FavoriteEvent } from '../../events/favorites.ts';

/**
 * The `favorites-<userId>` stream: the ETFs a user marked as favorites, in the order they were added.
 * Decisions are in business-logic.ts.
 */

export interface Favorite {
  favoriteId: string;
  etfId: string;
  addedAt: string;
}

export interface FavoritesState {
  favorites: Favorite[];
}

export const initialFavoritesState = (): FavoritesState => ({ favorites: [] });

export function evolveFavorites(state: FavoritesState, event: FavoriteEvent): FavoritesState {
  switch (event.type) {
    case 'FavoriteAdded': {
      const { favoriteId, etfId, addedAt } = event.data;
      if (state.favorites.some((f) => f.etfId === etfId)) return state;
      return { favorites: [...state.favorites, { favoriteId, etfId, addedAt }] };
    }
    case 'FavoriteRemoved':
      return { favorites: state.favorites.filter((f) => f.favoriteId !== event.data.favoriteId) };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}
