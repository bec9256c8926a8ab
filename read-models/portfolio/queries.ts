import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { MarketSnapshots, type MarketInputs } from '../market/market-snapshot.ts';
import { PORTFOLIOS, portfolioProjection, type HoldingEntry, type PortfolioDoc } from './projection.ts';
import { computeHolding, heldSinceOf, portfolioView, userCalendarView, withLedgerIncome, type HoldingComputation, type HoldingView } from './views.ts';
import type { LedgerPayout } from '../../contracts/payouts.ts';
import { taxSummaryView } from './tax-summary.ts';
import { calendarWindow } from '../../domain/market/dividend-calendar.ts';
import { addDays } from '../../domain/market/trading-days.ts';

/** How far back a holding's latest payout is looked for (days): five weeks, a monthly payer's too. */
const LATEST_PAYOUT_DAYS = 35;
import { buildLedger } from './payout-ledger.ts';
import { PAYOUTS, payoutsProjection, type PayoutsDoc } from '../payouts/projection.ts';
import type { TaxSummary } from '../../contracts/portfolio.ts';

/** The earliest heldSince of the holdings, `atLatest` when it is later (or there are none): where their ledger starts. */
function earliestHeldSince(holdings: readonly HoldingEntry[], atLatest: IsoDate): IsoDate {
  return holdings.reduce((from, h) => (heldSinceOf(h) < from ? heldSinceOf(h) : from), atLatest);
}

/** Each holding with its income received as its ledger payouts say (views.ts withLedgerIncome). */
function withLedgerIncomes(computed: ReadonlyMap<string, HoldingComputation>, market: MarketInputs, payouts: readonly LedgerPayout[]): HoldingComputation[] {
  const payoutsOf = new Map<string, LedgerPayout[]>();
  for (const p of payouts) payoutsOf.set(p.holdingId, [...(payoutsOf.get(p.holdingId) ?? []), p]);
  return [...computed.values()].map((c) => withLedgerIncome(c, market, payoutsOf.get(c.holding.id) ?? []));
}

/** A user's holdings as entered; `readOnly`: the caller only reads them (see FindOptions.readOnly). */
export async function portfolioDoc(readModels: ReadModels, userId: string, options: { readOnly?: boolean } = {}): Promise<PortfolioDoc | null> {
  return readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS).findOne({ _id: userId }, options);
}

/** The `_position` of a user's portfolio document (0 when none): a small read, the holdings are not copied. */
export async function portfolioPosition(readModels: ReadModels, userId: string): Promise<number> {
  const doc = await readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS).findOne({ _id: userId }, { projection: { _position: 1 } });
  return doc ? Number(doc['_position'] ?? 0) : 0;
}

/**
 * Who holds a fund (user ids, sorted): the alerts' recipients. Served by the multikey index
 * `holdings.etfId` of the projection.
 */
export async function holdersOf(readModels: ReadModels, etfId: string): Promise<string[]> {
  const docs = await portfolios(readModels).find({ 'holdings.etfId': etfId }, { projection: { _id: 1 } });
  return docs.map((d) => d._id).sort();
}

/** The portfolio documents of these users (those with one; in no particular order). */
export async function portfoliosOf(readModels: ReadModels, userIds: readonly string[]): Promise<PortfolioDoc[]> {
  return portfolios(readModels).find({ _id: { $in: [...userIds] } });
}

/** Of these users, those whose portfolio document was written after log position `since` (the live updates). */
export async function portfoliosWrittenAfter(readModels: ReadModels, userIds: readonly string[], since: number): Promise<string[]> {
  const docs = await portfolios(readModels).find({ _id: { $in: [...userIds] }, _position: { $gt: since } }, { projection: { _id: 1 } });
  return docs.map((d) => d._id);
}

function portfolios(readModels: ReadModels) {
  return readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS);
}

/**
 * Whether two versions of a holding's entry have the same fields with the same values. The entries of
 * the `portfolios` documents are flat (strings, numbers, booleans, null); a field holding an object
 * would compare by identity, which can only make a part be computed again, never kept stale.
 */
function sameEntry(a: HoldingEntry, b: HoldingEntry): boolean {
  const keys = Object.keys(a) as (keyof HoldingEntry)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is(a[key], b[key]));
}

/** One holding's share of the user's document: its JSON and its payouts, as of one market key. */
interface HoldingPart {
  /**
   * What the part was computed from besides the market: the holding's whole entry as the document had
   * it (a brokerage sync changes shares and average cost in place, a user's own edit any entered
   * field). The part is current while every field of the entry is the same (sameEntry), whatever
   * fields a holding has: no list of them to keep in step.
   */
  entry: HoldingEntry;
  viewJson: string;
  /** The holding's `isDemo`. */
  isDemo: boolean;
  calendar: UserCalendarEntry[];
}

/** The answers of a document, each joined from the parts at the first read that needs it. */
interface UserAreaBodies {
  /** `GET /api/user/portfolio`: UTF-8 JSON, encoded once; `isDemo`: some holding's figures rest on demo data (the answer's `X-Demo-Data`). */
  portfolio: () => { body: Buffer; isDemo: boolean };
  /** `GET /api/user/dividends/calendar`: UTF-8 JSON, encoded once. */
  calendar: () => Buffer;
}

interface UserAreaDocument {
  /** Portfolio document position, market version and request date: the document is current while equal. */
  key: string;
  /** Market version and request date: a holding's part is current while equal (a changed holding is recomputed: see HoldingPart.entry). */
  marketKey: string;
  parts: Map<string, HoldingPart>;
  /**
   * The answers, joined from the parts at the first read that needs each: a write answers one holding
   * (its part), so it does not pay for joining every holding's JSON, nor a portfolio read for sorting
   * every payout.
   */
  bodies: UserAreaBodies;
  /** What the cache counts for the document: its parts (the bodies take about as much again once made). */
  bytes: number;
}

function byPayoutThenTicker(a: UserCalendarEntry, b: UserCalendarEntry): number {
  if (a.payoutDate !== b.payoutDate) return a.payoutDate < b.payoutDate ? -1 : 1;
  return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
}

/** The answers of a document, each joined from its parts once, when first asked for. */
function lazyBodies(parts: ReadonlyMap<string, HoldingPart>): UserAreaBodies {
  let portfolio: { body: Buffer; isDemo: boolean } | undefined;
  let calendar: Buffer | undefined;
  return {
    portfolio: () =>
      (portfolio ??= {
        body: Buffer.from(`[${[...parts.values()].map((p) => p.viewJson).join(',')}]`, 'utf8'),
        isDemo: [...parts.values()].some((p) => p.isDemo),
      }),
    calendar: () => (calendar ??= Buffer.from(JSON.stringify([...parts.values()].flatMap((p) => p.calendar).sort(byPayoutThenTicker)), 'utf8')),
  };
}

/**
 * The user area's derived reads, pre-serialized per user and kept while nothing they depend on
 * changed: the key is (the user's portfolio document `_position`, the market version, the request's
 * New York date). A holding write moves the first, any market data change (prices, distributions,
 * the market day, catalog edits) the second; the third only matters before the first market day.
 * Both answers are made together (they share the DRIP computation), from one part per holding: after a
 * holding write only the new holding is computed; after a market change every holding is. The cache is
 * bounded by the total size of the JSON it holds (least recently used out first).
 */
export class UserAreaReads {
  private readonly readModels: ReadModels;
  private readonly snapshots: MarketSnapshots;
  private readonly maxBytes: number;
  private readonly documents = new Map<string, UserAreaDocument>();
  private bytes = 0;
  private readonly untrack: () => void;

  constructor(readModels: ReadModels, options: { maxBytes?: number; snapshots?: MarketSnapshots } = {}) {
    this.readModels = readModels;
    this.snapshots = options.snapshots ?? new MarketSnapshots(readModels);
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.untrack = userAreaCaches.track(this);
  }

  /** The holdings with their derived values: UTF-8 JSON of HoldingView[], ready to send. */
  async portfolioBody(userId: string, requestToday: IsoDate): Promise<Buffer> {
    return (await this.document(userId, requestToday)).bodies.portfolio().body;
  }

  /** The portfolio answer and whether any holding's figures rest on demo data (the portfolio totals do then). */
  async portfolioAnswer(userId: string, requestToday: IsoDate): Promise<{ body: Buffer; isDemo: boolean }> {
    return (await this.document(userId, requestToday)).bodies.portfolio();
  }

  /** The user's payout calendar: UTF-8 JSON of UserCalendarEntry[], ready to send. */
  async calendarBody(userId: string, requestToday: IsoDate): Promise<Buffer> {
    return (await this.document(userId, requestToday)).bodies.calendar();
  }

  async portfolioJson(userId: string, requestToday: IsoDate): Promise<string> {
    return (await this.portfolioBody(userId, requestToday)).toString('utf8');
  }

  async calendarJson(userId: string, requestToday: IsoDate): Promise<string> {
    return (await this.calendarBody(userId, requestToday)).toString('utf8');
  }

  /** One of the user's holdings with its derived values; null when the user has no such holding. */
  async holding(userId: string, holdingId: string, requestToday: IsoDate): Promise<HoldingView | null> {
    const json = await this.holdingJson(userId, holdingId, requestToday);
    return json === null ? null : (JSON.parse(json) as HoldingView);
  }

  /** The same as JSON text (what the answer to a write sends as it is); null when the user has no such holding. */
  async holdingJson(userId: string, holdingId: string, requestToday: IsoDate): Promise<string | null> {
    return (await this.document(userId, requestToday)).parts.get(holdingId)?.viewJson ?? null;
  }

  /**
   * The user's tax-year summary (read-models/portfolio/tax-summary.ts) as of the market now: every
   * holding computed afresh from the same snapshot the portfolio uses (not cached: a few reads a year).
   */
  async taxSummary(userId: string, requestToday: IsoDate, year: number | null): Promise<TaxSummary> {
    const [doc, snapshot, payoutsDoc] = await Promise.all([
      portfolioDoc(this.readModels, userId, { readOnly: true }),
      this.snapshots.now(),
      this.readModels.collection<PayoutsDoc>(payoutsProjection, PAYOUTS).findOne({ _id: userId }, { readOnly: true }),
    ]);
    const holdings = doc?.holdings ?? [];
    const market = await snapshot.inputs(
      holdings.map((h) => h.etfId),
      requestToday,
    );
    // the payments as the ledger counts them, as Income Received does (docs/metrics.md "Income received")
    const computed = new Map(holdings.map((h) => [h.id, computeHolding(h, market)]));
    const ledger = buildLedger({ holdings, market, payouts: payoutsDoc, computed }, earliestHeldSince(holdings, market.today), market.today);
    return taxSummaryView(withLedgerIncomes(computed, market, ledger.payouts), market, year);
  }

  /** Cached documents and their total size (for tests and diagnostics). */
  stats(): { documents: number; bytes: number } {
    return { documents: this.documents.size, bytes: this.bytes };
  }

  /** Forgets every document (the owner's "clear cache"); each is computed again when next read. */
  clear(): void {
    this.documents.clear();
    this.bytes = 0;
  }

  close(): void {
    this.untrack();
  }

  private async document(userId: string, requestToday: IsoDate): Promise<UserAreaDocument> {
    const payouts = this.readModels.collection<PayoutsDoc>(payoutsProjection, PAYOUTS);
    const [position, version, payoutsAt] = await Promise.all([
      portfolioPosition(this.readModels, userId),
      this.snapshots.version(),
      payouts.findOne({ _id: userId }, { projection: { _position: 1 } }).then((d) => Number(d?.['_position'] ?? 0)),
    ]);
    // While a market batch is being written (version null) the newest trusted document is served if
    // there is one; anything computed meanwhile is answered but not kept. The user's payouts document
    // (marks, broker records: the calendar's payout states) is part of the market key: a mark
    // recomputes the user's holdings, as a market change does.
    const marketKey = `${version ?? this.snapshots.trusted}:${requestToday}:${payoutsAt}`;
    const cached = this.documents.get(userId);
    if (cached && cached.key === `${position}:${marketKey}`) {
      // most recently used last
      this.documents.delete(userId);
      this.documents.set(userId, cached);
      return cached;
    }
    // Read the holdings and the position together (the document may have moved since).
    const doc = await portfolioDoc(this.readModels, userId, { readOnly: true });
    const key = `${doc?.['_position'] ?? 0}:${marketKey}`;
    const holdings = doc?.holdings ?? [];
    const reusable = version !== null && cached && cached.marketKey === marketKey ? cached.parts : new Map<string, HoldingPart>();
    const current = (h: HoldingEntry) => {
      const e = reusable.get(h.id)?.entry;
      return e !== undefined && sameEntry(e, h);
    };
    const missing = holdings.filter((h) => !current(h));
    const parts = new Map<string, HoldingPart>();
    if (missing.length > 0) {
      const snapshot = version === null ? this.snapshots.untrusted() : this.snapshots.at(version);
      const [market, calendar] = await Promise.all([
        snapshot.inputs(
          missing.map((h) => h.etfId),
          requestToday,
        ),
        snapshot.calendarByFund(),
      ]);
      // the payout states of the calendar's window and the holdings' latest payouts (payout-ledger.ts)
      // The ledger from the first holding's heldSince on: each holding's income received follows its
      // payouts' states (withLedgerIncome), computed here once per document like the rest, not per request.
      const window = calendarWindow(market.today);
      const computed = new Map(missing.map((h) => [h.id, computeHolding(h, market)]));
      const payoutsDoc = await payouts.findOne({ _id: userId }, { readOnly: true });
      const latestFrom = addDays(market.today, -LATEST_PAYOUT_DAYS);
      const ledgerFrom = earliestHeldSince(missing, latestFrom);
      const ledger = buildLedger({ holdings: missing, market, payouts: payoutsDoc, computed }, ledgerFrom, window.to);
      for (const c of withLedgerIncomes(computed, market, ledger.payouts)) computed.set(c.holding.id, c);
      const states = new Map(ledger.payouts.map((p) => [`${p.holdingId}/${p.exDate}`, { payoutStatus: p.status, receivedAmount: p.received, entitledShares: p.entitledShares }]));
      const latest = new Map<string, HoldingView['latestPayout']>();
      // by pay date ascending: the last one whose ex-date has passed stays (a projection is no payout yet)
      for (const p of ledger.payouts) {
        if (p.payDate >= latestFrom && p.exDate <= market.today && p.status !== 'projected' && p.status !== 'declared') latest.set(p.holdingId, { exDate: p.exDate, payDate: p.payDate, status: p.status, expected: p.expected, received: p.received });
      }
      for (const h of missing) {
        const c = computed.get(h.id)!;
        const entries = calendar.get(h.etfId) ?? [];
        reusable.set(h.id, {
          entry: h,
          viewJson: JSON.stringify(portfolioView([c], market, latest)[0]),
          isDemo: c.isDemo,
          calendar: userCalendarView([c], entries, requestToday, states),
        });
      }
    }
    let partsBytes = 0;
    for (const h of holdings) {
      const part = reusable.get(h.id)!;
      parts.set(h.id, part);
      partsBytes += part.viewJson.length + 200 * part.calendar.length;
    }
    const next: UserAreaDocument = { key, marketKey, parts, bodies: lazyBodies(parts), bytes: 2 * partsBytes };
    if (version !== null) this.store(userId, next);
    return next;
  }

  private store(userId: string, document: UserAreaDocument): void {
    const previous = this.documents.get(userId);
    if (previous) {
      this.bytes -= previous.bytes;
      this.documents.delete(userId);
    }
    if (document.bytes > this.maxBytes) return;
    this.documents.set(userId, document);
    this.bytes += document.bytes;
    for (const [id, old] of this.documents) {
      if (this.bytes <= this.maxBytes) break;
      this.documents.delete(id);
      this.bytes -= old.bytes;
    }
  }
}

/** In the cache registry (domain/caches/registry.ts). */
const userAreaCaches = registerCacheKind<UserAreaReads>({
  name: 'user-area',
  owner: 'read-models/portfolio/queries.ts',
  key: 'user id; the document is current while (portfolio `_position`, market version, request date, payouts `_position`) is, a holding\'s part while the market key (market version, request date, payouts `_position`) and the holding\'s entry are',
  bound: '64 MiB, counted as twice the JSON of the parts (the answers joined from them take about as much again)',
  eviction: 'least recently used first',
  coherence: 'a holding write moves the portfolio `_position`, any market change the market version (market-snapshots), a payout mark or broker record the payouts `_position`; nothing is kept while the version cannot be trusted',
  clearable: true,
  clear: (reads) => reads.clear(),
  size: (reads) => reads.stats().documents,
});
