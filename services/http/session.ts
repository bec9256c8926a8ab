import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { getIronSession, unsealData, type IronSession, type SessionOptions } from 'iron-session';
import { registerCache } from '../../domain/caches/registry.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import type { SessionData } from './session-data.ts';

export const SESSION_COOKIE = 'weeklydiv_session';

/** While active, the cookie is re-issued with a new `seenAt` at most this often (one seal per 5 minutes, not per request). */
export const SEEN_REFRESH_MS = 5 * 60 * 1000;

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function sessionOptions(config: Config): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: config.session.secret,
    ttl: config.session.ttlSeconds,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      // iron-session defaults to Secure; over plain http (development, tests) the browser would drop it.
      secure: config.session.secure,
      path: '/',
    },
  };
}

async function ironSession(req: Request, res: Response, config: Config): Promise<IronSession<SessionData>> {
  return getIronSession<SessionData>(req, res, sessionOptions(config));
}

/** Signs the user in on this response (a fresh cookie for the given epoch). */
export async function startSession(req: Request, res: Response, deps: AppDeps, user: { userId: string; epoch: number }): Promise<void> {
  const session = await ironSession(req, res, deps.config);
  session.userId = user.userId;
  session.epoch = user.epoch;
  session.issuedAt = deps.now().toISOString();
  session.sessionId = newSessionId();
  session.seenAt = session.issuedAt;
  dropSessionCookieHeader(res);
  await session.save();
  res.locals['auth'] = undefined;
  res.locals['sessionCleared'] = false;
}

/** Clears the cookie on this response. */
export async function endSession(req: Request, res: Response, deps: AppDeps): Promise<void> {
  if (res.locals['sessionCleared'] !== true) {
    const session = await ironSession(req, res, deps.config);
    dropSessionCookieHeader(res);
    session.destroy();
    res.locals['sessionCleared'] = true;
  }
  res.locals['auth'] = null;
}

/** Removes a session Set-Cookie already on this response (an activity refresh), so only the last one is sent. */
function dropSessionCookieHeader(res: Response): void {
  const existing = res.getHeader('set-cookie');
  if (existing === undefined) return;
  const all = Array.isArray(existing) ? existing : [String(existing)];
  const kept = all.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  if (kept.length === 0) res.removeHeader('set-cookie');
  else res.setHeader('set-cookie', kept);
}

export interface Auth {
  user: UserDoc;
  session: SessionData;
}

/**
 * The signed-in user of this request, or null (no cookie, unreadable cookie, expired, revoked, or the
 * account is unknown). A cookie that fails the checks is cleared on the response. Cached per request.
 */
export async function currentAuth(req: Request, res: Response, deps: AppDeps): Promise<Auth | null> {
  const cached = res.locals['auth'] as Auth | null | undefined;
  if (cached !== undefined) return cached;
  const session = await readSession(req, deps.config);
  const auth = await checkSession(session, deps);
  if (!auth && session.userId !== undefined && !res.headersSent) {
    (await ironSession(req, res, deps.config)).destroy();
    res.locals['sessionCleared'] = true;
  }
  if (auth && !res.headersSent && deps.now().getTime() - Date.parse(auth.session.seenAt) >= SEEN_REFRESH_MS) {
    // Active: the cookie is re-issued with the new `seenAt` (same id, epoch and issuedAt).
    const fresh = await ironSession(req, res, deps.config);
    Object.assign(fresh, auth.session, { seenAt: deps.now().toISOString() });
    await fresh.save();
  }
  res.locals['auth'] = auth;
  return auth;
}

/**
 * Unsealing a cookie (key derivation + AES + HMAC) costs more than the rest of a read request, and a
 * browser sends the same sealed value on every request. The result of unsealing a given string with a
 * given configuration (secret, TTL) never changes, so it is remembered (bounded, oldest dropped first).
 * Expiry, epoch and account checks still run on every request (checkSession): a revoked or ended
 * session is refused although its cookie's content is remembered.
 */
export class UnsealedSessions {
  readonly #limit: number;
  /** By sealed cookie value, oldest first; the Config it was unsealed with is part of the key. */
  readonly #entries = new Map<string, { config: Config; data: Partial<SessionData> }>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(config: Config, seal: string): Partial<SessionData> | undefined {
    const entry = this.#entries.get(seal);
    return entry?.config === config ? entry.data : undefined;
  }

  set(config: Config, seal: string, data: Partial<SessionData>): void {
    this.#entries.delete(seal);
    if (this.#entries.size >= this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(seal, { config, data });
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

export const UNSEAL_CACHE_LIMIT = 10_000;
/** Exported for its spec (session.int.spec.ts). */
export const unsealedSessions = new UnsealedSessions(UNSEAL_CACHE_LIMIT);
registerCache({
  name: 'unsealed-sessions',
  owner: 'services/http/session.ts',
  key: 'sealed session cookie value, with the Config it was unsealed with',
  bound: `${UNSEAL_CACHE_LIMIT.toLocaleString('en-US')} cookies (UNSEAL_CACHE_LIMIT)`,
  eviction: 'oldest first (first in, first out)',
  coherence: "unsealing is a pure function of the value and the secret (iron's own expiry aside, which the `issuedAt` check covers); expiry, epoch and ended sessions are checked on every request all the same",
  clearable: true,
  clear: () => unsealedSessions.clear(),
  size: () => unsealedSessions.size,
});

async function readSession(req: Request, config: Config): Promise<Partial<SessionData>> {
  const seal = cookieValue(req.headers.cookie, SESSION_COOKIE);
  if (!seal) return {};
  const known = unsealedSessions.get(config, seal);
  if (known) return known;
  const data = await unsealData<Partial<SessionData>>(seal, { password: config.session.secret, ttl: config.session.ttlSeconds }).catch(() => ({}));
  unsealedSessions.set(config, seal, data);
  return data;
}

/** One cookie's value from a Cookie header (percent-decoded when it can be), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

async function checkSession(session: Partial<SessionData>, deps: AppDeps): Promise<Auth | null> {
  const { userId, epoch, issuedAt, sessionId, seenAt } = session;
  if (typeof userId !== 'string' || typeof epoch !== 'number' || typeof issuedAt !== 'string') return null;
  // A cookie without an id or last-seen time (issued before these rules) no longer works: sign in again.
  if (typeof sessionId !== 'string' || typeof seenAt !== 'string') return null;
  const issuedMs = Date.parse(issuedAt);
  const nowMs = deps.now().getTime();
  if (!Number.isFinite(issuedMs) || nowMs - issuedMs >= deps.config.session.ttlSeconds * 1000) return null;
  const seenMs = Date.parse(seenAt);
  if (!Number.isFinite(seenMs) || nowMs - seenMs >= deps.config.session.idleSeconds * 1000) return null;
  const user = await findUserById(deps.readModels, userId);
  if (!user || user.sessionEpoch !== epoch) return null;
  if (user.endedSessions?.some((ended) => ended.sessionId === sessionId)) return null;
  return { user, session: { userId, epoch, issuedAt, sessionId, seenAt } };
}

/**
 * The owner: the account with the ADMIN_EMAIL address, once that address is proven (security audit
 * H2: registering the address alone gives no rights). A document from before verification existed has
 * no `emailVerified` and counts as unverified.
 */
export function isOwner(user: Pick<UserDoc, 'email' | 'emailVerified'>, config: Config): boolean {
  return user.email === config.adminEmail && user.emailVerified === true;
}

/** 401 `Not authenticated` unless signed in; the user is then available through `authOf(res)`. */
export function requireUser(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    next();
  };
}

/** 401 when signed out, 403 when signed in as anyone but the owner (ADMIN_EMAIL, verified). */
export function requireOwner(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    if (!isOwner(auth.user, deps.config)) throw forbidden('Admin access required');
    next();
  };
}

/** The signed-in user, after requireUser / requireOwner ran on this request. */
export function authOf(res: Response): Auth {
  const auth = res.locals['auth'] as Auth | null | undefined;
  if (!auth) throw unauthorized();
  return auth;
}
