import { createHash, randomBytes } from 'node:crypto';

/**
 * A password-reset token is 32 random bytes (base64url, 43 characters) that only ever travels in the
 * e-mail link. The log stores its SHA-256 (hex) as the stream id `reset-<hash>`: a leaked log or
 * backup cannot be turned into a working link.
 */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
