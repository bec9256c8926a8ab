import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * A Premium user's read-only brokerage link (SnapTrade) lives on `brokerage-<userId>`. We never hold
 * brokerage credentials: the user gives them to SnapTrade's connection portal. What we hold is
 * SnapTrade's user id for this user (opaque, random, never the e-mail) and SnapTrade's user secret,
 * encrypted (AES-256-GCM with BROKERAGE_SECRET_KEY): the log never holds it in clear.
 */
export const brokerageUserRegistered = defineEvent(
  'BrokerageUserRegistered',
  z.object({
    userId: z.uuid(),
    /** The id we registered at SnapTrade: `wd-<random uuid>`. */
    snaptradeUserId: z.string().min(1).max(100),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM of SnapTrade's user secret. */
    encryptedSecret: z.string().regex(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
    registeredAt: isoInstant,
  }),
);

export const brokerageAccountSynced = z.object({
  /** SnapTrade's account id. */
  accountId: z.string().min(1),
  brokerageName: z.string(),
  accountName: z.string(),
  /** Positions seen in the account (every kind of security). */
  positions: z.number().int().nonnegative(),
  /** Of those, positions of weekly-dividend ETFs of our catalog. */
  synced: z.number().int().nonnegative(),
});

/**
 * One completed sync: every account was read, then the portfolio was brought in line (events on
 * `portfolio-<userId>` with source `brokerage`). `synced`: weekly-dividend ETFs found (after adding up
 * one ticker held in several accounts); `total`: every position seen.
 */
export const brokerageSynced = defineEvent(
  'BrokerageSynced',
  z.object({
    userId: z.uuid(),
    trigger: z.enum(['user', 'schedule']),
    accounts: z.array(brokerageAccountSynced),
    synced: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    syncedAt: isoInstant,
  }),
);

export const brokerageEvents = [brokerageUserRegistered, brokerageSynced] as const;

export type BrokerageEvent = EventsOf<typeof brokerageEvents>;
export type BrokerageAccountSynced = z.infer<typeof brokerageAccountSynced>;
