import type { Logger } from 'pino';
import type { JobName } from '../../events/jobs.ts';
import type { FeedReader } from '../../infra/news-feeds/port.ts';
import { MarketDataProviderError, type MarketDataProvider } from '../../infra/market-data/port.ts';
import { allProjections } from '../../read-models/all.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { ProjectionRunner } from '../../read-models/runtime/runner.ts';
import { AppError } from '../core/errors.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { clearCaches } from '../../domain/caches/registry.ts';
import { listNewEtf } from '../catalog/commands.ts';
import { addDays, addMonths, isBusinessDay, isRegularSession, newYorkDate, newYorkTime, type IsoDate } from '../../domain/market/trading-days.ts';
import { SEED_CATALOG, seedEtfByTicker, seedEtfId, seedListing } from '../../domain/market/seed-catalog.ts';
import { syncDailyBars, syncPrices } from '../prices/commands.ts';
import { syncDistributions, type SkippedDistribution } from '../dividends/commands.ts';
import { syncSplits } from '../splits/commands.ts';
import { beginMarketDay } from '../market-clock/market-day.ts';
import { eachLimited, type SyncEtf } from '../core/provider-sync.ts';
import type { NewsFeed } from '../news/feeds.ts';
import { ingestNews } from '../news/ingest.ts';
import type { Brokerage } from '../../infra/brokerage/port.ts';
import type { Config } from '../http/config.ts';
import { registeredBrokerageUsers } from '../../read-models/brokerage/queries.ts';
import { findUserById, premiumUsers } from '../../read-models/users/queries.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import { syncBrokerage } from '../brokerage/commands.ts';
import { portfoliosOf } from '../../read-models/portfolio/queries.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import { sendExDateReminders } from '../alerts/ex-date-reminders.ts';
import type { SafeFetch } from '../../infra/http-fetch/port.ts';
import type { IssuerFeed } from '../declarations/feeds.ts';
import { ingestDeclarations } from '../declarations/ingest.ts';
import type { ParseRelease } from '../declarations/release.ts';

/**
 * What each data job does. A job only sends commands (through services/{prices,dividends,splits}/commands.ts,
 * services/market-clock/market-day.ts and the catalog commands); it never
 * writes read models. Jobs read the `catalog-index` read model to know
 * which funds to sync. A run answers a one-sentence summary and counts, or throws: a `JobProblem`
 * carries the reason the owner sees in the Data Sync tab.
 */

/** A failure whose message is meant for the owner as it is. */
export class JobProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobProblem';
  }
}

export const NO_ALPACA_KEYS =
  'Alpaca API keys are not set. Set ALPACA_KEY_ID and ALPACA_SECRET_KEY for real market data, or DEMO_DATA=true for demo data.';

export interface JobEnv {
  log: EventLog;
  readModels: ReadModels;
  /** Present where the read models are built (embedded default, worker): needed by recalculate-yields. */
  runner: ProjectionRunner | undefined;
  now: () => Date;
  logger: Logger;
  /** The market data provider for a run (made by the composition root, or a test's); `null` means "none configured". */
  provider: () => MarketDataProvider | null;
  /** What ingest-news reads: the feeds (NEWS_FEEDS or the built-in list) and the reader (timeout, size limit). */
  news: { reader: FeedReader; feeds: readonly NewsFeed[] };
  /** For sync-brokerage: the configuration (SnapTrade keys) and the brokerage adapter (undefined: not configured). */
  config: Config;
  brokerage: Brokerage | undefined;
  /** For send-ex-date-reminders: the mail port. */
  mailer: Mailer;
  /**
   * What ingest-declarations reads (docs/declarations.md): the issuers' feeds (ISSUER_FEEDS or the
   * built-in list), the feed reader and the safe fetch of the release pages, and the release parser.
   */
  declarations: { reader: FeedReader; fetcher: SafeFetch; parseRelease: ParseRelease; feeds: readonly IssuerFeed[]; userAgent: string };
}

export interface RunContext {
  jobId: string;
  name: JobName;
  /** The context of the run's commands: actor `job:<name>`, the run id as correlation id, its start time. */
  ctx: CommandContext;
  /** True for a run started by the schedule (then update-prices skips days the market is closed). */
  scheduled: boolean;
  progress(p: { done: number; total: number; message: string }): Promise<void>;
}

export interface JobOutcome {
  summary: string;
  counts: Record<string, number>;
}

export type JobBody = (env: JobEnv, run: RunContext) => Promise<JobOutcome>;

/** Years of history loaded by initialize-production (or from inception for younger funds). */
export const HISTORY_MONTHS = 24;
/** update-prices re-reads the bars of the last week, so a missed run leaves no gap. */
export const BAR_LOOKBACK_DAYS = 7;
/** sync-dividends looks this far back (late corrections) and ahead (declared, not yet ex). */
export const DISTRIBUTION_WINDOW_DAYS = { back: 60, ahead: 60 } as const;

/** The configured provider, or the reason there is none. */
export function providerOf(env: JobEnv): MarketDataProvider {
  const provider = env.provider();
  if (provider === null) throw new JobProblem(NO_ALPACA_KEYS);
  return provider;
}

/** The market read models rebuilt by recalculate-yields: `market` and any `market-*` projection. */
export function marketProjectionNames(): string[] {
  return allProjections.filter((p) => p.name === 'market' || p.name.startsWith('market-')).map((p) => p.name);
}

/** The owner-facing reason of a failed run. */
export function reasonOf(error: unknown): string {
  if (error instanceof JobProblem) return error.message;
  if (error instanceof MarketDataProviderError) return `The market data provider failed: ${error.message}`;
  if (error instanceof AppError && error.status === 412) return 'Another job or import kept writing the same data at the same time: run it again';
  if (error instanceof AppError) return error.message;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

async function listedFunds(env: JobEnv): Promise<SyncEtf[]> {
  const docs = await listCatalog(env.readModels);
  return docs.map((d) => ({ etfId: d._id, ticker: d.ticker, inceptionDate: d.inceptionDate }));
}

/**
 * A fund of the seed catalog as the seed job listed it: its ticker is in the catalog and its id is the
 * seed id of that ticker. A fund the owner created (a random id, even under a seed ticker) is not one.
 */
export function isSeedFund(etf: Pick<SyncEtf, 'etfId' | 'ticker'>): boolean {
  return seedEtfByTicker(etf.ticker) !== undefined && etf.etfId === seedEtfId(etf.ticker);
}

/**
 * The funds a provider is asked about (docs/data-operations.md, "Precedence"): the demo provider only
 * serves funds of the seed catalog, never a fund the owner created (its data would be invented);
 * Alpaca is asked about every listed fund (real data for a real ticker), and the deciders keep it from
 * revising any bar or distribution the owner loaded.
 */
export function fundsFor(provider: MarketDataProvider, etfs: readonly SyncEtf[]): SyncEtf[] {
  return provider.source === 'demo' ? etfs.filter(isSeedFund) : [...etfs];
}

function today(run: RunContext): IsoDate {
  return newYorkDate(run.ctx.now);
}

/** Progress over several phases: `phase` of `phases`, each reporting done/total of its own. */
function phased(run: RunContext, phase: number, phases: number) {
  return async (p: { done: number; total: number; message: string }) => {
    const total = Math.max(1, p.total) * phases;
    await run.progress({ done: Math.max(1, p.total) * phase + p.done, total, message: p.message });
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const noFunds = (provider: MarketDataProvider, verb: string) =>
  provider.source === 'demo'
    ? `No ETFs of the seed catalog are listed: nothing to ${verb} (demo data never covers funds the owner created)`
    : `No ETFs are listed yet: nothing to ${verb}`;

// ---------------------------------------------------------------------------------------------------

/**
 * List the seed catalog (tickers already listed are skipped), then load two years of daily bars
 * and distributions (from inception for younger funds) for every listed fund, the latest prices, and
 * begin the market day.
 */
const initializeProduction: JobBody = async (env, run): Promise<JobOutcome> => {
  const provider = providerOf(env);
  const day = today(run);
  const listedTickers = new Set((await listCatalog(env.readModels)).map((e) => e.ticker));
  let listed = 0;
  let skipped = 0;
  let position = 0;
  await eachLimited(SEED_CATALOG, 8, async (seed) => {
    if (listedTickers.has(seed.ticker)) {
      skipped++;
      return;
    }
    try {
      const written = await listNewEtf(env.log, seedListing(seed), run.ctx, {
        etfId: seedEtfId(seed.ticker),
        dataSource: provider.source,
      });
      position = Math.max(position, written.position);
      listed++;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
      skipped++; // listed meanwhile (by the owner or another run)
    }
  });
  await env.readModels.waitFor(position, { timeoutMs: 60_000 });
  const etfs = fundsFor(provider, await listedFunds(env));
  await run.progress({ done: 0, total: 2 * etfs.length, message: `Listed ${plural(listed, 'ETF')} from the seed catalog (${skipped} already listed)` });
  const from = addMonths(day, -HISTORY_MONTHS);
  const bars = await syncDailyBars(env.log, provider, etfs, from, day, run.ctx, { onProgress: phased(run, 0, 2) });
  const dists = await syncDistributions(env.log, provider, etfs, from, addDays(day, DISTRIBUTION_WINDOW_DAYS.ahead), run.ctx, {
    onProgress: phased(run, 1, 2),
    onSkipped: logSkipped(env),
  });
  const splits = await syncSplits(env.log, provider, etfs, from, addDays(day, DISTRIBUTION_WINDOW_DAYS.ahead), run.ctx);
  const quotes = await syncPrices(env.log, provider, etfs, run.ctx);
  const clock = await beginMarketDay(env.log, day, run.ctx);
  const counts = {
    listed,
    alreadyListed: skipped,
    etfs: etfs.length,
    barsRecorded: bars.totals.recorded,
    barsRevised: bars.totals.revised,
    distributionsDeclared: dists.totals.declared,
    distributionsRevised: dists.totals.revised,
    splitsRecorded: splits.totals.recorded,
    quotes: quotes.quoted,
    marketDayBegan: clock.began ? 1 : 0,
  };
  return {
    summary:
      `Listed ${plural(listed, 'ETF')} (${skipped} already listed); loaded ${plural(bars.totals.recorded, 'daily bar')} and ` +
      `${plural(dists.totals.declared, 'distribution')} from ${from} for ${plural(etfs.length, 'ETF')} (${provider.source} data)`,
    counts,
  };
};

/** Latest quotes and the bars of the last week. A scheduled run skips days the market is closed. */
const updatePrices: JobBody = async (env, run): Promise<JobOutcome> => {
  const day = today(run);
  if (run.scheduled && !isBusinessDay(day)) {
    return { summary: `The market is closed on ${day} (weekend or NYSE holiday): nothing to update`, counts: { skipped: 1 } };
  }
  const provider = providerOf(env);
  const etfs = fundsFor(provider, await listedFunds(env));
  if (etfs.length === 0) return { summary: noFunds(provider, 'update'), counts: { etfs: 0 } };
  const quotes = await syncPrices(env.log, provider, etfs, run.ctx, { onProgress: phased(run, 0, 2) });
  const bars = await syncDailyBars(env.log, provider, etfs, addDays(day, -BAR_LOOKBACK_DAYS), day, run.ctx, { onProgress: phased(run, 1, 2) });
  await beginMarketDay(env.log, day, run.ctx);
  const missing = [...new Set([...quotes.missing])];
  return {
    summary:
      `Updated prices of ${plural(quotes.quoted, 'ETF')} (${quotes.unchanged} unchanged), ` +
      `${plural(bars.totals.recorded, 'new daily bar')}, ${plural(bars.totals.revised, 'corrected bar')}` +
      (missing.length > 0 ? `; no price for ${missing.join(', ')}` : ''),
    counts: { etfs: etfs.length, quotes: quotes.quoted, quotesUnchanged: quotes.unchanged, barsRecorded: bars.totals.recorded, barsRevised: bars.totals.revised, missing: missing.length },
  };
};

/** A provider's distribution on a weekend or an NYSE holiday is no ex-date: left out of the sync, and logged (N13). */
function logSkipped(env: JobEnv): (skipped: SkippedDistribution) => void {
  return (skipped) => env.logger.warn(skipped, 'provider distribution skipped');
}

/** Distributions with ex-dates from 60 days back to 60 days ahead. */
const syncDividends: JobBody = async (env, run): Promise<JobOutcome> => {
  const provider = providerOf(env);
  const day = today(run);
  const etfs = fundsFor(provider, await listedFunds(env));
  if (etfs.length === 0) return { summary: noFunds(provider, 'sync'), counts: { etfs: 0 } };
  const from = addDays(day, -DISTRIBUTION_WINDOW_DAYS.back);
  const to = addDays(day, DISTRIBUTION_WINDOW_DAYS.ahead);
  const out = await syncDistributions(env.log, provider, etfs, from, to, run.ctx, { onProgress: (p) => run.progress(p), onSkipped: logSkipped(env) });
  // Splits (corporate actions) come with the distributions: both are per-share facts the metrics adjust by.
  const splits = await syncSplits(env.log, provider, etfs, from, to, run.ctx);
  const splitNote = splits.totals.recorded + splits.totals.revised > 0 ? `; splits: ${splits.totals.recorded} new, ${splits.totals.revised} revised` : '';
  return {
    summary:
      `Synced distributions ${from} to ${to}: ${out.totals.declared} new, ${out.totals.revised} revised, ${out.totals.unchanged} unchanged` +
      (out.skipped.length > 0 ? `; ${plural(out.skipped.length, 'row')} skipped (ex-date on a day without a session)` : '') +
      splitNote,
    counts: {
      etfs: etfs.length,
      declared: out.totals.declared,
      revised: out.totals.revised,
      unchanged: out.totals.unchanged,
      skipped: out.skipped.length,
      splitsRecorded: splits.totals.recorded,
      splitsRevised: splits.totals.revised,
    },
  };
};

/** Rebuilds the market read models (metrics, yields, views) from the log, then empties the caches (clear-cache's clearCaches). */
const recalculateYields: JobBody = async (env, run): Promise<JobOutcome> => {
  if (!env.runner) throw new JobProblem('The read models are not built in this process (run it on the worker)');
  const names = marketProjectionNames();
  const started = Date.now();
  for (const [i, name] of names.entries()) {
    await run.progress({ done: i, total: names.length, message: `Rebuilding ${name}` });
    await env.runner.rebuild(name);
  }
  await clearCaches();
  const ms = Date.now() - started;
  return { summary: `Rebuilt ${names.join(', ') || 'no market read models'} from the log in ${ms} ms`, counts: { projections: names.length, ms } };
};

/**
 * Empties every in-process cache of derived data (domain/caches/registry.ts: views, user area, memo
 * tables, the document cache ...); each fills again on demand. The tables that hold no data (command
 * queues, open live streams) are left alone and counted as kept. On the gateway/worker split each
 * gateway does the same when it sees this run succeed (runtime.ts, followCacheClears).
 */
const clearCache: JobBody = async (): Promise<JobOutcome> => {
  const { cleared, kept, failed } = await clearCaches();
  if (failed.length > 0) throw new JobProblem(`Could not clear ${failed.map((f) => `${f.name} (${f.reason})`).join(', ')}`);
  return {
    summary: `Cleared ${plural(cleared.length, 'cache')}${cleared.length ? `: ${cleared.join(', ')}` : ''}. Fresh data will load on next request.`,
    counts: { cleared: cleared.length, kept: kept.length },
  };
};

/** "Today" (America/New_York) enters the log. */
const beginMarketDayJob: JobBody = async (env, run): Promise<JobOutcome> => {
  const day = today(run);
  const { began } = await beginMarketDay(env.log, day, run.ctx);
  return { summary: began ? `Market day ${day} began` : `Market day ${day} had already begun`, counts: { began: began ? 1 : 0 } };
};

/**
 * News from RSS (services/news/ingest.ts): archive what waited 30 days in review, read every feed, ingest
 * each new item once (published when a keyword matches, else review). Fails only when no feed could be read.
 */
const ingestNewsJob: JobBody = async (env, run): Promise<JobOutcome> => {
  const { counts, failures, position } = await ingestNews({
    log: env.log,
    readModels: env.readModels,
    reader: env.news.reader,
    feeds: env.news.feeds,
    logger: env.logger,
    ctx: run.ctx,
    progress: (p) => run.progress(p),
  });
  // the run is reported done once the articles show in the lists
  await env.readModels.waitFor(position, { timeoutMs: 60_000 });
  const failed = failures.map((f) => `${f.feed} (${f.reason})`).join('; ');
  if (counts.feedsRead === 0 && counts.feedsFailed > 0) {
    throw new JobProblem(`No news feed could be read: ${failed}` + (counts.archived > 0 ? `. Archived ${plural(counts.archived, 'article')} after 30 days in review.` : ''));
  }
  return {
    summary:
      `Read ${counts.feedsRead} of ${plural(counts.feeds, 'feed')}: ${plural(counts.items, 'item')}, ${plural(counts.newArticles, 'new article')} ` +
      `(${counts.published} published, ${counts.inReview} in review)` +
      (counts.skipped > 0 ? `, ${counts.skipped} without a title or an http(s) link skipped` : '') +
      (counts.archived > 0 ? `; archived ${plural(counts.archived, 'article')} after 30 days in review` : '') +
      (failures.length > 0 ? `; failed: ${failed}` : ''),
    counts: { ...counts },
  };
};

/**
 * Premium's daily brokerage sync: every user registered with SnapTrade who has Premium's rights now
 * is synced as if they pressed "Sync Portfolio" (BrokerageSynced with trigger `schedule`). One user's
 * failure (SnapTrade down for that connection) does not stop the others; the run fails only when
 * every sync failed.
 */
const syncBrokerageJob: JobBody = async (env, run): Promise<JobOutcome> => {
  if (!env.brokerage || !env.config.snaptrade) return { summary: 'SnapTrade is not configured: no brokerage to sync', counts: { users: 0 } };
  const userIds = await registeredBrokerageUsers(env.readModels);
  const now = new Date(run.ctx.now);
  let synced = 0;
  let failed = 0;
  let notPremium = 0;
  let holdings = 0;
  for (const [i, userId] of userIds.entries()) {
    await run.progress({ done: i, total: userIds.length, message: `Syncing ${i + 1} of ${userIds.length}` });
    const user = await findUserById(env.readModels, userId);
    if (!user || !hasPremiumRights(user, now)) {
      notPremium += 1;
      continue;
    }
    try {
      const outcome = await syncBrokerage({ ...env, brokerage: env.brokerage }, userId, 'schedule', run.ctx);
      synced += 1;
      holdings += outcome.created + outcome.updated + outcome.removed;
    } catch (error) {
      failed += 1;
      env.logger.warn({ userId, reason: reasonOf(error) }, 'scheduled brokerage sync failed for a user');
    }
  }
  if (failed > 0 && synced === 0) throw new JobProblem(`Every brokerage sync failed (${plural(failed, 'user')}); SnapTrade may be down`);
  return {
    summary: `Synced the brokerage accounts of ${plural(synced, 'Premium user')} (${plural(holdings, 'holding')} changed)` + (failed > 0 ? `; ${failed} failed` : '') + (notPremium > 0 ? `; ${notPremium} without Premium skipped` : ''),
    counts: { users: userIds.length, synced, failed, notPremium, holdingsChanged: holdings },
  };
};

/** The summary of refresh-premium-quotes with the demo provider. */
export const DEMO_QUOTES_DO_NOT_UPDATE = 'Demo data does not update live: quotes refresh every minute only with a real market data provider (Alpaca)';

/**
 * Whether a scheduled minute of refresh-premium-quotes has anything to do: the NYSE regular session
 * (domain/market/trading-days.ts `isRegularSession`) and a real provider configured. Other minutes are
 * not recorded as runs (the schedule fires from 9:00 to 16:59 on weekdays).
 */
export function premiumQuotesDue(env: JobEnv, now: Date): boolean {
  const provider = env.provider();
  return provider !== null && provider.source !== 'demo' && isRegularSession(now.getTime());
}

/** The listed funds some user with Premium's rights holds now (ids), for the per-minute quotes. */
export async function fundsHeldByPremiumUsers(env: JobEnv, now: Date): Promise<Set<string>> {
  const premium = (await premiumUsers(env.readModels)).filter((u) => hasPremiumRights(u, now)).map((u) => u._id);
  if (premium.length === 0) return new Set();
  const portfolios = await portfoliosOf(env.readModels, premium);
  return new Set(portfolios.flatMap((p) => p.holdings.map((h) => h.etfId)));
}

/**
 * Premium's real-time quotes (docs/live-updates.md): every minute of the regular session, the latest
 * prices of the funds Premium users hold, with a real provider only (demo data does not move). The
 * quotes land as PriceQuoted; the read models and the live streams do the rest. A run the owner asks
 * for outside the session still refreshes (a scheduled one is not even recorded then).
 */
const refreshPremiumQuotes: JobBody = async (env, run): Promise<JobOutcome> => {
  const now = new Date(run.ctx.now);
  const provider = env.provider();
  if (provider === null) return { summary: 'No market data provider is configured (ALPACA_KEY_ID, ALPACA_SECRET_KEY): nothing to refresh', counts: { etfs: 0, skipped: 1 } };
  if (provider.source === 'demo') return { summary: DEMO_QUOTES_DO_NOT_UPDATE, counts: { etfs: 0, skipped: 1 } };
  if (run.scheduled && !isRegularSession(now.getTime())) {
    return { summary: `The market is not in its regular session at ${now.toISOString()}: nothing to refresh`, counts: { etfs: 0, skipped: 1 } };
  }
  const held = await fundsHeldByPremiumUsers(env, now);
  const etfs = fundsFor(provider, await listedFunds(env)).filter((e) => held.has(e.etfId));
  if (etfs.length === 0) return { summary: 'No Premium user holds a listed ETF: nothing to refresh', counts: { etfs: 0 } };
  const quotes = await syncPrices(env.log, provider, etfs, run.ctx);
  const missing = [...new Set(quotes.missing)];
  return {
    summary: `Refreshed the quotes of ${plural(quotes.quoted, 'ETF')} held by Premium users (${quotes.unchanged} unchanged)` + (missing.length > 0 ? `; no price for ${missing.join(', ')}` : ''),
    counts: { etfs: etfs.length, quotes: quotes.quoted, quotesUnchanged: quotes.unchanged, missing: missing.length },
  };
};

/**
 * Ex-date reminders (services/alerts/ex-date-reminders.ts, docs/alerts.md): during a session, before its
 * close, one mail per (user, held distribution) for declared payouts going ex the next business day.
 */
const sendExDateRemindersJob: JobBody = async (env, run): Promise<JobOutcome> => {
  const { exDate, sent, alreadySent, failed } = await sendExDateReminders(
    { log: env.log, readModels: env.readModels, mailer: env.mailer, logger: env.logger, now: env.now, appUrl: env.config.appUrl, sessionSecret: env.config.session.secret },
    run.ctx,
  );
  if (exDate === null) return { summary: 'No session still open today: no ex-date reminders (they go out before the last close before the ex-date)', counts: { sent: 0, alreadySent: 0, failed: 0 } };
  return { summary: `Sent ${plural(sent, 'ex-date reminder')} for ex-date ${exDate}` + (failed > 0 ? ` (${failed} failed)` : ''), counts: { sent, alreadySent, failed } };
};

/**
 * Whether a scheduled poll of ingest-declarations has anything to do: 07:00 to 20:00 New York time on an
 * NYSE business day, when issuers publish (ISSUER_POLL_WINDOW=always: any time). Other polls are not
 * recorded as runs (the schedule fires every ISSUER_POLL_SECONDS around the clock).
 */
export function declarationsPollDue(config: Pick<Config, 'issuerPoll'>, now: Date): boolean {
  if (config.issuerPoll.window === 'always') return true;
  const t = newYorkTime(now.getTime());
  return isBusinessDay(t.date) && t.minuteOfDay >= 7 * 60 && t.minuteOfDay <= 20 * 60;
}

/**
 * The issuers' declarations (services/declarations/ingest.ts): read every issuer feed, each new release
 * once; a complete one is published as declarations at once, one not read completely goes to the owner's
 * review queue. Fails only when no feed could be read.
 */
const ingestDeclarationsJob: JobBody = async (env, run): Promise<JobOutcome> => {
  const { counts, failures, position } = await ingestDeclarations({
    log: env.log,
    readModels: env.readModels,
    ...env.declarations,
    logger: env.logger,
    ctx: run.ctx,
    progress: (p) => run.progress(p),
  });
  // the run is reported done once the declarations show in the read models
  await env.readModels.waitFor(position, { timeoutMs: 60_000 });
  const failed = failures.map((f) => `${f.source} (${f.reason})`).join('; ');
  if (counts.feedsRead === 0 && counts.feedsFailed > 0) throw new JobProblem(`No issuer feed could be read: ${failed}`);
  return {
    summary:
      `Read ${counts.feedsRead} of ${plural(counts.feeds, 'issuer feed')}: ${plural(counts.releases, 'new release')} ` +
      `(${counts.published} published, ${counts.inReview} in review, ${counts.notDeclarations} not a declaration); ` +
      `${plural(counts.declared, 'declaration')} new, ${counts.revised} revised, ${counts.unchanged} unchanged` +
      (counts.unknownTickers > 0 ? `; ${plural(counts.unknownTickers, 'possible new fund')}` : '') +
      (counts.retryLater > 0 ? `; ${plural(counts.retryLater, 'release')} to read again next run` : '') +
      (failures.length > 0 ? `; failed: ${failed}` : ''),
    counts: { ...counts },
  };
};

export const dataJobs: Readonly<Record<JobName, JobBody>> = {
  'initialize-production': initializeProduction,
  'update-prices': updatePrices,
  'sync-dividends': syncDividends,
  'recalculate-yields': recalculateYields,
  'clear-cache': clearCache,
  'begin-market-day': beginMarketDayJob,
  'ingest-news': ingestNewsJob,
  'sync-brokerage': syncBrokerageJob,
  'refresh-premium-quotes': refreshPremiumQuotes,
  'send-ex-date-reminders': sendExDateRemindersJob,
  'ingest-declarations': ingestDeclarationsJob,
};
