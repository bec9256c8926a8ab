import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { DEFAULT_CONCURRENCY, eachLimited, groupByTicker, inGroups, RETRIES, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import { splitsDecider, type IncomingSplit, type KnownSplit } from './business-logic.ts';

/** Splits into the log (idempotent by content): the owner's route and the provider sync. */

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
  const out: RangeCounts<SplitCounts> = { totals: { recorded: 0, revised: 0, unchanged: 0 }, missing: [], position: 0 };
  await inGroups(etfs, from, to, options, 'Splits', async (group, start) => {
    const list = await provider.splits(group.map((e) => e.ticker), start, to);
    const byEtf = groupByTicker(group, list);
    await eachLimited(group, options.concurrency ?? DEFAULT_CONCURRENCY, async (etf) => {
      const mine = byEtf.get(etf.etfId) ?? [];
      if (mine.length === 0) return; // most funds never split: not "missing"
      const c = await recordSplits(log, etf.etfId, mine, provider.source, ctx);
      out.totals.recorded += c.recorded;
      out.totals.revised += c.revised;
      out.totals.unchanged += c.unchanged;
      out.position = Math.max(out.position, c.position);
    });
  });
  return out;
}
