import { describe, expect, it } from 'vitest';
import type { UserDoc, UserSubscription } from '../../read-models/users/projection.ts';
import { grantsPremium, hasPremiumRights, shownSubscription } from './premium.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const sub = (status: string | null, extra: Partial<UserSubscription> = {}): UserSubscription => ({
  id: 'sub_1',
  status,
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  endedAt: null,
  asOf: '2026-03-01T00:00:00.000Z',
  ...extra,
});
const user = (...subscriptions: UserSubscription[]): UserDoc => ({
  _id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  subscriptionTier: subscriptions.length > 0 ? 'premium' : 'free',
  subscriptions,
  sessionEpoch: 0,
  registeredAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  verificationTokenHash: null,
});

describe('hasPremiumRights: the one rule for Premium', () => {
  it.each(['active', 'trialing', 'past_due'])('a subscription %s has the rights', (status) => {
    expect(hasPremiumRights(user(sub(status)), now)).toBe(true);
  });

  it('set to cancel at the period end: still active, so still Premium (Stripe ends it then)', () => {
    expect(hasPremiumRights(user(sub('active', { cancelAtPeriodEnd: true })), now)).toBe(true);
  });

  it.each(['incomplete', 'incomplete_expired', 'unpaid', 'paused', 'something_new', null])('a subscription %s has none', (status) => {
    expect(hasPremiumRights(user(sub(status)), now)).toBe(false);
  });

  it('canceled: the rights end when Stripe says the subscription ended, whatever the paid period', () => {
    expect(grantsPremium(sub('canceled', { endedAt: '2026-03-10T12:00:01.000Z' }), now)).toBe(true);
    expect(grantsPremium(sub('canceled', { endedAt: '2026-03-10T12:00:00.000Z' }), now)).toBe(false);
    // a refund or an immediate cancellation: ended before the period it was paid for
    expect(grantsPremium(sub('canceled', { endedAt: '2026-03-05T00:00:00.000Z', currentPeriodEnd: '2026-04-01T00:00:00.000Z' }), now)).toBe(false);
    expect(grantsPremium(sub('canceled'), now)).toBe(false);
  });

  it('no subscription: no rights', () => {
    expect(hasPremiumRights(user(), now)).toBe(false);
  });

  it('several subscriptions: the rights while ANY gives them (S1)', () => {
    const unpaid = sub('unpaid', { id: 'sub_a' });
    const ended = sub('canceled', { id: 'sub_c', endedAt: '2026-03-02T00:00:00.000Z' });
    expect(hasPremiumRights(user(unpaid, ended), now)).toBe(false);
    expect(hasPremiumRights(user(unpaid, ended, sub('active', { id: 'sub_b' })), now)).toBe(true);
    expect(hasPremiumRights(user(sub('past_due', { id: 'sub_b' }), unpaid), now)).toBe(true);
  });
});

describe('shownSubscription: what GET /api/user describes', () => {
  it('one giving Premium before the others, one in good standing before one with a failed payment; else the newest', () => {
    const newerUnpaid = sub('unpaid', { id: 'sub_a', asOf: '2026-03-09T00:00:00.000Z' });
    const active = sub('active', { id: 'sub_b' });
    const pastDue = sub('past_due', { id: 'sub_c', asOf: '2026-03-09T00:00:00.000Z' });
    expect(shownSubscription(user(newerUnpaid, active), now)).toBe(active);
    expect(shownSubscription(user(pastDue, active), now)).toBe(active);
    expect(shownSubscription(user(pastDue, newerUnpaid), now)).toBe(pastDue);
    const older = sub('canceled', { id: 'sub_d', endedAt: '2026-03-02T00:00:00.000Z' });
    expect(shownSubscription(user(older, newerUnpaid), now)).toBe(newerUnpaid);
    expect(shownSubscription(user(), now)).toBeNull();
  });
});
