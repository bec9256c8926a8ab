import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Premium's read-only brokerage sync (`/api/brokerage/...`, SnapTrade behind it). */

/** `GET /api/brokerage/status`: whether the server can sync at all, and this user's link. */
export const BrokerageStatus = z.object({
  /** False when SnapTrade's keys are not configured: the card says sync is not available yet. */
  available: z.boolean(),
  registered: z.boolean(),
  /** The last completed sync (by the user or the daily job), null before the first. */
  lastSyncedAt: z.string().nullable(),
  /**
   * The brokerages of the accounts a sync has read (their `brokerageName`s, each once, sorted; [] before
   * the first sync): the personal area says "Synced from Robinhood" on a synced holding (issue 29, W11).
   */
  brokerages: z.array(z.string()),
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
  /** Weekly-dividend ETFs found at the brokerage and synced (a fund in several accounts counts once). */
  synced: z.number().int(),
  /** Every position seen in every account. */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /** Tickers found at the brokerage that the user holds by hand (left as they are). */
  keptManual: z.array(z.string()),
  /**
   * Funds of the catalog whose position is outside the limits of a holding entered by hand (more than
   * 1,000,000,000 shares, an average cost above 1,000,000): not synced, nothing changed for them, with
   * the reason in the words of the holding form.
   */
  notSynced: z.array(z.object({ ticker: z.string(), reason: z.string() })),
  /** Dividend and reinvestment records of the accounts new or changed since the last sync (kept for the payout ledger, docs/payouts.md). */
  payoutRecords: z.number().int(),
  syncedAt: z.string(),
});
export type BrokerageSyncResult = z.infer<typeof BrokerageSyncResult>;

// ---------------------------------------------------------------------------------------------------
// Endpoints (docs/brokerage.md). Every one but the status is Premium only (401 signed out, 403 naming
// Premium for everyone else); 503 when SnapTrade's keys are not configured; 502 (nothing changed) when
// SnapTrade fails or does not answer in time.

const tags = ['Brokerage'];
const upstream = '502: SnapTrade failed or did not answer in time; nothing was changed. 503: brokerage sync is not available yet (SnapTrade is not configured on this server).';

export const getBrokerageStatus = endpoint({
  method: 'get',
  path: '/api/brokerage/status',
  access: 'user',
  summary: 'Whether brokerage sync is available on this server, whether the user registered, and the last sync.',
  tags,
  responses: { 200: { description: 'The status.', json: BrokerageStatus } },
  errors: [],
  reads: ['brokerage'],
});

export const registerBrokerage = endpoint({
  method: 'post',
  path: '/api/brokerage/register',
  access: 'premium',
  summary: 'Register the user with SnapTrade (once; a repeat does not ask SnapTrade again). Empty body.',
  description: upstream,
  tags,
  responses: {
    201: { description: 'Registered.', json: BrokerageRegistration },
    200: { description: 'Registered already (nothing written).', json: BrokerageRegistration },
  },
  errors: [400, 502, 503],
  waitsFor: 'all',
});

export const getConnectionUrl = endpoint({
  method: 'get',
  path: '/api/brokerage/connection-url',
  access: 'premium',
  summary: "SnapTrade's read-only connection portal link, which returns to the account page; opened in a new tab.",
  description: `409 before registering. ${upstream}`,
  tags,
  responses: { 200: { description: 'The link.', json: BrokerageConnectionUrl } },
  errors: [409, 502, 503],
});

export const getBrokerageAccounts = endpoint({
  method: 'get',
  path: '/api/brokerage/accounts',
  access: 'premium',
  summary: 'The connected accounts ([] before registering), each with its last sync.',
  description: upstream,
  tags,
  responses: { 200: { description: 'The accounts.', json: z.array(BrokerageAccount) } },
  errors: [502, 503],
  reads: ['brokerage'],
});

export const syncBrokerage = endpoint({
  method: 'post',
  path: '/api/brokerage/sync',
  access: 'premium',
  summary: "Read every account's positions and turn the weekly-dividend ETFs into holdings (source brokerage). Empty body.",
  description: `409 before registering. ${upstream}`,
  tags,
  responses: { 200: { description: 'What the sync found and did.', json: BrokerageSyncResult } },
  errors: [400, 409, 502, 503],
  reads: ['catalog-index'],
  waitsFor: 'all',
});
