import { randomUUID } from 'node:crypto';
import { InMemoryNotificationChannel, type Agenda, type AgendaOptions, type Job } from 'agenda';
import { jobNameSchema, type JobName } from '../../events/jobs.ts';
import { registry } from '../../events/registry.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { FeedReader } from '../../infra/news-feeds/port.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import { catalogSize } from '../../read-models/catalog/catalog-index.ts';
import { runsOfJob } from '../../read-models/jobs/queries.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import type { ProjectionRunner } from '../../read-models/runtime/runner.ts';
import type { CommandContext } from '../core/decider.ts';
import { clearCaches } from '../../domain/caches/registry.ts';
import type { AppDeps, JobQueue } from '../http/deps.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { beginMarketDay } from '../market-clock/market-day.ts';
import { dataJobs, declarationsPollDue, premiumQuotesDue, reasonOf, type JobEnv, type RunContext } from './data-jobs.ts';
import { newsFeedsOf } from '../news/feeds.ts';
import type { SafeFetch } from '../../infra/http-fetch/port.ts';
import { issuerFeedsOf } from '../declarations/feeds.ts';
import type { ParseRelease } from '../declarations/release.ts';
import type { Config } from '../http/config.ts';
import { jobRuns, whenJobFinished } from './job-runs.ts';

/**
 * The data jobs on Agenda (infra/jobs: SQLite on the embedded default, MongoDB with MONGODB_URL).
 *
 * - Role `all` (embedded default) and `worker`: defines and processes the jobs, keeps the schedules.
 * - Role `gateway`: only enqueues; a worker runs what the owner asked for (recalculate-yields
 *   included: the worker builds the read models). Gateways follow the log to drop their own caches
 *   when a clear-cache run succeeds.
 *
 * Every run is recorded on `job-<jobId>`: requested (by `user:<id>`, `schedule` or `startup`),
 * started, progress, succeeded with a summary or failed with a reason (the `jobs` read model).
 */

export const JOB_TIMEZONE = 'America/New_York';

/** Schedules (cron in New York time). update-prices also skips NYSE holidays itself. */
export const JOB_SCHEDULES: readonly { name: JobName; cron: string; what: string }[] = [
  { name: 'update-prices', cron: '5 10-16 * * 1-5', what: 'hourly at :05 from 10:05 to 16:05 ET, Monday to Friday (skips NYSE holidays)' },
  { name: 'sync-dividends', cron: '30 18 * * 1-5', what: 'daily at 18:30 ET, Monday to Friday' },
  { name: 'begin-market-day', cron: '1 0 * * *', what: 'daily at 00:01 ET' },
  { name: 'ingest-news', cron: '0 8-20 * * *', what: 'hourly on the hour from 8:00 to 20:00 ET, every day (also archives what waited 30 days in review)' },
  { name: 'sync-brokerage', cron: '30 6 * * *', what: "daily at 06:30 ET (Premium brokerage sync, after SnapTrade's overnight refresh)" },
  {
    name: 'refresh-premium-quotes',
    cron: '* 9-16 * * 1-5',
    what: 'every minute of the NYSE regular session, 9:30 to 16:00 ET on business days, with a real market data provider (quotes of the funds Premium users hold)',
  },
  {
    name: 'send-ex-date-reminders',
    cron: '0 9 * * 1-5',
    what: "daily at 09:00 ET, Monday to Friday, before the session's close (early closes included) so the user can still act; skips NYSE holidays; docs/alerts.md",
  },
];

/**
 * ingest-declarations polls every ISSUER_POLL_SECONDS (default 300), not on a cron: the interval is the
 * owner's setting. Polls outside 07:00-20:00 New York time on NYSE business days are not recorded as runs
 * (`declarationsPollDue`; ISSUER_POLL_WINDOW=always polls at any hour).
 */
export function issuerPollSchedule(config: Pick<Config, 'issuerPoll'>): { name: JobName; interval: string; what: string } {
  const { seconds, window } = config.issuerPoll;
  return {
    name: 'ingest-declarations',
    interval: `${seconds} seconds`,
    what: `every ${seconds} s, ${window === 'always' ? 'at any hour' : 'from 07:00 to 20:00 ET on NYSE business days'} (the issuers' declarations, docs/declarations.md)`,
  };
}

interface AgendaJobData {
  /** Set when the run was requested through `request()`; absent for scheduled runs. */
  jobId?: string;
  scheduled?: boolean;
}

export interface JobsRuntime extends JobQueue {
  readonly agenda: Agenda;
  /** Whether this process runs jobs (roles all and worker). */
  readonly processes: boolean;
  /**
   * The embedded first start: with demo data on and an empty catalog (or a start-up seeding that never
   * finished), runs initialize-production once and waits for it. Answers the run, or null when nothing
   * was needed.
   */
  seedOnFirstStart(): Promise<JobDoc | null>;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /** Keep the cron schedules (default true). */
  schedules?: boolean;
  /** Market data provider override (tests); `null` = none configured. */
  provider?: MarketDataProvider | null;
  /** News feed reader override (tests: short timeout, small size limit). */
  feedReader?: FeedReader;
  /** ingest-declarations overrides (tests): the issuer feed reader, the safe fetch of release pages, the release parser. */
  declarations?: { reader?: FeedReader; fetcher?: SafeFetch; parseRelease?: ParseRelease };
  /** How often Agenda looks for due jobs (default: 2 s on a worker, 30 s in one process where runs are signalled in memory). */
  processEvery?: string | number;
  /** Drain timeout at stop (default 10 s). */
  drainTimeoutMs?: number;
}

/** What the jobs runtime is started with: built by the composition root (services/gateway/container.ts). */
export interface JobsHost {
  /** The app's dependencies; `deps.jobs` is set to the runtime while it runs. */
  deps: AppDeps;
  /** Present where the read models are built (embedded default, worker): needed by recalculate-yields. */
  runner: ProjectionRunner | undefined;
  eventStore: Pick<EventStore, 'headPosition' | 'subscribe'>;
  /** Builds the Agenda instance on the configured backend. */
  createAgenda(options: Omit<AgendaOptions, 'backend'>): Promise<Agenda>;
  /** The configured market data provider for a run; null when none is configured. */
  marketData(): MarketDataProvider | null;
  /** The news feed reader (fetch with a timeout and a size limit, rss-parser). */
  newsFeedReader(): FeedReader;
  /** ingest-declarations: the issuer feed reader and the safe fetch of release pages (FEEDS_ALLOW_PRIVATE), the release parser. */
  issuerFeedReader(): FeedReader;
  releaseFetcher(): SafeFetch;
  releaseParser(): ParseRelease;
}

/**
 * Starts the jobs runtime for this process's role: the Agenda instance, then (roles all and worker) the
 * job definitions, the schedules and "today"; on a gateway, the cache-clear follower.
 */
export async function startJobs(host: JobsHost, options: StartJobsOptions = {}): Promise<JobsRuntime> {
  const { deps } = host;
  const jobLogger = deps.logger.child({ component: 'jobs' });
  const processes = deps.config.role !== 'gateway';
  const agenda = await createJobsAgenda(host, options, jobLogger);
  const env = jobEnv(host, options, jobLogger);
  if (processes) defineJobs(agenda, env);
  // Started in every role: a gateway defines no job, so it processes none, but stop() then closes its connection.
  await agenda.start();
  if (processes && options.schedules !== false) await keepSchedules(agenda, deps.config);
  // "Today" enters the log at every start too (appends nothing when it already did).
  if (processes) {
    await beginMarketDay(deps.log, newYorkDate(deps.now().getTime()), { actor: 'job:begin-market-day', correlationId: `start-${process.pid}`, now: deps.now().toISOString() });
  }
  const follower = processes ? undefined : followCacheClears(host, jobLogger);

  const runtime: JobsRuntime = {
    agenda,
    processes,
    request: (name, requestedBy, ctx) => requestRun(agenda, deps.log, name, requestedBy, ctx),
    seedOnFirstStart: () => (processes && deps.config.demoData ? seedDemoData(host, runtime, jobLogger) : Promise.resolve(null)),
    async stop() {
      await follower?.stop();
      deps.jobs = undefined;
      await agenda.drain({ timeout: options.drainTimeoutMs ?? 10_000 });
    },
  };
  deps.jobs = runtime;
  return runtime;
}

/** Agenda on the configured backend, tuned for the role. */
async function createJobsAgenda(host: JobsHost, options: StartJobsOptions, jobLogger: AppDeps['logger']): Promise<Agenda> {
  const { role } = host.deps.config;
  const inOneProcess = role === 'all';
  const agenda = await host.createAgenda({
    name: `weeklydiv-${role}-${process.pid}`,
    processEvery: options.processEvery ?? (inOneProcess ? '30 seconds' : '2 seconds'),
    defaultConcurrency: 1,
    defaultLockLifetime: 30 * 60_000,
    // the run's history is in the log (job-<jobId>); Agenda keeps only what is due or repeating
    removeOnComplete: true,
    // In one process a queued run is signalled in memory and starts at once.
    ...(inOneProcess ? { notificationChannel: new InMemoryNotificationChannel() } : {}),
  });
  agenda.on('error', (error) => jobLogger.error({ err: error }, 'agenda error'));
  return agenda;
}

/** What every job run is given (the options override the host's provider and feed reader in tests). */
function jobEnv(host: JobsHost, options: StartJobsOptions, jobLogger: AppDeps['logger']): JobEnv {
  const { deps } = host;
  return {
    log: deps.log,
    readModels: deps.readModels,
    runner: host.runner,
    now: deps.now,
    logger: jobLogger,
    provider: options.provider !== undefined ? () => options.provider ?? null : () => host.marketData(),
    news: { reader: options.feedReader ?? host.newsFeedReader(), feeds: newsFeedsOf(deps.config.newsFeeds) },
    config: deps.config,
    brokerage: deps.brokerage,
    mailer: deps.mailer,
    declarations: {
      reader: options.declarations?.reader ?? host.issuerFeedReader(),
      fetcher: options.declarations?.fetcher ?? host.releaseFetcher(),
      parseRelease: options.declarations?.parseRelease ?? host.releaseParser(),
      feeds: issuerFeedsOf(deps.config.issuerFeeds),
      userAgent: `WeeklyDiv declarations reader (+${deps.config.appUrl})`,
    },
  };
}

function defineJobs(agenda: Agenda, env: JobEnv): void {
  for (const name of jobNameSchema.options) {
    agenda.define<AgendaJobData>(name, (job) => runJob(env, name, job), { concurrency: 1 });
  }
}

async function keepSchedules(agenda: Agenda, config: Config): Promise<void> {
  for (const s of JOB_SCHEDULES) {
    await agenda.every(s.cron, s.name, { scheduled: true } satisfies AgendaJobData, { timezone: JOB_TIMEZONE, skipImmediate: true });
  }
  const poll = issuerPollSchedule(config);
  await agenda.every(poll.interval, poll.name, { scheduled: true } satisfies AgendaJobData, { timezone: JOB_TIMEZONE, skipImmediate: true });
}

function jobCtx(env: JobEnv, name: JobName, jobId: string): CommandContext {
  return { actor: `job:${name}`, correlationId: jobId, now: env.now().toISOString() };
}

/** One run, recorded on `job-<jobId>`: requested (scheduled runs), started, progress, succeeded or failed. */
async function runJob(env: JobEnv, name: JobName, job: Job<AgendaJobData>): Promise<void> {
  const { log, logger } = env;
  const data = job.attrs.data ?? {};
  const scheduled = data.scheduled === true || !data.jobId;
  // The every-minute schedule fires from 9:00 to 16:59 ET on weekdays: minutes outside the session,
  // and every minute with demo data or no provider, are not recorded as runs (docs/live-updates.md).
  if (!data.jobId && name === 'refresh-premium-quotes' && !premiumQuotesDue(env, env.now())) return;
  if (!data.jobId && name === 'ingest-declarations' && !declarationsPollDue(env.config, env.now())) return;
  const jobId = data.jobId ?? randomUUID();
  if (!data.jobId) await jobRuns.request(log, jobId, name, 'schedule', jobCtx(env, name, jobId));
  try {
    await jobRuns.start(log, jobId, jobCtx(env, name, jobId));
  } catch (error) {
    logger.warn({ jobId, name, err: error }, 'job run not started');
    return;
  }
  const ctx = jobCtx(env, name, jobId);
  const runContext: RunContext = {
    jobId,
    name,
    ctx,
    scheduled,
    progress: async (p) => {
      await jobRuns.progress(log, jobId, p, jobCtx(env, name, jobId));
    },
  };
  const started = Date.now();
  try {
    const outcome = await dataJobs[name](env, runContext);
    await jobRuns.succeed(log, jobId, outcome, jobCtx(env, name, jobId));
    logger.info({ jobId, name, ms: Date.now() - started, counts: outcome.counts }, outcome.summary);
  } catch (error) {
    const reason = reasonOf(error);
    logger.warn({ jobId, name, ms: Date.now() - started, err: error }, `job failed: ${reason}`);
    await jobRuns.fail(log, jobId, reason, jobCtx(env, name, jobId));
  }
}

/** Records `JobRequested` and queues the run; a run Agenda could not queue is recorded as failed. */
async function requestRun(agenda: Agenda, log: AppDeps['log'], name: JobName, requestedBy: string, ctx: CommandContext): Promise<{ jobId: string; position: number }> {
  const jobId = randomUUID();
  const position = await jobRuns.request(log, jobId, name, requestedBy, ctx);
  try {
    await agenda.now<AgendaJobData>(name, { jobId });
  } catch (error) {
    const failed = await jobRuns.fail(log, jobId, `Could not queue the job: ${error instanceof Error ? error.message : String(error)}`, ctx);
    return { jobId, position: Math.max(position, failed) };
  }
  return { jobId, position };
}

/** `seedOnFirstStart` where the process runs jobs with demo data on. */
async function seedDemoData(host: JobsHost, queue: JobQueue, jobLogger: AppDeps['logger']): Promise<JobDoc | null> {
  const { deps } = host;
  const runs = await runsOfJob(deps.readModels, 'initialize-production');
  const unfinishedStartup = runs.some((r) => r.requestedBy === 'startup') && !runs.some((r) => r.status === 'succeeded');
  if ((await catalogSize(deps.readModels)) > 0 && !unfinishedStartup) return null;
  const started = Date.now();
  jobLogger.info('first start with demo data: loading the seed catalog and two years of demo history');
  const ctx: CommandContext = { actor: 'system', correlationId: `startup-${process.pid}`, now: deps.now().toISOString() };
  const { jobId, position } = await queue.request('initialize-production', 'startup', ctx);
  await deps.readModels.waitFor(position);
  const done = await whenJobFinished(deps.readModels, jobId);
  // "A full site": every read model (metrics, views) has taken in what the run wrote.
  await deps.readModels.waitFor(await host.eventStore.headPosition(), { timeoutMs: 10 * 60_000 });
  if (done.status === 'succeeded') jobLogger.info({ ms: Date.now() - started, counts: done.counts }, 'first start: demo data loaded');
  else jobLogger.error({ ms: Date.now() - started, reason: done.reason }, 'first start: loading demo data failed');
  return done;
}

/**
 * Gateway role: the clear-cache job runs on a worker, but the view caches live in each gateway. Each
 * gateway follows the `job-` streams from the head and clears its caches when a clear-cache run succeeds.
 */
function followCacheClears(host: Pick<JobsHost, 'eventStore'>, logger: AppDeps['logger']): { stop(): Promise<void> } {
  const clearJobs = new Set<string>();
  let subscription: Subscription | undefined;
  let stopped = false;
  const started = host.eventStore.headPosition().then((head) => {
    if (stopped) return;
    subscription = host.eventStore.subscribe({
      after: head,
      onEvents: async (events) => {
        for (const raw of events) {
          if (!raw.stream.startsWith('job-')) continue;
          const event = registry.decode(raw);
          const data = event.data as { jobId: string; name?: string };
          if (event.type === 'JobRequested' && data.name === 'clear-cache') clearJobs.add(data.jobId);
          if (event.type === 'JobSucceeded' && clearJobs.delete(data.jobId)) await clearCaches();
          if (event.type === 'JobFailed') clearJobs.delete(data.jobId);
        }
      },
      onError: (error) => logger.error({ err: error }, 'cache-clear follower stopped'),
    });
  });
  return {
    async stop() {
      stopped = true;
      await started;
      await subscription?.stop();
    },
  };
}
