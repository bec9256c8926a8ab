import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { TokenEvent } from '../../events/tokens.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `api-tokens` read model: one document per token (fed by its user's `apitokens-<userId>` stream
 * only, so the runtime's `_position` guard makes redelivery harmless). A revoked token keeps its
 * document with `revokedAt`, so a request with it is told "revoked" rather than "unknown"; the
 * account page lists only the others. Looked up by the hash of the secret on every token request.
 */
export interface ApiTokenDoc extends Doc {
  _id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export const API_TOKENS = 'apiTokens';

export const apiTokensProjection: Projection = {
  name: 'api-tokens',
  version: 1,
  handles: ['ApiTokenCreated', 'ApiTokenRevoked', 'AccountDeleted'] satisfies (TokenEvent | AccountDeletedEvent)['type'][],
  collections: {
    [API_TOKENS]: [
      { key: { tokenHash: 1 }, name: 'apiTokens_hash', unique: true },
      { key: { userId: 1 }, name: 'apiTokens_user' },
    ],
  },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<TokenEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'ApiTokenCreated': {
        const { userId, tokenId, name, tokenHash, createdAt, expiresAt } = event.data;
        return ctx.update<ApiTokenDoc>(API_TOKENS, tokenId, (doc) => doc ?? { _id: tokenId, userId, name, tokenHash, createdAt, expiresAt, revokedAt: null });
      }
      case 'ApiTokenRevoked': {
        const { tokenId, revokedAt } = event.data;
        return ctx.update<ApiTokenDoc>(API_TOKENS, tokenId, (doc) => (doc ? { ...doc, revokedAt: doc.revokedAt ?? revokedAt } : null));
      }
      case 'AccountDeleted': {
        // the account was deleted: its tokens go (docs/accounts-and-security.md "Deleting an account")
        for (const doc of await ctx.find<ApiTokenDoc>(API_TOKENS, { userId: event.data.userId })) await ctx.update<ApiTokenDoc>(API_TOKENS, doc._id, () => null);
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`api-tokens projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
