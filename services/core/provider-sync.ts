import { maxDate, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The shared plumbing of applying market data to the log through the deciders
 * (services/{prices,dividends,splits}/commands.ts, services/market-clock/market-day.ts). All of
 * it is idempotent by content: re-applying the same bars, quotes or distributions appends nothing; a
 * corrected bar is a `PriceBarRevised` and a corrected distribution a `DistributionRevised`. The provider functions
 * (`syncPrices`, `syncDailyBars`, `syncDistributions`) fetch from a `MarketDataProvider` and report
 * counts; `recordBars` / `recordDistributions` are shared with the owner's CSV imports.
 *
 * Every function takes the command context of its caller (`job:<name>` for jobs, `user:<id>` for
 * imports) and answers the global position of its last append (0 when nothing was appended), so an
 * HTTP answer can wait for the read models to reach it.
 */

export const DEFAULT_CONCURRENCY = 8;
/**
 * Re-runs of a command whose stream moved under it. Two jobs (or a job and an import) may write the
 * same price stream at once; each re-run decides again on the fresh stream, so more tries are cheap.
 */
export const RETRIES = 10;

/** A listed fund as the sync needs it. */
export interface SyncEtf {
  etfId: string;
  ticker: string;
  /** No data is asked for before the inception date. */
  inceptionDate: string | null;
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

export interface RangeCounts<C> {
  totals: Omit<C, 'position'>;
  /** Tickers the provider had nothing for in the range. */
  missing: string[];
  position: number;
}

export function tickerMap(etfs: readonly SyncEtf[]): Map<string, SyncEtf> {
  return new Map(etfs.map((e) => [e.ticker.toUpperCase(), e]));
}

export function groupByTicker<T extends { ticker: string }>(etfs: readonly SyncEtf[], rows: readonly T[]): Map<string, Omit<T, 'ticker'>[]> {
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
export async function inGroups(
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

/**
 * One provider series over [from, to] into the log: asks the provider once per group of funds
 * (`inGroups`), hands each fund its rows (those `keep` accepts) to `record`, and adds the counts up.
 * A fund without rows is `missing`, unless `emptyIsMissing` is false (most funds never split).
 */
export async function syncRange<Row extends { ticker: string }, K extends string>(
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  options: SyncOptions,
  what: string,
  fetch: (tickers: string[], start: IsoDate) => Promise<Row[]>,
  record: (etfId: string, rows: Omit<Row, 'ticker'>[]) => Promise<NoInfer<Record<K, number>> & { position: number }>,
  zero: Record<K, number>,
  rules: { keep?: (row: Omit<Row, 'ticker'>) => boolean; emptyIsMissing?: boolean } = {},
): Promise<{ totals: Record<K, number>; missing: string[]; position: number }> {
  const out = { totals: { ...zero }, missing: [] as string[], position: 0 };
  const keys = Object.keys(zero) as K[];
  await inGroups(etfs, from, to, options, what, async (group, start) => {
    const byEtf = groupByTicker(group, await fetch(group.map((e) => e.ticker), start));
    await eachLimited(group, options.concurrency ?? DEFAULT_CONCURRENCY, async (etf) => {
      const rows = (byEtf.get(etf.etfId) ?? []).filter((row) => rules.keep?.(row) ?? true);
      if (rows.length === 0) {
        if (rules.emptyIsMissing ?? true) out.missing.push(etf.ticker);
        return;
      }
      const counts = await record(etf.etfId, rows);
      for (const k of keys) out.totals[k] += counts[k];
      out.position = Math.max(out.position, counts.position);
    });
  });
  out.missing.sort();
  return out;
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
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
