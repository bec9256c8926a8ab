import type { RequestHandler, Response } from 'express';
import { tokenByHash } from '../../read-models/api-tokens/queries.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import type { CounterRule } from '../../infra/attempt-counters/port.ts';
import { tooManyRequests, unauthorized } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import type { TokenAuth } from '../http/endpoints.ts';
import { hashToken, looksLikeToken } from './secret.ts';

/**
 * The guard of a request with `Authorization: Bearer <token>` on a `tokenReadable` endpoint
 * (services/http/endpoints.ts decides which endpoints; this decides whose token it is):
 *
 * - 401 `Invalid API token` for anything that is not a working token of an existing account, 401
 *   `This API token was revoked` / `This API token expired on <instant>` for those (so a script's
 *   owner knows to make a new one); `WWW-Authenticate: Bearer error="invalid_token"` on each.
 * - 429 with Retry-After beyond TOKEN_LIMIT (per token, on the attempt counters that the login throttling
 *   and the per-client limits use: they survive a restart and hold across gateways).
 * - The user is then `res.locals.auth` as a TokenAuth. No cookie is read or set: a token never makes a
 *   session.
 * - `lastUsedAt` is written at most once a minute per token, to the document store (operational state
 *   like the attempt counters, not the log: one event per request would grow the log with every call).
 */

/** Requests per token per window (a fixed window opened by the first request, as the per-client limits). */
export const TOKEN_LIMIT = { limit: 60, windowMs: 60_000, message: 'Too many requests with this API token.' } as const;

export const tokenAuthMessages = {
  invalid: 'Invalid API token',
  revoked: 'This API token was revoked',
  expired: (at: string) => `This API token expired on ${at}`,
} as const;

/** Usage documents: `{ _id: tokenId, lastUsedAt }`. */
export const TOKEN_USAGE = 'api_token_usage';
const USAGE_WRITE_EVERY_MS = 60_000;

interface UsageDoc {
  _id: string;
  lastUsedAt: string;
}

function refuse(res: Response, message: string): never {
  res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  throw unauthorized(message);
}

export function tokenGuard(deps: AppDeps): RequestHandler {
  const rule = (tokenId: string): CounterRule => ({ key: `token:${tokenId}`, limit: TOKEN_LIMIT.limit, windowMs: TOKEN_LIMIT.windowMs });
  const usage = deps.docs.collection<UsageDoc & { [key: string]: unknown }>(TOKEN_USAGE);
  return async (req, res, next) => {
    const secret = (req.headers.authorization ?? '').replace(/^bearer\s+/i, '').trim();
    if (!looksLikeToken(secret)) refuse(res, tokenAuthMessages.invalid);
    const doc = await tokenByHash(deps.readModels, hashToken(secret));
    if (!doc) refuse(res, tokenAuthMessages.invalid);
    if (doc.revokedAt !== null) refuse(res, tokenAuthMessages.revoked);
    const now = deps.now();
    if (doc.expiresAt !== null && Date.parse(doc.expiresAt) <= now.getTime()) refuse(res, tokenAuthMessages.expired(doc.expiresAt));
    const user = await findUserById(deps.readModels, doc.userId);
    if (!user) refuse(res, tokenAuthMessages.invalid);
    const slot = await deps.attempts.take([rule(doc._id)], now.getTime());
    if (!slot.ok) {
      const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
      throw tooManyRequests(`${TOKEN_LIMIT.message} Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, seconds);
    }
    const used = await usage.findOne({ _id: doc._id });
    if (!used || now.getTime() - Date.parse(used.lastUsedAt) >= USAGE_WRITE_EVERY_MS) {
      await usage.replaceOne({ _id: doc._id }, { _id: doc._id, lastUsedAt: now.toISOString() }, { upsert: true });
    }
    res.locals['auth'] = { user, token: { id: doc._id } } satisfies TokenAuth;
    next();
  };
}

/** When each token was last used (by id; missing: never). */
export async function lastUsedOf(deps: Pick<AppDeps, 'docs'>, tokenIds: readonly string[]): Promise<Map<string, string>> {
  if (tokenIds.length === 0) return new Map();
  const docs = await deps.docs.collection<UsageDoc & { [key: string]: unknown }>(TOKEN_USAGE).find({ _id: { $in: [...tokenIds] } });
  return new Map(docs.map((d) => [d._id, d.lastUsedAt]));
}
