import { randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { portfolioDecider, type BrokeragePosition } from './business-logic.ts';
import type { HoldingInput } from './holding-input.ts';
import { firstBarDate } from '../../read-models/market/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';

/**
 * Portfolio commands (the writes to `portfolio-<userId>`), for the router and any other caller. Each
 * answers the global position of its append, for the caller to wait on before it reads.
 */

export interface PortfolioCommandDeps {
  log: EventLog;
  /** Where a fund without an inception date finds its first bar (the market read model). */
  readModels?: ReadModels;
}

/**
 * Adds a holding of a listed fund (404 for an unknown one, 409 when the user holds it already; 400 for
 * a purchase date before the fund's first trading day: its inception date, else its first bar).
 */
export async function addHolding(
  { log, readModels }: PortfolioCommandDeps,
  userId: string,
  input: HoldingInput,
  ctx: CommandContext,
): Promise<{ holdingId: string; position: number }> {
  const etf = await requireListedEtf(log, input.etfId);
  const firstTradingDay = etf.inceptionDate ?? (input.purchaseDate !== null && readModels ? await firstBarDate(readModels, etf.etfId) : null);
  const holdingId = randomUUID();
  const command = { type: 'AddHolding' as const, data: { userId, holdingId, ticker: etf.ticker, ...input }, firstTradingDay };
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, command, ctx, WRITE_RETRIES);
  return { holdingId, position: result.position };
}

/** Removes one of the user's holdings (404 unless it is theirs). */
export async function removeHolding({ log }: PortfolioCommandDeps, userId: string, holdingId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, { type: 'RemoveHolding', data: { userId, holdingId } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}

/**
 * Brings the holdings a brokerage sync owns in line with the brokerage's positions (see the
 * `SyncBrokerageHoldings` command): answers what it did and the position to wait on (0: nothing written).
 */
export async function syncBrokerageHoldings(
  { log }: PortfolioCommandDeps,
  userId: string,
  positions: readonly Omit<BrokeragePosition, 'newHoldingId'>[],
  ctx: CommandContext,
): Promise<{ created: number; updated: number; removed: number; keptManual: string[]; position: number }> {
  const command = { type: 'SyncBrokerageHoldings' as const, data: { userId, positions: positions.map((p) => ({ ...p, newHoldingId: randomUUID() })) } };
  const stream = streams.portfolio(userId);
  const result = await handleCommand(log, stream, portfolioDecider, command, ctx, WRITE_RETRIES);
  const { state } = await log.aggregate(stream, portfolioDecider);
  const keptManual = positions.filter((p) => state.holdings.some((h) => h.etfId === p.etfId && h.source === 'manual')).map((p) => p.etfId);
  const count = (type: string) => result.events.filter((e) => e.type === type).length;
  return { created: count('HoldingAdded'), updated: count('HoldingSynced'), removed: count('HoldingRemoved'), keptManual, position: result.position };
}
