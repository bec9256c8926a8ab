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

/**
 * The subscription as Stripe described it at `eventCreated` (`customer.subscription.created|updated|deleted`,
 * or the subscription read back at checkout completion). `status` is Stripe's status word.
 */
export const subscriptionUpdated = defineEvent(
  'SubscriptionUpdated',
  z.object({
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
  }),
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

export const billingEvents = [stripeCustomerLinked, checkoutCompleted, subscriptionUpdated, paymentFailed, invoicePaid] as const;

export type BillingEvent = EventsOf<typeof billingEvents>;
export type SubscriptionUpdated = Extract<BillingEvent, { type: 'SubscriptionUpdated' }>;
