import { createRequire } from 'node:module';
import type Stripe from 'stripe';

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

/** The signature check of a webhook (`Stripe-Signature`), with the tolerance in seconds and the receiving clock. */
export function constructStripeEvent(stripe: Stripe, rawBody: Buffer, signature: string, secret: string, toleranceSeconds: number, receivedAt: Date): Stripe.Event {
  // `receivedAt` is in milliseconds (the library divides by 1000 before comparing with the signed `t=` seconds).
  return stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds, undefined, receivedAt.getTime());
}
