import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { RETRIES } from '../core/provider-sync.ts';
import { distributionsDecider, type KnownDistribution } from './business-logic.ts';

/**
 * The owner's withdrawal of a distribution (`DistributionWithdrawn` on `dividends-<etfId>`): it no
 * longer counts in any figure (metrics, calendars, dividend history, holdings' income), and no provider
 * sync declares it again; only an owner's import does (docs/data-operations.md, "Withdrawing a distribution").
 */

export const withdrawalMessages = {
  none: (ticker: string, exDate: IsoDate) => `${ticker} has no distribution with ex-date ${exDate}`,
  already: (ticker: string, exDate: IsoDate) => `The ${ticker} distribution with ex-date ${exDate} was already withdrawn`,
} as const;

export interface Withdrawal {
  distribution: KnownDistribution;
  reason: string;
  withdrawnAt: string;
  position: number;
}

/** Withdraws the fund's distribution on `exDate`: 404 when there is none, or it was withdrawn already. */
export async function withdrawDistribution(
  log: EventLog,
  etf: { etfId: string; ticker: string },
  exDate: IsoDate,
  reason: string,
  ctx: CommandContext,
): Promise<Withdrawal> {
  const stream = streams.dividends(etf.etfId);
  const { state } = await log.aggregate(stream, distributionsDecider);
  const distribution = state.byExDate[exDate];
  if (!distribution) throw notFound(withdrawalMessages.none(etf.ticker, exDate));
  if (distribution.withdrawn) throw notFound(withdrawalMessages.already(etf.ticker, exDate));
  const result = await handleCommand(log, stream, distributionsDecider, { type: 'WithdrawDistribution', etfId: etf.etfId, exDate, reason }, ctx, RETRIES);
  const event = result.events.find((e) => e.type === 'DistributionWithdrawn');
  // withdrawn by a concurrent request between the read and the append
  if (!event) throw notFound(withdrawalMessages.already(etf.ticker, exDate));
  return { distribution, reason: event.data.reason, withdrawnAt: event.data.withdrawnAt, position: result.position };
}
