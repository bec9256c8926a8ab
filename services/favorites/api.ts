import { Router } from 'express';
import { z } from 'zod';
import type { Favorite } from '../../contracts/favorites.ts';
import { favoritesOf } from '../../read-models/favorites/queries.ts';
import type { FavoriteEntry } from '../../read-models/favorites/projection.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireUser } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { favoriteMessages } from './business-logic.ts';
import { addFavorite, removeFavorite } from './commands.ts';

/** A favorite as the API shows it: the contract (contracts/favorites.ts). */
export type FavoriteJson = Favorite;

export const addFavoriteSchema = z.object({ etfId: z.string({ error: 'ETF id must be text' }).trim().min(1, 'Required') });

/**
 * The signed-in user's favorite ETFs (mounted at /api):
 * - `GET /user/favorites` -> [{id, etfId, etf}] in the order added;
 * - `GET /user/favorites/:etfId` -> the favorite of that ETF, 404 when the user has none;
 * - `POST /user/favorites` {etfId} -> 201 with the new favorite, 200 with the existing one when it was a
 *   favorite already (nothing written); 404 for an unknown ETF; 403 beyond the free plan's five;
 * - `DELETE /user/favorites/:etfId` -> 204; 404 when it is not a favorite.
 * Another user's favorites are simply not there: 404, never 403.
 */
export function favoritesRouter(deps: AppDeps): Router {
  const router = Router();
  const { readModels } = deps;
  const snapshots = deps.marketSnapshots;

  async function present(favorites: readonly FavoriteEntry[]): Promise<FavoriteJson[]> {
    const items = await (await snapshots.now()).items();
    return favorites.map((f): Favorite => ({ id: f.id, etfId: f.etfId, etf: items.get(f.etfId) ?? null }));
  }

  router.get('/user/favorites', requireUser(deps), async (_req, res) => {
    res.json(await present(await favoritesOf(readModels, authOf(res).user._id)));
  });

  router.get('/user/favorites/:etfId', requireUser(deps), async (req, res) => {
    const favorite = (await favoritesOf(readModels, authOf(res).user._id)).find((f) => f.etfId === req.params['etfId']);
    if (!favorite) throw notFound(favoriteMessages.notFound);
    res.json((await present([favorite]))[0]);
  });

  router.post('/user/favorites', requireUser(deps), async (req, res) => {
    const { etfId } = validate(addFavoriteSchema, req.body);
    const { user } = authOf(res);
    const ctx = commandContext(req, deps, actors.user(user._id));
    const { favorite, added, position } = await addFavorite(deps, user, etfId, ctx);
    if (position > 0) await readModels.waitFor(position);
    const [json] = await present([{ id: favorite.favoriteId, etfId, addedAt: favorite.addedAt }]);
    res.status(added ? 201 : 200).json(json);
  });

  router.delete('/user/favorites/:etfId', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const etfId = String(req.params['etfId']);
    const ctx = commandContext(req, deps, actors.user(user._id));
    const { position } = await removeFavorite(deps, user._id, etfId, ctx);
    if (position > 0) await readModels.waitFor(position);
    res.status(204).end();
  });

  return router;
}
