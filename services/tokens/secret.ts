import { createHash, randomBytes } from 'node:crypto';

/**
 * A token's secret: `wd_` and 32 random bytes in base64url (43 characters). The prefix lets secret
 * scanners (and people) recognise a leaked WeeklyDiv token. Only its SHA-256 is stored: with 256 bits
 * of randomness nobody can search the hash backwards, so a plain hash is enough (a password, which a
 * person chose, needs scrypt's salt and cost; a token does not, and a fast hash keeps every API
 * request cheap).
 */
export const TOKEN_PREFIX = 'wd_';
const SECRET_SHAPE = /^wd_[A-Za-z0-9_-]{43}$/;

export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of the secret, lower-case hex: what the log and the read model keep. */
export function hashToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether a presented value has a token's shape (anything else is refused without a lookup). */
export function looksLikeToken(value: string): boolean {
  return SECRET_SHAPE.test(value);
}
