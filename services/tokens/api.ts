import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from '../../contracts/tokens.ts';
import { tokensOf } from '../../read-models/api-tokens/queries.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { lastUsedOf } from './token-auth.ts';

/**
 * The signed-in user's personal API tokens (contracts/tokens.ts; docs/open-data.md): create (201 with
 * the secret, once), list (never a secret), revoke (204; 404 for a token that is not theirs or is
 * revoked already). A token itself can call none of these (403): they are not `tokenReadable`.
 */
export const tokensApi = apiModule('tokens', (deps) => {
  const { log, readModels } = deps;
  return [
    handle(createApiToken, async ({ body }, call) => {
      const userId = call.auth.user._id;
      const { id, token, position } = await commands.createToken(log, { userId, name: body.name, expiresAt: body.expiresAt ?? null }, call.context());
      await call.waitFor(position);
      return { id, token };
    }),

    handle(listApiTokens, async (_input, call) => {
      const tokens = await tokensOf(readModels, call.auth.user._id);
      const used = await lastUsedOf(deps, tokens.map((t) => t._id));
      const now = deps.now().getTime();
      return tokens.map(
        (t): ApiToken => ({
          id: t._id,
          name: t.name,
          createdAt: t.createdAt,
          expiresAt: t.expiresAt,
          lastUsedAt: used.get(t._id) ?? null,
          expired: t.expiresAt !== null && Date.parse(t.expiresAt) <= now,
        }),
      );
    }),

    handle(revokeApiToken, async ({ params }, call) => {
      const { position } = await commands.revokeToken(log, call.auth.user._id, params.tokenId, call.context());
      await call.waitFor(position);
    }),
  ];
});
