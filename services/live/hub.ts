import type { Response } from 'express';
import type { LiveMarketEvent, LivePortfolioEvent } from '../../contracts/live.ts';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import { marketProjection } from '../../read-models/market/projection.ts';
import { fundsWrittenAfter, getViewsChangedAfter, marketClockWrittenAfter } from '../../read-models/market/queries.ts';
import { portfolioProjection } from '../../read-models/portfolio/projection.ts';
import { portfoliosOf, portfoliosWrittenAfter } from '../../read-models/portfolio/queries.ts';
import { usersProjection, type UserDoc } from '../../read-models/users/projection.ts';
import { usersByIds, usersWrittenAfter } from '../../read-models/users/queries.ts';
import type { Projection } from '../../read-models/runtime/projection.ts';
import type { AppDeps, LiveUpdates } from '../http/deps.ts';
import type { SessionData } from '../http/session-data.ts';
import { hasPremiumRights } from '../billing/premium.ts';

/** How long EventSource waits before reconnecting after the stream ended (the SSE `retry` field). */
export const RECONNECT_MS = 5000;

/** Why a stream was ended by the server (sent as the `end` event's data before closing). */
export type EndReason = 'signed-out' | 'session-expired' | 'premium-ended' | 'shutdown';

interface Stream {
  userId: string;
  session: SessionData;
  user: UserDoc;
  res: Response;
  heartbeat: ReturnType<typeof setInterval>;
  closed: boolean;
}

/** What changed after a position, for one user: the market views' tickers and whether the user's own figures moved. */
interface Changes {
  tickers: string[];
  calendar: boolean;
  lists: boolean;
  /** The users (of those asked about) whose portfolio or payout calendar changed. */
  users: Set<string>;
  tooMany: boolean;
}

/** What the hub needs of the app: the read side it follows, the live and session settings, the clock. */
export type LiveHubDeps = Pick<AppDeps, 'readModels' | 'config' | 'logger' | 'now'>;

/**
 * The live-update fan-out of one gateway process (docs/live-updates.md). It follows the read models
 * through `readModels.onAdvance` (the runner on the embedded default, the checkpoint reader on the
 * production split) and, once per advance, works out what changed: the market views written after the
 * last known position (one query on `_position`, as the market view cache does), the portfolios of the
 * connected users written after it, and which connected users hold a fund whose views changed. Each
 * stream then gets at most one `market` and one `portfolio` event per advance; nothing is polled per
 * client. Event ids are global log positions, so `Last-Event-ID` resumes across reconnects.
 *
 * Every fan-out, catch-up and session check runs on one promise chain, so a stream opened during a
 * fan-out neither misses nor repeats an event.
 */
export class LiveHub implements LiveUpdates {
  /** In the cache registry (domain/caches/registry.ts), to be listed: it holds connections, not data. */
  private static readonly kind = registerCacheKind<LiveHub>({
    name: 'live-streams',
    owner: 'services/live/hub.ts',
    key: 'user id: the open server-sent-event streams (one hub per app, services/live/api.ts)',
    bound: 'config.live.maxStreams in all, config.live.maxStreamsPerUser per user',
    eviction: 'when a stream closes, or its session or Premium ends (checked when the user changes and at every keep-alive), or its user is gone (deleted through another gateway: checked every keep-alive interval)',
    coherence: 'each fan-out reads what changed after the last position sent; a stream\'s user document is replaced when it changes',
    clearable: false,
    reason: 'open connections, not derived data',
    size: (hub) => hub.streams.size,
  });
  private readonly deps: LiveHubDeps;
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<string, Set<Stream>>();
  /** The newest log position every event up to which has been fanned out (-1: not known yet). */
  private position = -1;
  private readonly seen = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private readonly untrack: () => void;
  private readonly sweeper: NodeJS.Timeout;

  constructor(deps: LiveHubDeps) {
    this.deps = deps;
    this.unsubscribe = deps.readModels.onAdvance((projection, position) => this.advanced(projection, position));
    this.untrack = LiveHub.kind.track(this);
    // A deletion through another gateway leaves no user document to recheck (the gateway that deletes
    // ends its own streams at once: endUser): once per keep-alive interval one read of the connected
    // users ends the streams of those that are gone.
    this.sweeper = setInterval(() => {
      if (this.streams.size > 0) void this.enqueue(() => this.endUsersGone());
    }, deps.config.live.heartbeatMs);
    this.sweeper.unref();
  }

  /** Open streams (for tests and diagnostics). */
  count(userId?: string): number {
    return userId === undefined ? this.streams.size : (this.byUser.get(userId)?.size ?? 0);
  }

  /** Whether another stream may open for this user: 'user' / 'total' name the cap that is reached. */
  capReached(userId: string): 'user' | 'total' | null {
    if (this.count(userId) >= this.deps.config.live.maxStreamsPerUser) return 'user';
    if (this.streams.size >= this.deps.config.live.maxStreams) return 'total';
    return null;
  }

  /**
   * Starts an event stream on `res` (headers already checked by the router): `retry`, a `ready` event
   * with the current position, then, when `lastEventId` is given, one catch-up of what changed since.
   */
  open(res: Response, user: UserDoc, session: SessionData, lastEventId: string | undefined): Promise<void> {
    return this.enqueue(async () => {
      if (res.writableEnded || res.destroyed) return;
      await this.ensurePosition();
      const stream: Stream = { userId: user._id, session, user, res, closed: false, heartbeat: setInterval(() => this.beat(stream), this.deps.config.live.heartbeatMs) };
      this.add(stream);
      res.on('close', () => this.remove(stream));
      write(stream, `retry: ${RECONNECT_MS}\n\n`);
      const resumeFrom = parseLastEventId(lastEventId);
      if (lastEventId === undefined) {
        send(stream, 'ready', this.position, { position: this.position });
        return;
      }
      if (resumeFrom === null || resumeFrom > this.position) {
        // Not a position of this log (a rebuilt read side, a restored backup, a made-up header): start over.
        send(stream, 'resync', this.position, { reason: 'unknown-position' });
        return;
      }
      send(stream, 'ready', this.position, { position: this.position });
      if (resumeFrom === this.position) return;
      const changes = await this.changesAfter(resumeFrom, resumeFrom, [stream.userId]);
      if (changes.tooMany) {
        send(stream, 'resync', this.position, { reason: 'too-far-behind' });
        return;
      }
      this.deliver(stream, changes);
    });
  }

  /** Ends every stream (server shutdown) and stops following the read models. */
  /** Ends every stream of a user now (the account was deleted: no user document is left to recheck). */
  endUser(userId: string): void {
    this.endStreamsOf(userId);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
    this.untrack();
    for (const stream of [...this.streams]) this.end(stream, 'shutdown');
  }

  private advanced(projection: Projection, position: number): void {
    if (projection.name !== marketProjection.name && projection.name !== portfolioProjection.name && projection.name !== usersProjection.name) return;
    void this.enqueue(async () => {
      if (this.position < 0) {
        await this.ensurePosition();
        return;
      }
      const since = this.seen.get(projection.name) ?? this.position;
      this.seen.set(projection.name, Math.max(since, position));
      if (position <= since) return;
      if (this.streams.size === 0) {
        this.position = Math.max(this.position, position);
        return;
      }
      const users = [...this.byUser.keys()];
      if (projection.name === usersProjection.name) {
        await this.recheckUsers(since, users);
      } else {
        const changes =
          projection.name === marketProjection.name ? await this.changesAfter(since, Number.POSITIVE_INFINITY, users) : await this.portfolioChangesAfter(since, users);
        this.position = Math.max(this.position, position);
        for (const stream of [...this.streams]) this.deliver(stream, changes);
        return;
      }
      this.position = Math.max(this.position, position);
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task);
    this.chain = run.catch((error: unknown) => this.deps.logger.warn({ err: error }, 'live updates: a fan-out failed'));
    return run;
  }

  /** The position the fan-out starts from: the lowest of the three projections' checkpoints (none missed). */
  private async ensurePosition(): Promise<void> {
    if (this.position >= 0) return;
    const status = await this.deps.readModels.status();
    const names = [marketProjection.name, portfolioProjection.name, usersProjection.name];
    const followed = status.filter((s) => names.includes(s.name));
    for (const s of followed) this.seen.set(s.name, s.position);
    this.position = followed.length > 0 ? Math.min(...followed.map((s) => s.position)) : 0;
  }

  /**
   * The market views written after `marketSince` (tickers of changed detail views, whether the
   * calendar or a list changed) and, of `users`, those whose portfolio document was written after
   * `portfolioSince` or who hold a fund whose views changed.
   */
  private async changesAfter(marketSince: number, portfolioSince: number, users: string[]): Promise<Changes> {
    const { readModels } = this.deps;
    const views = await getViewsChangedAfter(readModels, Math.max(marketSince, 0));
    const changes: Changes = { tickers: [], calendar: false, lists: false, users: new Set(), tooMany: views.length > this.deps.config.live.maxCatchUpViews };
    if (changes.tooMany) return changes;
    // live: most advances of the market projection are other modules' events (no view written): nothing to ask
    if (views.length === 0 && portfolioSince === Number.POSITIVE_INFINITY) return changes;
    const tickers = new Set<string>();
    for (const view of views) {
      const id = view._id;
      if (id.startsWith('detail:')) tickers.add(id.slice('detail:'.length));
      else if (id.startsWith('history:')) tickers.add(id.split(':')[1]!);
      else if (id === 'calendar') changes.calendar = true;
      else changes.lists = true;
    }
    changes.tickers = [...tickers].sort();
    if (users.length === 0) return changes;
    const portfolios = await portfoliosOf(readModels, users);
    const heldBy = new Map<string, string[]>();
    for (const doc of portfolios) {
      if (Number(doc['_position'] ?? 0) > portfolioSince) changes.users.add(doc._id);
      for (const h of doc.holdings) heldBy.set(h.etfId, [...(heldBy.get(h.etfId) ?? []), doc._id]);
    }
    if (heldBy.size > 0) {
      // A holding's figures rest on its fund's market document and the market day (not on the views,
      // which also change when a similar fund's figures do).
      const [funds, clock] = await Promise.all([fundsWrittenAfter(readModels, [...heldBy.keys()], marketSince), marketClockWrittenAfter(readModels, marketSince)]);
      const moved = clock ? [...heldBy.keys()] : funds;
      for (const etfId of moved) for (const userId of heldBy.get(etfId) ?? []) changes.users.add(userId);
    }
    return changes;
  }

  /** The connected users whose portfolio document was written after `since`. */
  private async portfolioChangesAfter(since: number, users: string[]): Promise<Changes> {
    const written = await portfoliosWrittenAfter(this.deps.readModels, users, since);
    return { tickers: [], calendar: false, lists: false, users: new Set(written), tooMany: false };
  }

  /** A sign-out, a revocation or a Premium change of a connected user ends the streams that lost their rights. */
  private async recheckUsers(since: number, users: string[]): Promise<void> {
    const docs = await usersWrittenAfter(this.deps.readModels, users, since);
    for (const user of docs) {
      for (const stream of [...(this.byUser.get(user._id) ?? [])]) {
        stream.user = user;
        const reason = this.endReason(stream);
        if (reason) this.end(stream, reason);
      }
    }
  }

  /** Ends the streams of connected users whose document is gone (their account was deleted). */
  private async endUsersGone(): Promise<void> {
    const connected = [...this.byUser.keys()];
    if (connected.length === 0) return;
    const present = new Set((await usersByIds(this.deps.readModels, connected)).map((u) => u._id));
    for (const userId of connected) if (!present.has(userId)) this.endStreamsOf(userId);
  }

  private endStreamsOf(userId: string): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) this.end(stream, 'signed-out');
  }

  private endReason(stream: Stream): EndReason | null {
    const { user, session } = stream;
    if (user.sessionEpoch !== session.epoch || user.endedSessions?.some((ended) => ended.sessionId === session.sessionId)) return 'signed-out';
    const now = this.deps.now();
    const { ttlSeconds, idleSeconds } = this.deps.config.session;
    // The stream is not activity: a tab left open still signs out after the idle time, as every session does.
    if (now.getTime() - Date.parse(session.issuedAt) >= ttlSeconds * 1000 || now.getTime() - Date.parse(session.seenAt) >= idleSeconds * 1000) return 'session-expired';
    if (!hasPremiumRights(user, now)) return 'premium-ended';
    return null;
  }

  private deliver(stream: Stream, changes: Changes): void {
    if (changes.tickers.length > 0 || changes.calendar || changes.lists) {
      send(stream, 'market', this.position, { tickers: changes.tickers, calendar: changes.calendar, lists: changes.lists } satisfies LiveMarketEvent);
    }
    if (changes.users.has(stream.userId)) send(stream, 'portfolio', this.position, { holdings: true, calendar: true } satisfies LivePortfolioEvent);
  }

  private beat(stream: Stream): void {
    const reason = this.endReason(stream);
    if (reason) this.end(stream, reason);
    else write(stream, ': keep-alive\n\n');
  }

  private end(stream: Stream, reason: EndReason): void {
    if (stream.closed) return;
    send(stream, 'end', this.position, { reason });
    stream.res.end();
    this.remove(stream);
  }

  private add(stream: Stream): void {
    this.streams.add(stream);
    let mine = this.byUser.get(stream.userId);
    if (!mine) this.byUser.set(stream.userId, (mine = new Set()));
    mine.add(stream);
  }

  private remove(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
  }
}

/** A `Last-Event-ID` this server issued: a non-negative integer; anything else is null. */
export function parseLastEventId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function write(stream: Stream, text: string): void {
  if (!stream.closed && !stream.res.writableEnded) stream.res.write(text);
}

function send(stream: Stream, event: string, id: number, data: unknown): void {
  write(stream, `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
