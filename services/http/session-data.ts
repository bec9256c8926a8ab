// Its own file so that AppDeps (deps.ts) can name it: session.ts imports deps.ts.

/**
 * What the sealed (encrypted and authenticated) cookie holds. No server-side session store: the
 * cookie is valid while (1) iron-session can unseal it (its own TTL, real clock), (2) `issuedAt` is
 * less than SESSION_TTL_HOURS before the gateway clock (deps.now), and (3) `epoch` equals the user's
 * current session epoch in the users read model (a SessionsRevoked event bumps it), (4) `sessionId` is
 * not among the user's ended sessions (a logout records it: UserLoggedOut), and (5) `seenAt` is less
 * than SESSION_IDLE_MINUTES before the gateway clock (idle timeout; refreshed while the user is active).
 */
export interface SessionData {
  userId: string;
  epoch: number;
  issuedAt: string;
  /** Random id of this sign-in (128 bits, base64url); a logout ends it on the server. */
  sessionId: string;
  /** The last request seen, to within SEEN_REFRESH_MS (the idle timeout counts from here). */
  seenAt: string;
}
