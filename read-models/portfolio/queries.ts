import type { UserCalendarEntry } from '../../services/market-data/calendar.ts';
import type { IsoDate } from '../../services/market-data/market-calendar.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { marketSnapshots, marketVersion, type MarketSnapshots } from './market-snapshot.ts';
import { PORTFOLIOS, portfolioProjection, type HoldingEntry, type PortfolioDoc } from './projection.ts';
import { computeHolding, portfolioView, userCalendarView, type HoldingView } from './views.ts';

export async function portfolioDoc(readModels: ReadModels, userId: string): Promise<PortfolioDoc | null> {
  return readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS).findOne({ _id: userId });
}

/** A user's holdings as entered, in the order added. */
export async function holdingsOf(readModels: ReadModels, userId: string): Promise<HoldingEntry[]> {
  return (await portfolioDoc(readModels, userId))?.holdings ?? [];
}

interface UserAreaDocument {
  key: string;
  /** `GET /api/user/portfolio` (JSON text). */
  portfolio: string;
  /** `GET /api/user/dividends/calendar` (JSON text). */
  calendar: string;
  bytes: number;
}

/**
 * The user area's derived reads, pre-serialized per user and kept while nothing they depend on
 * changed: the key is (the user's portfolio document `_position`, the market version, the request's
 * New York date). A holding write moves the first, any market data change (prices, distributions,
 * the market day, catalog edits) the second; the third only matters before the first market day.
 * Both answers are computed together on a miss (they share the DRIP computation). The cache is
 * bounded by the total size of the JSON it holds (least recently used out first).
 */
export class UserAreaReads {
  private readonly readModels: ReadModels;
  private readonly snapshots: MarketSnapshots;
  private readonly maxBytes: number;
  private readonly documents = new Map<string, UserAreaDocument>();
  private bytes = 0;

  constructor(readModels: ReadModels, options: { maxBytes?: number } = {}) {
    this.readModels = readModels;
    this.snapshots = marketSnapshots(readModels);
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /** The holdings with their derived values (JSON text of HoldingView[]). */
  async portfolioJson(userId: string, requestToday: IsoDate): Promise<string> {
    return (await this.document(userId, requestToday)).portfolio;
  }

  /** The user's payout calendar (JSON text of UserCalendarEntry[]). */
  async calendarJson(userId: string, requestToday: IsoDate): Promise<string> {
    return (await this.document(userId, requestToday)).calendar;
  }

  async holding(userId: string, holdingId: string, requestToday: IsoDate): Promise<HoldingView | null> {
    const holdings = JSON.parse(await this.portfolioJson(userId, requestToday)) as HoldingView[];
    return holdings.find((h) => h.id === holdingId) ?? null;
  }

  /** Cached documents and their total size (for tests and diagnostics). */
  stats(): { documents: number; bytes: number } {
    return { documents: this.documents.size, bytes: this.bytes };
  }

  private async document(userId: string, requestToday: IsoDate): Promise<UserAreaDocument> {
    const [doc, version] = await Promise.all([portfolioDoc(this.readModels, userId), marketVersion(this.readModels)]);
    const key = `${doc?.['_position'] ?? 0}:${version}:${requestToday}`;
    const cached = this.documents.get(userId);
    if (cached && cached.key === key) {
      // most recently used last
      this.documents.delete(userId);
      this.documents.set(userId, cached);
      return cached;
    }
    const holdings = doc?.holdings ?? [];
    const snapshot = this.snapshots.at(version);
    const market = await snapshot.inputs(
      holdings.map((h) => h.etfId),
      requestToday,
    );
    const computed = holdings.map((h) => computeHolding(h, market));
    const held = new Set(holdings.map((h) => h.etfId));
    const entries = holdings.length === 0 ? [] : (await snapshot.calendar()).filter((e) => held.has(e.etfId));
    const portfolio = JSON.stringify(portfolioView(computed, market) satisfies HoldingView[]);
    const calendar = JSON.stringify(userCalendarView(computed, entries) satisfies UserCalendarEntry[]);
    const next: UserAreaDocument = { key, portfolio, calendar, bytes: 2 * (portfolio.length + calendar.length) };
    this.store(userId, next);
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

const shared = new WeakMap<ReadModels, UserAreaReads>();

/** The user-area reads of a read side, shared by the routers of one process. */
export function userAreaReads(readModels: ReadModels): UserAreaReads {
  let reads = shared.get(readModels);
  if (!reads) shared.set(readModels, (reads = new UserAreaReads(readModels)));
  return reads;
}
