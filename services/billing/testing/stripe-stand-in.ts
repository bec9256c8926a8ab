import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API, for API and browser specs (STRIPE_API_URL points the official
 * client at it). It answers in Stripe's published object shapes (checkout.session,
 * billing_portal.session, subscription, error) and records every request (method, path, the
 * form-encoded body as flat `key[0][sub]` pairs, and the Authorization header) so specs assert what
 * the server asked Stripe for. `GET /c/pay/<id>` serves a page standing in for Stripe's hosted Checkout.
 *
 * Checkout Sessions live as Stripe keeps them: `open` until completed (`completeCheckoutSession`, what
 * a customer paying does) or expired (`POST /v1/checkout/sessions/:id/expire`, or `expires_at` passed
 * on the stand-in's clock); `url` is present only while open, as Stripe documents.
 */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields exactly as the client encoded them: `line_items[0][price]`, `metadata[userId]`. */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  /** Subscriptions `GET /v1/subscriptions/:id` answers with (set by the spec). */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Every Checkout Session created, by id (`status` as stored: read it through `checkoutSession`). */
  checkoutSessions: Map<string, Record<string, unknown>>;
  /** A Checkout Session as `GET /v1/checkout/sessions/:id` answers it now (expired once `expires_at` passed). */
  checkoutSession(id: string): Record<string, unknown> | undefined;
  /** The customer pays: the session becomes `complete` with this subscription (its `url` goes). */
  completeCheckoutSession(id: string, subscriptionId: string, customerId: string): void;
  /** Makes the next N calls fail with a Stripe `api_error` 500. */
  failNext(count?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * `now`: the stand-in's clock in milliseconds (the spec's test clock, so expiry follows it; the wall
 * clock by default, for the browser specs' server).
 */
export async function startStripeStandIn(options: { now?: () => number } = {}): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  const clockSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  let failures = 0;
  let base = '';

  /** The session as Stripe shows it now: an open one past `expires_at` has expired (and has no URL). */
  const currentSession = (sessionId: string): Record<string, unknown> | undefined => {
    const stored = checkoutSessions.get(sessionId);
    if (stored && stored['status'] === 'open' && clockSeconds() >= (stored['expires_at'] as number)) {
      Object.assign(stored, { status: 'expired', url: null });
    }
    return stored;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const raw = await readBody(req);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      // The hosted pages the browser is sent to (Checkout, the billing portal).
      const hosted = url.pathname.startsWith('/c/pay/') ? 'Stripe Checkout' : url.pathname.startsWith('/p/session/') ? 'Stripe billing portal' : null;
      if (req.method === 'GET' && hosted) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><title>${hosted} (test stand-in)</title></head><body><h1>${hosted} (test stand-in)</h1></body></html>`);
        return;
      }
      // Control routes for specs in another process (the browser specs): add a subscription, read the requests.
      const control = /^\/__stand-in\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'PUT' && control) {
        subscriptions.set(decodeURIComponent(control[1]!), JSON.parse(raw) as Record<string, unknown>);
        return send(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/__stand-in/requests') return send(200, requests);
      const completeControl = /^\/__stand-in\/checkout-sessions\/([^/]+)\/complete$/.exec(url.pathname);
      if (req.method === 'POST' && completeControl) {
        const { subscription, customer } = JSON.parse(raw) as { subscription: string; customer: string };
        complete(decodeURIComponent(completeControl[1]!), subscription, customer);
        return send(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/__stand-in/fail-next') {
        failures += Number(url.searchParams.get('count') ?? '1');
        return send(200, { ok: true });
      }
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end (stand-in).' } });
      }
      const now = clockSeconds();
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = id('cs');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: form['mode'] ?? null,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form['client_reference_id'] ?? null,
          customer: form['customer'] ?? null,
          customer_email: form['customer_email'] ?? null,
          metadata: { userId: form['metadata[userId]'] },
          subscription: null,
          success_url: form['success_url'] ?? null,
          cancel_url: form['cancel_url'] ?? null,
          created: now,
          // Stripe's default: 24 hours (expires_at may ask for 30 minutes to 24 hours)
          expires_at: form['expires_at'] ? Number(form['expires_at']) : now + 24 * 3600,
          livemode: false,
          url: `${base}/c/pay/${sessionId}`,
        };
        checkoutSessions.set(sessionId, session);
        return send(200, session);
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      if (session) {
        const found = currentSession(decodeURIComponent(session[1]!));
        if (!found) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${session[1]}'` } });
        if (req.method === 'GET' && !session[2]) return send(200, found);
        if (req.method === 'POST' && session[2]) {
          if (found['status'] !== 'open') {
            return send(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(found['status'])}".` } });
          }
          Object.assign(found, { status: 'expired', url: null });
          return send(200, found);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const portalId = id('bps');
        return send(200, {
          id: portalId,
          object: 'billing_portal.session',
          customer: form['customer'] ?? null,
          return_url: form['return_url'] ?? null,
          created: now,
          livemode: false,
          url: `${base}/p/session/${portalId}`,
        });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = subscriptions.get(decodeURIComponent(sub[1]!));
        if (found) return send(200, found);
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${sub[1]}'` } });
      }
      if (req.method === 'DELETE' && sub) {
        // Cancel a subscription: immediately, as Stripe does without `cancel_at_period_end`; the object comes back canceled.
        const found = subscriptions.get(decodeURIComponent(sub[1]!));
        if (!found) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such subscription: '${sub[1]}'` } });
        Object.assign(found, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
        return send(200, found);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    })();
  });
  function complete(sessionId: string, subscriptionId: string, customerId: string): void {
    const found = currentSession(sessionId);
    if (!found || found['status'] !== 'open') throw new Error(`stand-in: checkout session ${sessionId} is not open`);
    Object.assign(found, { status: 'complete', payment_status: 'paid', subscription: subscriptionId, customer: customerId, url: null });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    subscriptions,
    checkoutSessions,
    checkoutSession: currentSession,
    completeCheckoutSession: complete,
    failNext(count = 1) {
      failures += count;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

// ---------------------------------------------------------------------------------------------
// Stripe objects and signed events, in the shapes of the installed API version

const signer = new Stripe('sk_test_signer_only').webhooks;

/** The `Stripe-Signature` header of these exact bytes, signed at `timestamp` (seconds). */
export function signatureFor(body: string, secret: string, timestamp: number): string {
  return signer.generateTestHeaderString({ payload: body, secret, timestamp });
}

/** The body and `Stripe-Signature` header of a webhook delivery, signed at `timestamp` (seconds). */
export function signedDelivery(event: Record<string, unknown>, secret: string, timestamp: number): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return { body, signature: signatureFor(body, secret, timestamp) };
}

let sequence = 0;

/** A Stripe event (`object: 'event'`) around a data object; `created` in seconds. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, eventId = `evt_test_${++sequence}_${randomBytes(6).toString('hex')}`): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface SubscriptionShape {
  id: string;
  customer: string;
  status: string;
  /** Seconds. */
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
  priceId?: string;
  /**
   * Seconds: when a canceled subscription ended (`ended_at`). Default: the period end when it was
   * set to cancel at the period end, else an hour into the period (an immediate cancellation).
   */
  endedAt?: number;
  /** Seconds: when the cancellation was asked for (`canceled_at`); default: an hour into the period. */
  canceledAt?: number;
}

/** A subscription object: since API 2025-03-31 the period is on its items. */
export function subscriptionObject(s: SubscriptionShape): Record<string, unknown> {
  const start = s.periodEnd - 30 * 24 * 3600;
  const canceled = s.status === 'canceled' || s.status === 'incomplete_expired';
  const canceledAt = s.canceledAt ?? (canceled || s.cancelAtPeriodEnd ? start + 3600 : null);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    canceled_at: canceledAt,
    ended_at: canceled ? (s.endedAt ?? (s.cancelAtPeriodEnd ? s.periodEnd : start + 3600)) : null,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: s.periodEnd,
          price: { id: s.priceId ?? 'price_premium_monthly', object: 'price', unit_amount: 999, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    metadata: s.userId ? { userId: s.userId } : {},
  };
}

export function checkoutSessionObject(s: { id: string; customer: string; subscription: string | null; userId: string | null; mode?: string }): Record<string, unknown> {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: s.mode ?? 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: s.userId,
    customer: s.customer,
    subscription: s.subscription,
    metadata: s.userId ? { userId: s.userId } : {},
    livemode: false,
  };
}

export function invoiceObject(i: { id: string; customer: string; subscription: string; paid: boolean; userId?: string; nextAttempt?: number | null }): Record<string, unknown> {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    amount_due: 999,
    amount_paid: i.paid ? 999 : 0,
    amount_remaining: i.paid ? 0 : 999,
    attempt_count: i.paid ? 1 : 2,
    attempted: true,
    currency: 'usd',
    status: i.paid ? 'paid' : 'open',
    next_payment_attempt: i.paid ? null : (i.nextAttempt ?? null),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: i.subscription, metadata: i.userId ? { userId: i.userId } : {} },
    },
    livemode: false,
  };
}
