import { describe, expect, it } from 'vitest';
import { EMAIL_INDEX_KEY_ID } from '../../infra/personal-data/port.ts';
import { EmailIndex, emailIndexHash } from './email-reservation.ts';

const KEY_1 = Buffer.alloc(32, 1);
const KEY_2 = Buffer.alloc(32, 2);

describe('the reservation stream name: a keyed hash of the address', () => {
  it('is HMAC-SHA-256 of the normalised address in lowercase hex (vectors computed with Python hmac)', () => {
    expect(emailIndexHash(KEY_1, 'ann@example.com')).toBe('40288d8357fdf0ec2f4cb5db1c3b82c5c601b89fad90048bd6c86856d7677cda');
    expect(emailIndexHash(KEY_2, 'ann@example.com')).toBe('b498d5c00cc6332ef849eaaa1d5cbe3e234fad03cf8318f9f467226d9c445a84');
  });

  it('gives the same name for one address under one key, another under another key', () => {
    expect(emailIndexHash(KEY_1, 'ann@example.com')).toBe(emailIndexHash(KEY_1, 'ann@example.com'));
    expect(emailIndexHash(KEY_1, 'ann@example.com')).not.toBe(emailIndexHash(KEY_2, 'ann@example.com'));
    expect(emailIndexHash(KEY_1, 'ann@example.com')).not.toBe(emailIndexHash(KEY_1, 'bob@example.com'));
  });

  it('normalises case and surrounding spaces as the requests do', () => {
    const name = emailIndexHash(KEY_1, 'ann@example.com');
    expect(emailIndexHash(KEY_1, '  Ann@Example.COM ')).toBe(name);
    expect(emailIndexHash(KEY_1, '\tANN@EXAMPLE.COM\n')).toBe(name);
  });

  it('names the hashed stream and the legacy one; the key is read once, under its own id', async () => {
    const asked: string[] = [];
    const index = new EmailIndex({ keyFor: (id) => (asked.push(id), Promise.resolve(KEY_1)) });
    const names = await index.streamsFor(' Ann@Example.com');
    expect(names).toEqual({ hashed: `useremail-${emailIndexHash(KEY_1, 'ann@example.com')}`, legacy: 'useremail-ann@example.com' });
    expect(names.hashed).toMatch(/^useremail-[0-9a-f]{64}$/);
    expect(names.hashed).not.toContain('ann');
    await index.streamsFor('bob@example.com');
    expect(asked).toEqual([EMAIL_INDEX_KEY_ID]);
  });

  it('refuses to name streams without the key (destroyed), and tries the key store again after a failure', async () => {
    expect(EMAIL_INDEX_KEY_ID).not.toMatch(/^[0-9a-f-]{36}$/); // never a user's id
    await expect(new EmailIndex({ keyFor: () => Promise.resolve(null) }).streamsFor('ann@example.com')).rejects.toThrow('the email index key was destroyed');
    let calls = 0;
    const flaky = new EmailIndex({ keyFor: () => (++calls === 1 ? Promise.reject(new Error('key store down')) : Promise.resolve(KEY_2)) });
    await expect(flaky.streamsFor('ann@example.com')).rejects.toThrow('key store down');
    expect((await flaky.streamsFor('ann@example.com')).hashed).toBe(`useremail-${emailIndexHash(KEY_2, 'ann@example.com')}`);
  });
});
