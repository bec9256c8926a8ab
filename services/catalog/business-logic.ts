import { z } from 'zod';
import type { SameShape } from '../../contracts/same-shape.ts';
import type { CatalogEvent, DataSource, EtfDetailsChanged, EtfListed } from '../../events/catalog.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { normaliseTicker } from '../../domain/market/tickers.ts';
import { etfInputMessages, etfInputSchema, TICKER_RE, type EtfInput } from '../../contracts/catalog.ts';

/**
 * The ETF catalog: the `etf-<etfId>` stream (the fund's details) and the `catalog-<TICKER>` reservation
 * streams (unique tickers).
 *
 * Creating a fund is two appends, in this order:
 * 1. `ReserveTicker` on `catalog-<TICKER>` (expected revision: none, or the revision of its last
 *    `TickerReleased`); a ticker held by another fund answers 409 "Ticker X already exists";
 * 2. `ListEtf` on `etf-<etfId>` (expected: no stream).
 * If 2 fails, send `ReleaseTicker`. A ticker change reserves the new ticker first, then
 * `ChangeEtfDetails`, then releases the old ticker.
 */

/** Partial update: every field optional, same rules. */
export const etfChangeSchema = etfInputSchema.partial();
export type EtfChange = z.output<typeof etfChangeSchema>;

// ---------------------------------------------------------------------------------------------------
// etf-<etfId>

/** A listed fund: what `EtfListed` carries, with `EtfDetailsChanged` applied (evolveEtf). */
export type EtfDetails = EtfListed['data'];

export type EtfState = { listed: false } | ({ listed: true } & EtfDetails);
export type ListedEtf = Extract<EtfState, { listed: true }>;

/** The one answer for a fund the catalog does not list, on the read and the write side. */
export const ETF_NOT_FOUND = 'ETF not found';

export type EtfCommand =
  | ({ type: 'ListEtf'; etfId: string; dataSource: DataSource } & EtfInput)
  | { type: 'ChangeEtfDetails'; etfId: string; changes: EtfChange & { dataSource?: DataSource } };

export const initialEtfState = (): EtfState => ({ listed: false });

export function evolveEtf(state: EtfState, event: CatalogEvent): EtfState {
  switch (event.type) {
    case 'EtfListed':
      return { listed: true, ...event.data };
    case 'EtfDetailsChanged': {
      if (!state.listed) return state;
      const { changedAt: _at, etfId: _id, ...changes } = event.data;
      const next: EtfState = { ...state };
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(next, { [key]: value });
      return next;
    }
    case 'TickerReserved':
    case 'TickerReleased':
      return state; // reservation streams, not this one
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

/** What an edit may change: the owner's form fields (`etfChangeSchema`) and where the data comes from. */
const CHANGEABLE: readonly (keyof EtfChange | 'dataSource')[] = [...etfChangeSchema.keyof().options, 'dataSource'];

/**
 * The form and the events name the same fields: a field added to one of `etfInputSchema`, `EtfListed`
 * or `EtfDetailsChanged` and not the others fails the type-check here (the id, the data source and the
 * times are not the form's).
 */
export const formIsTheCatalogEvents: [
  SameShape<keyof EtfInput | 'etfId' | 'dataSource' | 'listedAt', keyof EtfListed['data']>,
  SameShape<(typeof CHANGEABLE)[number] | 'etfId' | 'changedAt', keyof EtfDetailsChanged['data']>,
] = [true, true];

export function decideEtf(command: EtfCommand, state: EtfState, ctx: CommandContext): CatalogEvent[] {
  switch (command.type) {
    case 'ListEtf': {
      if (state.listed) throw conflict(`ETF ${state.ticker} already exists`);
      const { type: _t, ...data } = command;
      return [{ type: 'EtfListed', data: { ...data, listedAt: ctx.now } }];
    }
    case 'ChangeEtfDetails': {
      if (!state.listed) throw notFound(ETF_NOT_FOUND);
      const changed: Record<string, unknown> = {};
      for (const key of CHANGEABLE) {
        const value = command.changes[key];
        if (value !== undefined && value !== state[key]) changed[key] = value;
      }
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'EtfDetailsChanged', data: { etfId: state.etfId, ...changed, changedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const etfDecider: Decider<EtfCommand, EtfState, CatalogEvent> = {
  initialState: initialEtfState,
  evolve: evolveEtf,
  decide: decideEtf,
  folds: { EtfListed: true, EtfDetailsChanged: true, TickerReserved: true, TickerReleased: true },
  // evolveEtf returns new states; every holding write reads the fund (requireListedEtf)
  keepsFoldedState: true,
};

// ---------------------------------------------------------------------------------------------------
// catalog-<TICKER>

export type TickerCommand =
  | { type: 'ReserveTicker'; ticker: string; etfId: string }
  | { type: 'ReleaseTicker'; ticker: string; etfId: string };

export interface TickerState {
  /** The fund holding the ticker, or null when free. */
  holder: string | null;
}

export const initialTickerState = (): TickerState => ({ holder: null });

export function evolveTicker(state: TickerState, event: CatalogEvent): TickerState {
  switch (event.type) {
    case 'TickerReserved':
      return { holder: event.data.etfId };
    case 'TickerReleased':
      return state.holder === event.data.etfId ? { holder: null } : state;
    case 'EtfListed':
    case 'EtfDetailsChanged':
      return state;
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export function decideTicker(command: TickerCommand, state: TickerState, ctx: CommandContext): CatalogEvent[] {
  const ticker = normaliseTicker(command.ticker);
  if (!TICKER_RE.test(ticker)) throw badRequest(etfInputMessages.tickerFormat, { ticker: etfInputMessages.tickerFormat });
  switch (command.type) {
    case 'ReserveTicker':
      if (state.holder === command.etfId) return [];
      if (state.holder !== null) throw conflict(`Ticker ${ticker} already exists`);
      return [{ type: 'TickerReserved', data: { ticker, etfId: command.etfId, reservedAt: ctx.now } }];
    case 'ReleaseTicker':
      if (state.holder !== command.etfId) return [];
      return [{ type: 'TickerReleased', data: { ticker, etfId: command.etfId, releasedAt: ctx.now } }];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const tickerDecider: Decider<TickerCommand, TickerState, CatalogEvent> = {
  initialState: initialTickerState,
  evolve: evolveTicker,
  decide: decideTicker,
  folds: { EtfListed: true, EtfDetailsChanged: true, TickerReserved: true, TickerReleased: true },
};
