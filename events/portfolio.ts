import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * A user's manually tracked holdings live on `portfolio-<userId>` (one stream per user): "one holding
 * per ETF per user" is checked inside that stream with its expected revision. Shares and prices are
 * canonical decimal strings (`12.5`, never `12.50` or a float).
 */
export const holdingAdded = defineEvent(
  'HoldingAdded',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    /** Shares bought (above 0). */
    shares: decimalString,
    /** Price paid per share, when the user gave one. */
    purchasePrice: decimalString.nullable(),
    /** The day the shares were bought (America/New_York), when the user gave one. */
    purchaseDate: isoDate.nullable(),
    /** Distributions are reinvested at the pay date's close. */
    isDrip: z.boolean(),
    addedAt: isoInstant,
    /** Where the holding comes from: absent or `manual` (added by the user), `brokerage` (a brokerage sync). */
    source: z.enum(['manual', 'brokerage']).optional(),
  }),
);

/**
 * A brokerage sync set a synced holding (source `brokerage`) to the brokerage's share count and
 * average cost. Holdings the user added by hand never get this event.
 */
export const holdingSynced = defineEvent(
  'HoldingSynced',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    shares: decimalString,
    purchasePrice: decimalString.nullable(),
    source: z.literal('brokerage'),
    syncedAt: isoInstant,
  }),
);

/**
 * The user changed one of their own holdings (source manual), e.g. by a CSV import: the whole new
 * entry (shares, price, date, DRIP). Holdings a brokerage sync owns never get this event.
 */
export const holdingUpdated = defineEvent(
  'HoldingUpdated',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    shares: decimalString,
    purchasePrice: decimalString.nullable(),
    purchaseDate: isoDate.nullable(),
    isDrip: z.boolean(),
    updatedAt: isoInstant,
  }),
);

export const holdingRemoved = defineEvent(
  'HoldingRemoved',
  z.object({ userId: z.uuid(), holdingId: z.uuid(), etfId: z.uuid(), removedAt: isoInstant }),
);

export const portfolioEvents = [holdingAdded, holdingRemoved, holdingSynced, holdingUpdated] as const;

export type PortfolioEvent = EventsOf<typeof portfolioEvents>;
export type HoldingAdded = Extract<PortfolioEvent, { type: 'HoldingAdded' }>;
export type HoldingRemoved = Extract<PortfolioEvent, { type: 'HoldingRemoved' }>;
export type HoldingSynced = Extract<PortfolioEvent, { type: 'HoldingSynced' }>;
export type HoldingUpdated = Extract<PortfolioEvent, { type: 'HoldingUpdated' }>;
