import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Premium billing with Stripe (docs/billing.md). */

/** `GET /api/subscription/availability`: whether Premium can be bought on this server (Stripe configured). */
export const BillingAvailability = z.object({ premiumAvailable: z.boolean() });
export type BillingAvailability = z.infer<typeof BillingAvailability>;

/** `POST /api/subscription/create-checkout-session` and `POST /api/subscription/portal-session`: where the browser goes next (Stripe). */
export const RedirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrl>;

/** `POST /api/stripe/webhook`: the event was taken (recorded, a redelivery, stale or ignored). */
export const WebhookAnswer = z.object({ received: z.literal(true) });
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Billing'];

export const getBillingAvailability = endpoint({
  method: 'get',
  path: '/api/subscription/availability',
  access: 'public',
  summary: 'Whether Premium can be bought here (Stripe is configured).',
  tags,
  responses: { 200: { description: 'The flag.', json: BillingAvailability } },
  errors: [],
});

export const createCheckoutSession = endpoint({
  method: 'post',
  path: '/api/subscription/create-checkout-session',
  access: 'user',
  summary: 'Start buying Premium: a Stripe Checkout Session (subscription mode) for the signed-in user.',
  description:
    "The user's Checkout Session still open at Stripe when there is one (one purchase at a time), else a new one. 409 with Premium already, or when the open session was paid and its webhook is on the way; 503 when Stripe is not configured; 502 when Stripe cannot be reached.",
  tags,
  responses: { 200: { description: 'Where the browser goes: Stripe Checkout.', json: RedirectUrl } },
  errors: [400, 409, 502, 503],
});

export const createPortalSession = endpoint({
  method: 'post',
  path: '/api/subscription/portal-session',
  access: 'user',
  summary: "Manage the subscription: a Stripe billing portal session for the user's customer.",
  description: '409 without a Stripe customer (never subscribed); 503 when Stripe is not configured; 502 when Stripe cannot be reached.',
  tags,
  responses: { 200: { description: 'Where the browser goes: the billing portal.', json: RedirectUrl } },
  errors: [400, 409, 502, 503],
});

export const stripeWebhook = endpoint({
  method: 'post',
  path: '/api/stripe/webhook',
  access: 'public',
  summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET, raw JSON body); each event id is handled once.",
  description:
    "Stripe's signature header `Stripe-Signature` (`t=...,v1=...`) is required; its time may be at most 300 s from the server's clock, either way. 400 for a missing or wrong signature, or a signed body that is not a Stripe event.",
  tags,
  upload: { kind: 'raw', description: 'A Stripe event object, the exact bytes Stripe signed.', content: { 'application/json': z.object({ id: z.string(), type: z.string(), created: z.number() }).loose() } },
  responses: { 200: { description: 'Taken (recorded, already handled, stale, or not ours).', json: WebhookAnswer } },
  errors: [400, 503],
});
