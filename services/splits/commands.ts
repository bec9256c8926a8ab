import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES, syncRange, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import { splitsDecider, type IncomingSplit, type KnownSplit } from './business-logic.ts';

/** The writes of `splits-<etfId>`: splits into the log (idempotent by content) from the owner's route and the provider sync. */

export interface SplitCounts {
  recorded: number;
  revised: number;
  unchanged: number;
  position: number;
}

/** Records splits of one fund on `splits-<etfId>`; answers the counts and the fund's splits afterwards. */
export async function recordSplits(
  log: EventLog,
  etfId: string,
  splits: readonly IncomingSplit[],
  source: DataSource,
  ctx: CommandContext,
): Promise<SplitCounts & { state: Readonly<Record<IsoDate, KnownSplit>> }> {
  const result = await handleCommand(log, streams.splits(etfId), splitsDecider, { type: 'RecordSplits', etfId, splits, source }, ctx, RETRIES);
  const recorded = result.events.filter((e) => e.type === 'SplitRecorded').length;
  const revised = result.events.filter((e) => e.type === 'SplitRevised').length;
  const exDates = new Set(splits.map((s) => s.exDate)).size;
  const { state } = await log.aggregate(streams.splits(etfId), splitsDecider);
  return { recorded, revised, unchanged: exDates - recorded - revised, position: result.position, state: state.byExDate };
}

/** Splits with ex-dates in [from, to] from the provider (from the inception date for younger funds). */
export async function syncSplits(
  log: EventLog,
  provider: MarketDataProvider,
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  ctx: CommandContext,
  options: SyncOptions = {},
): Promise<RangeCounts<SplitCounts>> {
  return syncRange(
    etfs, from, to, options, 'Splits',
    (tickers, start) => provider.splits(tickers, start, to),
    (etfId, rows) => recordSplits(log, etfId, rows, provider.source, ctx),
    { recorded: 0, revised: 0, unchanged: 0 },
    { emptyIsMissing: false },
  );
}
