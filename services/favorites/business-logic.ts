import type { FavoriteEvent } from '../../events/favorites.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import type { Decider, CommandContext } from '../core/decider.ts';
import { forbidden, notFound } from '../core/errors.ts';
import { evolveFavorites, initialFavoritesState, type FavoritesState } from './favorites.ts';

/** Favorites on the free plan (the sign-up pitch promises five); Premium has no limit. */
export const FREE_FAVORITES_LIMIT = 5;

export const favoriteMessages = {
  limit: `The free plan allows up to ${FREE_FAVORITES_LIMIT} favorite ETFs. Upgrade to Premium for unlimited favorites.`,
  notFound: 'Favorite not found',
} as const;

/** The favorites limit of a user: null (none) with Premium rights (`hasPremiumRights`, docs/billing.md), else the free limit. */
export function favoritesLimitFor(user: UserDoc, now: Date): number | null {
  return hasPremiumRights(user, now) ? null : FREE_FAVORITES_LIMIT;
}

export type FavoritesCommand =
  /** `limit`: the user's plan limit as the caller read it (null: unlimited). The ETF is known to exist. */
  | { type: 'AddFavorite'; data: { userId: string; favoriteId: string; etfId: string; limit: number | null } }
  | { type: 'RemoveFavorite'; data: { userId: string; etfId: string } };

export function decideFavorites(command: FavoritesCommand, state: FavoritesState, ctx: CommandContext): FavoriteEvent[] {
  switch (command.type) {
    case 'AddFavorite': {
      const { userId, favoriteId, etfId, limit } = command.data;
      // Adding a favorite twice is harmless: nothing new happens.
      if (state.favorites.some((f) => f.etfId === etfId)) return [];
      if (limit !== null && state.favorites.length >= limit) throw forbidden(favoriteMessages.limit);
      return [{ type: 'FavoriteAdded', data: { userId, favoriteId, etfId, addedAt: ctx.now } }];
    }
    case 'RemoveFavorite': {
      const { userId, etfId } = command.data;
      const favorite = state.favorites.find((f) => f.etfId === etfId);
      if (!favorite) throw notFound(favoriteMessages.notFound);
      return [{ type: 'FavoriteRemoved', data: { userId, favoriteId: favorite.favoriteId, etfId, removedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const favoritesDecider: Decider<FavoritesCommand, FavoritesState, FavoriteEvent> = {
  initialState: initialFavoritesState,
  evolve: evolveFavorites,
  decide: decideFavorites,
  folds: { FavoriteAdded: true, FavoriteRemoved: true },
};
