import { describe, expect, it } from 'vitest';
import { indexedStore, project, queriesOver, recorded, type GivenEvent } from '../runtime/projection-testing.ts';
import { USERS, usersProjection } from './projection.ts';
import { findUserByStripeCustomerId, premiumUsers, usersByIds, usersWrittenAfter } from './queries.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const cid = '9c8b7a6d-5e4f-4321-8765-43210fedcba9';
const at = '2026-01-05T15:00:00.000Z';

const registered = (userId: string, name: string): GivenEvent => ({
  stream: `user-${userId}`,
  type: 'UserRegistered',
  data: { userId, email: `${name.toLowerCase()}@example.com`, firstName: name, lastName: 'Lee', passwordHash: 'scrypt$secret', registeredAt: at },
});
const plan = (userId: string, subscriptionTier: 'free' | 'premium', subscriptionStatus: string | null): GivenEvent => ({
  stream: `user-${userId}`,
  type: 'SubscriptionChanged',
  data: { userId, subscriptionTier, subscriptionStatus, changedAt: at },
});

// positions 1..6
const history = [registered(ann, 'Ann'), registered(bob, 'Bob'), registered(cid, 'Cid'), plan(bob, 'premium', 'active'), plan(cid, 'premium', 'active'), plan(cid, 'free', null)];

async function readSide() {
  const docs = await indexedStore([usersProjection]);
  await project(usersProjection, recorded(history), { docs, batchSize: 1 });
  return queriesOver(docs);
}

describe('users queries', () => {
  it('premiumUsers answers the users whose plan on record is Premium now, through the subscriptionTier index', async () => {
    expect(usersProjection.collections[USERS]).toContainEqual(expect.objectContaining({ key: { subscriptionTier: 1 } }));
    const readModels = await readSide();
    expect((await premiumUsers(readModels)).map((u) => u._id)).toEqual([bob]);
  });

  it('usersByIds answers the documents that exist; usersWrittenAfter those written after a position', async () => {
    const readModels = await readSide();
    expect((await usersByIds(readModels, [ann, cid, 'no-such-user'])).map((u) => u.firstName).sort()).toEqual(['Ann', 'Cid']);
    expect((await usersWrittenAfter(readModels, [ann, bob, cid], 3)).map((u) => u._id).sort()).toEqual([bob, cid].sort());
    expect(await usersWrittenAfter(readModels, [ann], 3)).toEqual([]);
  });

  it('premiumUsers also answers users with Stripe subscriptions only; the customer index finds every customer linked', async () => {
    const billing = (type: string, data: Record<string, unknown>): GivenEvent => ({ stream: `billing-${ann}`, type, data: { userId: ann, ...data } });
    const subscription = (id: string, status: string): GivenEvent =>
      billing('SubscriptionUpdated', {
        stripeEventId: `evt_${id}`,
        eventCreated: at,
        asOf: at,
        stripeSubscriptionId: id,
        stripeCustomerId: 'cus_ann_2',
        status,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        endedAt: null,
        priceId: null,
        recordedAt: at,
      });
    const docs = await indexedStore([usersProjection]);
    const events = [
      ...history,
      billing('StripeCustomerLinked', { stripeCustomerId: 'cus_ann_1', linkedAt: at }),
      billing('StripeCustomerLinked', { stripeCustomerId: 'cus_ann_2', linkedAt: at }),
      subscription('sub_a', 'unpaid'),
      subscription('sub_b', 'active'),
    ];
    await project(usersProjection, recorded(events), { docs, batchSize: 1 });
    const readModels = queriesOver(docs);
    expect((await premiumUsers(readModels)).map((u) => u._id).sort()).toEqual([ann, bob].sort());
    expect((await findUserByStripeCustomerId(readModels, 'cus_ann_1'))?._id).toBe(ann);
    expect((await findUserByStripeCustomerId(readModels, 'cus_ann_2'))?._id).toBe(ann);
    expect(await findUserByStripeCustomerId(readModels, 'cus_nobody')).toBeNull();
  });
});
