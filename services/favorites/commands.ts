import { randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { favoritesDecider, favoritesLimitFor } from './business-logic.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import type { Favorite } from './favorites.ts';

/**
 * Favorites commands (the writes to `favorites-<userId>`), for the router and any other caller. Each
 * answers the global position of its append (0 when nothing was written), for the caller to wait on.
 */

export interface FavoritesCommandDeps {
  log: EventLog;
}

/** The user as far as favorites care: who, and the plan that sets the limit (the users read model's document). */
export type FavoritesUser = UserDoc;

/**
 * Makes a listed fund one of the user's favorites (404 for an unknown fund, 403 beyond the plan's
 * limit). Adding it again writes nothing: `added` is false and `favorite` is the existing one.
 */
export async function addFavorite(
  { log }: FavoritesCommandDeps,
  user: FavoritesUser,
  etfId: string,
  ctx: CommandContext,
): Promise<{ favorite: Favorite; added: boolean; position: number }> {
  await requireListedEtf(log, etfId);
  const stream = streams.favorites(user._id);
  const result = await handleCommand(
    log,
    stream,
    favoritesDecider,
    { type: 'AddFavorite', data: { userId: user._id, favoriteId: randomUUID(), etfId, limit: favoritesLimitFor(user, new Date(ctx.now)) } },
    ctx,
    WRITE_RETRIES,
  );
  // Read back from the stream just written or read, so the answer is exact even if a read model lags.
  const { state } = await log.aggregate(stream, favoritesDecider);
  const favorite = state.favorites.find((f) => f.etfId === etfId)!;
  return { favorite, added: result.events.length > 0, position: result.position };
}

/** Removes a fund from the user's favorites (404 when it is not one). */
export async function removeFavorite({ log }: FavoritesCommandDeps, userId: string, etfId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.favorites(userId), favoritesDecider, { type: 'RemoveFavorite', data: { userId, etfId } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}
