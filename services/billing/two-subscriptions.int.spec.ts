import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { usersProjection } from '../../read-models/users/projection.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { hasPremiumRights } from './premium.ts';
import { checkoutSessionObject, stripeEvent, subscriptionObject } from './testing/stripe-stand-in.ts';
import { handleStripeEvent } from './webhook.ts';

/**
 * Two subscriptions of one user (audit S1), every order in which Stripe may deliver their webhooks.
 *
 * Stripe creates five events, in this order, ten seconds apart: checkout of A completed, checkout of
 * B completed, A updated (to `active`, `unpaid` or `canceled`: three variants), A deleted, B deleted.
 * It delivers them in any order (120 orders × 3 variants). An event is created no later than it is
 * delivered, so when the k-th delivery arrives Stripe's truth is at least the newest event delivered
 * so far (the "truth point" P); the subscription read back at a checkout completion is that truth.
 *
 * After each delivery the user's rights must be those of what the app can know: a subscription is
 * known from its checkout completion (its state read back at P) or from its own events once the
 * customer is linked (by either checkout); it counts at the newest information delivered about it.
 * Events before any checkout are of a customer not yet linked: acknowledged, not recorded.
 */

const CREATED = ['checkout A', 'checkout B', 'A updated', 'A deleted', 'B deleted'] as const;
type Delivery = (typeof CREATED)[number];
const VARIANTS = ['active', 'unpaid', 'canceled'] as const;
type Variant = (typeof VARIANTS)[number];

const START = new Date('2026-03-02T15:00:00.000Z');
const T0 = START.getTime() / 1000;
const PERIOD_END = T0 + 30 * 24 * 3600;
const DAY = 24 * 3600;
/** When Stripe created the i-th event (seconds). */
const createdAt = (i: number) => T0 + 10 * i;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** Stripe's status of a subscription once the events up to index `p` exist (null: not yet created). */
function truth(sub: 'A' | 'B', p: number, variant: Variant): { status: string; endedAt?: number } | null {
  if (sub === 'A') {
    if (p >= 3) return { status: 'canceled', endedAt: variant === 'canceled' ? createdAt(2) : createdAt(3) };
    if (p >= 2) return variant === 'canceled' ? { status: 'canceled', endedAt: createdAt(2) } : { status: variant };
    return p >= 0 ? { status: 'active' } : null;
  }
  if (p >= 4) return { status: 'canceled', endedAt: createdAt(4) };
  return p >= 1 ? { status: 'active' } : null;
}

/** Premium rights from what the app can know after each delivery of `order` (see the header). */
function expectedRights(order: readonly Delivery[], variant: Variant): boolean[] {
  let linked = false;
  let p = -1;
  const info: Record<'A' | 'B', number> = { A: -1, B: -1 };
  return order.map((delivery) => {
    const index = CREATED.indexOf(delivery);
    p = Math.max(p, index);
    const sub = delivery.startsWith('checkout') ? (delivery.endsWith('A') ? 'A' : 'B') : (delivery[0] as 'A' | 'B');
    if (delivery.startsWith('checkout')) {
      linked = true;
      info[sub] = Math.max(info[sub], p);
    } else if (linked) {
      info[sub] = Math.max(info[sub], index);
    }
    // every ending lies in the past of the delivery's clock, so only `active` grants here
    return (['A', 'B'] as const).some((s) => info[s] >= 0 && truth(s, info[s], variant)?.status === 'active');
  });
}

let ctx: TestContext;
let clock = START.getTime();
/** Stripe's truth point while a delivery is handled (what `subscriptions.retrieve` answers). */
let truthPoint = -1;
let variantNow: Variant = 'active';
let ids = { customer: '', A: '', B: '', userId: '' };

function subscriptionAt(sub: 'A' | 'B', p: number): Record<string, unknown> {
  const t = truth(sub, p, variantNow);
  if (!t) throw new Error(`subscription ${sub} does not exist yet at ${p}`);
  return subscriptionObject({ id: ids[sub], customer: ids.customer, status: t.status, periodEnd: PERIOD_END, userId: ids.userId, ...(t.endedAt ? { endedAt: t.endedAt, canceledAt: t.endedAt } : {}) });
}

/** Stripe's client as the webhook uses it: reading a subscription back answers Stripe's truth now. */
const stripe = {
  subscriptions: {
    retrieve: (id: string) => Promise.resolve(subscriptionAt(id === ids.A ? 'A' : 'B', truthPoint)),
  },
} as unknown as Stripe;

function eventOf(delivery: Delivery): Record<string, unknown> {
  const index = CREATED.indexOf(delivery);
  const at = createdAt(index);
  const id = `evt_${ids.customer}_${index}`;
  switch (delivery) {
    case 'checkout A':
    case 'checkout B': {
      const sub = delivery.endsWith('A') ? ids.A : ids.B;
      return stripeEvent('checkout.session.completed', checkoutSessionObject({ id: `cs_${sub}`, customer: ids.customer, subscription: sub, userId: ids.userId }), at, id);
    }
    case 'A updated':
      return stripeEvent('customer.subscription.updated', subscriptionAt('A', index), at, id);
    case 'A deleted':
      return stripeEvent('customer.subscription.deleted', subscriptionAt('A', index), at, id);
    case 'B deleted':
      return stripeEvent('customer.subscription.deleted', subscriptionAt('B', index), at, id);
  }
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: START, projections: [usersProjection] });
});
afterAll(async () => {
  await ctx?.close();
});

/** Sets the test clock (it moves back between orders). */
function setClock(ms: number) {
  ctx.advance(ms - clock);
  clock = ms;
}

async function newUser(): Promise<string> {
  const userId = randomUUID();
  const result = await ctx.deps.log.append(
    streams.user(userId),
    [{ type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, firstName: 'Two', lastName: 'Subs', passwordHash: 'scrypt$spec', registeredAt: START.toISOString() } }],
    'no_stream',
    { actor: 'spec', correlationId: 'two-subscriptions', now: START.toISOString() },
  );
  await ctx.deps.readModels.waitFor(result.position);
  return userId;
}

let n = 0;
const cases = VARIANTS.flatMap((variant) => permutations(CREATED).map((order) => ({ variant, order, name: `A updated to ${variant}: ${order.join(', ')}` })));

describe('two subscriptions of one user: every webhook order (audit S1)', () => {
  it('enumerates 3 variants × 120 orders', () => {
    expect(cases).toHaveLength(360);
    expect(new Set(cases.map((c) => c.name)).size).toBe(360);
  });

  it.each(cases)('$name', async ({ variant, order }) => {
    n += 1;
    variantNow = variant;
    ids = { customer: `cus_two${n}`, A: `sub_two${n}_a`, B: `sub_two${n}_b`, userId: await newUser() };
    truthPoint = -1;
    const rights: boolean[] = [];
    for (const delivery of order) {
      truthPoint = Math.max(truthPoint, CREATED.indexOf(delivery));
      // the delivery arrives five seconds after the newest event Stripe has created
      setClock((createdAt(truthPoint) + 5) * 1000);
      await handleStripeEvent({ log: ctx.deps.log, readModels: ctx.deps.readModels, logger: ctx.deps.logger, stripe, now: ctx.deps.now }, eventOf(delivery) as unknown as Stripe.Event);
      const user = await findUserById(ctx.deps.readModels, ids.userId);
      rights.push(hasPremiumRights(user!, ctx.deps.now()));
    }
    expect(rights).toEqual(expectedRights(order, variant));
    // long after: nothing grants Premium any more (both subscriptions ended)
    const user = await findUserById(ctx.deps.readModels, ids.userId);
    expect(hasPremiumRights(user!, new Date((PERIOD_END + DAY) * 1000))).toBe(false);
  });
});
