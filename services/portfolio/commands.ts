import { randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { portfolioDecider } from './business-logic.ts';
import type { HoldingInput } from './holding-input.ts';

/**
 * Portfolio commands (the writes to `portfolio-<userId>`), for the router and any other caller. Each
 * answers the global position of its append, for the caller to wait on before it reads.
 */

export interface PortfolioCommandDeps {
  log: EventLog;
}

/** Adds a holding of a listed fund (404 for an unknown one, 409 when the user holds it already). */
export async function addHolding(
  { log }: PortfolioCommandDeps,
  userId: string,
  input: HoldingInput,
  ctx: CommandContext,
): Promise<{ holdingId: string; position: number }> {
  const etf = await requireListedEtf(log, input.etfId);
  const holdingId = randomUUID();
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, { type: 'AddHolding', data: { userId, holdingId, ticker: etf.ticker, ...input } }, ctx, WRITE_RETRIES);
  return { holdingId, position: result.position };
}

/** Removes one of the user's holdings (404 unless it is theirs). */
export async function removeHolding({ log }: PortfolioCommandDeps, userId: string, holdingId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, { type: 'RemoveHolding', data: { userId, holdingId } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}
