import type { CalendarEntry } from '../../services/market-data/calendar.ts';
import type { IsoDate } from '../../services/market-data/market-calendar.ts';
import { INDEX_ID, MARKET_STATE, marketProjection } from '../market/projection.ts';
import { getEtfListItems, getEtfSeries, getPublicCalendar, marketToday, type EtfSeries } from '../market/queries.ts';
import type { EtfListItem } from '../market/render.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import type { MarketInputs } from './views.ts';

/**
 * The market data the user area reads (list items, per-fund series, the public calendar, today), read
 * through the market read side's typed queries once per market version and shared by every user.
 *
 * The market version is the `_position` of the market read model's `index` document: its projection
 * rewrites that document after every batch that changed any fund or the market day, so the version
 * moves exactly when anything the user area derives from can have changed (and not on the user
 * area's own writes, logins and other events the market projection skips).
 */
export async function marketVersion(readModels: ReadModels): Promise<number> {
  const doc = await readModels.collection(marketProjection, MARKET_STATE).findOne({ _id: INDEX_ID }, { projection: { _position: 1 } });
  return doc ? Number(doc['_position'] ?? 0) : 0;
}

export class MarketSnapshot {
  readonly version: number;
  private readonly readModels: ReadModels;
  private todayValue: Promise<IsoDate | null> | undefined;
  private itemsValue: Promise<Map<string, EtfListItem>> | undefined;
  private calendarValue: Promise<CalendarEntry[]> | undefined;
  private readonly seriesValues = new Map<string, Promise<EtfSeries | null>>();

  constructor(readModels: ReadModels, version: number) {
    this.readModels = readModels;
    this.version = version;
  }

  /** The market date (latest MarketDayBegan), null before the first. */
  today(): Promise<IsoDate | null> {
    return (this.todayValue ??= marketToday(this.readModels));
  }

  /** Every listed fund's list item, by id (one document read). */
  items(): Promise<Map<string, EtfListItem>> {
    return (this.itemsValue ??= getEtfListItems(this.readModels).then((items) => new Map(items.map((i) => [i.id, i]))));
  }

  /** The whole public calendar (one document read); callers keep their funds' entries. */
  calendar(): Promise<CalendarEntry[]> {
    return (this.calendarValue ??= getPublicCalendar(this.readModels));
  }

  series(etfId: string): Promise<EtfSeries | null> {
    let value = this.seriesValues.get(etfId);
    if (!value) {
      value = getEtfSeries(this.readModels, etfId);
      this.seriesValues.set(etfId, value);
    }
    return value;
  }

  /** The inputs of the holding views for these funds; `fallbackToday` before the first market day. */
  async inputs(etfIds: readonly string[], fallbackToday: IsoDate): Promise<MarketInputs> {
    const unique = [...new Set(etfIds)];
    const [today, items, series] = await Promise.all([this.today(), this.items(), Promise.all(unique.map((id) => this.series(id)))]);
    return { today: today ?? fallbackToday, items, series: new Map(unique.map((id, i) => [id, series[i]!])) };
  }
}

/** One snapshot per market version (the newest seen), per read side. */
export class MarketSnapshots {
  private readonly readModels: ReadModels;
  private current: MarketSnapshot | null = null;

  constructor(readModels: ReadModels) {
    this.readModels = readModels;
  }

  /** The snapshot of the market as it is now (reads the version: one small document read). */
  async now(): Promise<MarketSnapshot> {
    return this.at(await marketVersion(this.readModels));
  }

  at(version: number): MarketSnapshot {
    if (this.current === null || this.current.version !== version) this.current = new MarketSnapshot(this.readModels, version);
    return this.current;
  }
}

const shared = new WeakMap<ReadModels, MarketSnapshots>();

/** The snapshots of a read side, shared by the user-area routers of one process. */
export function marketSnapshots(readModels: ReadModels): MarketSnapshots {
  let snapshots = shared.get(readModels);
  if (!snapshots) shared.set(readModels, (snapshots = new MarketSnapshots(readModels)));
  return snapshots;
}
