import { tooManyRequests } from '../core/errors.ts';
import type { Throttle } from './throttle.ts';

/**
 * Per-client limits: how many requests of one kind a client address may make per window. The address is
 * `req.ip` (Express: the socket address, or the X-Forwarded-For client only when TRUST_PROXY is set).
 * Counted in the `throttle` collection (fixed window, atomic increment first, then the check, so a
 * burst of parallel requests cannot slip past the limit).
 */
export interface ClientLimit {
  /** Key prefix in the throttle collection, e.g. `register:ip`. */
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
} as const satisfies Record<string, ClientLimit>;

/** The interface a route uses (a later verification-mail resend can take one too). */
export interface ClientLimiter {
  /** Counts one request from `client`; throws 429 with Retry-After once the limit is passed. */
  hit(client: string, now: Date): Promise<void>;
}

export function clientLimiter(throttle: Throttle, rule: ClientLimit): ClientLimiter {
  return {
    async hit(client, now) {
      const { count, windowEndMs } = await throttle.count({ key: `${rule.name}:${client}`, limit: rule.limit, windowMs: rule.windowMs }, now);
      if (count <= rule.limit) return;
      const waitMs = Math.max(1000, windowEndMs - now.getTime());
      const minutes = Math.ceil(waitMs / 60_000);
      throw tooManyRequests(`${rule.message} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, waitMs / 1000);
    },
  };
}
