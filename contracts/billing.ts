import { z } from 'zod';

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
