import type { Logger } from 'pino';
import { SafeFetchError, type SafeFetch } from '../../infra/http-fetch/port.ts';
import { displayUrl, type FeedItem, type FeedReader } from '../../infra/news-feeds/port.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { releaseStatuses } from '../../read-models/releases/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { ReleaseRead } from '../../events/releases.ts';
import { addDays, newYorkDate } from '../../domain/market/trading-days.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { readFeeds } from '../core/read-feeds.ts';
import { httpLinkOf } from '../news/ingest.ts';
import { plainText } from '../news/text.ts';
import { checkRelease, cleanText, releaseDateOf, releaseIdOf } from './business-logic.ts';
import { publishRelease, recordRelease } from './commands.ts';
import { mayBeIssuerItem, type IssuerFeed } from './feeds.ts';
import type { ParseRelease } from './release.ts';

/**
 * One run of `ingest-declarations` (docs/declarations.md): read every issuer feed (four at a time; one
 * that fails is counted and reported, the others go on), then each new item once: its release (the
 * item's full content when the feed carries the table, else its page through the safe fetch: a
 * deadline, a byte cap, redirects only to public addresses), parsed, checked, recorded on
 * `releases-<id>`, and, when read completely, published as declarations at once. A release not read
 * completely waits in the owner's review queue; nothing of it is published. The run only sends commands.
 */

/** Items taken from one feed per run (feeds list the newest first). */
export const MAX_ITEMS_PER_FEED = 50;
/** Items published longer ago than this are history, not announcements: left alone. */
export const ITEM_MAX_AGE_DAYS = 14;
/** One release page: the deadline and the largest body read (a press release is a few hundred KB). */
export const RELEASE_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 } as const;
const ACCEPT_HTML = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5';

export interface IngestDeclarationsInput {
  log: EventLog;
  readModels: ReadModels;
  reader: FeedReader;
  fetcher: SafeFetch;
  parseRelease: ParseRelease;
  feeds: readonly IssuerFeed[];
  logger: Logger;
  /** The run's command context: its `now` is the reading time. */
  ctx: CommandContext;
  userAgent: string;
  progress?: (p: { done: number; total: number; message: string }) => Promise<void>;
}

export interface IngestDeclarationsCounts {
  feeds: number;
  feedsRead: number;
  feedsFailed: number;
  /** Items seen in the feeds read (at most MAX_ITEMS_PER_FEED each). */
  items: number;
  /** Releases read for the first time this run. */
  releases: number;
  /** Read completely and published. */
  published: number;
  /** Not read completely: in the owner's review queue. */
  inReview: number;
  notDeclarations: number;
  /** Releases that could not be fetched for good (refused address or redirect, too large, gone): in review, reported. */
  unreadable: number;
  /** Releases that could not be fetched this time (timeout, network, a server error): tried again next run. */
  retryLater: number;
  declared: number;
  revised: number;
  unchanged: number;
  /** Tickers read that the catalog does not list (possible new funds). */
  unknownTickers: number;
  /** Items left out: older than ITEM_MAX_AGE_DAYS, another company's on a wire's list, or without an http(s) link. */
  skipped: number;
  /** The longest work of one release (fetch, parse, check, record, publish), milliseconds. */
  maxReleaseMs: number;
}

export interface IngestDeclarationsResult {
  counts: IngestDeclarationsCounts;
  /** Each failed feed or release, as it may be shown (no credentials, no query), with the reason. */
  failures: { source: string; reason: string }[];
  /** The last appended position (0 if none). */
  position: number;
}

interface Candidate {
  releaseId: string;
  feed: IssuerFeed;
  item: FeedItem;
  link: string;
}

/** Where the release's HTML comes from: the feed's content when it carries the table, else the page. */
type Source = { html: string } | { permanent: string } | { retry: string };

function charsetOf(contentType: string | undefined, head: Uint8Array): string {
  const fromHeader = contentType?.match(/charset\s*=\s*"?([\w.:-]+)/i)?.[1];
  if (fromHeader) return fromHeader;
  const start = new TextDecoder('latin1').decode(head.subarray(0, 2048));
  return start.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1] ?? 'utf-8';
}

function decodeHtml(body: Uint8Array, contentType: string | undefined): string {
  try {
    return new TextDecoder(charsetOf(contentType, body)).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // a label the platform does not know
  }
}

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** The release's HTML, or why not: for good (recorded for the owner) or for now (tried again next run). */
async function releaseSource(input: IngestDeclarationsInput, candidate: Candidate): Promise<Source> {
  const { item, link, feed } = candidate;
  // a feed that carries the whole release (content:encoded, or a full-text description) spares the fetch
  for (const html of [item.contentHtml, item.summaryHtml]) if (html && /<table[\s>]/i.test(html)) return { html };
  let response;
  try {
    // a link on the configured feed's own origin is as trusted as the feed (port.ts `configured`); any other is checked
    response = await input.fetcher.get({ url: link, headers: { accept: ACCEPT_HTML, 'user-agent': input.userAgent }, ...RELEASE_FETCH, configured: sameOrigin(link, feed.url) });
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    const reason = `the release could not be fetched: ${error.message}`;
    return error.problem === 'timeout' || error.problem === 'network' ? { retry: reason } : { permanent: reason };
  }
  if (response.status === 404 || response.status === 410) return { permanent: `the release could not be fetched: answered HTTP ${response.status}` };
  if (response.status < 200 || response.status >= 300) return { retry: `the release could not be fetched: answered HTTP ${response.status}` };
  const type = (response.headers['content-type'] ?? 'text/html').toLowerCase();
  if (!/html|xml|text\/plain/.test(type)) return { permanent: `the release is not a web page (${cleanText(type, 60)})` };
  return { html: decodeHtml(response.body, response.headers['content-type']) };
}

export async function ingestDeclarations(input: IngestDeclarationsInput): Promise<IngestDeclarationsResult> {
  const { feeds, reader, logger, ctx } = input;
  const counts: IngestDeclarationsCounts = {
    feeds: feeds.length, feedsRead: 0, feedsFailed: 0, items: 0, releases: 0, published: 0, inReview: 0, notDeclarations: 0,
    unreadable: 0, retryLater: 0, declared: 0, revised: 0, unchanged: 0, unknownTickers: 0, skipped: 0, maxReleaseMs: 0,
  };
  const failures: IngestDeclarationsResult['failures'] = [];
  let position = 0;

  // Every feed first (four at a time), each on its own: a broken one is reported, the others are read.
  const { documents: read, failed } = await readFeeds(feeds.map((f) => f.url), reader, { logger, what: 'issuer', noun: 'issuer feeds', progress: input.progress });
  counts.feedsRead = read.filter((d) => d !== null).length;
  counts.feedsFailed = failed.length;
  for (const f of failed) failures.push({ source: f.url, reason: f.reason });

  const oldest = addDays(newYorkDate(ctx.now), -ITEM_MAX_AGE_DAYS);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const [index, doc] of read.entries()) {
    if (!doc) continue;
    const feed = feeds[index]!;
    for (const item of doc.items.slice(0, MAX_ITEMS_PER_FEED)) {
      counts.items++;
      const link = httpLinkOf(item, feed.url);
      const old = item.publishedAt !== null && newYorkDate(item.publishedAt) < oldest;
      if (!link || old || !mayBeIssuerItem(feed, item.title)) {
        counts.skipped++;
        continue;
      }
      const releaseId = releaseIdOf(item.guid, link);
      if (seen.has(releaseId)) continue; // twice in this run (two feeds, or twice in one)
      seen.add(releaseId);
      candidates.push({ releaseId, feed, item, link });
    }
  }

  // the read model spares reading a release again; the stream's decider still decides
  const statuses = await releaseStatuses(
    input.readModels,
    candidates.map((c) => c.releaseId),
  );
  const catalog = await listCatalog(input.readModels);
  const listed = new Map(catalog.map((e) => [e.ticker, e._id]));
  const listedTickers = new Set(listed.keys());
  const work = candidates.filter((c) => !statuses.has(c.releaseId) || statuses.get(c.releaseId) === 'publishing');
  for (const [i, candidate] of work.entries()) {
    await input.progress?.({ done: i, total: work.length, message: `Reading release ${i + 1} of ${work.length}` });
    const started = performance.now();
    try {
      const outcome = statuses.get(candidate.releaseId) === 'publishing' ? 'publishing' : await readRelease(input, candidate, listedTickers, counts, failures);
      if (outcome === 'retry') continue;
      position = Math.max(position, outcome === 'publishing' ? 0 : outcome.position);
      if (outcome === 'publishing' || outcome.complete) {
        const published = await publishRelease(input.log, candidate.releaseId, listed, { automatically: true }, ctx);
        position = Math.max(position, published.position);
        counts.published++;
        counts.declared += published.outcome.declared;
        counts.revised += published.outcome.revised;
        counts.unchanged += published.outcome.unchanged;
      }
    } catch (error) {
      // an unexpected failure of one release (a write refused, the parser throwing) never stops the others
      const reason = error instanceof Error ? error.message : String(error);
      failures.push({ source: displayUrl(candidate.link), reason: `unexpected error: ${cleanText(reason, 200)}` });
      logger.warn({ release: displayUrl(candidate.link), err: error }, 'issuer release not read');
      counts.retryLater++;
      continue;
    }
    const ms = performance.now() - started;
    counts.maxReleaseMs = Math.max(counts.maxReleaseMs, Math.ceil(ms));
    logger.info({ releaseId: candidate.releaseId, release: displayUrl(candidate.link), ms: Math.round(ms * 10) / 10 }, 'issuer release read');
  }
  failures.sort((a, b) => a.source.localeCompare(b.source));
  return { counts, failures, position };
}

/** Fetches, parses, checks and records one release; 'retry' when it could not be fetched this time. */
async function readRelease(
  input: IngestDeclarationsInput,
  candidate: Candidate,
  listedTickers: ReadonlySet<string>,
  counts: IngestDeclarationsCounts,
  failures: IngestDeclarationsResult['failures'],
): Promise<'retry' | { complete: boolean; position: number }> {
  const { item, link, feed, releaseId } = candidate;
  const readAt = input.ctx.now;
  const source = await releaseSource(input, candidate);
  if ('retry' in source) {
    counts.retryLater++;
    failures.push({ source: displayUrl(link), reason: source.retry });
    input.logger.warn({ release: displayUrl(link), reason: source.retry }, 'issuer release not fetched: tried again next run');
    return 'retry';
  }
  const publishedAt = item.publishedAt;
  const base = {
    releaseId,
    url: link,
    feedUrl: displayUrl(feed.url),
    title: cleanText(plainText(item.title)) || displayUrl(link),
    publishedAt,
    readAt,
  };
  let release: ReleaseRead['data'];
  if ('permanent' in source) {
    counts.unreadable++;
    failures.push({ source: displayUrl(link), reason: source.permanent });
    release = { ...base, issuer: feed.issuer, rows: [], problems: [{ message: cleanText(source.permanent) }], complete: false, notADeclaration: false, unknownTickers: [] };
  } else {
    const parsed = input.parseRelease({ html: source.html, url: link, publishedAt, ...(feed.issuer ? { issuer: feed.issuer } : {}) });
    const checked = checkRelease(parsed, { listedTickers, releaseDate: releaseDateOf(publishedAt, readAt) });
    release = { ...base, ...checked, issuer: checked.issuer ?? feed.issuer };
  }
  const recorded = await recordRelease(input.log, release, input.ctx);
  if (recorded.created) {
    counts.releases++;
    counts.unknownTickers += release.unknownTickers.length;
    if (release.notADeclaration) counts.notDeclarations++;
    else if (!release.complete) counts.inReview++;
  }
  return { complete: recorded.created && release.complete, position: recorded.position };
}
