import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES, syncRange, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import { distributionsDecider, weekendExDateProblem, type IncomingDistribution } from './business-logic.ts';

/**
 * Distributions into the log (idempotent by content, see services/core/provider-sync.ts): the owner's
 * CSV import and the provider sync.
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
