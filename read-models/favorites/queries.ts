import type { ReadModels } from '../runtime/read-models.ts';
import { FAVORITES, favoritesProjection, type FavoriteEntry, type FavoritesDoc } from './projection.ts';

/** A user's favorites in the order added (empty when none). */
export async function favoritesOf(readModels: ReadModels, userId: string): Promise<FavoriteEntry[]> {
  const doc = await readModels.collection<FavoritesDoc>(favoritesProjection, FAVORITES).findOne({ _id: userId });
  return doc?.favorites ?? [];
}
