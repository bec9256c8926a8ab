import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { normaliseTicker } from '../../domain/market/tickers.ts';
import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { AppError, conflict, notFound } from '../core/errors.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import type { EtfInput } from '../../contracts/catalog.ts';
import { ETF_NOT_FOUND, etfDecider, tickerDecider, type EtfChange, type EtfDetails, type EtfState, type ListedEtf } from './business-logic.ts';

/**
 * Catalog commands: the writes to `etf-<id>` and `catalog-<TICKER>`, called by the routers and the
 * jobs alike, and the "is this fund listed" check the other modules' commands make.
 */

/** An ETF id (built once: every holding and favorite write checks one). */
const etfIdSchema = z.uuid();

/** The fund as its `etf-<id>` stream has it (the source of truth, never behind); 404 unless it is listed. */
export async function requireListedEtf(log: EventLog, etfId: string): Promise<ListedEtf> {
  if (!etfIdSchema.safeParse(etfId).success) throw notFound(ETF_NOT_FOUND);
  const { state } = await log.aggregate(streams.etf(etfId), etfDecider);
  if (!state.listed) throw notFound(ETF_NOT_FOUND);
  return state;
}

export const catalogMessages = {
  duplicate: (ticker: string) => `An ETF with ticker ${ticker} already exists`,
  notFound: ETF_NOT_FOUND,
  allFailed: (n: number) => `All ${n} ETF rows failed to create. Check for duplicate tickers or invalid data.`,
  someFailed: (created: number, failed: number) => `Successfully created ${created} ETFs, ${failed} failed`,
  allCreated: (created: number) => `Successfully created ${created} ETFs`,
} as const;

export interface CatalogWrite {
  etf: EtfDetails;
  /** Global position of the last append (0 when nothing changed). */
  position: number;
}

async function readEtf(log: EventLog, etfId: string): Promise<EtfState> {
  return (await log.aggregate(streams.etf(etfId), etfDecider)).state;
}

async function tickerHolder(log: EventLog, ticker: string): Promise<string | null> {
  return (await log.aggregate(streams.ticker(ticker), tickerDecider)).state.holder;
}

/**
 * Reserves `ticker` for `etfId` (`appended` is false when the fund already held it); a ticker held by
 * another fund answers 409 with the owner's message.
 */
async function reserveTicker(log: EventLog, ticker: string, etfId: string, ctx: CommandContext): Promise<{ appended: boolean; position: number }> {
  try {
    const r = await handleCommand(log, streams.ticker(ticker), tickerDecider, { type: 'ReserveTicker', ticker, etfId }, ctx);
    return { appended: r.events.length > 0, position: r.position };
  } catch (error) {
    if (error instanceof AppError && error.status === 409) throw conflict(catalogMessages.duplicate(ticker));
    throw error;
  }
}

async function releaseTicker(log: EventLog, ticker: string, etfId: string, ctx: CommandContext): Promise<number> {
  const r = await handleCommand(log, streams.ticker(ticker), tickerDecider, { type: 'ReleaseTicker', ticker, etfId }, ctx);
  return r.position;
}

/**
 * Lists a new fund: reserves its ticker on `catalog-<TICKER>`, then lists it on `etf-<id>`; if the
 * listing fails the ticker is released again, so a failure leaves nothing half-written. A reservation
 * whose fund was never listed (a crash between the two appends) is completed under its id.
 */
export async function listNewEtf(
  log: EventLog,
  input: EtfInput,
  ctx: CommandContext,
  options: { etfId?: string; dataSource?: DataSource } = {},
): Promise<CatalogWrite> {
  const ticker = normaliseTicker(input.ticker);
  let etfId = options.etfId ?? randomUUID();
  const holder = await tickerHolder(log, ticker);
  if (holder !== null && holder !== etfId) {
    if ((await readEtf(log, holder)).listed) throw conflict(catalogMessages.duplicate(ticker));
    etfId = holder; // orphaned reservation: finish that listing
  }
  const reserved = await reserveTicker(log, ticker, etfId, ctx);
  let listed;
  try {
    listed = await handleCommand(log, streams.etf(etfId), etfDecider, { type: 'ListEtf', etfId, dataSource: options.dataSource ?? 'manual', ...input, ticker }, ctx);
  } catch (error) {
    // Only a reservation made by this call is given back, and only while no fund is listed under it
    // (a concurrent request may have completed this very listing: the ticker is then rightly held).
    if (reserved.appended && !(await readEtf(log, etfId)).listed) await releaseTicker(log, ticker, etfId, ctx);
    if (error instanceof AppError && error.status === 409) throw conflict(catalogMessages.duplicate(ticker));
    throw error;
  }
  const state = await readEtf(log, etfId);
  if (!state.listed) throw new Error(`ETF ${etfId} is not listed after ListEtf`);
  return { etf: state, position: Math.max(reserved.position, listed.position) };
}

/**
 * Changes a fund's details. A new ticker is reserved first (409 when another fund holds it), then the
 * details change, then the old ticker is released; if the change fails the new ticker is released.
 */
export async function changeEtf(log: EventLog, etfId: string, changes: EtfChange & { ticker: string }, ctx: CommandContext): Promise<CatalogWrite> {
  const before = await readEtf(log, etfId);
  if (!before.listed) throw notFound(catalogMessages.notFound);
  const ticker = normaliseTicker(changes.ticker);
  const renamed = ticker !== before.ticker;
  const reserved = renamed ? await reserveTicker(log, ticker, etfId, ctx) : { appended: false, position: 0 };
  let position = reserved.position;
  try {
    const r = await handleCommand(log, streams.etf(etfId), etfDecider, { type: 'ChangeEtfDetails', etfId, changes: { ...changes, ticker } }, ctx);
    position = Math.max(position, r.position);
  } catch (error) {
    if (reserved.appended) await releaseTicker(log, ticker, etfId, ctx);
    throw error;
  }
  if (renamed) position = Math.max(position, await releaseTicker(log, before.ticker, etfId, ctx));
  const after = await readEtf(log, etfId);
  if (!after.listed) throw new Error(`ETF ${etfId} vanished`);
  return { etf: after, position };
}
