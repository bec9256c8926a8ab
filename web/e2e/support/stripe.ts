import { inject } from 'vitest';
import { signedDelivery } from '../../../services/billing/testing/stripe-stand-in.ts';
import type { RecordedStripeRequest } from '../../../services/billing/testing/stripe-stand-in.ts';
import { baseUrl } from './browser.ts';

/** The test server's Stripe configuration (test-mode values: nothing real). */
export const E2E_STRIPE = {
  secretKey: 'sk_test_e2e_weeklydiv',
  webhookSecret: 'whsec_e2e_weeklydiv',
  priceId: 'price_e2e_premium_monthly',
} as const;

/** The STRIPE_* variables of the test server, pointing its Stripe client at the stand-in. */
export function stripeEnv(standInUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
    STRIPE_PRICE_ID: E2E_STRIPE.priceId,
    STRIPE_API_URL: standInUrl,
  };
}

export function stripeUrl(): string {
  return inject('e2eStripeUrl');
}

/** What the server asked the stand-in so far. */
export async function stripeRequests(): Promise<RecordedStripeRequest[]> {
  const res = await fetch(`${stripeUrl()}/__stand-in/requests`);
  return (await res.json()) as RecordedStripeRequest[];
}

/** Gives the stand-in a subscription to answer `GET /v1/subscriptions/:id` with. */
export async function putSubscription(subscription: Record<string, unknown> & { id: string }): Promise<void> {
  const res = await fetch(`${stripeUrl()}/__stand-in/subscriptions/${encodeURIComponent(subscription.id)}`, { method: 'PUT', body: JSON.stringify(subscription) });
  if (!res.ok) throw new Error(`stand-in refused the subscription: ${res.status}`);
}

/** Makes the stand-in's next `count` API calls fail with Stripe's `api_error` 500 (the client retries once). */
export async function failNextStripeCalls(count: number): Promise<void> {
  const res = await fetch(`${stripeUrl()}/__stand-in/fail-next?count=${count}`, { method: 'POST' });
  if (!res.ok) throw new Error(`stand-in refused fail-next: ${res.status}`);
}

/** Delivers a Stripe event to the test server's webhook, signed now with its secret, as Stripe would. */
export async function deliverWebhook(event: Record<string, unknown>): Promise<Response> {
  const { body, signature } = signedDelivery(event, E2E_STRIPE.webhookSecret, Math.floor(Date.now() / 1000));
  return fetch(`${baseUrl()}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
}
