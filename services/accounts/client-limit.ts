import { tooManyRequests } from '../core/errors.ts';
import type { AttemptCounters } from '../../infra/attempt-counters/port.ts';

/**
 * Per-client limits: how many requests of one kind a client address may make per window. The address is
 * `req.ip` (Express: the socket address, or the X-Forwarded-For client only when TRUST_PROXY is set).
 * Counted by the attempt-counters port (SQLite in DATA_DIR on the embedded default, so the counts
 * survive a restart; the document store with MONGODB_URL): a fixed window opened by the first request,
 * and `take` counts atomically or refuses, so a burst of parallel requests cannot slip past the limit.
 */
export interface ClientLimit {
  /** Key prefix of the counter, e.g. `register:ip` (the key is `<name>:<client address>`). */
  name: string;
  limit: number;
  windowMs: number;
  /** What the client is told, before " Try again in N minutes." */
  message: string;
}

const HOUR = 60 * 60 * 1000;

/** Defaults (docs/accounts-and-security.md "Per-client limits"); SIGNUP_LIMIT_PER_HOUR and FORGOT_PASSWORD_LIMIT_PER_HOUR override. */
export const CLIENT_LIMITS = {
  register: { name: 'register:ip', limit: 20, windowMs: HOUR, message: 'Too many sign-ups from your network.' },
  forgotPassword: { name: 'forgot:ip', limit: 20, windowMs: HOUR, message: 'Too many password reset requests from your network.' },
  verificationMail: { name: 'verify:ip', limit: 20, windowMs: HOUR, message: 'Too many verification emails from your network.' },
} as const satisfies Record<string, ClientLimit>;

/** The interface a route uses (a later verification-mail resend can take one too). */
export interface ClientLimiter {
  /** Counts one request from `client`; throws 429 with Retry-After once the limit is passed. */
  hit(client: string, now: Date): Promise<void>;
}

export function clientLimiter(attempts: AttemptCounters, rule: ClientLimit): ClientLimiter {
  return {
    async hit(client, now) {
      const slot = await attempts.take([{ key: `${rule.name}:${client}`, limit: rule.limit, windowMs: rule.windowMs }], now.getTime());
      if (slot.ok) return;
      const waitMs = Math.max(1000, slot.retryAfterMs);
      const minutes = Math.ceil(waitMs / 60_000);
      throw tooManyRequests(`${rule.message} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, waitMs / 1000);
    },
  };
}
