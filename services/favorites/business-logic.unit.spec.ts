import { describe, expect, it } from 'vitest';
import type { FavoriteEvent } from '../../events/favorites.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { favoriteMessages, favoritesDecider, favoritesLimitFor, FREE_FAVORITES_LIMIT, type FavoritesCommand } from './business-logic.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: `user:${userId}`, correlationId: 'c1', now: '2026-01-07T15:00:00.000Z' };
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const fav = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const added = (n: number, at = '2026-01-05T15:00:00.000Z'): FavoriteEvent => ({ type: 'FavoriteAdded', data: { userId, favoriteId: fav(n), etfId: etf(n), addedAt: at } });

const given = deciderSpec(favoritesDecider, ctx);
const add = (n: number, limit: number | null = FREE_FAVORITES_LIMIT): FavoritesCommand => ({ type: 'AddFavorite', data: { userId, favoriteId: fav(n), etfId: etf(n), limit } });

describe('favorites-<userId>', () => {
  it('adds a favorite', () => {
    given([]).when(add(1)).then([{ type: 'FavoriteAdded', data: { userId, favoriteId: fav(1), etfId: etf(1), addedAt: ctx.now } }]);
  });

  it('adds nothing for an ETF that is already a favorite (adding twice is harmless)', () => {
    given([added(1)]).when({ type: 'AddFavorite', data: { userId, favoriteId: fav(9), etfId: etf(1), limit: 5 } }).then([]);
  });

  it('allows the fifth favorite on the free plan and refuses the sixth with 403 naming the limit and Premium', () => {
    const four = [1, 2, 3, 4].map((n) => added(n));
    expect(given(four).when(add(5)).events()).toHaveLength(1);
    const five = [1, 2, 3, 4, 5].map((n) => added(n));
    given(five).when(add(6)).thenThrows({ status: 403, message: favoriteMessages.limit });
    expect(favoriteMessages.limit).toBe('The free plan allows up to 5 favorite ETFs. Upgrade to Premium for unlimited favorites.');
  });

  it('still answers "already a favorite" (nothing new) at the limit', () => {
    const five = [1, 2, 3, 4, 5].map((n) => added(n));
    given(five).when(add(3)).then([]);
  });

  it('has no limit for Premium (limit null)', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => added(n));
    expect(given(seven).when(add(8, null)).events()).toHaveLength(1);
  });

  it('counts removals: after removing one of five, a new one fits', () => {
    const history = [...[1, 2, 3, 4, 5].map((n) => added(n)), { type: 'FavoriteRemoved', data: { userId, favoriteId: fav(2), etfId: etf(2), removedAt: ctx.now } } as FavoriteEvent];
    expect(given(history).when(add(6)).events()).toHaveLength(1);
  });

  it('removes a favorite by ETF id', () => {
    given([added(1), added(2)]).when({ type: 'RemoveFavorite', data: { userId, etfId: etf(2) } }).then([
      { type: 'FavoriteRemoved', data: { userId, favoriteId: fav(2), etfId: etf(2), removedAt: ctx.now } },
    ]);
  });

  it('answers 404 when removing a favorite that is absent (never added, or removed already)', () => {
    given([]).when({ type: 'RemoveFavorite', data: { userId, etfId: etf(1) } }).thenThrows({ status: 404, message: 'Favorite not found' });
    const removed: FavoriteEvent = { type: 'FavoriteRemoved', data: { userId, favoriteId: fav(1), etfId: etf(1), removedAt: ctx.now } };
    given([added(1), removed]).when({ type: 'RemoveFavorite', data: { userId, etfId: etf(1) } }).thenThrows({ status: 404 });
  });

  it('re-adds a removed favorite as a new one', () => {
    const removed: FavoriteEvent = { type: 'FavoriteRemoved', data: { userId, favoriteId: fav(1), etfId: etf(1), removedAt: ctx.now } };
    given([added(1), removed]).when({ type: 'AddFavorite', data: { userId, favoriteId: fav(7), etfId: etf(1), limit: 5 } }).then([
      { type: 'FavoriteAdded', data: { userId, favoriteId: fav(7), etfId: etf(1), addedAt: ctx.now } },
    ]);
  });
});

describe('the favorites limit of a plan', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  /** A user with one subscription in `status` (none with null); `endedAt` for a canceled one. */
  const user = (status: string | null, endedAt: string | null = null): UserDoc => ({
    _id: userId,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    subscriptionTier: status === null ? 'free' : 'premium',
    subscriptions: status === null ? [] : [{ id: 'sub_1', status, currentPeriodEnd: '2026-04-01T00:00:00.000Z', cancelAtPeriodEnd: false, endedAt, asOf: '2026-03-01T00:00:00.000Z' }],
    sessionEpoch: 0,
    registeredAt: '2026-01-01T00:00:00.000Z',
    emailVerified: true,
    verificationTokenHash: null,
  });

  it('is 5 without Premium rights, none with them (the rule of services/billing/premium.ts)', () => {
    expect(favoritesLimitFor(user(null), now)).toBe(5);
    expect(favoritesLimitFor(user('canceled', '2026-03-01T00:00:00.000Z'), now)).toBe(5);
    expect(favoritesLimitFor(user('unpaid'), now)).toBe(5);
    expect(favoritesLimitFor(user('incomplete'), now)).toBe(5);
    expect(favoritesLimitFor(user('active'), now)).toBeNull();
    expect(favoritesLimitFor(user('trialing'), now)).toBeNull();
    expect(favoritesLimitFor(user('past_due'), now)).toBeNull();
    expect(favoritesLimitFor(user('canceled', '2026-04-01T00:00:00.000Z'), now)).toBeNull();
  });
});
