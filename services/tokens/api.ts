import { createApiToken, listApiTokens, revokeApiToken, type ApiToken } from '../../contracts/tokens.ts';
import { tokensOf } from '../../read-models/api-tokens/queries.ts';
import type { AppDeps } from '../http/deps.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { lastUsedOf } from './token-auth.ts';

/**
 * The signed-in user's personal API tokens (contracts/tokens.ts; docs/open-data.md): create (201 with
 * the secret, once), list (never a secret), revoke (204; 404 for a token that is not theirs or is
 * revoked already). A token itself can call none of these (403): they are not `tokenReadable`.
 */
/** A user's tokens as `GET /api/user/tokens` lists them (never a secret); the data export holds the same list. */
export async function apiTokensOf(deps: Pick<AppDeps, 'readModels' | 'docs' | 'now'>, userId: string): Promise<ApiToken[]> {
  const tokens = await tokensOf(deps.readModels, userId);
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
}

export const tokensApi = apiModule('tokens', (deps) => {
  const { log } = deps;
  return [
    handle(createApiToken, async ({ body }, call) => {
      const userId = call.auth.user._id;
      const { id, token, position } = await commands.createToken(log, { userId, name: body.name, expiresAt: body.expiresAt ?? null }, call.context());
      await call.waitFor(position);
      return { id, token };
    }),

    handle(listApiTokens, (_input, call) => apiTokensOf(deps, call.auth.user._id)),

    handle(revokeApiToken, async ({ params }, call) => {
      const { position } = await commands.revokeToken(log, call.auth.user._id, params.tokenId, call.context());
      await call.waitFor(position);
    }),
  ];
});
