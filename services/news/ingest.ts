import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { ARTICLE_LIMITS } from '../../contracts/news.ts';
import { type FeedDocument, type FeedItem, type FeedReader } from '../../infra/news-feeds/port.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { knownArticleIds, savedNewsKeywords } from '../../read-models/news/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { readFeeds } from '../core/read-feeds.ts';
import type { IngestedArticle } from './business-logic.ts';
import { archiveStaleArticles, ingestArticle } from './commands.ts';
import type { NewsFeed } from './feeds.ts';
import { DEFAULT_NEWS_KEYWORDS } from './keywords.ts';
import { matchingKeyword, tagsFor, type TaggableEtf } from './tagging.ts';
import { plainText, summaryOf, truncateAtWord } from './text.ts';

/**
 * One run of news ingestion (the `ingest-news` job; docs/news.md): archive what waited 30 days in
 * review, read every feed (four at a time; a feed that fails is logged and counted, the others still
 * ingest), then ingest each new item once: id from its guid, else its link; plain-text summary; tags
 * from the catalog; published when a keyword matches, else review.
 */

/** Items taken from one feed per run (feeds list the newest first). */
export const MAX_ITEMS_PER_FEED = 100;
/** Longest source name kept. */
const SOURCE_MAX = 100;

export interface IngestNewsInput {
  log: EventLog;
  readModels: ReadModels;
  reader: FeedReader;
  feeds: readonly NewsFeed[];
  logger: Logger;
  /** The run's command context: its `now` is the ingestion time and the archive's clock. */
  ctx: CommandContext;
  progress?: (p: { done: number; total: number; message: string }) => Promise<void>;
}

export interface IngestNewsCounts {
  feeds: number;
  feedsRead: number;
  feedsFailed: number;
  /** Items seen in the feeds read (at most MAX_ITEMS_PER_FEED each). */
  items: number;
  newArticles: number;
  published: number;
  inReview: number;
  /** Items left out: no title, or no http(s) link. */
  skipped: number;
  /** Articles archived after 30 days in review. */
  archived: number;
}

export interface IngestNewsResult {
  counts: IngestNewsCounts;
  /** Each failed feed, as it may be shown (no credentials, no query) with the reason. */
  failures: { feed: string; reason: string }[];
  /** The last appended position (0 if none). */
  position: number;
}

/** The stable id of an item: a hash of its guid, else of its (absolute) link. */
export function articleIdOf(guid: string | null, link: string): string {
  const key = guid?.trim() ? `guid:${guid.trim()}` : `link:${link}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** The item's link made absolute against the feed's URL; null unless it is http(s). */
export function httpLinkOf(item: Pick<FeedItem, 'link' | 'guid'>, feedUrl: string): string | null {
  const candidates = [item.link, item.guid && /^https?:\/\//i.test(item.guid.trim()) ? item.guid : null];
  for (const raw of candidates) {
    if (!raw?.trim()) continue;
    try {
      const url = new URL(raw.trim(), feedUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // not a URL: try the next candidate
    }
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'news feed';
  }
}

/** The article of a feed item, or null when it has no title or no http(s) link. */
export function articleOf(
  item: FeedItem,
  feed: NewsFeed,
  doc: Pick<FeedDocument, 'title'>,
  catalog: readonly TaggableEtf[],
  keywords: readonly string[],
  now: string,
): { article: IngestedArticle; status: 'published' | 'review' } | null {
  const link = httpLinkOf(item, feed.url);
  const title = truncateAtWord(plainText(item.title), ARTICLE_LIMITS.title);
  if (!link || !title) return null;
  const summaryText = plainText(item.summaryHtml);
  const contentText = plainText(item.contentHtml);
  const segments = [title, summaryText, contentText].filter((s) => s !== '');
  const source = (plainText(item.source) || feed.name || plainText(doc.title) || hostOf(feed.url)).slice(0, SOURCE_MAX);
  // a date in the future (a feed's wrong clock) would stay at the top of the list: the ingestion time instead
  const publishedAt = item.publishedAt && item.publishedAt > now ? now : item.publishedAt;
  const article: IngestedArticle = {
    articleId: articleIdOf(item.guid, link),
    title,
    link,
    summary: summaryOf(item.summaryHtml || item.contentHtml),
    source,
    tags: tagsFor(segments, catalog).slice(0, ARTICLE_LIMITS.tags),
    publishedAt,
  };
  return { article, status: matchingKeyword(keywords, segments) !== null ? 'published' : 'review' };
}

export async function ingestNews(input: IngestNewsInput): Promise<IngestNewsResult> {
  const { log, readModels, reader, feeds, logger, ctx } = input;
  const counts: IngestNewsCounts = { feeds: feeds.length, feedsRead: 0, feedsFailed: 0, items: 0, newArticles: 0, published: 0, inReview: 0, skipped: 0, archived: 0 };
  const failures: IngestNewsResult['failures'] = [];

  const archive = await archiveStaleArticles(log, readModels, ctx);
  counts.archived = archive.archived;
  let position = archive.position;

  const keywords = (await savedNewsKeywords(readModels)) ?? DEFAULT_NEWS_KEYWORDS;
  const catalog = (await listCatalog(readModels)).map((e) => ({ ticker: e.ticker, brand: e.brand, name: e.name }));

  // Read every feed first (four at a time), then ingest in the order of the list.
  const { documents: read, failed } = await readFeeds(feeds.map((f) => f.url), reader, { logger, what: 'news', noun: 'feeds', progress: input.progress });
  counts.feedsRead = read.filter((d) => d !== null).length;
  counts.feedsFailed = failed.length;
  for (const f of failed) failures.push({ feed: f.url, reason: f.reason });

  const seen = new Set<string>();
  for (const [index, doc] of read.entries()) {
    if (!doc) continue;
    const feed = feeds[index]!;
    const candidates: { article: IngestedArticle; status: 'published' | 'review' }[] = [];
    for (const item of doc.items.slice(0, MAX_ITEMS_PER_FEED)) {
      counts.items++;
      const found = articleOf(item, feed, doc, catalog, keywords, ctx.now);
      if (!found) {
        counts.skipped++;
        continue;
      }
      if (seen.has(found.article.articleId)) continue; // twice in this run (two feeds, or twice in one)
      seen.add(found.article.articleId);
      candidates.push(found);
    }
    // the read model spares a stream read for what was ingested on an earlier run; the decider still decides
    const known = await knownArticleIds(
      readModels,
      candidates.map((c) => c.article.articleId),
    );
    for (const { article, status } of candidates) {
      if (known.has(article.articleId)) continue;
      const result = await ingestArticle(log, article, status, ctx);
      if (!result.created) continue;
      position = Math.max(position, result.position);
      counts.newArticles++;
      if (status === 'published') counts.published++;
      else counts.inReview++;
    }
  }
  failures.sort((a, b) => a.feed.localeCompare(b.feed));
  return { counts, failures, position };
}
