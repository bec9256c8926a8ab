import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { findUserById, findUserByStripeCustomerId } from '../../read-models/users/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import type { StripeFact } from './business-logic.ts';
import { recordStripeEvent } from './commands.ts';
import { checkoutFacts, invoiceFacts, iso, subscriptionFacts } from './stripe-objects.ts';

/**
 * The Stripe event types billing turns into our events; every other type is acknowledged and logged.
 * The list drives `handleStripeEvent`'s switch: a type listed without a case fails the type-check at
 * the switch's exhaustiveness check, a case for a type not listed fails it at the case.
 */
const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const satisfies readonly Stripe.Event['type'][];

type HandledStripeEvent = Extract<Stripe.Event, { type: (typeof HANDLED_STRIPE_EVENTS)[number] }>;

const handledTypes: ReadonlySet<string> = new Set(HANDLED_STRIPE_EVENTS);

function isHandled(event: Stripe.Event): event is HandledStripeEvent {
  return handledTypes.has(event.type);
}

export interface WebhookDeps {
  log: EventLog;
  readModels: ReadModels;
  logger: Logger;
  stripe: Stripe;
  now: () => Date;
}

export type WebhookOutcome = 'recorded' | 'duplicate' | 'stale' | 'ignored-type' | 'unknown-customer' | 'foreign-customer' | 'not-a-subscription';

/**
 * Handles one verified Stripe event: finds the user, turns the event into facts and records them on
 * `billing-<userId>`, then waits until the read models show them. The user of a completed checkout is
 * the one the app named in the session (`client_reference_id`), unless its customer is another
 * user's; subscription and invoice events reach a user only through the customer linked to that user
 * (the customer index), never through metadata (audit I3). Unknown types and customers are logged
 * (ids only) and acknowledged. A failure reading Stripe (the subscription at checkout completion)
 * throws: the webhook then answers 500 and Stripe delivers the event again later.
 */
export async function handleStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const eventCreated = iso(event.created);
  const ctx: CommandContext = { actor: 'stripe', correlationId: event.id, now: deps.now().toISOString() };
  const where = { stripeEventId: event.id, stripeEventType: event.type };
  const object: unknown = event.data.object;
  if (!isHandled(event)) {
    deps.logger.info(where, 'stripe webhook: event type not handled, acknowledged');
    return 'ignored-type';
  }

  let fact: StripeFact;
  let userId: string | null;
  switch (event.type) {
    case 'checkout.session.completed': {
      const c = checkoutFacts(object);
      if (c.mode !== 'subscription' || !c.stripeCustomerId) {
        deps.logger.info({ ...where, mode: c.mode }, 'stripe webhook: checkout session without a subscription, ignored');
        return 'not-a-subscription';
      }
      const owner = await findUserByStripeCustomerId(deps.readModels, c.stripeCustomerId);
      const named = c.userIdHint ? await findUserById(deps.readModels, c.userIdHint) : null;
      if (named && owner && owner._id !== named._id) {
        deps.logger.warn({ ...where, stripeCustomerId: c.stripeCustomerId }, "stripe webhook: checkout paid by another user's customer, ignored");
        return 'foreign-customer';
      }
      userId = named?._id ?? owner?._id ?? null;
      if (!userId) return unknownCustomer(deps, where, c.stripeCustomerId);
      // The subscription as it is now, so the user is Premium as soon as the checkout is recorded
      // (Stripe's `customer.subscription.*` events may come before or after this one); it is as new
      // as the moment it was read.
      const subscription = c.stripeSubscriptionId ? subscriptionFacts(await readSubscription(deps, c.stripeSubscriptionId)) : null;
      fact = {
        kind: 'checkout-completed',
        checkoutSessionId: c.checkoutSessionId,
        stripeCustomerId: c.stripeCustomerId,
        stripeSubscriptionId: c.stripeSubscriptionId,
        subscription: subscription ? { facts: subscription, readAt: deps.now().toISOString() } : null,
      };
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const facts = subscriptionFacts(object);
      userId = await customerOwner(deps, facts.stripeCustomerId);
      if (!userId) return unknownCustomer(deps, where, facts.stripeCustomerId);
      fact = { kind: 'subscription', subscription: facts };
      break;
    }
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const parsed = invoiceFacts(object, event.type === 'invoice.paid' ? 'invoice-paid' : 'payment-failed');
      fact = parsed.fact;
      userId = await customerOwner(deps, parsed.stripeCustomerId);
      if (!userId) return unknownCustomer(deps, where, parsed.stripeCustomerId);
      break;
    }
    default: {
      // reached only if a listed type had no case, which tsc refuses (`event` is then not `never`)
      const unhandled: never = event;
      throw new Error(`stripe webhook: ${where.stripeEventType} is listed as handled but has no case`, { cause: unhandled });
    }
  }

  const { outcome, position } = await recordStripeEvent(deps.log, { userId, stripeEventId: event.id, eventCreated, fact }, ctx);
  if (position > 0) await deps.readModels.waitFor(position);
  deps.logger.info({ ...where, userId, outcome }, 'stripe webhook handled');
  return outcome;
}

/** Reads a subscription from Stripe; a failure becomes an error naming only its kind (no request, no key). */
async function readSubscription(deps: WebhookDeps, subscriptionId: string): Promise<unknown> {
  try {
    return await deps.stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    const e = error as { type?: string; code?: string; statusCode?: number };
    // eslint-disable-next-line preserve-caught-error -- on purpose: the Stripe error (request details) stays out of the 500's log line
    throw new Error(`reading subscription ${subscriptionId} from Stripe failed (${e.type ?? 'error'} ${e.code ?? ''} ${e.statusCode ?? ''}); Stripe will deliver the event again`);
  }
}

/** The user a Stripe customer is linked to (StripeCustomerLinked: the users read model's customer index), or null. */
async function customerOwner(deps: WebhookDeps, stripeCustomerId: string): Promise<string | null> {
  return (await findUserByStripeCustomerId(deps.readModels, stripeCustomerId))?._id ?? null;
}

function unknownCustomer(deps: WebhookDeps, where: Record<string, string>, stripeCustomerId: string): WebhookOutcome {
  deps.logger.warn({ ...where, stripeCustomerId }, 'stripe webhook: no user for this customer, acknowledged');
  return 'unknown-customer';
}
