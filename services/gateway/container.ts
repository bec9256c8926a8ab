import { mkdirSync } from 'node:fs';
import type { Agenda, AgendaOptions } from 'agenda';
import type { Logger } from 'pino';
import { registry } from '../../events/registry.ts';
import { createDocumentStore } from '../../infra/document-store/create-document-store.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import { createEventStore } from '../../infra/event-store/create-event-store.ts';
import { createMailer } from '../../infra/mail/mailer.ts';
import { createAttemptCounters } from '../../infra/attempt-counters/create-attempt-counters.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { createKeyStore } from '../../infra/personal-data/create-key-store.ts';
import { ShreddingEventStore } from '../../infra/personal-data/shredding-event-store.ts';
import { createBlobStore } from '../../infra/blob-store/create-blob-store.ts';
import { createAgenda } from '../../infra/jobs/create-agenda.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import { createMarketDataProvider } from '../../infra/market-data/provider-factory.ts';
import type { FeedReader } from '../../infra/news-feeds/port.ts';
import { createRssFeedReader } from '../../infra/news-feeds/rss-feed-reader.ts';
import { createSafeFetch } from '../../infra/http-fetch/safe-fetch.ts';
import type { SafeFetch } from '../../infra/http-fetch/port.ts';
import type { ParseRelease } from '../declarations/release.ts';
import { parseRelease } from '../declarations/release-parser.ts';
import { DiskWriteHealth } from '../../infra/write-health/disk-write-health.ts';
import { REMOTE_WRITE_HEALTH } from '../../infra/write-health/port.ts';
import { allProjections } from '../../read-models/all.ts';
import { MarketSnapshots } from '../../read-models/market/market-snapshot.ts';
import { MarketViewCache } from '../../read-models/market/view-cache.ts';
import { UserAreaReads } from '../../read-models/portfolio/queries.ts';
import { CheckpointReader } from '../../read-models/runtime/checkpoint-reader.ts';
import type { Projection } from '../../read-models/runtime/projection.ts';
import { ProjectionRunner } from '../../read-models/runtime/runner.ts';
import { EventLog } from '../core/event-log.ts';
import { LiveHub } from '../live/hub.ts';
import type { Config } from '../http/config.ts';
import type { AppDeps } from '../http/deps.ts';
import { createWebhookPoster } from '../../infra/webhook-delivery/http-poster.ts';

export interface Container {
  deps: AppDeps;
  eventStore: EventStore;
  docs: DocumentStore;
  /** Present where projections run in this process (embedded default, worker role). */
  runner: ProjectionRunner | undefined;
  /** Builds the jobs' Agenda instance on the configured backend (MongoDB with MONGODB_URL, else `<dataDir>/jobs.sqlite`). */
  createAgenda(options: Omit<AgendaOptions, 'backend'>): Promise<Agenda>;
  /**
   * The configured market data provider, made for each job run: Alpaca with its keys, the demo provider
   * with DEMO_DATA; null when neither is configured.
   */
  marketData(): MarketDataProvider | null;
  /** The news feed reader of ingest-news (10 s and 2 MB per feed; non-public addresses refused unless FEEDS_ALLOW_PRIVATE). */
  newsFeedReader(): FeedReader;
  /** The issuer feed reader of ingest-declarations (the same limits and address rules as the news reader). */
  issuerFeedReader(): FeedReader;
  /** The safe fetch of the issuers' release pages (non-public addresses refused unless FEEDS_ALLOW_PRIVATE). */
  releaseFetcher(): SafeFetch;
  /** The release parser of ingest-declarations (services/declarations/release.ts). */
  releaseParser(): ParseRelease;
  /** Starts projections (catching up) or the checkpoint reader. */
  start(): Promise<void>;
  /** Registers a clean-up step, run in reverse order by stop(). */
  onStop(step: () => Promise<void> | void): void;
  /** Stops subscriptions and jobs, then closes the stores. */
  stop(): Promise<void>;
}

/**
 * The composition root: builds the stores named by the configuration and wires the read side.
 * - Embedded default (no EVENTSTORE_URL / MONGODB_URL): one process runs everything.
 * - Production: role `worker` runs the projections into MongoDB; role `gateway` reads them.
 */
export async function createContainer(
  config: Config,
  logger: Logger,
  options: { projections?: readonly Projection[]; now?: () => Date } = {},
): Promise<Container> {
  mkdirSync(config.dataDir, { recursive: true });
  const projections = options.projections ?? allProjections;
  const docs = await createDocumentStore({ mongoUrl: config.mongoUrl, mongoDb: config.mongoDb, embedded: config.readModelStore, dataDir: config.dataDir, role: config.role });
  // The users' data keys, outside the log; every read and write of the log goes through them, so the
  // personal fields of events are stored encrypted (docs/accounts-and-security.md "Deleting an account").
  const keys = createKeyStore({ mongoUrl: config.mongoUrl, dataDir: config.dataDir, docs });
  const eventStore = new ShreddingEventStore(await createEventStore({ eventStoreUrl: config.eventStoreUrl, dataDir: config.dataDir }), keys);
  // The embedded event log's disk (security audit S6): readiness turns degraded while it cannot be
  // written, and the original error is logged once per incident, not a stack per request.
  const writeHealth = config.eventStoreUrl ? REMOTE_WRITE_HEALTH : new DiskWriteHealth({ dir: config.dataDir, minFreeBytes: config.dataDirMinFreeBytes });
  writeHealth.onChange((change) => {
    if (change.kind === 'degraded') logger.error({ reason: change.reason, error: change.error, since: change.since }, 'event log cannot be written: readiness degraded');
    // warn, not info: an operator who sees the incident (LOG_LEVEL=warn) sees its end too
    else logger.warn({ reason: change.reason, since: change.since, at: change.at }, 'event log writable again: ready');
  });
  const log = new EventLog(eventStore, registry, { writeHealth });
  const blobs = await createBlobStore({ mongoUrl: config.mongoUrl, mongoDb: config.mongoDb, dataDir: config.dataDir });
  const runsProjections = config.role !== 'gateway' || !config.mongoUrl;
  const runner = runsProjections
    ? new ProjectionRunner(eventStore, registry, docs, projections, {
        logger: logger.child({ component: 'projections' }),
        // embedded: every reader is in this process (runner.ts); MongoDB: gateways read the stored checkpoints
        idleCheckpointLag: config.mongoUrl ? 0 : 10_000,
      })
    : undefined;
  const reader = runner ? undefined : new CheckpointReader(eventStore, docs, projections);
  const stopSteps: (() => Promise<void> | void)[] = [];
  const mailer = createMailer(config.mail, logger.child({ component: 'mail' }));
  const readModels = runner ?? reader!;
  const marketSnapshots = new MarketSnapshots(readModels);
  // Made on first use (by the app): a worker or the CLI, which serve no reads, never load the views.
  let marketViews: MarketViewCache | undefined;
  // Made on first use too (the live router): it follows the read models from the moment it exists.
  let live: LiveHub | undefined;
  const deps: AppDeps = {
    config,
    logger,
    log,
    docs,
    mailer,
    writeHealth,
    readModels,
    marketSnapshots,
    get marketViews() {
      return (marketViews ??= new MarketViewCache(readModels));
    },
    userArea: new UserAreaReads(readModels, { snapshots: marketSnapshots }),
    attempts: createAttemptCounters({ mongoUrl: config.mongoUrl, dataDir: config.dataDir, docs }),
    blobs,
    keys,
    now: options.now ?? (() => new Date()),
    jobs: undefined,
    // the SnapTrade SDK (~30 MiB) only when the feature is configured
    brokerage: config.snaptrade ? (await import('../../infra/brokerage/snaptrade-brokerage.ts')).createSnapTradeBrokerage(config.snaptrade) : undefined,
    get live() {
      return (live ??= new LiveHub(deps));
    },
    webhookPoster: createWebhookPoster({ allowPrivate: config.webhooksAllowPrivate }),
  };
  return {
    deps,
    eventStore,
    docs,
    runner,
    createAgenda(agendaOptions) {
      return createAgenda({ mongoUrl: config.mongoUrl, mongoDb: config.mongoDb, dataDir: config.dataDir, options: agendaOptions });
    },
    marketData() {
      if (!config.demoData && !config.alpaca) return null;
      return createMarketDataProvider({ demoData: config.demoData, alpaca: config.alpaca }, deps.now);
    },
    newsFeedReader() {
      return createRssFeedReader({ userAgent: `WeeklyDiv news reader (+${config.appUrl})`, fetcher: createSafeFetch({ allowPrivate: config.feedsAllowPrivate }) });
    },
    issuerFeedReader() {
      return createRssFeedReader({ userAgent: `WeeklyDiv declarations reader (+${config.appUrl})`, fetcher: createSafeFetch({ allowPrivate: config.feedsAllowPrivate }) });
    },
    releaseFetcher() {
      return createSafeFetch({ allowPrivate: config.feedsAllowPrivate });
    },
    releaseParser() {
      return parseRelease;
    },
    async start() {
      if (runner) {
        const started = Date.now();
        await runner.start();
        logger.info({ ms: Date.now() - started, projections: projections.length }, 'read models caught up');
      } else {
        reader!.start();
      }
    },
    onStop(step) {
      stopSteps.push(step);
    },
    async stop() {
      for (const step of stopSteps.reverse()) await step();
      live?.close();
      // the caches leave the registry (domain/caches/registry.ts) with the app
      marketViews?.close();
      deps.userArea.close();
      marketSnapshots.close();
      log.close();
      if (runner) await runner.stop();
      reader?.stop();
      await mailer.close();
      await deps.attempts.close();
      await blobs.close();
      await eventStore.close();
      await keys.close();
      writeHealth.close();
      await docs.close();
    },
  };
}
