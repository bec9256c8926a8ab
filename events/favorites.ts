import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * A user's favorite ETFs live on `favorites-<userId>` (one stream per user, beside the account's
 * `user-<userId>`): the "at most one favorite per ETF" and "five on the free plan" rules are checked
 * inside that one stream with its expected revision.
 */
export const favoriteAdded = defineEvent(
  'FavoriteAdded',
  z.object({ userId: z.uuid(), favoriteId: z.uuid(), etfId: z.uuid(), addedAt: isoInstant }),
);

export const favoriteRemoved = defineEvent(
  'FavoriteRemoved',
  z.object({ userId: z.uuid(), favoriteId: z.uuid(), etfId: z.uuid(), removedAt: isoInstant }),
);

export const favoriteEvents = [favoriteAdded, favoriteRemoved] as const;

export type FavoriteEvent = EventsOf<typeof favoriteEvents>;
export type FavoriteAdded = Extract<FavoriteEvent, { type: 'FavoriteAdded' }>;
export type FavoriteRemoved = Extract<FavoriteEvent, { type: 'FavoriteRemoved' }>;
