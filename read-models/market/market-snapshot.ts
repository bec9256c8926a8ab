import { registerCacheKind } from '../../domain/caches/registry.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { INDEX_ID, MARKET_STATE, marketProjection } from './projection.ts';
import { getEtfListItems, getEtfSeries, getPublicCalendar, marketToday, type EtfSeries } from './queries.ts';
import type { EtfListItem, PublicCalendarEntry } from './render.ts';
import type { ReadModels } from '../runtime/read-models.ts';

export interface MarketInputs {
  /** The market date (latest MarketDayBegan), or the request's New York date before the first one. */
  today: IsoDate;
  /** List items of (at least) the held and favorite funds, by id. */
  items: ReadonlyMap<string, EtfListItem>;
  /** Series of (at least) the held funds, by id; null for a fund the market read side does not know. */
  series: ReadonlyMap<string, EtfSeries | null>;
}

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
  private calendarValue: Promise<ReadonlyMap<string, readonly PublicCalendarEntry[]>> | undefined;
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

  /**
   * The public calendar (one document read) by fund id, each fund's entries in the calendar's order:
   * a write computes one holding, and looks its fund up instead of scanning every fund's entries.
   */
  calendarByFund(): Promise<ReadonlyMap<string, readonly PublicCalendarEntry[]>> {
    return (this.calendarValue ??= getPublicCalendar(this.readModels).then((entries) => {
      const byFund = new Map<string, PublicCalendarEntry[]>();
      for (const entry of entries) {
        const list = byFund.get(entry.etfId);
        if (list) list.push(entry);
        else byFund.set(entry.etfId, [entry]);
      }
      return byFund;
    }));
  }

  series(etfId: string): Promise<EtfSeries | null> {
    let value = this.seriesValues.get(etfId);
    if (!value) {
      // frozen: shared by every user of this version (and so usableBars and the demo labels can keep
      // their parsed closes and indexes)
      value = getEtfSeries(this.readModels, etfId).then((series) => {
        if (series) {
          Object.freeze(series.bars);
          Object.freeze(series.distributions);
        }
        return series;
      });
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

/**
 * One snapshot per market version (the newest seen), per read side, and the version itself.
 *
 * A version can be trusted as a cache key only once the batch that wrote it is completely written: the
 * market projection flushes its collections one after the other, so a read in between could see the
 * new `index` with a fund's old document and label old data with the new version for good. The batch is
 * complete once the projection's checkpoint has reached it; checkpoints are reported after the flush
 * through `readModels.onAdvance` (by the runner, or by the checkpoint reader of a stateless gateway).
 * So `version()` reads the index position and then compares it with the last reported checkpoint:
 * every read of market data that follows sees at least that batch in full.
 */
export class MarketSnapshots {
  /** In the cache registry (domain/caches/registry.ts). */
  private static readonly kind = registerCacheKind<MarketSnapshots>({
    name: 'market-snapshots',
    owner: 'read-models/market/market-snapshot.ts',
    key: 'market version (the `_position` of the market `index` document); within it, fund id',
    bound: 'one snapshot (the newest version): today, the list items, the calendar and the series of the funds asked for',
    eviction: 'replaced by the snapshot of a newer version',
    coherence: 'the version moves with every market batch, and is trusted only once the market checkpoint reached it (a batch written in full)',
    clearable: true,
    clear: (snapshots) => void (snapshots.current = null),
    size: (snapshots) => (snapshots.current === null ? 0 : 1),
  });
  private readonly readModels: ReadModels;
  private current: MarketSnapshot | null = null;
  /** The market projection's checkpoint as last reported after a flush; null until known. */
  private checkpoint: number | null = null;
  private checkpointLoad: Promise<void> | null = null;
  /** The last version that could be trusted. */
  private lastTrusted = -1;
  private readonly unsubscribe: () => void;
  private readonly untrack: () => void;

  constructor(readModels: ReadModels) {
    this.readModels = readModels;
    this.unsubscribe = readModels.onAdvance((projection, position) => {
      // a lower position means the projection is being rebuilt: trust nothing above it again
      if (projection.name === marketProjection.name) this.checkpoint = position;
    });
    this.untrack = MarketSnapshots.kind.track(this);
  }

  close(): void {
    this.unsubscribe();
    this.untrack();
  }

  /**
   * The market version to key caches with, or null while the batch that wrote the current index is
   * not known to be complete (then compute without caching). One small document read.
   */
  async version(): Promise<number | null> {
    const index = await marketVersion(this.readModels);
    if (this.checkpoint === null) {
      this.checkpointLoad ??= this.readModels.status().then((all) => {
        this.checkpoint ??= all.find((s) => s.name === marketProjection.name)?.position ?? 0;
      });
      await this.checkpointLoad;
    }
    if (index > this.checkpoint!) return null;
    this.lastTrusted = index;
    return index;
  }

  /** The newest version `version()` trusted (-1 before any). */
  get trusted(): number {
    return this.lastTrusted;
  }

  /** The snapshot of the market as it is now: of the version when it can be trusted, else a private one. */
  async now(): Promise<MarketSnapshot> {
    const version = await this.version();
    return version === null ? this.untrusted() : this.at(version);
  }

  at(version: number): MarketSnapshot {
    if (this.current === null || this.current.version !== version) this.current = new MarketSnapshot(this.readModels, version);
    return this.current;
  }

  /** A snapshot shared with nobody, for a read while the version cannot be trusted. */
  untrusted(): MarketSnapshot {
    return new MarketSnapshot(this.readModels, -1);
  }
}
