import express from 'express';
import type Stripe from 'stripe';
import {
  createCheckoutSession,
  createPortalSession,
  getBillingAvailability,
  stripeWebhook,
  type BillingAvailability,
  type RedirectUrl,
  type WebhookAnswer,
} from '../../contracts/billing.ts';
import { createStripeClient, verifyStripeWebhook } from './stripe-client.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { AppError, badRequest, conflict } from '../core/errors.ts';
import type { Config } from '../http/config.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { openCheckout, startCheckout } from './commands.ts';
import type { OpenCheckout } from './business-logic.ts';
import { hasPremiumRights } from './premium.ts';
import { iso } from './stripe-objects.ts';
import { handleStripeEvent } from './webhook.ts';

/** The webhook's path: app.ts gives it the raw body (signature check) before the JSON parser. */
export const STRIPE_WEBHOOK_PATH = stripeWebhook.path;
/** Largest webhook body taken (Stripe's events are a few KB). */
export const STRIPE_WEBHOOK_BODY_LIMIT = '512kb';
/** How old a signed webhook may be (seconds): Stripe's default, against replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Where Stripe sends the browser back (docs/billing.md, docs/client.md). */
export const billingReturnPaths = {
  checkoutSuccess: '/account/subscription?checkout=success',
  checkoutCanceled: '/pricing?checkout=canceled',
  portalReturn: '/account/subscription',
} as const;

export const billingMessages = {
  unavailable: 'Premium is not available yet. Please check back soon.',
  webhookUnconfigured: 'Stripe webhooks are not configured on this server',
  alreadyPremium: 'You already have Premium. Use Manage Subscription to change or cancel it.',
  checkoutCompleting: 'Your payment went through and Premium is being switched on. Reload this page in a minute.',
  noCustomer: 'You have no subscription to manage yet. Upgrade to Premium first.',
  providerDown: 'The payment provider could not be reached. Please try again in a moment.',
  missingSignature: 'Missing Stripe-Signature header',
  badSignature: 'Invalid or expired Stripe signature',
  notAnEvent: 'The signed body is not a Stripe event',
} as const;

type ReadyStripe = { stripe: Stripe; priceId: string; webhookSecret: string };

/** Premium can be bought when the secret key, the price and the webhook secret are all set. */
export function billingReady(config: Config): boolean {
  return Boolean(config.stripe?.secretKey && config.stripe.priceId && config.stripe.webhookSecret);
}

/**
 * Billing (definitions in contracts/billing.ts; docs/billing.md): whether Premium can be bought, a
 * Stripe Checkout Session (subscription mode) to buy it, a billing portal session to manage it, and
 * Stripe's signed webhook (raw body: app.ts mounts its parser before the JSON one).
 */
export const billingApi = apiModule('billing', (deps) => {
  const { config } = deps;
  const stripe = config.stripe ? createStripeClient({ secretKey: config.stripe.secretKey, apiUrl: config.stripe.apiUrl }) : undefined;
  const ready = (): ReadyStripe => {
    if (!stripe || !billingReady(config)) throw new AppError(503, billingMessages.unavailable);
    return { stripe, priceId: config.stripe!.priceId!, webhookSecret: config.stripe!.webhookSecret! };
  };

  /** A Stripe API failure: logged with its kind and code only (never the request or the key), answered 502. */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const e = error as { type?: string; code?: string; statusCode?: number };
      deps.logger.error({ stripeCall: what, stripeErrorType: e.type, stripeErrorCode: e.code, stripeStatus: e.statusCode }, 'stripe call failed');
      throw new AppError(502, billingMessages.providerDown);
    }
  }

  /**
   * The URL of a Checkout Session the app opened, if Stripe still has it open; null when it expired
   * (or is gone); 409 when it was paid (the webhook that switches Premium on is on its way).
   */
  async function openSessionUrl(client: Stripe, open: OpenCheckout): Promise<string | null> {
    const session = await callStripe('checkout.sessions.retrieve', async () => {
      try {
        return await client.checkout.sessions.retrieve(open.checkoutSessionId);
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      }
    });
    if (session?.status === 'complete') throw conflict(billingMessages.checkoutCompleting);
    return session?.status === 'open' && session.url ? session.url : null;
  }

  /** Expires a session nobody is sent to (best effort: unpaid, it lapses by itself at its `expires_at`). */
  async function expireQuietly(client: Stripe, checkoutSessionId: string): Promise<void> {
    try {
      await client.checkout.sessions.expire(checkoutSessionId);
    } catch (error) {
      const e = error as { type?: string; code?: string };
      deps.logger.warn({ stripeCall: 'checkout.sessions.expire', stripeErrorType: e.type, stripeErrorCode: e.code }, 'stripe: an unused checkout session was left to expire');
    }
  }

  return [
    handle(getBillingAvailability, () => ({ premiumAvailable: billingReady(config) }) satisfies BillingAvailability),

    /**
     * One purchase at a time (audit S1): with Premium, 409; with a Checkout Session of the user still
     * open at Stripe, that session again (a second tab, a retry, the way back from Stripe); one Stripe
     * reports paid while its webhook is on the way, 409; otherwise a new session, recorded on the
     * billing stream (CheckoutStarted). Two requests at once: the first recorded wins and the other
     * answers its URL, expiring the session it made.
     */
    handle(createCheckoutSession, async (_input, call) => {
      const { user } = call.auth;
      const { stripe: client, priceId } = ready();
      const ctx = call.context();
      if (hasPremiumRights(user, deps.now())) throw conflict(billingMessages.alreadyPremium);
      const open = await openCheckout(deps.log, user._id, ctx.now);
      const reused = open ? await openSessionUrl(client, open) : null;
      if (reused) return { url: reused } satisfies RedirectUrl;
      const session = await callStripe('checkout.sessions.create', () => client.checkout.sessions.create(checkoutParams(user, priceId, config.appUrl)));
      if (!session.url) throw new AppError(502, billingMessages.providerDown);
      const started = await startCheckout(
        deps.log,
        { userId: user._id, checkoutSessionId: session.id, expiresAt: iso(session.expires_at), replaces: open?.checkoutSessionId ?? null },
        ctx,
      );
      if (started.outcome === 'started') return { url: session.url } satisfies RedirectUrl;
      try {
        const winner = await openSessionUrl(client, started.open);
        if (!winner) return { url: session.url } satisfies RedirectUrl;
        await expireQuietly(client, session.id);
        return { url: winner } satisfies RedirectUrl;
      } catch (error) {
        await expireQuietly(client, session.id);
        throw error;
      }
    }),

    handle(createPortalSession, async (_input, call) => {
      const { user } = call.auth;
      const { stripe: client } = ready();
      if (!user.stripeCustomerId) throw conflict(billingMessages.noCustomer);
      const customer = user.stripeCustomerId;
      const session = await callStripe('billingPortal.sessions.create', () =>
        client.billingPortal.sessions.create({ customer, return_url: `${config.appUrl}${billingReturnPaths.portalReturn}` }),
      );
      return { url: session.url } satisfies RedirectUrl;
    }),

    handle(stripeWebhook, async ({ body }, call) => {
      if (!stripe || !config.stripe?.webhookSecret) throw new AppError(503, billingMessages.webhookUnconfigured);
      const signature = call.req.get('stripe-signature');
      if (!signature) throw badRequest(billingMessages.missingSignature);
      if (!Buffer.isBuffer(body)) throw badRequest(billingMessages.badSignature);
      const checked = verifyStripeWebhook(stripe, body, signature, config.stripe.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, deps.now());
      if ('refused' in checked) {
        // The reason is logged, never the header or the body: nothing signed is kept.
        if (checked.refused === 'signature') {
          deps.logger.warn({ route: 'stripe-webhook', reason: checked.reason }, 'stripe webhook: signature refused');
          throw badRequest(billingMessages.badSignature);
        }
        deps.logger.warn({ route: 'stripe-webhook', reason: checked.reason }, 'stripe webhook: the signed body is not a Stripe event, refused');
        throw badRequest(billingMessages.notAnEvent);
      }
      await handleStripeEvent({ log: deps.log, readModels: deps.readModels, logger: deps.logger, stripe, now: deps.now }, checked.event);
      return { received: true } satisfies WebhookAnswer;
    }),
  ];
});

/** The raw-body parser of the webhook (app.ts mounts it on STRIPE_WEBHOOK_PATH before express.json). */
export function stripeWebhookBody(): express.RequestHandler {
  return express.raw({ type: () => true, limit: STRIPE_WEBHOOK_BODY_LIMIT });
}

/** The Checkout Session of an upgrade: one Premium price, the user named twice, the customer reused. */
export function checkoutParams(user: UserDoc, priceId: string, appUrl: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    client_reference_id: user._id,
    metadata: { userId: user._id },
    // Copied onto the subscription (and its invoices), so every later webhook names the user too.
    subscription_data: { metadata: { userId: user._id } },
    ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
    success_url: `${appUrl}${billingReturnPaths.checkoutSuccess}`,
    cancel_url: `${appUrl}${billingReturnPaths.checkoutCanceled}`,
  };
}
