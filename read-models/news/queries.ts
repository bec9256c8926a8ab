import type { NewsItem } from '../../contracts/news.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { NEWS, newsProjection, type NewsDoc } from './projection.ts';

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
