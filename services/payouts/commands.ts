import type { LedgerPayout } from '../../contracts/payouts.ts';
import { payoutMessages } from '../../contracts/payouts.ts';
import type { BrokerPayoutRecord } from '../../events/payouts.ts';
import { streams } from '../../events/streams.ts';
import { addDays, newYorkDate } from '../../domain/market/trading-days.ts';
import type { MarketSnapshots } from '../../read-models/market/market-snapshot.ts';
import { buildLedger } from '../../read-models/portfolio/payout-ledger.ts';
import { ledgerInput } from '../../read-models/portfolio/payout-queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import { conflict, notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { portfolioMessages } from '../portfolio/business-logic.ts';
import { payoutsDecider } from './business-logic.ts';

/**
 * The payout ledger's commands (writes to `payouts-<userId>`), for the router and the brokerage sync.
 * Each answers the global position of its append (0 when nothing was written), for the caller to wait on.
 */
export interface PayoutsCommandDeps {
  log: EventLog;
  readModels: ReadModels;
  marketSnapshots: MarketSnapshots;
}

/** How far after its ex-date a payout's pay date is looked for when it is marked (days). */
const PAY_DATE_SEARCH_DAYS = 120;

/**
 * One payout of one of the user's holdings, as the ledger has it now, and the market date: 404 for a
 * holding the user does not have, or one without a payout on that ex-date.
 */
export async function findPayout(deps: PayoutsCommandDeps, userId: string, holdingId: string, exDate: string, ctx: CommandContext): Promise<{ payout: LedgerPayout; today: string }> {
  const input = await ledgerInput(deps.readModels, deps.marketSnapshots, userId, newYorkDate(ctx.now));
  const holding = input.holdings.find((h) => h.id === holdingId);
  if (!holding) throw notFound(portfolioMessages.holdingNotFound);
  const payout = buildLedger({ ...input, holdings: [holding] }, exDate, addDays(exDate, PAY_DATE_SEARCH_DAYS)).payouts.find((p) => p.exDate === exDate);
  if (!payout) throw notFound(payoutMessages.payoutNotFound);
  return { payout, today: input.market.today };
}

/**
 * Marks a payout received with the amount that arrived (dollars, canonical): 404 for an unknown holding
 * or payout, 409 before its pay date (market date). The same amount again writes nothing; another
 * amount revises the mark (a new event).
 */
export async function markPayoutReceived(
  deps: PayoutsCommandDeps,
  userId: string,
  holdingId: string,
  exDate: string,
  amount: string,
  ctx: CommandContext,
): Promise<{ position: number; payDate: string }> {
  const { payout, today } = await findPayout(deps, userId, holdingId, exDate, ctx);
  if (payout.payDate > today) throw conflict(`${payoutMessages.notPaidYet} (${payout.payDate}).`);
  const result = await handleCommand(
    deps.log,
    streams.payouts(userId),
    payoutsDecider,
    { type: 'MarkPayoutReceived', data: { userId, holdingId, etfId: payout.etfId, exDate, amount } },
    ctx,
    WRITE_RETRIES,
  );
  return { position: result.position, payDate: payout.payDate };
}

/** Keeps the brokerage's dividend records (those new or changed since the last sync). */
export async function recordBrokerPayouts(deps: Pick<PayoutsCommandDeps, 'log'>, userId: string, records: BrokerPayoutRecord[], ctx: CommandContext): Promise<{ position: number; recorded: number }> {
  if (records.length === 0) return { position: 0, recorded: 0 };
  const result = await handleCommand(deps.log, streams.payouts(userId), payoutsDecider, { type: 'RecordBrokerPayouts', data: { userId, records } }, ctx, WRITE_RETRIES);
  const recorded = result.events.reduce((n, e) => n + (e.type === 'BrokerPayoutsRecorded' ? e.data.records.length : 0), 0);
  return { position: result.position, recorded };
}

/** Sets the income goal (the same goal again writes nothing). */
export async function setIncomeGoal(deps: Pick<PayoutsCommandDeps, 'log'>, userId: string, period: 'week' | 'month', amount: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(deps.log, streams.payouts(userId), payoutsDecider, { type: 'SetIncomeGoal', data: { userId, period, amount } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}
