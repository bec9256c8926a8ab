import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES, syncRange, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import { distributionsDecider, weekendExDateProblem, type IncomingDistribution, type KnownDistribution } from './business-logic.ts';

/**
 * The writes of `dividends-<etfId>`: distributions into the log (idempotent by content, see
 * services/core/provider-sync.ts) from the owner's CSV import and the provider sync, and the owner's
 * withdrawal of one.
 */

export interface DistributionCounts {
  declared: number;
  revised: number;
  unchanged: number;
  position: number;
}

/** Records distributions of one fund on `dividends-<etfId>`. */
export async function recordDistributions(
  log: EventLog,
  etfId: string,
  distributions: readonly IncomingDistribution[],
  source: DataSource,
  ctx: CommandContext,
): Promise<DistributionCounts> {
  if (distributions.length === 0) return { declared: 0, revised: 0, unchanged: 0, position: 0 };
  const result = await handleCommand(log, streams.dividends(etfId), distributionsDecider, { type: 'SyncDistributions', etfId, distributions, source }, ctx, RETRIES);
  const declared = result.events.filter((e) => e.type === 'DistributionDeclared').length;
  const revised = result.events.filter((e) => e.type === 'DistributionRevised').length;
  const exDates = new Set(distributions.map((d) => d.exDate)).size;
  return { declared, revised, unchanged: exDates - declared - revised, position: result.position };
}

/**
 * Distributions with ex-dates in [from, to] (from the inception date for younger funds). Rows with an
 * ex-date on a weekend are left out (the decider refuses them).
 */
export async function syncDistributions(
  log: EventLog,
  provider: MarketDataProvider,
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  ctx: CommandContext,
  options: SyncOptions = {},
): Promise<RangeCounts<DistributionCounts>> {
  return syncRange(
    etfs, from, to, options, 'Distributions',
    (tickers, start) => provider.distributions(tickers, start, to),
    (etfId, rows) => recordDistributions(log, etfId, rows, provider.source, ctx),
    { declared: 0, revised: 0, unchanged: 0 },
    // A provider's row with a weekend ex-date is no ex-date (no session): left out rather than failing the run.
    { keep: (d) => weekendExDateProblem(d.exDate) === null },
  );
}

// ---------------------------------------------------------------------------------------------------
// Withdrawal

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
