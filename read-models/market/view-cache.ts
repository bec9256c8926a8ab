import { registerCacheKind } from '../../domain/caches/registry.ts';
import { prepareJson, type PreparedJson } from '../runtime/prepared-json.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { marketProjection } from './projection.ts';
import { getViewsChangedAfter } from './queries.ts';

/**
 * The gateway's in-process copy of the market views (pre-serialized JSON + ETag), kept current through
 * `readModels.onAdvance`: when the `market` projection reaches a new checkpoint, the views written
 * since the last known checkpoint are read (one query on `_position`) and swapped in. On the embedded
 * default the notification comes from the runner; on the production split from the checkpoint reader
 * (polling MongoDB), and the same code reads the views from MongoDB.
 *
 * A request never waits unless a refresh is in flight (then it waits for it, so an answer given after
 * a command's read-your-writes wait already reflects the command). A checkpoint lower than the known
 * one means the projection was rebuilt: the cache reloads everything.
 */
export class MarketViewCache {
  /** In the cache registry (domain/caches/registry.ts): the views, and the values derived from them. */
  private static readonly viewsKind = registerCacheKind<MarketViewCache>({
    name: 'market-views',
    owner: 'read-models/market/view-cache.ts',
    key: 'view id (`top-performers`, `detail:NVDW`, `history:NVDW:1Y`, ...); a view keeps its gzip bytes once asked for',
    bound: 'the views of the `market` read model: lists, one per brand, a detail and one history per range for each fund',
    eviction: 'replaced when its view is rewritten; all at once on a rebuild (a lower checkpoint)',
    coherence: 'refreshed on `readModels.onAdvance` of `market` (the views written after the known checkpoint); a request waits for a refresh in flight',
    clearable: true,
    clear: (cache) => cache.clear(),
    size: (cache) => cache.views.size,
  });
  private static readonly derivedKind = registerCacheKind<MarketViewCache>({
    name: 'market-view-derivations',
    owner: 'read-models/market/view-cache.ts',
    key: 'view id and derivation key (the `limit` of top performers)',
    bound: '1,000 per view (no more are added)',
    eviction: 'a view\'s derivations go with the view (rewritten, rebuilt, cleared)',
    coherence: 'dropped whenever their view changes; the ETag is the view\'s plus the key',
    clearable: true,
    clear: (cache) => void (cache.derived = new Map()),
    size: (cache) => [...cache.derived.values()].reduce((sum, memo) => sum + memo.size, 0),
  });
  private readonly readModels: ReadModels;
  private views = new Map<string, PreparedJson>();
  /** Values derived from a view (e.g. top performers with a limit), dropped when the view changes. */
  private derived = new Map<string, Map<string, PreparedJson>>();
  /** The checkpoint the cache reflects; -1: nothing loaded yet. */
  private position = -1;
  private target = 0;
  private reload = true;
  private refreshing: Promise<void> | null = null;
  private readonly unsubscribe: () => void;
  private readonly untrack: (() => void)[];

  constructor(readModels: ReadModels) {
    this.readModels = readModels;
    this.unsubscribe = readModels.onAdvance((projection, position) => {
      if (projection.name !== marketProjection.name) return;
      if (position < this.position) this.reload = true; // rebuilt from scratch
      this.target = Math.max(this.target, position);
      void this.refresh().catch(() => {});
    });
    this.untrack = [MarketViewCache.viewsKind.track(this), MarketViewCache.derivedKind.track(this)];
  }

  /** Forgets everything; the next request reloads (the owner's "clear cache"). */
  clear(): void {
    this.views = new Map();
    this.derived = new Map();
    this.position = -1;
    this.reload = true;
  }

  close(): void {
    this.unsubscribe();
    for (const untrack of this.untrack) untrack();
  }

  /** The view now, without waiting, when the cache is loaded and no refresh is in flight; else undefined. */
  peek(id: string): PreparedJson | undefined | null {
    if (this.refreshing !== null || this.position < 0) return undefined;
    return this.views.get(id) ?? null;
  }

  /** The view (null when it does not exist), after any refresh in flight. */
  async get(id: string): Promise<PreparedJson | null> {
    await this.current();
    return this.views.get(id) ?? null;
  }

  /**
   * A value derived from a loaded view (memoised until the view changes), e.g. a prefix of a list.
   * `make` gets the view's JSON text and returns the derived JSON text.
   */
  derive(id: string, base: PreparedJson, key: string, make: (body: string) => string): PreparedJson {
    let memo = this.derived.get(id);
    if (!memo) this.derived.set(id, (memo = new Map()));
    let value = memo.get(key);
    if (!value) {
      const text = base.body.toString('utf8');
      const body = make(text);
      value = body === text ? base : prepareJson(body, derivedEtag(base.etag, key));
      if (memo.size < 1000) memo.set(key, value);
    }
    return value;
  }

  private async current(): Promise<void> {
    if (this.position < 0) this.reload = true;
    await this.refresh();
    // A refresh started while this one ran (a newer checkpoint) is waited for too.
    while (this.refreshing !== null) await this.refreshing;
  }

  private refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    if (!this.reload && this.position >= this.target) return Promise.resolve();
    const run = this.load();
    this.refreshing = run;
    // Cleared only by the run that set it (and after it was set: load() always awaits at least once).
    void run.then(
      () => this.settle(run),
      () => this.settle(run),
    );
    return run;
  }

  private settle(run: Promise<void>): void {
    if (this.refreshing === run) this.refreshing = null;
  }

  private async load(): Promise<void> {
    try {
      do {
        const full = this.reload;
        const target = this.target;
        this.reload = false;
        const changed = await getViewsChangedAfter(this.readModels, full ? 0 : this.position);
        const views = full ? new Map<string, PreparedJson>() : new Map(this.views);
        for (const doc of changed) {
          this.derived.delete(doc._id);
          if (doc.body === null || doc.etag === null) views.delete(doc._id);
          else views.set(doc._id, prepareJson(doc.body, doc.etag));
        }
        if (full) this.derived = new Map();
        this.views = views;
        this.position = Math.max(target, 0);
      } while (this.reload || this.position < this.target);
    } catch (error) {
      this.reload = true;
      throw error;
    }
  }
}

/** The strong ETag of a value derived from a view: the view's tag plus the derivation key. */
function derivedEtag(etag: string, key: string): string {
  return `${etag.slice(0, -1)}-${key.replace(/[^A-Za-z0-9_-]/g, '')}"`;
}
