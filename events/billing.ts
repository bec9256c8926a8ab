import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';

const isoInstant = z.iso.datetime({ offset: true });
/** Stripe ids are opaque strings with a type prefix (`cus_`, `sub_`, `evt_`, `cs_`, `in_`). */
const stripeId = z.string().min(1).max(255);

/**
 * Billing facts of one user on `billing-<userId>`, made from Stripe's webhooks (docs/billing.md).
 * Each event made from a Stripe event names it (`stripeEventId`, `eventCreated`: Stripe's `created`
 * as an ISO instant), so a redelivery is recognised on the stream and changes nothing. Nothing about
 * cards or payment methods is ever stored: Stripe keeps those.
 */

/** The user's Stripe customer (one per user; reused by every later checkout and the billing portal). */
export const stripeCustomerLinked = defineEvent(
  'StripeCustomerLinked',
  z.object({ userId: z.uuid(), stripeCustomerId: stripeId, linkedAt: isoInstant }),
);

/**
 * The app opened a Stripe Checkout Session for the user (`POST /api/subscription/create-checkout-session`).
 * While it is open (not completed, `expiresAt` not passed) a second checkout reuses it instead of
 * opening another: one purchase at a time (audit S1, docs/billing.md).
 */
export const checkoutStarted = defineEvent(
  'CheckoutStarted',
  z.object({ userId: z.uuid(), checkoutSessionId: stripeId, expiresAt: isoInstant, startedAt: isoInstant }),
);

/** `checkout.session.completed`: the user finished Stripe Checkout. */
export const checkoutCompleted = defineEvent(
  'CheckoutCompleted',
  z.object({
    userId: z.uuid(),
    stripeEventId: stripeId,
    eventCreated: isoInstant,
    checkoutSessionId: stripeId,
    stripeCustomerId: stripeId,
    stripeSubscriptionId: stripeId.nullable(),
    completedAt: isoInstant,
  }),
);

const subscriptionUpdatedV1 = z.object({
  userId: z.uuid(),
  stripeEventId: stripeId,
  eventCreated: isoInstant,
  stripeSubscriptionId: stripeId,
  stripeCustomerId: stripeId,
  status: z.string().min(1).max(40),
  /** End of the current billing period (null when Stripe gave none). */
  currentPeriodEnd: isoInstant.nullable(),
  /** The subscription ends at the period end instead of renewing (cancelled in the portal). */
  cancelAtPeriodEnd: z.boolean(),
  priceId: stripeId.nullable(),
  recordedAt: isoInstant,
});

/** Stripe's statuses of a subscription that has ended for good (Stripe never revives one). */
export const ENDED_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * One subscription as Stripe described it at `asOf` (`customer.subscription.created|updated|deleted`,
 * or the subscription read back at checkout completion). `status` is Stripe's status word. A user may
 * have several subscriptions: each is its own state, keyed by `stripeSubscriptionId`.
 *
 * v2 (issue 25): `asOf` (the event's `created`, or when the subscription was read back from Stripe:
 * that read is as new as the moment it was made, not as the checkout event) and `endedAt` (Stripe's
 * `ended_at`). v1 events are read with `asOf` = `eventCreated`, and an ended one as ended then.
 */
export const subscriptionUpdated = defineEvent(
  'SubscriptionUpdated',
  subscriptionUpdatedV1.extend({
    /** The time the facts describe: the Stripe event's `created`, or the read-back of the subscription. */
    asOf: isoInstant,
    /** When the subscription ended (Stripe's `ended_at`; the fact's time when Stripe gave none); null while it runs. */
    endedAt: isoInstant.nullable(),
  }),
  {
    version: 2,
    legacy: [
      {
        version: 1,
        schema: subscriptionUpdatedV1,
        upcast: (old: z.infer<typeof subscriptionUpdatedV1>) => ({
          ...old,
          asOf: old.eventCreated,
          endedAt: ENDED_SUBSCRIPTION_STATUSES.has(old.status) ? old.eventCreated : null,
        }),
      },
    ],
  },
);

/** `invoice.payment_failed`: a charge failed; Stripe retries on its own schedule. */
export const paymentFailed = defineEvent(
  'PaymentFailed',
  z.object({
    userId: z.uuid(),
    stripeEventId: stripeId,
    eventCreated: isoInstant,
    invoiceId: stripeId,
    stripeSubscriptionId: stripeId.nullable(),
    /** Smallest currency unit (cents), as Stripe gives it. */
    amountDue: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    attemptCount: z.number().int().nonnegative(),
    nextPaymentAttempt: isoInstant.nullable(),
    recordedAt: isoInstant,
  }),
);

/** `invoice.paid`: an invoice of the subscription was paid. */
export const invoicePaid = defineEvent(
  'InvoicePaid',
  z.object({
    userId: z.uuid(),
    stripeEventId: stripeId,
    eventCreated: isoInstant,
    invoiceId: stripeId,
    stripeSubscriptionId: stripeId.nullable(),
    amountPaid: z.number().int().nonnegative(),
    currency: z.string().min(3).max(3),
    recordedAt: isoInstant,
  }),
);

export const billingEvents = [stripeCustomerLinked, checkoutStarted, checkoutCompleted, subscriptionUpdated, paymentFailed, invoicePaid] as const;

export type BillingEvent = EventsOf<typeof billingEvents>;
export type SubscriptionUpdated = Extract<BillingEvent, { type: 'SubscriptionUpdated' }>;
