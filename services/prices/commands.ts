import type { DataSource } from '../../events/catalog.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { chunk, DEFAULT_CONCURRENCY, eachLimited, RETRIES, syncRange, tickerMap, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import { priceYearDecider, recordBarsCommands, recordQuoteCommand, type IncomingBar } from './business-logic.ts';

/**
 * The writes of `prices-<etfId>_<year>`: prices into the log (idempotent by content, see
 * services/core/provider-sync.ts) from the owner's CSV import and the provider sync of daily bars and
 * latest quotes.
 */

export interface BarCounts {
  recorded: number;
  revised: number;
  unchanged: number;
  position: number;
}

/** Records daily bars of one fund: one command per `prices-<etfId>_<year>` stream. */
export async function recordBars(log: EventLog, etfId: string, bars: readonly IncomingBar[], source: DataSource, ctx: CommandContext): Promise<BarCounts> {
  const counts: BarCounts = { recorded: 0, revised: 0, unchanged: 0, position: 0 };
  for (const { stream, command } of recordBarsCommands(etfId, bars, source)) {
    const result = await handleCommand(log, stream, priceYearDecider, command, ctx, RETRIES);
    const recorded = result.events.filter((e) => e.type === 'PriceBarRecorded').length;
    const revised = result.events.filter((e) => e.type === 'PriceBarRevised').length;
    counts.recorded += recorded;
    counts.revised += revised;
    counts.unchanged += new Set(command.bars.map((b) => b.date)).size - recorded - revised;
    counts.position = Math.max(counts.position, result.position);
  }
  return counts;
}

export interface QuoteCounts {
  quoted: number;
  unchanged: number;
  /** Tickers the provider had nothing for. */
  missing: string[];
  position: number;
}

/** Latest prices: one `PriceQuoted` per fund whose quote is newer than the last one recorded. */
export async function syncPrices(log: EventLog, provider: MarketDataProvider, etfs: readonly SyncEtf[], ctx: CommandContext, options: SyncOptions = {}): Promise<QuoteCounts> {
  const counts: QuoteCounts = { quoted: 0, unchanged: 0, missing: [], position: 0 };
  const byTicker = tickerMap(etfs);
  const chunks = chunk(etfs, options.chunkSize ?? 100);
  let done = 0;
  for (const group of chunks) {
    const quotes = await provider.latestPrices(group.map((e) => e.ticker));
    const seen = new Set<string>();
    await eachLimited(quotes, options.concurrency ?? DEFAULT_CONCURRENCY, async (quote) => {
      const etf = byTicker.get(quote.ticker.toUpperCase());
      if (!etf || seen.has(etf.etfId)) return;
      seen.add(etf.etfId);
      const { stream, command } = recordQuoteCommand(etf.etfId, quote.price, quote.at, provider.source);
      const result = await handleCommand(log, stream, priceYearDecider, command, ctx, RETRIES);
      if (result.events.length > 0) counts.quoted++;
      else counts.unchanged++;
      counts.position = Math.max(counts.position, result.position);
    });
    for (const e of group) if (!seen.has(e.etfId)) counts.missing.push(e.ticker);
    done += group.length;
    await options.onProgress?.({ done, total: etfs.length, message: `Prices of ${done} of ${etfs.length} ETFs` });
  }
  return counts;
}

/** Daily bars with dates in [from, to] (from the inception date for younger funds). */
export async function syncDailyBars(
  log: EventLog,
  provider: MarketDataProvider,
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  ctx: CommandContext,
  options: SyncOptions = {},
): Promise<RangeCounts<BarCounts>> {
  return syncRange(
    etfs, from, to, options, 'Price history',
    (tickers, start) => provider.dailyBars(tickers, start, to),
    (etfId, bars) => recordBars(log, etfId, bars, provider.source, ctx),
    { recorded: 0, revised: 0, unchanged: 0 },
  );
}
