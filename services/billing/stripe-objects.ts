import { z } from 'zod';
import type { StripeFact, SubscriptionFacts } from './business-logic.ts';

/**
 * Reading Stripe's objects (API version of the installed `stripe` package, and the older shapes
 * still sent to accounts pinned to an earlier version): only the fields billing uses, validated with
 * zod so an unexpected shape is a clear error, never a silent undefined. References (`customer`,
 * `subscription`) come as ids, or as objects when expanded.
 *
 * The user ids we put in metadata are not read from subscriptions and invoices: those reach a user
 * only through the customer linked to the user (audit I3). A Checkout Session names its user in
 * `client_reference_id`, set by the app when it opened the session.
 */

const ref = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).loose()]).transform((v) => (typeof v === 'string' ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish().transform((m) => m ?? {});
const epoch = z.number().int().nonnegative();

export const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

const subscriptionObject = z
  .object({
    object: z.literal('subscription'),
    id: z.string().min(1),
    customer: ref,
    status: z.string().min(1),
    cancel_at_period_end: z.boolean().nullish(),
    cancel_at: epoch.nullish(),
    /** When the subscription ended (immediately, at the period end, or after failed payments); null while it runs. */
    ended_at: epoch.nullish(),
    /** Before API 2025-03-31 the period was on the subscription; since, on each item. */
    current_period_end: epoch.nullish(),
    items: z
      .object({
        data: z.array(z.object({ current_period_end: epoch.nullish(), price: z.object({ id: z.string() }).loose().nullish() }).loose()),
      })
      .loose()
      .nullish(),
  })
  .loose();

const checkoutSessionObject = z
  .object({
    object: z.literal('checkout.session'),
    id: z.string().min(1),
    mode: z.string(),
    client_reference_id: z.string().nullish(),
    customer: ref.nullish(),
    subscription: ref.nullish(),
    metadata,
  })
  .loose();

const invoiceObject = z
  .object({
    object: z.literal('invoice'),
    id: z.string().min(1),
    customer: ref,
    amount_due: z.number().int().nonnegative().default(0),
    amount_paid: z.number().int().nonnegative().default(0),
    currency: z.string().length(3),
    attempt_count: z.number().int().nonnegative().default(0),
    next_payment_attempt: epoch.nullish(),
    /** Before API 2025-03-31. */
    subscription: ref.nullish(),
    /** Since API 2025-03-31: the subscription that raised the invoice. */
    parent: z
      .object({ subscription_details: z.object({ subscription: ref.nullish() }).loose().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

export type SubscriptionObject = z.infer<typeof subscriptionObject>;

/**
 * A Stripe event's envelope (`object: 'event'`, id, type, created, `data.object`): what a signed body
 * must be before anything reads it. The object inside is read by the parser of its type.
 */
const eventEnvelope = z
  .object({
    object: z.literal('event'),
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    created: epoch,
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();

/** Whether a verified body is a Stripe event (its envelope); a body that is not answers 400. */
export function isStripeEventEnvelope(body: unknown): boolean {
  return eventEnvelope.safeParse(body).success;
}

/** The facts of a subscription object (the period end is the latest of its items'). */
export function subscriptionFacts(object: unknown): SubscriptionFacts {
  const s = subscriptionObject.parse(object);
  const itemEnds = (s.items?.data ?? []).map((i) => i.current_period_end).filter((v): v is number => typeof v === 'number');
  const periodEnd = itemEnds.length > 0 ? Math.max(...itemEnds) : (s.current_period_end ?? null);
  return {
    stripeSubscriptionId: s.id,
    stripeCustomerId: s.customer,
    status: s.status,
    currentPeriodEnd: periodEnd === null ? null : iso(periodEnd),
    // The portal's "cancel at period end" sets one or the other depending on the API version.
    cancelAtPeriodEnd: s.cancel_at_period_end === true || (typeof s.cancel_at === 'number' && s.status !== 'canceled'),
    endedAt: typeof s.ended_at === 'number' ? iso(s.ended_at) : null,
    priceId: s.items?.data[0]?.price?.id ?? null,
  };
}

export interface ParsedCheckout {
  checkoutSessionId: string;
  mode: string;
  userIdHint: string | undefined;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

export function checkoutFacts(object: unknown): ParsedCheckout {
  const c = checkoutSessionObject.parse(object);
  return {
    checkoutSessionId: c.id,
    mode: c.mode,
    userIdHint: c.client_reference_id ?? c.metadata['userId'],
    stripeCustomerId: c.customer ?? null,
    stripeSubscriptionId: c.subscription ?? null,
  };
}

/** The facts of an invoice (`invoice.paid`, `invoice.payment_failed`). */
export function invoiceFacts(object: unknown, kind: 'payment-failed' | 'invoice-paid'): { fact: StripeFact; stripeCustomerId: string } {
  const i = invoiceObject.parse(object);
  const stripeSubscriptionId = i.parent?.subscription_details?.subscription ?? i.subscription ?? null;
  const fact: StripeFact =
    kind === 'payment-failed'
      ? {
          kind,
          invoiceId: i.id,
          stripeCustomerId: i.customer,
          stripeSubscriptionId,
          amountDue: i.amount_due,
          currency: i.currency,
          attemptCount: i.attempt_count,
          nextPaymentAttempt: i.next_payment_attempt ? iso(i.next_payment_attempt) : null,
        }
      : { kind, invoiceId: i.id, stripeCustomerId: i.customer, stripeSubscriptionId, amountPaid: i.amount_paid, currency: i.currency };
  return { fact, stripeCustomerId: i.customer };
}
