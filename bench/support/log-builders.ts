/**
 * Grows an embedded event log for the start-up and scale benches, with the server stopped: real event
 * types through the registry (every event validated by its schema, as EventLog.append does), decided by
 * the modules' own deciders where a command writes them, on the streams those modules use. Appends of
 * many streams are issued in the same turn, so the SQLite store commits them in one transaction.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PageInput } from '../../contracts/pages.ts';
import { registry } from '../../events/registry.ts';
import { streams } from '../../events/streams.ts';
import { createEventStore } from '../../infra/event-store/create-event-store.ts';
import { DemoMarketDataProvider, demoProfileOf } from '../../infra/market-data/demo-provider.ts';
import { addMonths, newYorkDate } from '../../domain/market/trading-days.ts';
import { SEED_CATALOG, seedListing } from '../../domain/market/seed-catalog.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { emailReservationDecider, userDecider } from '../../services/accounts/business-logic.ts';
import { listNewEtf } from '../../services/catalog/commands.ts';
import { EventLog } from '../../services/core/event-log.ts';
import type { CommandContext, Decider, DomainEvent } from '../../services/core/decider.ts';
import { favoritesDecider } from '../../services/favorites/business-logic.ts';
import { articleDecider } from '../../services/news/business-logic.ts';
import { pageDecider, pagePathDecider } from '../../services/pages/business-logic.ts';
import { portfolioDecider, type PortfolioCommand } from '../../services/portfolio/business-logic.ts';
import { syncDailyBars } from '../../services/prices/commands.ts';
import type { SyncEtf } from '../../services/core/provider-sync.ts';

export interface BenchLog {
  store: EventStore;
  log: EventLog;
  close(): Promise<void>;
}

/** The embedded event store of a data directory (the server must not be running on it). */
export async function openLog(dataDir: string): Promise<BenchLog> {
  const store = await createEventStore({ dataDir });
  return { store, log: new EventLog(store, registry), close: () => store.close() };
}

/**
 * Copies the event log of one data directory into another, nothing else (no read models, no jobs
 * database): the file(s) of the embedded SQLite store, `<dataDir>/events.sqlite` (infra/event-store/create-event-store.ts).
 */
export function copyEventLog(fromDir: string, toDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    const from = path.join(fromDir, `events.sqlite${suffix}`);
    if (existsSync(from)) copyFileSync(from, path.join(toDir, `events.sqlite${suffix}`));
  }
}

/** A UUID (v5 layout) derived from a name: the generated data is the same at every run. */
export function benchUuid(name: string): string {
  const b = createHash('sha1').update('weeklydiv-bench').update(name).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Runs commands through a decider, folding each result: the events one append of the stream would hold. */
function decideAll<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, commands: readonly { command: C; ctx: CommandContext }[]): E[] {
  let state = decider.initialState();
  const events: E[] = [];
  for (const { command, ctx } of commands) {
    for (const event of decider.decide(command, state, ctx)) {
      state = decider.evolve(state, event);
      events.push(event);
    }
  }
  return events;
}

/** One stream's new events, appended as a module's command handler would (stream must not exist yet). */
interface StreamWrite {
  stream: string;
  events: DomainEvent[];
  ctx: CommandContext;
}

/** Appends the writes, `perCommit` streams per turn (one SQLite transaction each); resolves with the number of events. */
export async function appendAll(log: EventLog, writes: Iterable<StreamWrite>, perCommit = 2000): Promise<number> {
  let count = 0;
  let batch: Promise<unknown>[] = [];
  for (const write of writes) {
    if (write.events.length === 0) continue;
    batch.push(log.append(write.stream, write.events, 'no_stream', write.ctx));
    count += write.events.length;
    if (batch.length >= perCommit) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  return count;
}

const ctxAt = (now: string, actor: string): CommandContext => ({ actor, correlationId: `bench-${actor}`, now });

// ---------------------------------------------------------------------------------------------------
// More funds with two years of demo prices (start-up bench)

/**
 * Lists copies of the seed catalog's funds under new tickers (`XB0000`, ...) through the catalog's
 * command (ticker reservation + EtfListed), then records their daily bars for the last two years
 * through the prices sync (the demo provider, each copy drawing its own series from its family's
 * profile), a group of funds at a time until at least `events` events were appended. Resolves with the funds and
 * the number of events.
 */
export async function appendMoreFunds(log: EventLog, options: { events: number; now: string; onProgress?: (done: number) => void }): Promise<{ funds: number; events: number }> {
  const { now } = options;
  const ctx = ctxAt(now, 'job:bench');
  const baseOf = new Map<string, string>();
  const provider = new DemoMarketDataProvider({ now: () => now, profileOf: (ticker) => demoProfileOf(baseOf.get(ticker) ?? ticker) });
  const today = newYorkDate(now);
  const start = await log.store.headPosition();
  let head = start;
  let funds = 0;
  while (head - start < options.events) {
    const group: SyncEtf[] = [];
    // up to 25 funds a round, fewer near the target (a fund brings about 450 bars)
    const perFund = funds > 0 ? (head - start) / funds : 450;
    const size = Math.max(1, Math.min(25, Math.ceil((options.events - (head - start)) / perFund)));
    for (let i = 0; i < size; i++, funds++) {
      const seed = SEED_CATALOG[funds % SEED_CATALOG.length]!;
      const ticker = `XB${String(funds).padStart(4, '0')}`;
      baseOf.set(ticker, seed.ticker);
      const { etf } = await listNewEtf(
        log,
        { ...seedListing(seed), ticker, name: `${seed.name} (bench ${funds})`, inceptionDate: null },
        ctx,
        { etfId: benchUuid(`etf-${ticker}`), dataSource: 'demo' },
      );
      group.push({ etfId: etf.etfId, ticker, inceptionDate: null });
    }
    await syncDailyBars(log, provider, group, addMonths(today, -24), today, ctx);
    head = await log.store.headPosition();
    options.onProgress?.(head - start);
  }
  return { funds, events: head - start };
}

// ---------------------------------------------------------------------------------------------------
// Users, news and pages (scale bench)

export interface BenchFund {
  etfId: string;
  ticker: string;
}

export interface UserShape {
  holdings: number;
  /** Holdings changed once more by a CSV import (HoldingUpdated). */
  updates: number;
  favorites: number;
  /** Sign-ins over the two years (UserLoggedIn on the user's stream). */
  logins: number;
}

export const DEFAULT_USER_SHAPE: UserShape = { holdings: 12, updates: 4, favorites: 5, logins: 66 };

export const benchEmail = (i: number) => `bench-user-${i}@example.com`;
export const benchUserId = (i: number) => benchUuid(`user-${i}`);

const DAY_MS = 86_400_000;

/** The funds user `i` holds (distinct while `holdings` <= the catalog size: a stride of 8 is coprime to the 63 seed funds). */
export function heldFunds<F>(i: number, funds: readonly F[], shape: UserShape = DEFAULT_USER_SHAPE): F[] {
  return Array.from({ length: shape.holdings }, (_, k) => funds[(i * 13 + k * 8) % funds.length]!).filter((f, k, all) => all.indexOf(f) === k);
}

/**
 * The streams of user `i`, as the accounts, portfolio and favorites modules write them: the e-mail
 * reservation and the account (UserRegistered, EmailVerificationRequested), then sign-ins spread over
 * the two years before `now`; holdings (HoldingAdded) and a CSV import that changes some of them
 * (HoldingUpdated); favorites. All users share one password hash (see the scale bench).
 */
export function userWrites(i: number, options: { now: string; funds: readonly BenchFund[]; passwordHash: string; shape?: UserShape }): StreamWrite[] {
  const shape = options.shape ?? DEFAULT_USER_SHAPE;
  const { funds } = options;
  const userId = benchUserId(i);
  const email = benchEmail(i);
  const nowMs = Date.parse(options.now);
  // registered 1..700 days ago; every later fact between then and now
  const registeredMs = nowMs - (1 + ((i * 7919) % 700)) * DAY_MS;
  const at = (k: number, of: number) => new Date(registeredMs + ((nowMs - registeredMs) * (k + 1)) / (of + 2)).toISOString();
  const actor = `user:${userId}`;
  const registeredCtx = ctxAt(new Date(registeredMs).toISOString(), actor);
  const tokenHash = createHash('sha256').update(`verify-${i}`).digest('hex');
  const userEvents = decideAll(userDecider, [
    { command: { type: 'RegisterUser', data: { userId, email, firstName: 'Bench', lastName: `User ${i}`, passwordHash: options.passwordHash, verificationTokenHash: tokenHash } }, ctx: registeredCtx },
    ...Array.from({ length: shape.logins }, (_, k) => ({ command: { type: 'RecordLogin' as const, data: {} }, ctx: ctxAt(at(k, shape.logins), actor) })),
  ]);
  const held = heldFunds(i, funds, shape);
  const portfolioCommands: { command: PortfolioCommand; ctx: CommandContext }[] = held.map((fund, k) => ({
    command: {
      type: 'AddHolding',
      data: {
        userId,
        holdingId: benchUuid(`holding-${i}-${k}`),
        etfId: fund.etfId,
        ticker: fund.ticker,
        shares: String(10 + ((i + k) % 90)),
        purchasePrice: k % 3 === 0 ? null : `${10 + ((i * 3 + k) % 40)}.25`,
        purchaseDate: null,
        isDrip: k % 2 === 0,
      },
    },
    ctx: ctxAt(at(k, shape.holdings + 1), actor),
  }));
  const updated = held.slice(0, shape.updates);
  if (updated.length > 0) {
    portfolioCommands.push({
      command: {
        type: 'ImportHoldings',
        data: {
          userId,
          lines: updated.map((fund, k) => ({ line: k + 2, etfId: fund.etfId, ticker: fund.ticker, shares: String(100 + k), purchasePrice: '20.5', firstTradingDay: null, newHoldingId: benchUuid(`import-${i}-${k}`) })),
        },
      },
      ctx: ctxAt(at(shape.holdings, shape.holdings + 1), actor),
    });
  }
  const favorites = Array.from({ length: shape.favorites }, (_, k) => funds[(i * 5 + k * 11) % funds.length]!);
  const favoriteEvents = decideAll(
    favoritesDecider,
    favorites.map((fund, k) => ({ command: { type: 'AddFavorite' as const, data: { userId, favoriteId: benchUuid(`favorite-${i}-${k}`), etfId: fund.etfId, limit: 5 } }, ctx: ctxAt(at(k, shape.favorites), actor) })),
  );
  // the reservation under an older log's name: the bench writes its log without the key store that
  // hashes new names; the server reads these through its fallback (docs/accounts-and-security.md)
  return [
    { stream: streams.legacyUserEmail(email), events: decideAll(emailReservationDecider, [{ command: { type: 'ReserveEmail', data: { email, userId } }, ctx: registeredCtx }]), ctx: registeredCtx },
    { stream: streams.user(userId), events: userEvents, ctx: registeredCtx },
    { stream: streams.portfolio(userId), events: decideAll(portfolioDecider, portfolioCommands), ctx: registeredCtx },
    { stream: streams.favorites(userId), events: favoriteEvents, ctx: registeredCtx },
  ];
}

/** News article `i`, ingested from a feed and published (NewsArticleIngested + NewsArticleStatusChanged). */
export function articleWrites(i: number, now: string): StreamWrite {
  const articleId = `bench-${i}`;
  const ctx = ctxAt(new Date(Date.parse(now) - (i % 700) * DAY_MS).toISOString(), 'job:ingest-news');
  const events = decideAll(articleDecider, [
    {
      command: {
        type: 'IngestArticle',
        status: 'published',
        article: {
          articleId,
          title: `Weekly distributions, article ${i}`,
          link: `https://news.example.com/articles/${i}`,
          summary: 'A summary of the week in weekly-distribution ETFs: payouts, prices and what changed.',
          source: 'Bench Wire',
          tags: ['etf', 'dividends'],
          publishedAt: ctx.now,
        },
      },
      ctx,
    },
  ]);
  return { stream: streams.news(articleId), events, ctx };
}

/** Managed page `i` (its path reservation, then PageCreated), as the pages module writes them. */
export function pageWrites(i: number, now: string): StreamWrite[] {
  const pageId = benchUuid(`page-${i}`);
  const ctx = ctxAt(now, 'user:owner');
  const fields = PageInput.parse({ path: `/guides/bench-${i}`, title: `Guide ${i}`, htmlBody: `<h1>Guide ${i}</h1><p>How weekly payouts work.</p>`, isPublished: true });
  const page = decideAll(pageDecider, [{ command: { type: 'CreatePage', pageId, fields }, ctx }]);
  const created = page[0]!.data as { path: string };
  const reservation = decideAll(pagePathDecider, [{ command: { type: 'ReservePagePath', path: created.path, pageId }, ctx }]);
  return [
    { stream: streams.pagePath(created.path), events: reservation, ctx },
    { stream: streams.page(pageId), events: page, ctx },
  ];
}
