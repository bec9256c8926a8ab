import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal field, encrypted: `pii:v1:<base64 of iv (12) | tag (16) | ciphertext>`, AES-256-GCM
 * with the user's key and the user id as additional data (a value copied into another user's event
 * does not decrypt). The marker tells an encrypted value from the plain text of events written before
 * encryption (docs/accounts-and-security.md "Deleting an account").
 */
export const PII_MARKER = 'pii:v1:';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PII_MARKER);
}

export function sealField(plain: string, key: Buffer, userId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PII_MARKER + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain text of a sealed field; throws when the key or the user is not the one it was sealed with. */
export function openField(sealed: string, key: Buffer, userId: string): string {
  const bytes = Buffer.from(sealed.slice(PII_MARKER.length), 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed personal field is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
