import { randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { tokensDecider } from './business-logic.ts';
import { hashToken, newTokenSecret } from './secret.ts';

/**
 * API token commands (the writes to `apitokens-<userId>`), for the router and the account's
 * "log out everywhere" and password reset. Each answers the position of its append (0: nothing written).
 */

/** A new token: its id and its secret, which only this answer ever holds (the log keeps its hash). */
export async function createToken(
  log: EventLog,
  input: { userId: string; name: string; expiresAt: string | null },
  ctx: CommandContext,
): Promise<{ id: string; token: string; position: number }> {
  const id = randomUUID();
  const token = newTokenSecret();
  const command = { type: 'CreateToken' as const, data: { userId: input.userId, tokenId: id, name: input.name, tokenHash: hashToken(token), expiresAt: input.expiresAt } };
  const { position } = await handleCommand(log, streams.apiTokens(input.userId), tokensDecider, command, ctx, WRITE_RETRIES);
  return { id, token, position };
}

/** Revokes one token of the user (404 when it is not one of theirs, or revoked already). */
export async function revokeToken(log: EventLog, userId: string, tokenId: string, ctx: CommandContext): Promise<{ position: number }> {
  const { position } = await handleCommand(log, streams.apiTokens(userId), tokensDecider, { type: 'RevokeToken', data: { userId, tokenId } }, ctx, WRITE_RETRIES);
  return { position };
}

/** Revokes every token of the user (log out everywhere, a password reset, when the user asked to). */
export async function revokeAllTokens(
  log: EventLog,
  userId: string,
  reason: 'logout-all' | 'password-reset',
  ctx: CommandContext,
): Promise<{ revoked: number; position: number }> {
  const { events, position } = await handleCommand(log, streams.apiTokens(userId), tokensDecider, { type: 'RevokeAllTokens', data: { userId, reason } }, ctx, WRITE_RETRIES);
  return { revoked: events.length, position };
}
