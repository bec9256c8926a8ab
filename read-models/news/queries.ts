import type { AdminNewsArticle } from '../../contracts/content.ts';
import type { NewsItem } from '../../contracts/news.ts';
import type { NewsStatus } from '../../events/news.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { NEWS, NEWS_KEYWORDS, newsKeywordsProjection, newsProjection, type NewsDoc, type NewsKeywordsDoc } from './projection.ts';

/** A news item as the public API shows it: the contract (contracts/news.ts). */
export type NewsItemJson = NewsItem;

/** The most articles one read returns (the client pages 30 at a time). */
export const NEWS_READ_LIMIT = 500;

export function toNewsItem(doc: NewsDoc): NewsItemJson {
  return { id: doc._id, title: doc.title, link: doc.link, summary: doc.summary, source: doc.source, tags: doc.tags.join(', '), publishedAt: doc.publishedAt };
}

const NEWEST_FIRST = { sortAt: -1, ingestedAt: -1, _id: 1 } as const;

/** Published articles, newest first (an article without a publication date counts as the oldest). */
export async function publishedNews(readModels: ReadModels, limit = NEWS_READ_LIMIT): Promise<NewsDoc[]> {
  return readModels.collection<NewsDoc>(newsProjection, NEWS).find({ status: 'published' }, { sort: NEWEST_FIRST, limit });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter for articles about a ticker: one of its tags is the ticker, or its title names it as a
 * whole word (not inside another word or ticker: "NVDW" matches "NVDW pays" and "(NVDW)", not
 * "NVDWX"), case-insensitive. Runs in the document store (MongoDB or the embedded one).
 */
export function tickerFilter(ticker: string): Record<string, unknown> {
  const t = escapeRegExp(ticker.trim().toUpperCase());
  return {
    status: 'published',
    $or: [{ tags: { $regex: `^${t}$`, $options: 'i' } }, { title: { $regex: `(^|[^A-Za-z0-9])${t}($|[^A-Za-z0-9])`, $options: 'i' } }],
  };
}

/** Published articles about a ticker, newest first. */
export async function publishedNewsForTicker(readModels: ReadModels, ticker: string, limit = NEWS_READ_LIMIT): Promise<NewsDoc[]> {
  if (ticker.trim() === '') return [];
  return readModels.collection<NewsDoc>(newsProjection, NEWS).find(tickerFilter(ticker), { sort: NEWEST_FIRST, limit });
}

/** The most articles the owner's list returns. */
export const NEWS_ADMIN_LIMIT = 2000;

export function toAdminNewsArticle(doc: NewsDoc): AdminNewsArticle {
  if (doc.status === 'deleted') throw new Error(`article ${doc._id} is deleted`);
  return {
    id: doc._id,
    status: doc.status,
    source: doc.source,
    title: doc.title,
    link: doc.link,
    summary: doc.summary,
    tags: doc.tags.join(', '),
    publishedAt: doc.publishedAt,
    ingestedAt: doc.ingestedAt,
  };
}

/** Every article that is not deleted, in every status, newest first (as the public list sorts). */
export async function adminNews(readModels: ReadModels, limit = NEWS_ADMIN_LIMIT): Promise<NewsDoc[]> {
  return readModels.collection<NewsDoc>(newsProjection, NEWS).find({ status: { $ne: 'deleted' } }, { sort: NEWEST_FIRST, limit });
}

/** One article (a deleted one is not found). */
export async function findArticle(readModels: ReadModels, articleId: string): Promise<NewsDoc | null> {
  const doc = await readModels.collection<NewsDoc>(newsProjection, NEWS).findOne({ _id: articleId });
  return doc && doc.status !== 'deleted' ? doc : null;
}

/** The ids of the articles in one status (a purge deletes them). */
export async function articleIdsInStatus(readModels: ReadModels, status: NewsStatus): Promise<string[]> {
  return (await readModels.collection<NewsDoc>(newsProjection, NEWS).find({ status })).map((d) => d._id);
}

/** The ids of the articles in review untouched since `cutoff` (ISO instant): to be archived. */
export async function staleReviewIds(readModels: ReadModels, cutoff: string): Promise<string[]> {
  return (await readModels.collection<NewsDoc>(newsProjection, NEWS).find({ status: 'review', touchedAt: { $lte: cutoff } })).map((d) => d._id);
}

/** The ids among `ids` that exist already (ingested before, deleted ones included). */
export async function knownArticleIds(readModels: ReadModels, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const docs = await readModels.collection<NewsDoc>(newsProjection, NEWS).find({ _id: { $in: [...ids] } });
  return new Set(docs.map((d) => d._id));
}

/** The saved keyword list, or null when the owner never saved one. */
export async function savedNewsKeywords(readModels: ReadModels): Promise<string[] | null> {
  const doc = await readModels.collection<NewsKeywordsDoc>(newsKeywordsProjection, NEWS_KEYWORDS).findOne({ _id: 'site' });
  return doc ? doc.keywords : null;
}
