import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { JobName } from '../../events/jobs.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import type { MarketSnapshots } from '../../read-models/market/market-snapshot.ts';
import type { MarketViewCache } from '../../read-models/market/view-cache.ts';
import type { UserAreaReads } from '../../read-models/portfolio/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import type { AttemptCounters } from '../../infra/attempt-counters/port.ts';
import type { BlobStore } from '../../infra/blob-store/port.ts';
import type { KeyStore } from '../../infra/personal-data/port.ts';
import type { Brokerage } from '../../infra/brokerage/port.ts';
import type { WriteHealth } from '../../infra/write-health/port.ts';
import type { WebhookPoster } from '../../infra/webhook-delivery/port.ts';
import type { SessionData } from './session-data.ts';

/**
 * Everything the app factory and the module routers need. Built by the composition root
 * (services/gateway/container.ts) for the server, and by the test harness for API specs.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The typed event log (append, read). */
  log: EventLog;
  /** Raw access to the document store: read models (through `readModels`) and operational state (throttling). */
  docs: DocumentStore;
  /** Read-model collections by projection, checkpoints, and wait-for-position. */
  readModels: ReadModels;
  /** The market snapshots of this read side (one per process, shared by the user-area routers). */
  marketSnapshots: MarketSnapshots;
  /**
   * The market's pre-serialised views (one per process): served by the market router and by the fast
   * reads in front of Express (services/http/fast-reads.ts).
   */
  marketViews: MarketViewCache;
  /** The user area's derived reads (portfolio and payout calendar), over `marketSnapshots`. */
  userArea: UserAreaReads;
  /**
   * Whether the event log can be written (a failed append, DATA_DIR's free space): readiness answers
   * `degraded` while it cannot; the error handler reports storage failures to it (security audit S6).
   */
  writeHealth: WriteHealth;
  /** Login attempt counters (SQLite in DATA_DIR on the embedded default, the document store with MongoDB). */
  attempts: AttemptCounters;
  /** Image bytes by SHA-256, outside the event log (files in DATA_DIR/blobs, GridFS with MONGODB_URL). */
  blobs: BlobStore;
  /** The users' data keys (the log's personal fields are sealed with them; destroyed when an account is deleted). */
  keys: KeyStore;
  /** The clock: the only place the gateway takes the time from. */
  now: () => Date;
  /**
   * Outgoing mail (the infra/mail port). The composition root builds it from `config.mail` (SMTP_URL,
   * else the outbox file) and closes it on shutdown (`mailer.close()` waits for mails still being sent).
   */
  mailer: Mailer;
  /**
   * The data jobs (services/jobs/runtime.ts): set by `startJobs`, cleared when they stop; undefined
   * where this process runs none (routes then answer 503 'Data jobs are not running').
   */
  jobs: JobQueue | undefined;
  /**
   * The brokerage aggregator (SnapTrade, infra/brokerage) for Premium's read-only sync; undefined when
   * SNAPTRADE_CLIENT_ID / SNAPTRADE_CONSUMER_KEY are not set (the brokerage routes answer 503).
   */
  brokerage: Brokerage | undefined;
  /**
   * Posts webhook deliveries and checks their URLs (infra/webhook-delivery): public https addresses
   * only, unless WEBHOOKS_ALLOW_PRIVATE (issue 31, docs/open-data.md).
   */
  webhookPoster: WebhookPoster;
  /**
   * The live-update fan-out of this process (services/live/hub.ts), one per app: made on first use
   * (the live router), so a worker or the CLI never follows the read models for it. The server's
   * shutdown closes it before the HTTP server (its streams never go idle); the container's stop() too.
   */
  live: LiveUpdates;
}

/** What the live route and the server's shutdown need of the live-update fan-out. */
export interface LiveUpdates {
  /** Whether another stream may open for this user: 'user' / 'total' name the cap that is reached. */
  capReached(userId: string): 'user' | 'total' | null;
  /** Starts an event stream on `res` (headers already sent by the route), resuming after `lastEventId` when given. */
  open(res: Response, user: UserDoc, session: SessionData, lastEventId: string | undefined): Promise<void>;
  /** Ends every open stream of the user now (the account was deleted). */
  endUser(userId: string): void;
  /** Ends every open stream and stops following the read models. */
  close(): void;
}

/** What routers need of the data jobs runtime: queue a run. */
export interface JobQueue {
  /** Records `JobRequested` and queues the run; answers at once. */
  request(name: JobName, requestedBy: string, ctx: CommandContext): Promise<{ jobId: string; position: number }>;
}
