import { alertSettingsOfUsers } from '../../read-models/alerts/queries.ts';
import { followersOf } from '../../read-models/favorites/queries.ts';
import { holdersOf } from '../../read-models/portfolio/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { usersByIds } from '../../read-models/users/queries.ts';
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
  const holders = await holdersOf(readModels, etfId);
  const followers = options.favorites ? await followersOf(readModels, etfId) : [];
  const ids = [...new Set([...holders, ...followers])].sort();
  if (ids.length === 0) return [];
  const users = await usersByIds(readModels, ids);
  const settings = await alertSettingsOfUsers(readModels, ids);
  return users
    .filter((u) => u.emailVerified)
    .sort((a, b) => (a._id < b._id ? -1 : 1))
    .map((u) => ({ user: { _id: u._id, email: u.email, firstName: u.firstName }, settings: settings.get(u._id)! }));
}
