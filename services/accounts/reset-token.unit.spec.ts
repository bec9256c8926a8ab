import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashResetToken, newResetToken } from './reset-token.ts';

describe('reset tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, tokenHash } = newResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashResetToken(token)).toBe(tokenHash);
    expect(newResetToken().token).not.toBe(token);
  });
});
