import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { isStripeEventEnvelope } from './stripe-objects.ts';

export type { Stripe };

export interface StripeClientOptions {
  secretKey: string;
  /**
   * Another base URL for the Stripe API (STRIPE_API_URL: host, port and protocol), e.g. the local
   * stand-in of the API specs; unset in production (api.stripe.com over https).
   */
  apiUrl?: string | undefined;
}

/**
 * The official Stripe client, pointed at STRIPE_API_URL when it is set. The SDK is the adapter (its
 * host, port and protocol options are the seam the specs use), so there is no port of our own in
 * infra/: billing is its only user, and the router builds it from `config.stripe`.
 */
const require = createRequire(import.meta.url);

export function createStripeClient({ secretKey, apiUrl }: StripeClientOptions): Stripe {
  // the SDK (~30 MiB of memory) is loaded when Stripe is configured, not by every start
  const StripeSdk = require('stripe') as typeof import('stripe').default;
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const protocol = target?.protocol === 'http:' ? 'http' : 'https';
  return new StripeSdk(secretKey, {
    ...(target
      ? { host: target.hostname, port: Number(target.port || (protocol === 'http' ? 80 : 443)), protocol }
      : {}),
    // One retry on network errors and 409/5xx, with Stripe's own idempotency keys on POSTs.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'WeeklyDiv' },
  });
}

/** Why a webhook delivery is refused (400): its signature, or a signed body that is not a Stripe event. */
export type WebhookRefusal = { refused: 'signature' | 'not-an-event'; reason: string };

/**
 * Checks a webhook delivery: the `Stripe-Signature` header against the exact bytes (Stripe's own
 * check: a `v1` HMAC that matches, a timestamp at most `toleranceSeconds` old on the receiving
 * clock), a timestamp at most `toleranceSeconds` ahead of that clock (Stripe's library bounds only
 * the age, audit I3), then the body: JSON with a Stripe event's envelope. Answers the event, or why not.
 */
export function verifyStripeWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string,
  secret: string,
  toleranceSeconds: number,
  receivedAt: Date,
): { event: Stripe.Event } | WebhookRefusal {
  try {
    const verifier = stripe.webhooks.signature;
    if (!verifier) return { refused: 'signature', reason: 'no signature helper' };
    // `receivedAt` in milliseconds (the library divides by 1000 before comparing with the signed `t=` seconds)
    verifier.verifyHeader(rawBody, signature, secret, toleranceSeconds, undefined, receivedAt.getTime());
  } catch {
    return { refused: 'signature', reason: 'no matching signature, or older than the tolerance' };
  }
  const signedAt = signedTimestamp(signature);
  if (!Number.isFinite(signedAt) || signedAt - receivedAt.getTime() / 1000 > toleranceSeconds) {
    return { refused: 'signature', reason: 'timestamp ahead of the tolerance' };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { refused: 'not-an-event', reason: 'not JSON' };
  }
  if (!isStripeEventEnvelope(body)) return { refused: 'not-an-event', reason: 'no event envelope (object, id, type, created, data.object)' };
  return { event: body as Stripe.Event };
}

/** The signed `t=` of a `Stripe-Signature` header, read as Stripe's library reads it (the last `t=` wins). */
function signedTimestamp(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}
