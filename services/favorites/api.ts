import { addFavorite, getFavorite, getFavorites, removeFavorite, type Favorite } from '../../contracts/favorites.ts';
import { favoritesOf } from '../../read-models/favorites/queries.ts';
import type { FavoriteEntry } from '../../read-models/favorites/projection.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { favoriteMessages } from './business-logic.ts';
import * as commands from './commands.ts';

/** A favorite as the API shows it: the contract (contracts/favorites.ts). */
export type FavoriteJson = Favorite;

/**
 * The signed-in user's favorite ETFs (definitions in contracts/favorites.ts): the list in the order
 * added, one favorite (404 when the user has none for that ETF), add (201, or 200 with the existing one
 * when it was a favorite already: nothing written; 404 for an unknown ETF; 403 beyond the free plan's
 * five) and remove (204; 404 when it is not a favorite). Another user's favorites are simply not
 * there: 404, never 403.
 */
export const favoritesApi = apiModule('favorites', (deps) => {
  const { readModels } = deps;
  const snapshots = deps.marketSnapshots;

  async function present(favorites: readonly FavoriteEntry[]): Promise<FavoriteJson[]> {
    const items = await (await snapshots.now()).items();
    return favorites.map((f): Favorite => ({ id: f.id, etfId: f.etfId, etf: items.get(f.etfId) ?? null }));
  }

  return [
    handle(getFavorites, async (_input, call) => present(await favoritesOf(readModels, call.auth.user._id))),

    handle(getFavorite, async ({ params }, call) => {
      const favorite = (await favoritesOf(readModels, call.auth.user._id)).find((f) => f.etfId === params.etfId);
      if (!favorite) throw notFound(favoriteMessages.notFound);
      return (await present([favorite]))[0]!;
    }),

    handle(addFavorite, async ({ body: { etfId } }, call) => {
      const { favorite, added, position } = await commands.addFavorite(deps, call.auth.user, etfId, call.context());
      await call.waitFor(position);
      const [json] = await present([{ id: favorite.favoriteId, etfId, addedAt: favorite.addedAt }]);
      return call.reply(added ? 201 : 200, json!);
    }),

    handle(removeFavorite, async ({ params }, call) => {
      const { position } = await commands.removeFavorite(deps, call.auth.user._id, params.etfId, call.context());
      await call.waitFor(position);
    }),
  ];
});
