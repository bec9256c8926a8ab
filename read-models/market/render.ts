import { createHash } from 'node:crypto';
import type { DataSource, PayoutFrequency } from '../../events/catalog.ts';
import { distributionIdOf, type DistributionCharacter, type DistributionKind, type DistributionStatus, type IssuerDeclaration } from '../../events/dividends.ts';
import {
  HISTORY_RANGES,
  type DistributionOrigin,
  type DistributionReturnOfCapital,
  type DistributionSource,
  type DividendHistoryItem,
  type EtfDetail,
  type EtfSplit,
  type EtfListItem,
  type HistoryRange,
  type PricePoint,
  type MetricExplanations,
  type PublicCalendarEntry,
  type SameUnderlyingEtf,
  type SimilarEtf,
} from '../../contracts/market.ts';
import type { SameShape } from '../../contracts/same-shape.ts';
import { buildDividendCalendar, payoutDateOf, type CalendarEntry } from '../../domain/market/dividend-calendar.ts';
import { DEMO_SOURCE, fundFiguresAreDemo, projectionIsDemo, type SourcedBar } from '../../domain/market/demo-data.ts';
import { addDays, addMonths, newYorkCloseInstant, newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { canonical, dec, fixed } from '../../domain/market/decimal.ts';
import { explainMetrics, navErosion, returnBreakdown, returnOfCapitalTtm, type MetricExplanations as KernelExplanations } from '../../domain/market/explain.ts';
import { rocOf } from '../../domain/market/return-of-capital.ts';
import { KIND_ORDER } from '../../domain/market/run-rate.ts';
import { adjustDistributions, adjustPrice, describeSplit, isAdjusted, splitAdjustedInput, splitsInEffect, type SplitPoint } from '../../domain/market/splits.ts';
import {
  computeEtfMetrics,
  exactText,
  latestDeclared,
  oneYearBefore,
  presentEtfMetrics,
  type BarPoint,
  type DistributionPoint,
  type EtfMetrics,
  type EtfMetricsView,
  type MetricsInput,
  type QuotePoint,
} from '../../domain/market/etf-metrics.ts';

/**
 * Pure rendering of the market read side (docs/market-data-read-side.md): from a fund's document and
 * the market date to the API shapes (contracts/market.ts) and their pre-serialized JSON. No clock, no randomness:
 * the same inputs always give the same bytes.
 */

// ---------------------------------------------------------------------------------------------------
// The per-fund document (collection `etfs`)

export interface StoredDistribution {
  distributionId: string;
  exDate: IsoDate;
  recordDate: IsoDate | null;
  payDate: IsoDate | null;
  amount: string;
  status: DistributionStatus;
  /** regular, special or capital-gain: one distribution per ex-date and kind. */
  kind: DistributionKind;
  source: DataSource;
  /** Source `issuer`: the release and the issuer's stated rate and SEC yield (null for every other source). */
  issuer: IssuerDeclaration | null;
  /** The issuer's or the owner's return-of-capital estimate, percent (null when none was stated). */
  rocEstimatePercent: string | null;
  /** The final character (DistributionCharacterRecorded), null until recorded. */
  character: DistributionCharacter | null;
}

export interface StoredSplit extends SplitPoint {
  splitId: string;
  source: DataSource;
}

export interface StoredQuote {
  price: string;
  quotedAt: string;
  source: DataSource;
}

/** What the `etfs` collection keeps per fund (id = etfId). Bars are compact parallel arrays, ascending. */
export interface EtfMarketFields {
  etfId: string;
  /** False while only market data arrived (no `EtfListed` yet): such a fund is in no view. */
  listed: boolean;
  ticker: string;
  name: string;
  brand: string;
  brandSlug: string;
  description: string;
  frequency: PayoutFrequency;
  underlying: string | null;
  inceptionDate: IsoDate | null;
  dataSource: DataSource;
  /** Bar dates, strictly ascending. */
  barDates: IsoDate[];
  /** Bar closes (decimal strings), parallel to barDates. */
  barCloses: string[];
  /** Bar sources, parallel to barDates (demo labels). */
  barSources: DataSource[];
  /** Source of the bar of the latest date. */
  lastBarSource: DataSource | null;
  /** Counts bar changes (recorded or revised): a cheap "did the history change" key. */
  barsVersion: number;
  /** The newest intraday quote. */
  quote: StoredQuote | null;
  /** Active distributions (revisions applied, withdrawn ones removed), ascending by ex-date, then kind. */
  distributions: StoredDistribution[];
  /**
   * Splits and reverse splits (revisions applied), ascending by ex-date. Bars, the quote and the
   * distributions stay as recorded; every figure shown is adjusted to the market date's share basis
   * (domain/market/splits.ts) when rendered.
   */
  splits: StoredSplit[];
}

// ---------------------------------------------------------------------------------------------------
// API shapes: the contract (contracts/market.ts). The renderers below build them field by field, so a
// field added here must be added to the contract (and the client sees it), and the reverse.

export type { DividendHistoryItem, EtfDetail, EtfListItem, EtfSplit, HistoryRange, PricePoint, PublicCalendarEntry, SameUnderlyingEtf, SimilarEtf };

/** The kernel's explanations are exactly the contract's. */
export const explanationsAreTheContract: SameShape<KernelExplanations, MetricExplanations> = true;
export { HISTORY_RANGES };

/** The calendar kernel builds the public entries: its entry plus the demo label, the id, the origin and the return of capital must be exactly the contract's. */
export const calendarEntryIsTheContract: SameShape<CalendarEntry & { isDemo: boolean; distributionId: string } & DistributionOrigin & DistributionReturnOfCapital, PublicCalendarEntry> = true;

/** The API's word for a data source: the owner's CSV or edit, the issuer's release, a provider, demo data. */
export function distributionSourceOf(source: DataSource): DistributionSource {
  switch (source) {
    case 'csv':
    case 'manual':
      return 'owner';
    case 'issuer':
      return 'issuer';
    case 'alpaca':
      return 'provider';
    case 'demo':
      return 'demo';
    default: {
      const never: never = source;
      throw new Error(`unknown source ${String(never)}`);
    }
  }
}

/**
 * A declared distribution's origin as the API shows it (contracts/market.ts `DistributionOrigin`): its
 * source, and for an issuer's declaration the release, its time and the issuer's figures.
 */
export function originOf(d: Pick<StoredDistribution, 'source' | 'issuer' | 'rocEstimatePercent'>): DistributionOrigin {
  return {
    source: distributionSourceOf(d.source),
    issuer: d.issuer?.name ?? null,
    sourceUrl: d.issuer?.url ?? null,
    declaredAt: d.issuer?.declaredAt ?? null,
    statedRate: d.issuer?.statedRate ?? null,
    secYield: d.issuer?.secYield ?? null,
    rocEstimatePercent: d.rocEstimatePercent,
  };
}

/**
 * A distribution's return of capital as the API shows it (contracts/market.ts `DistributionReturnOfCapital`):
 * the final character once recorded, and the share every figure uses (final, else estimate, else none).
 */
export function returnOfCapitalOf(d: Pick<StoredDistribution, 'rocEstimatePercent' | 'character'>): DistributionReturnOfCapital {
  const roc = rocOf(d);
  return {
    character: d.character,
    characterFinal: d.character !== null,
    rocBasis: roc.basis,
    rocPercent: roc.basis === 'not-published' ? null : exactText(roc.percent),
  };
}

/** A projected payout's return of capital: nothing is published for a payout not declared yet. */
const PROJECTED_ROC: DistributionReturnOfCapital = { character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null };

/** A projected payout's origin: the source of the declared amount it repeats, nothing of a release. */
function projectedOrigin(source: DataSource): DistributionOrigin {
  return { source: distributionSourceOf(source), issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null };
}

export const DEFAULT_HISTORY_RANGE: HistoryRange = '1Y';

export const SIMILAR_LIMIT = 6;

// ---------------------------------------------------------------------------------------------------
// View ids

export const viewIds = {
  topPerformers: 'top-performers',
  etfs: 'etfs',
  calendar: 'calendar',
  brand: (slug: string) => `brand:${slug}`,
  detail: (ticker: string) => `detail:${ticker.toUpperCase()}`,
  history: (ticker: string, range: HistoryRange) => `history:${ticker.toUpperCase()}:${range}`,
};

/** Strong ETag of a body: a quoted base64url SHA-256 prefix (128 bits). */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

// ---------------------------------------------------------------------------------------------------
// Sorted-array helpers (bars are ascending by date)

/** Index of the first date >= `date` (dates.length when none). */
export function lowerBound(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first date > `date`. */
export function upperBound(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------------
// Metrics

function distributionPoints(doc: Pick<EtfMarketFields, 'distributions'>): DistributionPoint[] {
  return doc.distributions.map((d) => ({
    exDate: d.exDate,
    payDate: d.payDate,
    amount: d.amount,
    status: d.status,
    kind: d.kind,
    rocEstimatePercent: d.rocEstimatePercent,
    character: d.character,
  }));
}

/**
 * The metrics input of a fund as of `today`, with only the bars the metrics can look at: from one bar
 * before the return window (today - 365 days) to today (at least the last two bars up to today, for the
 * previous close). computeEtfMetrics gives the same result as with the whole history (asserted by the
 * specs) at a fraction of the cost, so recomputing every fund when the market day moves stays cheap
 * however long the history grows.
 */
export function metricsInput(doc: EtfMarketFields, today: IsoDate): MetricsInput {
  const end = upperBound(doc.barDates, today);
  // The last bar on or before the anniversary starts the window.
  const windowIdx = upperBound(doc.barDates, oneYearBefore(today)) - 1;
  const start = Math.max(0, Math.min(windowIdx, end - 2));
  const bars: BarPoint[] = [];
  for (let i = start; i < end; i++) bars.push({ date: doc.barDates[i]!, close: doc.barCloses[i]! });
  const quote: QuotePoint | null = doc.quote ? { price: doc.quote.price, quotedAt: doc.quote.quotedAt } : null;
  // split-adjusted: every price and amount on the share basis of `today` (docs/metrics.md)
  return splitAdjustedInput({ today, frequency: doc.frequency, bars, quote, distributions: distributionPoints(doc) }, doc.splits);
}

export function metricsView(doc: EtfMarketFields, today: IsoDate | null): EtfMetricsView | null {
  return today === null ? null : presentEtfMetrics(computeEtfMetrics(metricsInput(doc, today)));
}

/** The fund's bars from index `from` to `to` (exclusive) with their sources. */
function sourcedBars(doc: EtfMarketFields, from: number, to: number): SourcedBar[] {
  const out: SourcedBar[] = [];
  for (let i = from; i < to; i++) out.push({ date: doc.barDates[i]!, close: doc.barCloses[i]!, source: doc.barSources[i]! });
  return out;
}

/**
 * True exactly when a figure of the fund rests on demo data (domain/market/demo-data.ts): a close the
 * metrics use (price, previous close, window start, DRIP reinvestments), the quote when it is the current
 * price, or a distribution they use. Without a market date there are no figures.
 */
export function figuresAreDemo(doc: EtfMarketFields, view: EtfMetricsView | null, today: IsoDate | null): boolean {
  if (today === null) return false;
  const end = upperBound(doc.barDates, today);
  // from the return window's first close (the last close on or before the anniversary), else a year back
  const first = view?.windowStart ? lowerBound(doc.barDates, view.windowStart) : lowerBound(doc.barDates, addDays(today, -366)) - 1;
  const start = Math.max(0, Math.min(first, end - 2));
  return fundFiguresAreDemo({
    today,
    windowStart: view?.windowStart ?? null,
    bars: sourcedBars(doc, start, end),
    quote: doc.quote,
    distributions: doc.distributions,
  });
}

const NO_EXACT: EtfListItem['exact'] = {
  weeklyAverage: null,
  yieldPercent: null,
  distributionRate: null,
  ttmYield: null,
  annualDripYield: null,
  oneYearReturn: null,
  priceReturn: null,
  dripReturn: null,
  rocShareTtm: null,
  trueIncomeRate: null,
};

export function listItemOf(doc: EtfMarketFields, view: EtfMetricsView | null, today: IsoDate | null): EtfListItem {
  return {
    id: doc.etfId,
    ticker: doc.ticker,
    name: doc.name,
    brand: doc.brand,
    brandSlug: doc.brandSlug,
    currentPrice: view?.currentPrice ?? '',
    dayChange: view?.dayChange ?? null,
    dayChangePercent: view?.dayChangePercent ?? null,
    yieldPercent: view?.yieldPercent ?? null,
    distributionRate: view?.distributionRate ?? null,
    ttmYield: view?.ttmYield ?? null,
    annualDripYield: view?.annualDripYield ?? null,
    oneYearReturn: view?.oneYearReturn ?? null,
    priceReturn: view?.priceReturn ?? null,
    dripReturn: view?.dripReturn ?? null,
    weeklyAverage: view?.weeklyAverage ?? null,
    historicalPeriodDays: view?.historicalPeriodDays ?? null,
    windowStart: view?.windowStart ?? null,
    windowBasis: view?.windowBasis ?? null,
    exact: view?.exact ?? NO_EXACT,
    nextExDividend: view?.nextExDividend ?? null,
    nextExDividendEstimated: view?.nextExDividendEstimated ?? false,
    frequency: doc.frequency,
    frequencyUsed: view?.frequencyUsed ?? doc.frequency,
    inferredFrequency: view?.inferredFrequency ?? null,
    yieldBasis: view?.yieldBasis ?? null,
    rocShareTtm: view?.rocShareTtm ?? null,
    rocShareTtmBasis: view?.rocShareTtmBasis ?? null,
    trueIncomeRate: view?.trueIncomeRate ?? null,
    underlying: doc.underlying,
    dataSource: doc.dataSource,
    isDemo: figuresAreDemo(doc, view, today),
    asOf: today,
    priceAsOf: view?.priceDate ?? null,
    priceAsOfTime: priceInstant(doc, view),
    stale: view?.stale ?? null,
  };
}

/** The instant the current price is as of: the quote's time, else 4:00 PM New York on the bar's session. */
function priceInstant(doc: EtfMarketFields, view: EtfMetricsView | null): string | null {
  if (!view?.priceDate) return null;
  if (view.priceKind === 'quote' && doc.quote) return new Date(doc.quote.quotedAt).toISOString();
  return newYorkCloseInstant(view.priceDate);
}

/**
 * Every active distribution, newest first (on one ex-date the regular one first), its amount on the share basis of `today`: an ex-date before
 * a split (in effect by `today`) shows the declared amount x oldRate / newRate, flagged `splitAdjusted`
 * with the declared amount beside it (rounded to 6 decimals when the ratio does not divide exactly).
 */
export function dividendHistoryOf(doc: Pick<EtfMarketFields, 'distributions' | 'splits'>, today: IsoDate | null = null): DividendHistoryItem[] {
  const out: DividendHistoryItem[] = [];
  const splits = today === null ? [] : splitsInEffect(doc.splits, today);
  for (let i = doc.distributions.length - 1; i >= 0; i--) {
    const d = doc.distributions[i]!;
    const adjusted = today !== null && isAdjusted(splits, d.exDate, today);
    const amount = adjusted ? canonical(dec(fixed(adjustPrice(d.amount, d.exDate, splits, today), 6))) : d.amount;
    out.push({
      id: d.distributionId,
      exDividendDate: d.exDate,
      payoutDate: payoutDateOf(d),
      amount,
      estimated: d.status === 'estimated',
      kind: d.kind,
      splitAdjusted: adjusted,
      declaredAmount: d.amount,
      isDemo: d.source === DEMO_SOURCE,
      ...originOf(d),
      ...returnOfCapitalOf(d),
    });
  }
  // newest ex-date first; on one ex-date the regular payout first, then a special beside it
  return out.sort((a, b) => (a.exDividendDate !== b.exDividendDate ? (a.exDividendDate < b.exDividendDate ? 1 : -1) : KIND_ORDER[a.kind] - KIND_ORDER[b.kind]));
}

/** The fund's splits, newest first; `upcoming` while the ex-date is after the market date. */
export function splitsOf(doc: Pick<EtfMarketFields, 'splits'>, today: IsoDate | null): EtfSplit[] {
  return [...doc.splits]
    .sort((a, b) => (a.exDate < b.exDate ? 1 : a.exDate > b.exDate ? -1 : 0))
    .map((s) => ({ exDate: s.exDate, oldRate: s.oldRate, newRate: s.newRate, description: describeSplit(s), upcoming: today === null || s.exDate > today }));
}

/** The metrics and their input as of `today` (all null without a market date), for the detail's explanations. */
function detailMetrics(doc: EtfMarketFields, today: IsoDate | null): { metrics: EtfMetrics; input: MetricsInput } {
  const input = today === null ? { today: '1970-01-01', frequency: doc.frequency, bars: [], quote: null, distributions: [] } : metricsInput(doc, today);
  return { metrics: computeEtfMetrics(input), input };
}

/** The first close (inception) on the share basis of `today`. */
function firstClose(doc: EtfMarketFields, today: IsoDate | null): { date: IsoDate; close: string } | null {
  const date = doc.barDates[0];
  if (today === null || date === undefined || date > today) return null;
  return { date, close: adjustPrice(doc.barCloses[0]!, date, splitsInEffect(doc.splits, today), today).toString() };
}

export function detailOf(
  doc: EtfMarketFields,
  item: EtfListItem,
  view: EtfMetricsView | null,
  similarEtfs: SimilarEtf[],
  sameUnderlying: SameUnderlyingEtf[] = [],
): EtfDetail {
  const { metrics, input } = detailMetrics(doc, item.asOf);
  return {
    ...item,
    description: doc.description,
    inceptionDate: doc.inceptionDate,
    windowStart: view?.windowStart ?? null,
    previousClose: view?.previousClose ?? null,
    dividendHistory: dividendHistoryOf(doc, item.asOf),
    splits: splitsOf(doc, item.asOf),
    similarEtfs,
    returnBreakdown: returnBreakdown(metrics),
    navErosion: navErosion(firstClose(doc, item.asOf), metrics.currentPrice),
    returnOfCapitalTtm: returnOfCapitalTtm(metrics),
    explain: explainMetrics(metrics, input),
    sameUnderlying,
  };
}

/** The funds on the fund's underlying, the fund included, by ticker; empty when it is the only one (or has no underlying). */
export function sameUnderlyingOf(self: EtfListItem, all: readonly EtfListItem[]): SameUnderlyingEtf[] {
  if (self.underlying === null) return [];
  const same = all.filter((e) => e.underlying === self.underlying).sort(compareByTicker);
  if (same.length < 2) return [];
  return same.map((e) => ({
    id: e.id,
    ticker: e.ticker,
    name: e.name,
    brand: e.brand,
    brandSlug: e.brandSlug,
    frequency: e.frequency,
    yieldPercent: e.yieldPercent,
    distributionRate: e.distributionRate,
    priceReturn: e.priceReturn,
    oneYearReturn: e.oneYearReturn,
    historicalPeriodDays: e.historicalPeriodDays,
    windowStart: e.windowStart,
    windowBasis: e.windowBasis,
    exact: e.exact,
    isDemo: e.isDemo,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Lists

function yieldValue(item: Pick<EtfListItem, 'yieldPercent'>): number | null {
  return item.yieldPercent === null ? null : Number(item.yieldPercent);
}

/** Top performers order: yieldPercent descending, funds without a yield last, then ticker ascending. */
export function compareByYield(a: EtfListItem, b: EtfListItem): number {
  const ya = yieldValue(a);
  const yb = yieldValue(b);
  if (ya !== yb) {
    if (ya === null) return 1;
    if (yb === null) return -1;
    return yb - ya;
  }
  return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
}

export function compareByTicker(a: { ticker: string }, b: { ticker: string }): number {
  return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
}

/**
 * Similar ETFs: the funds with the same underlying (by ticker), then the other funds of the same
 * brand (by ticker), never the fund itself, at most SIMILAR_LIMIT.
 */
export function similarEtfsOf(self: EtfListItem, all: readonly EtfListItem[]): SimilarEtf[] {
  const sameUnderlying = self.underlying === null ? [] : all.filter((e) => e.id !== self.id && e.underlying === self.underlying).sort(compareByTicker);
  const picked = new Set(sameUnderlying.map((e) => e.id));
  const sameBrand = self.brandSlug === '' ? [] : all.filter((e) => e.id !== self.id && !picked.has(e.id) && e.brandSlug === self.brandSlug).sort(compareByTicker);
  return [...sameUnderlying, ...sameBrand].slice(0, SIMILAR_LIMIT).map((e) => ({
    id: e.id,
    ticker: e.ticker,
    name: e.name,
    brand: e.brand,
    brandSlug: e.brandSlug,
    currentPrice: e.currentPrice,
    yieldPercent: e.yieldPercent,
    exactYieldPercent: e.exact.yieldPercent,
    isDemo: e.isDemo,
  }));
}

// ---------------------------------------------------------------------------------------------------
// History

/** First date of a range as of `today` (inclusive); null for `all`. */
export function rangeStart(range: HistoryRange, today: IsoDate): IsoDate | null {
  switch (range) {
    case '1M':
      return addMonths(today, -1);
    case '3M':
      return addMonths(today, -3);
    case '6M':
      return addMonths(today, -6);
    case '1Y':
      return addMonths(today, -12);
    case 'all':
      return null;
    default: {
      const never: never = range;
      throw new Error(`unknown range ${String(never)}`);
    }
  }
}

export interface HistorySlice {
  /** Index range [from, to) into the bars. */
  from: number;
  to: number;
  /** The intraday quote appended as the last point when it is the current price. */
  quote: PricePoint | null;
  /** Changes whenever the slice's content may have changed: compare before serializing. */
  key: string;
  /** The market date whose share basis the closes are adjusted to (null: as recorded). */
  today?: IsoDate | null;
}

/**
 * The bars of a range as of `today`: dates in [rangeStart, today], plus the current intraday quote
 * as the last point when it is newer than the last bar (so the chart ends at the current price).
 * 1Y starts where the one-year return's window starts (`view.windowStart`: the last close on or before
 * the anniversary, docs/metrics.md "Window"), so the chart's 1-year change is the page's priceReturn
 * (issue 29, W16). Without a market date the whole history is shown.
 */
export function historySlice(doc: EtfMarketFields, range: HistoryRange, today: IsoDate | null, view: EtfMetricsView | null): HistorySlice {
  const to = today === null ? doc.barDates.length : upperBound(doc.barDates, today);
  const start = today === null ? null : range === '1Y' && view?.windowStart ? view.windowStart : rangeStart(range, today);
  const from = start === null ? 0 : lowerBound(doc.barDates, start);
  const quote =
    view?.priceKind === 'quote' && view.priceDate !== null && doc.quote
      ? {
          timestamp: view.priceDate,
          price: today === null ? Number(doc.quote.price) : adjustedNumber(doc, doc.quote.price, newYorkDate(doc.quote.quotedAt), today),
          isDemo: doc.quote.source === DEMO_SOURCE,
        }
      : null;
  // the splits in effect change every adjusted close: they are part of the key
  const splitKey = today === null ? '' : splitsInEffect(doc.splits, today).map((x) => `${x.exDate}=${x.oldRate}/${x.newRate}`).join(',');
  return { from, to, quote, key: `${from}:${to}:${doc.barsVersion}:${quote ? `${quote.timestamp}=${quote.price}${quote.isDemo ? 'd' : ''}` : '-'}:${splitKey}`, today };
}

/** A close or price dated `date` on the share basis of `today`, as a number for the chart. */
function adjustedNumber(doc: Pick<EtfMarketFields, 'splits'>, price: string, date: IsoDate, today: IsoDate): number {
  return isAdjusted(doc.splits, date, today) ? adjustPrice(price, date, doc.splits, today).toNumber() : Number(price);
}

/**
 * One serialized point per bar in [from, to) (the ranges of one fund are suffixes of each other), each
 * close split-adjusted to the share basis of `today` (the chart shows no jump at a split).
 */
export function historyPointsJson(doc: EtfMarketFields, from: number, to: number, today: IsoDate | null = null): string[] {
  const parts: string[] = [];
  const split = today !== null && doc.splits.some((x) => x.exDate <= today);
  for (let i = from; i < to; i++) {
    const price = split ? adjustedNumber(doc, doc.barCloses[i]!, doc.barDates[i]!, today) : Number(doc.barCloses[i]!);
    parts.push(`{"timestamp":"${doc.barDates[i]!}","price":${JSON.stringify(price)},"isDemo":${doc.barSources[i] === DEMO_SOURCE}}`);
  }
  return parts;
}

/**
 * A range's JSON. `points` (optional) are the serialized points of bars [pointsFrom, slice.to), shared
 * by the ranges of one fund so each bar is serialized once.
 */
export function historyJson(doc: EtfMarketFields, slice: HistorySlice, points?: { from: number; parts: string[] }): string {
  const parts =
    points && points.from <= slice.from && points.from + points.parts.length === slice.to
      ? points.parts.slice(slice.from - points.from)
      : historyPointsJson(doc, slice.from, slice.to, slice.today ?? null);
  if (slice.quote) parts.push(JSON.stringify(slice.quote));
  return `[${parts.join(',')}]`;
}

// ---------------------------------------------------------------------------------------------------
// Calendar

/**
 * One fund's entries in the public calendar as of `today` (declared and projected payouts; a `stale` fund,
 * its list item's `stale`, gets no projection). `isDemo`: a declared payout's distribution is demo; a
 * projected one rests on demo payouts (`projectionIsDemo`).
 */
export function calendarEntriesOf(doc: EtfMarketFields, today: IsoDate | null, stale: boolean): PublicCalendarEntry[] {
  if (today === null) return [];
  const byId = new Map(doc.distributions.map((d) => [d.distributionId, d]));
  const projectedDemo = projectionIsDemo(doc.distributions);
  const entries = buildDividendCalendar(
    [{ etfId: doc.etfId, ticker: doc.ticker, name: doc.name, frequency: doc.frequency, distributions: adjustDistributions(distributionPoints(doc), doc.splits, today), stale }],
    today,
  );
  // Amounts are on today's share basis; a projected payout after an upcoming split's ex-date is on the
  // basis of its own ex-date (as a declared one after that split is): x oldRate / newRate.
  const upcoming = doc.splits.filter((x) => x.exDate > today);
  // a projection repeats the latest declared regular amount: it says whose amount that is
  const repeated = latestDeclared(doc.distributions.filter((d) => d.kind === 'regular'));
  return entries.map((e) => {
    // One distribution per ex-date and kind: the id says both (a special on a regular payout's ex-date is
    // its own). A projection (regular) carries the id its declaration will get, so the private feed's UID
    // stays when it is declared.
    const distributionId = distributionIdOf(doc.etfId, e.exDate, e.kind);
    const declared = byId.get(distributionId);
    const origin = declared ? originOf(declared) : projectedOrigin(repeated?.source ?? 'manual');
    const roc = declared ? returnOfCapitalOf(declared) : PROJECTED_ROC;
    const labelled = { ...e, isDemo: declared ? declared.source === DEMO_SOURCE : projectedDemo, distributionId, ...origin, ...roc };
    if (upcoming.length === 0 || declared) return labelled; // declared or an issuer estimate: on its own basis already
    const onItsBasis = adjustPrice(e.amount, today, upcoming, e.exDate);
    return onItsBasis.eq(e.amount) ? labelled : { ...labelled, amount: canonical(onItsBasis) };
  });
}

/** The calendar's order (as buildDividendCalendar): payout date, ticker, ex-date, kind. */
export function compareCalendarEntries(a: PublicCalendarEntry, b: PublicCalendarEntry): number {
  if (a.payoutDate !== b.payoutDate) return a.payoutDate < b.payoutDate ? -1 : 1;
  if (a.ticker !== b.ticker) return a.ticker < b.ticker ? -1 : 1;
  if (a.exDate !== b.exDate) return a.exDate < b.exDate ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}
