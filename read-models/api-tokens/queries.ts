import type { ReadModels } from '../runtime/read-models.ts';
import { API_TOKENS, apiTokensProjection, type ApiTokenDoc } from './projection.ts';

/** The token whose secret hashes to `tokenHash` (revoked ones included), or null. */
export async function tokenByHash(readModels: ReadModels, tokenHash: string): Promise<ApiTokenDoc | null> {
  return readModels.collection<ApiTokenDoc>(apiTokensProjection, API_TOKENS).findOne({ tokenHash });
}

/** A user's tokens that are not revoked, newest first (expired ones included: the page shows them as expired). */
export async function tokensOf(readModels: ReadModels, userId: string): Promise<ApiTokenDoc[]> {
  const docs = await readModels.collection<ApiTokenDoc>(apiTokensProjection, API_TOKENS).find({ userId, revokedAt: null });
  return docs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id));
}
