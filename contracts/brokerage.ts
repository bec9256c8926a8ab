import { z } from 'zod';

/** Premium's read-only brokerage sync (`/api/brokerage/...`, SnapTrade behind it). */

/** `GET /api/brokerage/status`: whether the server can sync at all, and this user's link. */
export const BrokerageStatus = z.object({
  /** False when SnapTrade's keys are not configured: the card says sync is not available yet. */
  available: z.boolean(),
  registered: z.boolean(),
  /** The last completed sync (by the user or the daily job), null before the first. */
  lastSyncedAt: z.string().nullable(),
});
export type BrokerageStatus = z.infer<typeof BrokerageStatus>;

/** `POST /api/brokerage/register`: never SnapTrade's user id or secret. */
export const BrokerageRegistration = z.object({ registered: z.literal(true), registeredAt: z.string() });
export type BrokerageRegistration = z.infer<typeof BrokerageRegistration>;

export const BrokerageConnectionUrl = z.object({ url: z.string() });
export type BrokerageConnectionUrl = z.infer<typeof BrokerageConnectionUrl>;

/** An account at a brokerage: the spec's three fields, plus when a sync last read it (null: never). */
export const BrokerageAccount = z.object({
  id: z.string(),
  brokerageName: z.string(),
  accountName: z.string(),
  lastSyncedAt: z.string().nullable(),
});
export type BrokerageAccount = z.infer<typeof BrokerageAccount>;

/** `POST /api/brokerage/sync`: the spec's `{synced, total}` and what the sync did. */
export const BrokerageSyncResult = z.object({
  /** Weekly-dividend ETFs found at the brokerage (a fund in several accounts counts once). */
  synced: z.number().int(),
  /** Every position seen in every account. */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /** Tickers found at the brokerage that the user holds by hand (left as they are). */
  keptManual: z.array(z.string()),
  syncedAt: z.string(),
});
export type BrokerageSyncResult = z.infer<typeof BrokerageSyncResult>;
