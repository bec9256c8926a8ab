import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * A user's personal API tokens live on `apitokens-<userId>` (one stream per user, beside the account's
 * `user-<userId>`: creating a token never contends with an account write). docs/open-data.md.
 *
 * Only the SHA-256 of a token's secret is kept (hex): the secret is 32 random bytes, shown once, so
 * its hash cannot be guessed backwards and needs no salt or slow hash (a password does, being
 * low-entropy). The time a token was last used is not an event (it would add one per request): it is
 * operational state written at most once a minute (services/tokens/token-auth.ts).
 */

/** Why a token was revoked: by the user in the account page, or with every session (log out everywhere, a password reset). */
export const tokenRevocationReason = z.enum(['user', 'logout-all', 'password-reset']);

export const apiTokenCreated = defineEvent(
  'ApiTokenCreated',
  z.object({
    userId: z.uuid(),
    tokenId: z.uuid(),
    name: z.string().min(1).max(60),
    /** SHA-256 of the secret, lower-case hex. */
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: isoInstant,
    /** The instant the token stops working; null: it works until revoked. */
    expiresAt: isoInstant.nullable(),
  }),
);

export const apiTokenRevoked = defineEvent(
  'ApiTokenRevoked',
  z.object({ userId: z.uuid(), tokenId: z.uuid(), reason: tokenRevocationReason, revokedAt: isoInstant }),
);

export const tokenEvents = [apiTokenCreated, apiTokenRevoked] as const;

export type TokenEvent = EventsOf<typeof tokenEvents>;
