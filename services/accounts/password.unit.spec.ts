import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, OWASP_SCRYPT, parsePasswordHash, scryptParams, verifyPassword } from './password.ts';

const fast = scryptParams(10);

describe('password hashing', () => {
  it("uses OWASP's recommended scrypt cost by default and stores it in the hash", async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('secret-1', fast);
    expect(await verifyPassword('secret-1', stored)).toBe(true);
    expect(await verifyPassword('secret-2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', fast), hashPassword('same', fast)]);
    expect(a).not.toBe(b);
  });

  it('verifies hashes made at another cost (the stored form is self-describing)', async () => {
    const stored = await hashPassword('secret', scryptParams(11));
    expect(parsePasswordHash(stored)).toMatchObject({ N: 2048, r: 8, p: 1 });
    expect(await verifyPassword('secret', stored)).toBe(true);
  });

  it('refuses malformed or out-of-bounds stored hashes without throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$1000$8$1$c2FsdA$a2V5', `scrypt$${2 ** 24}$8$1$c2FsdA$a2V5`, 'scrypt$1024$99$1$c2FsdA$a2V5', 'scrypt$1024$8$1$$']) {
      expect(await verifyPassword('secret', stored)).toBe(false);
    }
  });

  it('makes one dummy hash per cost, which no guess matches', async () => {
    const dummy = await dummyPasswordHash(fast);
    expect(await dummyPasswordHash(fast)).toBe(dummy);
    expect(parsePasswordHash(dummy)).toMatchObject({ N: 1024 });
    expect(await verifyPassword('password', dummy)).toBe(false);
    // at the production cost too, in the stored form (its verification derives a key at that cost)
    expect(parsePasswordHash(await dummyPasswordHash(OWASP_SCRYPT))).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect((await dummyPasswordHash(OWASP_SCRYPT)).split('$')).toHaveLength(6);
  });
});
