import type { ReadModels } from '../runtime/read-models.ts';
import { FAVORITES, favoritesProjection, type FavoriteEntry, type FavoritesDoc } from './projection.ts';

/** A user's favorites in the order added (empty when none). */
export async function favoritesOf(readModels: ReadModels, userId: string): Promise<FavoriteEntry[]> {
  const doc = await readModels.collection<FavoritesDoc>(favoritesProjection, FAVORITES).findOne({ _id: userId });
  return doc?.favorites ?? [];
}

/** Who follows a fund (user ids, sorted): the alerts' recipients. Served by the multikey index `favorites.etfId` of the projection. */
export async function followersOf(readModels: ReadModels, etfId: string): Promise<string[]> {
  const docs = await readModels.collection<FavoritesDoc>(favoritesProjection, FAVORITES).find({ 'favorites.etfId': etfId }, { projection: { _id: 1 } });
  return docs.map((d) => d._id).sort();
}
