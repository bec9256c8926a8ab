import { describe, expect, it } from 'vitest';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { hasPremiumRights } from './premium.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const user = (subscriptionTier: 'free' | 'premium', subscriptionStatus: string | null, paidThrough?: string | null): UserDoc => ({
  _id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  subscriptionTier,
  subscriptionStatus,
  sessionEpoch: 0,
  registeredAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  verificationTokenHash: null,
  ...(paidThrough !== undefined ? { paidThrough } : {}),
});

describe('hasPremiumRights: the one rule for Premium', () => {
  it.each(['active', 'trialing', 'past_due'])('a Premium subscription %s has the rights', (status) => {
    expect(hasPremiumRights(user('premium', status), now)).toBe(true);
  });

  it.each(['incomplete', 'incomplete_expired', 'unpaid', 'paused', 'something_new'])('a Premium subscription %s has none', (status) => {
    expect(hasPremiumRights(user('premium', status), now)).toBe(false);
  });

  it('canceled keeps the rights to the end of the paid period, not a second after', () => {
    expect(hasPremiumRights(user('premium', 'canceled', '2026-03-10T12:00:01.000Z'), now)).toBe(true);
    expect(hasPremiumRights(user('premium', 'canceled', '2026-03-10T12:00:00.000Z'), now)).toBe(false);
    expect(hasPremiumRights(user('premium', 'canceled', null), now)).toBe(false);
    expect(hasPremiumRights(user('premium', 'canceled'), now)).toBe(false);
  });

  it('the free plan or no subscription: no rights, whatever the status word', () => {
    expect(hasPremiumRights(user('free', null), now)).toBe(false);
    expect(hasPremiumRights(user('free', 'active'), now)).toBe(false);
    expect(hasPremiumRights(user('premium', null), now)).toBe(false);
  });
});
