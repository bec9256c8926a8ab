import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection } from './projection.ts';
import type { ReadModels } from './read-models.ts';

/**
 * Every document of every collection of `projections` whose JSON contains one of `needles` (a user id,
 * an address, a name), with where it was found. A scan of everything: for the account-deletion specs
 * (docs/accounts-and-security.md "Deleting an account"), which prove that no read model keeps a
 * deleted user's document, whichever read models exist by then; never for a request.
 */
export async function documentsMentioning(
  readModels: ReadModels,
  projections: readonly Projection[],
  needles: readonly string[],
): Promise<{ projection: string; collection: string; id: string }[]> {
  const found: { projection: string; collection: string; id: string }[] = [];
  for (const projection of projections) {
    for (const name of Object.keys(projection.collections)) {
      for (const doc of await readModels.collection<Doc>(projection, name).find({})) {
        const json = JSON.stringify(doc);
        if (needles.some((needle) => json.includes(needle))) found.push({ projection: projection.name, collection: name, id: String(doc._id) });
      }
    }
  }
  return found;
}
