import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import { handleCommand } from '../core/decider.ts';
import type { CommandContext, EventLog } from '../core/event-log.ts';
import { distributionsDecider, type IncomingDistribution } from './distributions.ts';
import { marketClockDecider } from './market-clock.ts';
import { maxDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { priceYearDecider, recordBarsCommands, recordQuoteCommand, type IncomingBar } from './price-history.ts';

/**
 * Applying market data to the log through the deciders. Everything here is idempotent by content:
 * re-applying the same bars, quotes or distributions appends nothing; a corrected bar is a
 * `PriceBarRevised` and a corrected distribution a `DistributionRevised`. The provider functions
 * (`syncPrices`, `syncDailyBars`, `syncDistributions`) fetch from a `MarketDataProvider` and report
 * counts; `recordBars` / `recordDistributions` are shared with the owner's CSV imports.
 *
 * Every function takes the command context of its caller (`job:<name>` for jobs, `user:<id>` for
 * imports) and answers the global position of its last append (0 when nothing was appended), so an
 * HTTP answer can wait for the read models to reach it.
 */

const DEFAULT_CONCURRENCY = 8;
/**
 * Re-runs of a command whose stream moved under it. Two jobs (or a job and an import) may write the
 * same price stream at once; each re-run decides again on the fresh stream, so more tries are cheap.
 */
const RETRIES = 10;

/** A listed fund as the sync needs it. */
export interface SyncEtf {
  etfId: string;
  ticker: string;
  /** No data is asked for before the inception date. */
  inceptionDate: string | null;
}

export interface BarCounts {
  recorded: number;
  revised: number;
  unchanged: number;
  position: number;
}

export interface DistributionCounts {
  declared: number;
  revised: number;
  unchanged: number;
  position: number;
}

export interface ProgressReport {
  done: number;
  total: number;
  message: string;
}

export interface SyncOptions {
  /** Called after each group of funds is applied (jobs turn it into `JobProgressed`). */
  onProgress?: (progress: ProgressReport) => Promise<void> | void;
  /** Tickers per provider request (default 20). */
  chunkSize?: number;
  /** Funds applied to the log at the same time (default 8: the embedded store commits concurrent appends together). */
  concurrency?: number;
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

// ---------------------------------------------------------------------------------------------------
// From a provider

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

export interface RangeCounts<C> {
  totals: Omit<C, 'position'>;
  /** Tickers the provider had nothing for in the range. */
  missing: string[];
  position: number;
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
  const out: RangeCounts<BarCounts> = { totals: { recorded: 0, revised: 0, unchanged: 0 }, missing: [], position: 0 };
  await inGroups(etfs, from, to, options, 'Price history', async (group, start) => {
    const bars = await provider.dailyBars(group.map((e) => e.ticker), start, to);
    const byEtf = groupByTicker(group, bars);
    await eachLimited(group, options.concurrency ?? DEFAULT_CONCURRENCY, async (etf) => {
      const list = byEtf.get(etf.etfId) ?? [];
      if (list.length === 0) {
        out.missing.push(etf.ticker);
        return;
      }
      const c = await recordBars(log, etf.etfId, list, provider.source, ctx);
      out.totals.recorded += c.recorded;
      out.totals.revised += c.revised;
      out.totals.unchanged += c.unchanged;
      out.position = Math.max(out.position, c.position);
    });
  });
  out.missing.sort();
  return out;
}

/** Distributions with ex-dates in [from, to] (from the inception date for younger funds). */
export async function syncDistributions(
  log: EventLog,
  provider: MarketDataProvider,
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  ctx: CommandContext,
  options: SyncOptions = {},
): Promise<RangeCounts<DistributionCounts>> {
  const out: RangeCounts<DistributionCounts> = { totals: { declared: 0, revised: 0, unchanged: 0 }, missing: [], position: 0 };
  await inGroups(etfs, from, to, options, 'Distributions', async (group, start) => {
    const list = await provider.distributions(group.map((e) => e.ticker), start, to);
    const byEtf = groupByTicker(group, list);
    await eachLimited(group, options.concurrency ?? DEFAULT_CONCURRENCY, async (etf) => {
      const mine = byEtf.get(etf.etfId) ?? [];
      if (mine.length === 0) {
        out.missing.push(etf.ticker);
        return;
      }
      const c = await recordDistributions(log, etf.etfId, mine, provider.source, ctx);
      out.totals.declared += c.declared;
      out.totals.revised += c.revised;
      out.totals.unchanged += c.unchanged;
      out.position = Math.max(out.position, c.position);
    });
  });
  out.missing.sort();
  return out;
}

/** "Today" enters the log: `MarketDayBegan` once per New York date (a repeated or older date appends nothing). */
export async function beginMarketDay(log: EventLog, today: IsoDate, ctx: CommandContext): Promise<{ began: boolean; position: number }> {
  const result = await handleCommand(log, streams.marketClock(), marketClockDecider, { type: 'BeginMarketDay', date: today }, ctx, RETRIES);
  return { began: result.events.length > 0, position: result.position };
}

// ---------------------------------------------------------------------------------------------------

function tickerMap(etfs: readonly SyncEtf[]): Map<string, SyncEtf> {
  return new Map(etfs.map((e) => [e.ticker.toUpperCase(), e]));
}

function groupByTicker<T extends { ticker: string }>(etfs: readonly SyncEtf[], rows: readonly T[]): Map<string, Omit<T, 'ticker'>[]> {
  const byTicker = tickerMap(etfs);
  const out = new Map<string, Omit<T, 'ticker'>[]>();
  for (const { ticker, ...rest } of rows) {
    const etf = byTicker.get(ticker.toUpperCase());
    if (!etf) continue;
    const list = out.get(etf.etfId) ?? [];
    list.push(rest);
    out.set(etf.etfId, list);
  }
  return out;
}

/**
 * Splits the funds into provider requests: funds sharing a start date (`from`, or a later inception)
 * go together, `chunkSize` tickers a request; funds incepted after `to` are skipped.
 */
async function inGroups(
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  options: SyncOptions,
  what: string,
  apply: (group: SyncEtf[], start: IsoDate) => Promise<void>,
): Promise<void> {
  const byStart = new Map<IsoDate, SyncEtf[]>();
  for (const etf of etfs) {
    const start = etf.inceptionDate ? maxDate(from, etf.inceptionDate) : from;
    if (start > to) continue;
    byStart.set(start, [...(byStart.get(start) ?? []), etf]);
  }
  const total = etfs.length;
  let done = etfs.length - [...byStart.values()].reduce((n, g) => n + g.length, 0);
  for (const [start, list] of [...byStart].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const group of chunk(list, options.chunkSize ?? 20)) {
      await apply(group, start);
      done += group.length;
      await options.onProgress?.({ done, total, message: `${what}: ${done} of ${total} ETFs (${group.map((e) => e.ticker).join(', ')})` });
    }
  }
}

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += Math.max(1, size)) out.push(list.slice(i, i + Math.max(1, size)));
  return out;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; the first failure rejects. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}
