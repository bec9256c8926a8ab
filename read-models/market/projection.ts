import type { CatalogEvent, EtfDetailsChanged, EtfListed } from '../../events/catalog.ts';
import type { Recorded } from '../../events/define.ts';
import type { DividendEvent } from '../../events/dividends.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { MarketClockEvent } from '../../events/market-clock.ts';
import type { PriceEvent } from '../../events/prices.ts';
import type { SplitEvent } from '../../events/splits.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import { KIND_ORDER } from '../../domain/market/run-rate.ts';
import { brandSlug } from '../../domain/market/tickers.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';
import {
  HISTORY_RANGES,
  calendarEntriesOf,
  compareByTicker,
  compareByYield,
  compareCalendarEntries,
  detailOf,
  etagOf,
  historyJson,
  historyPointsJson,
  historySlice,
  listItemOf,
  lowerBound,
  metricsView,
  similarEtfsOf,
  sameUnderlyingOf,
  viewIds,
  type EtfListItem,
  type EtfMarketFields,
  type HistoryRange,
  type PublicCalendarEntry,
  type StoredDistribution,
  type StoredSplit,
} from './render.ts';

/**
 * The `market` read model: everything the public site shows about ETFs.
 *
 * - `etfs`: one document per fund (id = etfId): catalog fields, daily bars (compact arrays), the
 *   newest intraday quote and the active distributions. Written by `apply`, one event at a time.
 * - `market`: `clock` (the latest MarketDayBegan date, "today") and `index` (per fund its list item,
 *   calendar entries and what was last rendered; the ETags of the global views).
 * - `views`: pre-serialized JSON answers `{ body, etag }` (body null: the view is gone, e.g. the old
 *   ticker of a renamed fund): `top-performers`, `etfs`, `brand:<slug>`, `detail:<TICKER>`,
 *   `history:<TICKER>:<range>`, `calendar`.
 *
 * `afterBatch` recomputes the metrics of the funds touched by the batch (all funds when the market day
 * moved), then re-serializes only the views whose content changed (compared by ETag, or for price
 * histories by a cheap key, before serializing). See docs/market-data-read-side.md.
 */

export const MARKET_ETFS = 'etfs';
export const MARKET_STATE = 'market';
export const MARKET_VIEWS = 'views';
export const CLOCK_ID = 'clock';
export const INDEX_ID = 'index';

export type EtfMarketDoc = Doc & EtfMarketFields;

export interface ClockDoc extends Doc {
  today: IsoDate;
}

/** What the index remembers of one fund. */
export interface IndexEntry {
  etfId: string;
  listed: boolean;
  /** The ticker its views were last written under ('' before it was listed). */
  ticker: string;
  item: EtfListItem | null;
  calendar: PublicCalendarEntry[];
  /** History slice key per range, in HISTORY_RANGES order. */
  historyKeys: string[];
  detailEtag: string | null;
  /** ETag of its similar funds' JSON when the detail was last rendered. */
  similarKey: string | null;
}

export interface IndexDoc extends Doc {
  /** Ascending by etfId. */
  entries: IndexEntry[];
  /** ETag per global view id, as [viewId, etag] pairs (brand slugs may hold dots: no object keys). */
  etags: [string, string][];
}

export interface ViewDoc extends Doc {
  /** The JSON answer, or null when the view no longer exists. */
  body: string | null;
  etag: string | null;
}

type Handled = Extract<
  CatalogEvent | PriceEvent | DividendEvent | SplitEvent | MarketClockEvent,
  {
    type:
      | 'EtfListed'
      | 'EtfDetailsChanged'
      | 'PriceBarRecorded'
      | 'PriceBarRevised'
      | 'PriceQuoted'
      | 'DistributionDeclared'
      | 'DistributionRevised'
      | 'DistributionWithdrawn'
      | 'DistributionCharacterRecorded'
      | 'SplitRecorded'
      | 'SplitRevised'
      | 'MarketDayBegan';
  }
>;
const handled: readonly Handled['type'][] = [
  'EtfListed',
  'EtfDetailsChanged',
  'PriceBarRecorded',
  'PriceBarRevised',
  'PriceQuoted',
  'DistributionDeclared',
  'DistributionRevised',
  'DistributionWithdrawn',
  'DistributionCharacterRecorded',
  'SplitRecorded',
  'SplitRevised',
  'MarketDayBegan',
];

/** True when every field of `Data` but `Skip` is a field of the document, of a type the document takes. */
type Holds<Data, Skip extends keyof Data> = [Exclude<keyof Data, Skip>] extends [keyof EtfMarketFields]
  ? [Omit<Data, Skip>] extends [Partial<Pick<EtfMarketFields, Exclude<keyof Data, Skip> & keyof EtfMarketFields>>]
    ? true
    : false
  : false;

/**
 * The projection copies the catalog events' fields into the document without naming them: a field
 * added to `EtfListed` or `EtfDetailsChanged` fails the type-check here until `EtfMarketFields`
 * (render.ts) and `emptyEtf` have it (and projection.unit.spec.ts checks that its value arrives).
 */
export const documentsHoldTheCatalog: [Holds<EtfListed['data'], 'listedAt'>, Holds<EtfDetailsChanged['data'], 'changedAt'>] = [true, true];

function emptyEtf(etfId: string): EtfMarketDoc {
  return {
    _id: etfId,
    etfId,
    listed: false,
    ticker: '',
    name: '',
    brand: '',
    brandSlug: '',
    description: '',
    frequency: 'weekly',
    underlying: null,
    inceptionDate: null,
    dataSource: 'manual',
    barDates: [],
    barCloses: [],
    barSources: [],
    lastBarSource: null,
    barsVersion: 0,
    quote: null,
    distributions: [],
    splits: [],
  };
}

// The updaters below change the batch's copy of a document in place (its arrays can hold thousands of
// bars; copying them per event would make a replay quadratic). The copy is private to the batch: the
// document store hands out copies and the runtime only calls an updater for an event the document
// does not reflect yet.

function putBar(doc: EtfMarketDoc, date: IsoDate, close: string, source: EtfMarketDoc['dataSource']): EtfMarketDoc {
  const i = lowerBound(doc.barDates, date);
  if (doc.barDates[i] === date) {
    doc.barCloses[i] = close;
    doc.barSources[i] = source;
  } else {
    doc.barDates.splice(i, 0, date);
    doc.barCloses.splice(i, 0, close);
    doc.barSources.splice(i, 0, source);
  }
  if (i === doc.barDates.length - 1) doc.lastBarSource = source;
  doc.barsVersion += 1;
  return doc;
}

/** One distribution per ex-date and kind, ascending by ex-date, then kind (the regular one first). */
function putDistribution(doc: EtfMarketDoc, d: StoredDistribution): EtfMarketDoc {
  const list = doc.distributions.filter((x) => x.distributionId !== d.distributionId && !(x.exDate === d.exDate && x.kind === d.kind));
  let i = list.length;
  while (i > 0 && (list[i - 1]!.exDate > d.exDate || (list[i - 1]!.exDate === d.exDate && KIND_ORDER[list[i - 1]!.kind] > KIND_ORDER[d.kind]))) i--;
  list.splice(i, 0, d);
  doc.distributions = list;
  return doc;
}

function putSplit(doc: EtfMarketDoc, split: StoredSplit): EtfMarketDoc {
  doc.splits = [...doc.splits.filter((x) => x.exDate !== split.exDate), split].sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
  return doc;
}

function instantMs(iso: string): number {
  return Date.parse(iso);
}

export const marketProjection: Projection = {
  name: 'market',
  // 2: the documents keep the fund's splits; every figure is split-adjusted (detail `splits`, dividend history flags)
  // 3: bars keep their source (barSources), for the demo labels
  // 4: list items carry priceReturn; details carry returnBreakdown, navErosion, explain and sameUnderlying
  // 5: distributions have a kind (several per ex-date); the run rate uses regular ones, the current cadence and the
  //    frequency the payouts say (list items: frequencyUsed, inferredFrequency, yieldBasis)
  // 6: calendar entries carry distributionId (the private ICS feed's UID); list items carry `stale` (a stale fund
  //    gets no projected payouts), windowStart and windowBasis (the window after a price gap). Built beside 5 as
  //    another 5: one above it, so a read model built by either alone is rebuilt.
  // 7: distributions keep the issuer's declaration (release, stated rate, SEC yield, ROC estimate); the dividend
  //    history and the calendar entries carry their origin (source, sourceUrl, declaredAt, statedRate, secYield,
  //    rocEstimatePercent: docs/declarations.md)
  // 8: distributions keep their final character (DistributionCharacterRecorded) and the owner's ROC estimate; the
  //    dividend history and calendar entries carry character, characterFinal, rocBasis, rocPercent; list items carry
  //    rocShareTtm, rocShareTtmBasis and trueIncomeRate; details returnOfCapitalTtm and their explanations (issue 27)
  // 9: an issuer's declaration keeps whose release it is (issuer.name); origins carry `issuer`
  // 10: the 1Y price history starts at the one-year window's start (issue 29, W16)
  version: 10,
  handles: handled,
  collections: {
    [MARKET_ETFS]: [],
    [MARKET_STATE]: [],
    [MARKET_VIEWS]: [{ key: { _position: 1 }, name: 'position' }],
  },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<Handled>;
    switch (event.type) {
      case 'EtfListed': {
        // The catalog fields as the event carries them, no list of them (documentsHoldTheCatalog).
        const { listedAt: _at, ...catalog } = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, catalog.etfId, (doc) => ({
          ...(doc ?? emptyEtf(catalog.etfId)),
          ...catalog,
          listed: true,
          brandSlug: brandSlug(catalog.brand),
        }));
        return;
      }
      case 'EtfDetailsChanged': {
        // Only the fields present changed: each is copied as it comes, as evolveEtf does.
        const { etfId, changedAt: _at, ...changes } = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, etfId, (doc) => {
          if (!doc) return null;
          const next: EtfMarketDoc = { ...doc };
          for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(next, { [key]: value });
          if (changes.brand !== undefined) next.brandSlug = brandSlug(changes.brand);
          return next;
        });
        return;
      }
      case 'PriceBarRecorded':
      case 'PriceBarRevised': {
        const d = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) => putBar(doc ?? emptyEtf(d.etfId), d.date, d.close, d.source));
        return;
      }
      case 'PriceQuoted': {
        const d = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) => {
          const base = doc ?? emptyEtf(d.etfId);
          if (base.quote && instantMs(base.quote.quotedAt) >= instantMs(d.quotedAt)) return base;
          return { ...base, quote: { price: d.price, quotedAt: d.quotedAt, source: d.source } };
        });
        return;
      }
      case 'DistributionDeclared':
      case 'DistributionRevised': {
        const d = event.data;
        const stored: StoredDistribution = {
          distributionId: d.distributionId,
          exDate: d.exDate,
          recordDate: d.recordDate,
          payDate: d.payDate,
          amount: d.amount,
          status: d.status,
          kind: d.kind,
          source: d.source,
          issuer: d.issuer ?? null,
          rocEstimatePercent: d.rocEstimatePercent ?? null,
          character: null,
        };
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) => {
          const base = doc ?? emptyEtf(d.etfId);
          // a revision keeps the final character (it describes the distribution, not its amount)
          const character = event.type === 'DistributionRevised' ? (base.distributions.find((x) => x.distributionId === d.distributionId)?.character ?? null) : null;
          return putDistribution(base, { ...stored, character });
        });
        return;
      }
      case 'DistributionCharacterRecorded': {
        const d = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) => {
          if (!doc || !doc.distributions.some((x) => x.distributionId === d.distributionId)) return doc;
          return { ...doc, distributions: doc.distributions.map((x) => (x.distributionId === d.distributionId ? { ...x, character: d.character } : x)) };
        });
        return;
      }
      case 'DistributionWithdrawn': {
        const d = event.data;
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) =>
          doc ? { ...doc, distributions: doc.distributions.filter((x) => x.distributionId !== d.distributionId) } : null,
        );
        return;
      }
      case 'SplitRecorded':
      case 'SplitRevised': {
        const d = event.data;
        const split: StoredSplit = { splitId: d.splitId, exDate: d.exDate, oldRate: d.oldRate, newRate: d.newRate, source: d.source };
        await ctx.update<EtfMarketDoc>(MARKET_ETFS, d.etfId, (doc) => putSplit(doc ?? emptyEtf(d.etfId), split));
        return;
      }
      case 'MarketDayBegan': {
        const date = event.data.date;
        await ctx.update<ClockDoc>(MARKET_STATE, CLOCK_ID, (doc) => ({ _id: CLOCK_ID, today: doc && doc.today > date ? doc.today : date }));
        return;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`market projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
  afterBatch: renderViews,
};

type BatchCtx = Omit<ProjectionContext, 'event'>;

/** One render: the index as read at its start, changed by the steps, and the views to write at its end. */
interface Render {
  ctx: BatchCtx;
  today: IsoDate | null;
  entries: Map<string, IndexEntry>;
  /** ETag per global view id. */
  etags: Map<string, string>;
  // Writes are collected and flushed at the end: a view id can be written twice in one batch (the old
  // ticker of a renamed fund taken by another fund), and the last write wins.
  pending: Map<string, { body: string | null; etag: string | null }>;
}

/** What step (1) read and computed for the dirty funds, for the details of step (3). */
interface DirtyFunds {
  docs: Map<string, EtfMarketDoc>;
  views: Map<string, ReturnType<typeof metricsView>>;
}

/**
 * Recomputes what the batch changed. Steps: (1) per dirty fund: metrics, list item, calendar entries,
 * price histories; (2) the lists (top performers, all, per brand); (3) details, whose similar funds
 * may have changed with any fund; (4) the calendar. A view is written only when its ETag changed.
 */
async function renderViews(ctx: BatchCtx, touched: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const touchedEtfs = [...(touched.get(MARKET_ETFS) ?? [])];
  const clockMoved = touched.get(MARKET_STATE)?.has(CLOCK_ID) ?? false;
  if (touchedEtfs.length === 0 && !clockMoved) return;

  const render = await openRender(ctx);
  const dirty = new Set(touchedEtfs);
  if (clockMoved) for (const id of render.entries.keys()) dirty.add(id);

  const funds = await renderFunds(render, dirty);
  const listed = [...render.entries.values()].filter((e) => e.listed && e.item !== null);
  const items = listed.map((e) => e.item!);
  renderLists(render, items);
  // Sorts `listed` by ticker, the order the calendar's entries are gathered in.
  await renderDetails(render, funds, listed, items);
  renderCalendar(render, listed);
  await flushRender(render);
}

async function openRender(ctx: BatchCtx): Promise<Render> {
  const today = (await ctx.get<ClockDoc>(MARKET_STATE, CLOCK_ID))?.today ?? null;
  const index = (await ctx.get<IndexDoc>(MARKET_STATE, INDEX_ID)) ?? { _id: INDEX_ID, entries: [], etags: [] };
  return { ctx, today, entries: new Map(index.entries.map((e) => [e.etfId, e])), etags: new Map(index.etags), pending: new Map() };
}

function writeView(render: Render, id: string, body: string | null, etag: string | null): void {
  render.pending.set(id, { body, etag });
}

/** A global view (lists, calendar) is written only when its ETag changed. */
function writeGlobal(render: Render, id: string, body: string): void {
  const etag = etagOf(body);
  if (render.etags.get(id) === etag) return;
  render.etags.set(id, etag);
  writeView(render, id, body, etag);
}

// (1) Per fund.
async function renderFunds(render: Render, dirty: ReadonlySet<string>): Promise<DirtyFunds> {
  const { ctx, today, entries } = render;
  const funds: DirtyFunds = { docs: new Map(), views: new Map() };
  const renamed: IndexEntry[] = [];
  for (const id of [...dirty].sort()) {
    const doc = await ctx.get<EtfMarketDoc>(MARKET_ETFS, id);
    if (!doc) continue;
    funds.docs.set(id, doc);
    const previous = entries.get(id);
    if (previous && previous.ticker !== '' && previous.ticker !== doc.ticker) renamed.push(previous);
    const view = doc.listed ? metricsView(doc, today) : null;
    funds.views.set(id, view);
    entries.set(id, {
      etfId: id,
      listed: doc.listed,
      ticker: doc.listed ? doc.ticker : '',
      item: doc.listed ? listItemOf(doc, view, today) : null,
      calendar: doc.listed ? calendarEntriesOf(doc, today, view?.stale != null) : [],
      historyKeys: previous && previous.ticker === doc.ticker ? previous.historyKeys : [],
      detailEtag: previous && previous.ticker === doc.ticker ? previous.detailEtag : null,
      similarKey: previous && previous.ticker === doc.ticker ? previous.similarKey : null,
    });
  }
  // A renamed fund's old views are gone (before anything is written under the new tickers, which
  // another fund may have just taken).
  for (const old of renamed) {
    writeView(render, viewIds.detail(old.ticker), null, null);
    for (const range of HISTORY_RANGES) writeView(render, viewIds.history(old.ticker, range), null, null);
  }
  for (const [id, doc] of funds.docs) {
    if (doc.listed) renderHistories(render, doc, entries.get(id)!, funds.views.get(id) ?? null);
  }
  return funds;
}

/** A listed fund's price histories: only the ranges whose slice key changed are serialized. */
function renderHistories(render: Render, doc: EtfMarketDoc, entry: IndexEntry, view: ReturnType<typeof metricsView>): void {
  const slices = HISTORY_RANGES.map((range) => historySlice(doc, range as HistoryRange, render.today, view));
  const changed = slices.map((slice, i) => entry.historyKeys[i] !== slice.key);
  if (changed.some(Boolean)) {
    // Serialize each bar once: the ranges are suffixes of the widest changed one.
    const widest = Math.min(...slices.filter((_, i) => changed[i]).map((slice) => slice.from));
    const to = slices[0]!.to;
    const points = { from: widest, parts: historyPointsJson(doc, widest, to, render.today) };
    for (const [i, range] of HISTORY_RANGES.entries()) {
      if (!changed[i]) continue;
      const body = historyJson(doc, slices[i]!, points);
      writeView(render, viewIds.history(doc.ticker, range), body, etagOf(body));
    }
  }
  entry.historyKeys = slices.map((slice) => slice.key);
}

// (2) Lists.
function renderLists(render: Render, items: readonly EtfListItem[]): void {
  const ranked = [...items].sort(compareByYield);
  writeGlobal(render, viewIds.topPerformers, JSON.stringify(ranked));
  writeGlobal(render, viewIds.etfs, JSON.stringify([...items].sort(compareByTicker)));
  const brands = new Map<string, EtfListItem[]>();
  for (const item of ranked) {
    if (item.brandSlug === '') continue;
    const list = brands.get(item.brandSlug) ?? [];
    list.push(item);
    brands.set(item.brandSlug, list);
  }
  for (const id of [...render.etags.keys()]) {
    // A brand whose last fund left it answers an empty list (like any unknown brand).
    if (id.startsWith('brand:') && !brands.has(id.slice('brand:'.length))) brands.set(id.slice('brand:'.length), []);
  }
  for (const [slug, list] of [...brands.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    writeGlobal(render, viewIds.brand(slug), JSON.stringify(list));
  }
}

// (3) Details: rendered for dirty funds and wherever the similar funds' figures changed.
async function renderDetails(render: Render, funds: DirtyFunds, listed: IndexEntry[], items: readonly EtfListItem[]): Promise<void> {
  for (const entry of listed.sort((a, b) => compareByTicker(a.item!, b.item!))) {
    const similar = similarEtfsOf(entry.item!, items);
    const same = sameUnderlyingOf(entry.item!, items);
    const similarKey = etagOf(JSON.stringify([similar, same]));
    let doc = funds.docs.get(entry.etfId);
    if (!doc) {
      // Not dirty: its own figures did not change; render only when its similar funds changed.
      if (entry.detailEtag !== null && entry.similarKey === similarKey) continue;
      doc = (await render.ctx.get<EtfMarketDoc>(MARKET_ETFS, entry.etfId)) ?? undefined;
      if (!doc) continue;
    }
    const view = funds.views.has(entry.etfId) ? funds.views.get(entry.etfId)! : metricsView(doc, render.today);
    const body = JSON.stringify(detailOf(doc, entry.item!, view, similar, same));
    entry.similarKey = similarKey;
    const etag = etagOf(body);
    if (entry.detailEtag === etag) continue;
    entry.detailEtag = etag;
    writeView(render, viewIds.detail(entry.ticker), body, etag);
  }
}

// (4) Calendar.
function renderCalendar(render: Render, listed: readonly IndexEntry[]): void {
  const calendar = listed.flatMap((e) => e.calendar).sort(compareCalendarEntries);
  writeGlobal(render, viewIds.calendar, JSON.stringify(calendar));
}

/** Writes the collected views, then the index. */
async function flushRender(render: Render): Promise<void> {
  for (const [id, view] of render.pending) await render.ctx.update<ViewDoc>(MARKET_VIEWS, id, () => ({ _id: id, ...view }));
  const nextIndex: IndexDoc = {
    _id: INDEX_ID,
    entries: [...render.entries.values()].sort((a, b) => (a.etfId < b.etfId ? -1 : 1)),
    etags: [...render.etags.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  };
  await render.ctx.update<IndexDoc>(MARKET_STATE, INDEX_ID, () => nextIndex);
}
