import type { TokenEvent } from '../../events/tokens.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest, notFound } from '../core/errors.ts';

/**
 * Personal API tokens (docs/open-data.md): a user's read-only credentials for scripts. The stream
 * `apitokens-<userId>` decides the rules: at most MAX_ACTIVE_TOKENS working tokens, an expiry in the
 * future, revoking a token once (again: 404, it is no longer listed).
 */

export const MAX_ACTIVE_TOKENS = 10;

export const tokenMessages = {
  tooMany: `You can have at most ${MAX_ACTIVE_TOKENS} API tokens. Revoke one you no longer use first.`,
  expiryPast: 'The expiry must be in the future',
  notFound: 'API token not found',
} as const;

export interface TokenState {
  /** Working tokens by id (not revoked; expired ones stay until revoked: they count until then). */
  active: Record<string, { expiresAt: string | null }>;
}

export const initialTokenState = (): TokenState => ({ active: {} });

export function evolveTokens(state: TokenState, event: TokenEvent): TokenState {
  switch (event.type) {
    case 'ApiTokenCreated':
      return { active: { ...state.active, [event.data.tokenId]: { expiresAt: event.data.expiresAt } } };
    case 'ApiTokenRevoked': {
      const { [event.data.tokenId]: _gone, ...active } = state.active;
      return { active };
    }
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export type TokenCommand =
  | { type: 'CreateToken'; data: { userId: string; tokenId: string; name: string; tokenHash: string; expiresAt: string | null } }
  | { type: 'RevokeToken'; data: { userId: string; tokenId: string } }
  | { type: 'RevokeAllTokens'; data: { userId: string; reason: 'logout-all' | 'password-reset' } };

/** Expired tokens no longer count against the limit (they cannot be used; the list still shows them until revoked). */
function working(state: TokenState, now: string): number {
  return Object.values(state.active).filter((t) => t.expiresAt === null || Date.parse(t.expiresAt) > Date.parse(now)).length;
}

export function decideTokens(command: TokenCommand, state: TokenState, ctx: CommandContext): TokenEvent[] {
  switch (command.type) {
    case 'CreateToken': {
      const { userId, tokenId, name, tokenHash, expiresAt } = command.data;
      if (expiresAt !== null && Date.parse(expiresAt) <= Date.parse(ctx.now)) throw badRequest(tokenMessages.expiryPast, { expiresAt: tokenMessages.expiryPast });
      if (working(state, ctx.now) >= MAX_ACTIVE_TOKENS) throw badRequest(tokenMessages.tooMany);
      return [{ type: 'ApiTokenCreated', data: { userId, tokenId, name, tokenHash, createdAt: ctx.now, expiresAt } }];
    }
    case 'RevokeToken': {
      const { userId, tokenId } = command.data;
      if (!(tokenId in state.active)) throw notFound(tokenMessages.notFound);
      return [{ type: 'ApiTokenRevoked', data: { userId, tokenId, reason: 'user', revokedAt: ctx.now } }];
    }
    case 'RevokeAllTokens': {
      const { userId, reason } = command.data;
      return Object.keys(state.active).map((tokenId) => ({ type: 'ApiTokenRevoked', data: { userId, tokenId, reason, revokedAt: ctx.now } }));
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const tokensDecider: Decider<TokenCommand, TokenState, TokenEvent> = {
  initialState: initialTokenState,
  evolve: evolveTokens,
  decide: decideTokens,
  folds: { ApiTokenCreated: true, ApiTokenRevoked: true },
  keepsFoldedState: true,
};
