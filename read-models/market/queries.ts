import type { DataSource, PayoutFrequency } from '../../events/catalog.ts';
import { registerCache } from '../../domain/caches/registry.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { BarPoint, DistributionPoint, EtfMetricsView, QuotePoint } from '../../domain/market/etf-metrics.ts';
import type { SplitPoint } from '../../domain/market/splits.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import {
  CLOCK_ID,
  INDEX_ID,
  MARKET_ETFS,
  MARKET_STATE,
  MARKET_VIEWS,
  marketProjection,
  type ClockDoc,
  type EtfMarketDoc,
  type IndexDoc,
  type ViewDoc,
} from './projection.ts';
import { compareCalendarEntries, metricsView, type EtfListItem, type PublicCalendarEntry, type StoredDistribution } from './render.ts';

/**
 * Typed reads of the `market` read model for other modules (user area: favorites, portfolio, user
 * calendar; admin). Every figure is as of the market date (the latest MarketDayBegan), the same numbers
 * the public API shows.
 */

const etfs = (readModels: ReadModels) => readModels.collection<EtfMarketDoc>(marketProjection, MARKET_ETFS);
const state = (readModels: ReadModels) => readModels.collection(marketProjection, MARKET_STATE);
const views = (readModels: ReadModels) => readModels.collection<ViewDoc>(marketProjection, MARKET_VIEWS);

/** The market's "today" (America/New_York date of the latest MarketDayBegan); null before the first one. */
export async function marketToday(readModels: ReadModels): Promise<IsoDate | null> {
  const clock = (await state(readModels).findOne({ _id: CLOCK_ID })) as ClockDoc | null;
  return clock?.today ?? null;
}

async function listedItems(readModels: ReadModels): Promise<EtfListItem[]> {
  const index = (await state(readModels).findOne({ _id: INDEX_ID })) as IndexDoc | null;
  return (index?.entries ?? []).filter((e) => e.listed && e.item !== null).map((e) => e.item!);
}

/**
 * List items (the shape `GET /api/etfs` serves) of the given funds, in the order of `ids`;
 * unknown or unlisted ids are left out. Without `ids`: every listed fund, by ticker. One document read.
 */
export async function getEtfListItems(readModels: ReadModels, ids?: readonly string[]): Promise<EtfListItem[]> {
  const items = await listedItems(readModels);
  if (ids === undefined) return items.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  const byId = new Map(items.map((i) => [i.id, i]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One fund's list item by id; null when unknown or not listed. */
export async function getEtfById(readModels: ReadModels, etfId: string): Promise<EtfListItem | null> {
  return (await getEtfListItems(readModels, [etfId]))[0] ?? null;
}

/**
 * The date of a fund's first daily bar; null when unknown, unlisted or without bars. Every holding
 * write with a purchase date asks: the answer is kept per document `_position` (a small read), so the
 * fund's whole document (two years of bar dates) is copied only after it changed.
 */
export async function firstBarDate(readModels: ReadModels, etfId: string): Promise<IsoDate | null> {
  const head = await etfs(readModels).findOne({ _id: etfId }, { projection: { _position: 1 } });
  if (head === null) return null;
  let kept = firstBarDates.get(readModels);
  if (kept === undefined) firstBarDates.set(readModels, (kept = new Map()));
  const known = kept.get(etfId);
  // every projection write stamps `_position`; a document without one is never taken as unchanged
  if (known !== undefined && typeof head['_position'] === 'number' && known.position === head['_position']) return known.date;
  const doc = await etfs(readModels).findOne({ _id: etfId });
  if (doc === null) return null;
  const date = doc.listed ? (doc.barDates[0] ?? null) : null;
  kept.set(etfId, { position: doc['_position'], date });
  return date;
}

let firstBarDates = new WeakMap<ReadModels, Map<string, { position: unknown; date: IsoDate | null }>>();
registerCache({
  name: 'first-bar-dates',
  owner: 'read-models/market/queries.ts',
  key: 'read side (a WeakMap), then fund id; kept with the fund document\'s `_position`',
  bound: 'one entry per fund asked about (the catalog)',
  eviction: 'none; a read side\'s table goes with it',
  coherence: 'each read compares the kept `_position` with the document\'s (a small read): a changed fund is read again',
  clearable: true,
  clear: () => void (firstBarDates = new WeakMap()),
});

/** Everything needed to compute a holding's growth and income (domain/market/holding-performance.ts). */
export interface EtfSeries {
  etfId: string;
  ticker: string;
  frequency: PayoutFrequency;
  /** The market date the series and metrics are as of (null before the first MarketDayBegan). */
  today: IsoDate | null;
  /** Every daily bar, ascending by date, with its source (demo labels). */
  bars: (BarPoint & { source: DataSource })[];
  /** The newest intraday quote, with its source. */
  quote: (QuotePoint & { source: DataSource }) | null;
  /** Active distributions (revisions applied, withdrawn left out), ascending by ex-date. */
  distributions: (DistributionPoint & Pick<StoredDistribution, 'distributionId' | 'recordDate' | 'source'>)[];
  /**
   * The fund's splits, ascending by ex-date. Bars, quote and distributions above are as recorded (each
   * on the share basis of its own day): holdingPerformance adjusts them (domain/market/splits.ts).
   */
  splits: SplitPoint[];
  /** The fund's metrics as the API shows them; null without a market date. */
  metrics: EtfMetricsView | null;
}

/** A listed fund's full series (bars, quote, distributions) and presented metrics; null when unknown. */
export async function getEtfSeries(readModels: ReadModels, etfId: string): Promise<EtfSeries | null> {
  const [doc, today] = await Promise.all([etfs(readModels).findOne({ _id: etfId }), marketToday(readModels)]);
  if (!doc || !doc.listed) return null;
  return {
    etfId: doc.etfId,
    ticker: doc.ticker,
    frequency: doc.frequency,
    today,
    bars: doc.barDates.map((date, i) => ({ date, close: doc.barCloses[i]!, source: doc.barSources[i]! })),
    quote: doc.quote ? { price: doc.quote.price, quotedAt: doc.quote.quotedAt, source: doc.quote.source } : null,
    distributions: doc.distributions.map((d) => ({
      distributionId: d.distributionId,
      exDate: d.exDate,
      recordDate: d.recordDate,
      payDate: d.payDate,
      amount: d.amount,
      status: d.status,
      kind: d.kind,
      source: d.source,
      rocEstimatePercent: d.rocEstimatePercent,
      character: d.character,
    })),
    splits: doc.splits.map((x) => ({ exDate: x.exDate, oldRate: x.oldRate, newRate: x.newRate })),
    metrics: metricsView(doc, today),
  };
}

/**
 * The public calendar (four Monday-to-Sunday weeks from the Monday of the market date's week): declared
 * payouts and projected ones (`estimated: true`), by payout date then ticker. Pass `etfIds` to keep
 * only those funds (the user calendar).
 */
export async function getPublicCalendar(readModels: ReadModels, etfIds?: readonly string[]): Promise<PublicCalendarEntry[]> {
  const index = (await state(readModels).findOne({ _id: INDEX_ID })) as IndexDoc | null;
  const wanted = etfIds ? new Set(etfIds) : null;
  return (index?.entries ?? [])
    .filter((e) => e.listed && (wanted === null || wanted.has(e.etfId)))
    .flatMap((e) => e.calendar)
    .sort(compareCalendarEntries);
}

/** Views written after `position` (tombstones included, body null), for caches kept current on advance. */
export async function getViewsChangedAfter(readModels: ReadModels, position: number): Promise<ViewDoc[]> {
  return views(readModels).find(position > 0 ? { _position: { $gt: position } } : {});
}

/** Of these funds, those whose market document was written after log position `since` (ids). */
export async function fundsWrittenAfter(readModels: ReadModels, etfIds: readonly string[], since: number): Promise<string[]> {
  const docs = await etfs(readModels).find({ _id: { $in: [...etfIds] }, _position: { $gt: since } }, { projection: { _id: 1 } });
  return docs.map((d) => d._id);
}

/** Whether the market clock (the market day) was written after log position `since`. */
export async function marketClockWrittenAfter(readModels: ReadModels, since: number): Promise<boolean> {
  return (await state(readModels).findOne({ _id: CLOCK_ID, _position: { $gt: since } }, { projection: { _id: 1 } })) !== null;
}
