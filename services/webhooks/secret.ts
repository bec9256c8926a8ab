import { hkdfSync, randomBytes } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../brokerage/secret-box.ts';

/**
 * A webhook's signing secret: `whsec_` and 32 random bytes (base64url), shown once at registration.
 * It signs every delivery, so it must be read back: it is kept sealed (AES-256-GCM, the brokerage's
 * secret box) under a key derived from SESSION_SECRET with HKDF for this one purpose, the user id
 * bound as additional data. Changing SESSION_SECRET makes the sealed secrets unreadable: deliveries
 * then fail ("the signing secret cannot be read") until the user registers the endpoint again.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function webhookSecretBox(sessionSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'weeklydiv', 'webhook signing secrets v1', 32));
  return createSecretBox(key);
}
