import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';

/**
 * Field schemas shared by the market-data event categories (catalog, prices, dividends, market clock).
 * Event data is JSON-safe: calendar dates are `YYYY-MM-DD` (US market dates, America/New_York),
 * instants are ISO-8601 with an offset, money and prices are decimal strings (never floats).
 */
export const isoInstant = z.iso.datetime({ offset: true });
/** A real calendar date `YYYY-MM-DD` (zod's ISO date refuses 2025-02-30). */
export const isoDate = z.iso.date();
/** A non-negative decimal string: `12`, `12.5`, `0.263798`. No exponent, no sign, no separators. */
export const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal string');

/** A decimal string that may be negative (`-0.52`): an issuer's stated percentages (a 30-day SEC yield can be below zero). */
export const signedDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string');

/**
 * Where a piece of market data came from. `demo` data is synthetic and the API must say so; `issuer`: read
 * from the issuer's own announcement (a press release, docs/declarations.md), for distributions only.
 */
export const dataSourceSchema = z.enum(['demo', 'alpaca', 'csv', 'manual', 'issuer']);
export type DataSource = z.infer<typeof dataSourceSchema>;
/**
 * The owner's own data (a CSV import or an edit) against a provider's (`demo`, `alpaca`): a provider
 * sync never revises an entry whose current source is the owner's (docs/data-operations.md, "Precedence").
 */
export function isOwnerSource(source: DataSource): source is 'csv' | 'manual' {
  return source === 'csv' || source === 'manual';
}

/**
 * Precedence of a distribution's sources (docs/data-operations.md, "Precedence"): the owner's data
 * (`csv`, `manual`) > the issuer's announcement (`issuer`) > a market data provider (`alpaca`) > demo data.
 * A source never revises an entry whose current source ranks above it.
 */
export function sourceRank(source: DataSource): number {
  switch (source) {
    case 'csv':
    case 'manual':
      return 3;
    case 'issuer':
      return 2;
    case 'alpaca':
      return 1;
    case 'demo':
      return 0;
    default: {
      const never: never = source;
      throw new Error(`unknown source ${String(never)}`);
    }
  }
}

/** How often a fund pays. `four-weekly` = every four weeks (13 a year), not monthly. */
export const payoutFrequencySchema = z.enum(['weekly', 'four-weekly', 'twice-weekly', 'monthly']);
export type PayoutFrequency = z.infer<typeof payoutFrequencySchema>;

/** Stored uppercase: letters and digits, optionally a class suffix (`BRK.B`, `BRK-B`). */
export const tickerSchema = z
  .string()
  .regex(/^[A-Z0-9]{1,8}([.-][A-Z0-9]{1,3})?$/, 'ticker must be 1-8 uppercase letters or digits (optionally .X)');

/** Written on `etf-<etfId>`: a fund enters the catalog. */
export const etfListed = defineEvent(
  'EtfListed',
  z.object({
    etfId: z.uuid(),
    ticker: tickerSchema,
    name: z.string().min(1),
    /** As the product names it: Roundhill, Granite, YieldMax, Defiance, REX, Nicholas (free text for others). */
    brand: z.string(),
    description: z.string(),
    frequency: payoutFrequencySchema,
    /** Ticker of the underlying (NVDA) or index (SPX); null for multi-asset funds. */
    underlying: z.string().min(1).nullable(),
    inceptionDate: isoDate.nullable(),
    dataSource: dataSourceSchema,
    listedAt: isoInstant,
  }),
);

/**
 * Written on `etf-<etfId>`: only the fields present changed. A ticker change is accompanied by a
 * `TickerReleased` on the old `catalog-<TICKER>` stream and a `TickerReserved` on the new one.
 */
export const etfDetailsChanged = defineEvent(
  'EtfDetailsChanged',
  z.object({
    etfId: z.uuid(),
    ticker: tickerSchema.optional(),
    name: z.string().min(1).optional(),
    brand: z.string().optional(),
    description: z.string().optional(),
    frequency: payoutFrequencySchema.optional(),
    underlying: z.string().min(1).nullable().optional(),
    inceptionDate: isoDate.nullable().optional(),
    dataSource: dataSourceSchema.optional(),
    changedAt: isoInstant,
  }),
);

/**
 * Written on `catalog-<TICKER>`: the ticker now belongs to this fund. Appended with the expected
 * revision of the reservation stream (no stream, or the revision of its last `TickerReleased`), so two
 * funds can never hold the same ticker.
 */
export const tickerReserved = defineEvent(
  'TickerReserved',
  z.object({ ticker: tickerSchema, etfId: z.uuid(), reservedAt: isoInstant }),
);

/** Written on `catalog-<TICKER>` when a fund gives up the ticker (renamed); another fund may take it. */
export const tickerReleased = defineEvent(
  'TickerReleased',
  z.object({ ticker: tickerSchema, etfId: z.uuid(), releasedAt: isoInstant }),
);

export const catalogEvents = [etfListed, etfDetailsChanged, tickerReserved, tickerReleased] as const;

export type CatalogEvent = EventsOf<typeof catalogEvents>;
export type EtfListed = Extract<CatalogEvent, { type: 'EtfListed' }>;
export type EtfDetailsChanged = Extract<CatalogEvent, { type: 'EtfDetailsChanged' }>;
export type TickerReserved = Extract<CatalogEvent, { type: 'TickerReserved' }>;
export type TickerReleased = Extract<CatalogEvent, { type: 'TickerReleased' }>;
