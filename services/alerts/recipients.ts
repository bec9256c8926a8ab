import { alertSettingsOfUsers } from '../../read-models/alerts/queries.ts';
import { FAVORITES, favoritesProjection, type FavoritesDoc } from '../../read-models/favorites/projection.ts';
import { PORTFOLIOS, portfolioProjection, type PortfolioDoc } from '../../read-models/portfolio/projection.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { usersCollection } from '../../read-models/users/queries.ts';
import type { AlertSettings } from '../../contracts/alerts.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';

export interface Recipient {
  user: Pick<UserDoc, '_id' | 'email' | 'firstName'>;
  settings: AlertSettings;
}

/**
 * The users a fund's alerts go to: who holds it (portfolio) or favourites it, with a VERIFIED address
 * (an alert never goes to an address nobody proved: docs/alerts.md), with their alert settings.
 */
export async function holdersAndFollowers(readModels: ReadModels, etfId: string, options: { favorites: boolean }): Promise<Recipient[]> {
  const holders = await readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS).find({ 'holdings.etfId': etfId });
  const followers = options.favorites ? await readModels.collection<FavoritesDoc>(favoritesProjection, FAVORITES).find({ 'favorites.etfId': etfId }) : [];
  const ids = [...new Set([...holders.map((d) => d._id), ...followers.map((d) => d._id)])].sort();
  if (ids.length === 0) return [];
  const users = await usersCollection(readModels).find({ _id: { $in: ids } });
  const settings = await alertSettingsOfUsers(readModels, ids);
  return users
    .filter((u) => u.emailVerified)
    .sort((a, b) => (a._id < b._id ? -1 : 1))
    .map((u) => ({ user: { _id: u._id, email: u.email, firstName: u.firstName }, settings: settings.get(u._id)! }));
}
