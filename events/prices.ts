import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { dataSourceSchema, decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * Prices live on `prices-<etfId>_<year>` (year of the bar's date, or of the quote's New York date).
 * One stream per fund per calendar year keeps every stream bounded (about 252 bars plus the intraday
 * quotes of one year) while the only invariant, "one bar per fund and date", stays inside one stream.
 */
const barData = z.object({
  etfId: z.uuid(),
  /** Trading date of the bar (America/New_York). */
  date: isoDate,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  /** Shares traded; an integer count, 0 when unknown (CSV files without volume). */
  volume: z.number().int().nonnegative(),
  source: dataSourceSchema,
});

/** A daily OHLCV bar seen for the first time. Raw (unadjusted) prices: distributions are not folded in. */
export const priceBarRecorded = defineEvent('PriceBarRecorded', barData);

/** The bar of an already recorded date, corrected (different values from a provider or an import). */
export const priceBarRevised = defineEvent('PriceBarRevised', barData);

/** An intraday price (latest trade); the newest one is the current price until the day's bar closes. */
export const priceQuoted = defineEvent(
  'PriceQuoted',
  z.object({ etfId: z.uuid(), price: decimalString, quotedAt: isoInstant, source: dataSourceSchema }),
);

export const priceEvents = [priceBarRecorded, priceBarRevised, priceQuoted] as const;

export type PriceEvent = EventsOf<typeof priceEvents>;
export type PriceBarData = z.infer<typeof barData>;
export type PriceBarRecorded = Extract<PriceEvent, { type: 'PriceBarRecorded' }>;
export type PriceBarRevised = Extract<PriceEvent, { type: 'PriceBarRevised' }>;
export type PriceQuoted = Extract<PriceEvent, { type: 'PriceQuoted' }>;
