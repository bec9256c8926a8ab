import { z } from 'zod';
import { AdminNewsArticle, NewsKeywords, PurgeResult } from './content.ts';
import { endpoint } from './endpoint.ts';
import { lenientOptional } from './fields.ts';

/**
 * News (docs/news.md): the public feed (`/api/news`) and the owner's moderation and auto-publish
 * keywords (`/api/admin/news…`; their answers are in contracts/content.ts). `POST /api/admin/ingest-news`
 * is a data operation of the jobs module (contracts/jobs.ts).
 */

/** A news item as the public API shows it, newest first; tags as one comma-separated string. */
export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  summary: z.string(),
  source: z.string(),
  /** Comma-separated. */
  tags: z.string(),
  publishedAt: z.string().nullable(),
});
export type NewsItem = z.infer<typeof NewsItem>;

// ---------------------------------------------------------------------------------------------------
// The owner's edit of an article (`PUT /api/admin/news/{id}`)

export const ARTICLE_LIMITS = { title: 300, summary: 2000, tags: 100, tag: 64 } as const;

export const articleMessages = {
  title: 'Title is required',
  titleLong: `Title must be at most ${ARTICLE_LIMITS.title} characters`,
  summary: 'Summary must be text',
  summaryLong: `Summary must be at most ${ARTICLE_LIMITS.summary.toLocaleString('en-US')} characters`,
  tags: 'Tags must be comma-separated text or a list of text',
  tagsMany: `At most ${ARTICLE_LIMITS.tags} tags`,
  tagLong: `A tag must be at most ${ARTICLE_LIMITS.tag} characters`,
  status: 'Status must be draft, review or published',
} as const;

/** Tags from comma-separated text or a list: trimmed, empty ones dropped, de-duplicated case-insensitively. */
export function normaliseTags(tags: string | readonly string[]): string[] {
  const parts = (typeof tags === 'string' ? [tags] : tags).flatMap((t) => t.split(','));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/** The edit form's fields; a missing status means `review` (admin spec §4). */
export const NewsArticleUpdate = z.object({
  title: z.string({ error: articleMessages.title }).trim().min(1, articleMessages.title).max(ARTICLE_LIMITS.title, articleMessages.titleLong),
  summary: z.string({ error: articleMessages.summary }).trim().max(ARTICLE_LIMITS.summary, articleMessages.summaryLong),
  tags: z
    .union([z.string(), z.array(z.string())], { error: articleMessages.tags })
    .transform(normaliseTags)
    .pipe(z.array(z.string().max(ARTICLE_LIMITS.tag, articleMessages.tagLong)).max(ARTICLE_LIMITS.tags, articleMessages.tagsMany))
    .describe('Comma-separated text or a list.'),
  status: z
    .enum(['draft', 'review', 'published'], { error: articleMessages.status })
    .nullish()
    .transform((s) => s ?? 'review'),
});
/** What the client sends. */
export type NewsArticleUpdate = z.input<typeof NewsArticleUpdate>;
/** What the server reads from it (tags a clean list, a status always). */
export type ArticleEdit = z.output<typeof NewsArticleUpdate>;

// ---------------------------------------------------------------------------------------------------
// The auto-publish keywords (`PUT /api/admin/news-keywords`; docs/news.md "Keyword auto-publish")

export const KEYWORD_LIMITS = { count: 100, length: 60 } as const;

export const keywordMessages = {
  list: 'Keywords must be a list of text',
  item: 'Each keyword must be text',
  count: `At most ${KEYWORD_LIMITS.count} keywords`,
  length: `A keyword must be at most ${KEYWORD_LIMITS.length} characters`,
} as const;

/**
 * Trimmed (inner whitespace runs become one space), empty ones dropped, an entry holding commas split
 * (the editor's text is comma-separated), de-duplicated case-insensitively keeping the first spelling.
 */
export function normaliseKeywords(keywords: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of keywords) {
    for (const part of entry.split(',')) {
      const keyword = part.trim().replace(/\s+/g, ' ');
      if (!keyword) continue;
      const key = keyword.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(keyword);
    }
  }
  return out;
}

/** `{keywords: [...]}`, normalised, then the limits checked. */
export const NewsKeywordsUpdate = z
  .object({ keywords: z.array(z.string({ error: keywordMessages.item }), { error: keywordMessages.list }) })
  .strict()
  .transform((body, ctx) => {
    const keywords = normaliseKeywords(body.keywords);
    if (keywords.length > KEYWORD_LIMITS.count) ctx.addIssue({ code: 'custom', path: ['keywords'], message: keywordMessages.count });
    keywords.forEach((k, i) => {
      if (k.length > KEYWORD_LIMITS.length) ctx.addIssue({ code: 'custom', path: ['keywords', i], message: `${keywordMessages.length} ('${k.slice(0, 20)}…')` });
    });
    return { keywords };
  });

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['News'];
const noCache = {
  'Cache-Control': '`no-cache, no-store, must-revalidate` (with `Pragma: no-cache` and `Expires: 0`): the feed is read again on every visit.',
};

/** The client's cache buster (`_v=<time>`): any value, ignored. */
const NewsQuery = z.object({
  _v: lenientOptional<unknown>(z.unknown().optional(), { description: 'A cache buster (the client sends the time); ignored.', type: ['string'] }),
});

export const getNews = endpoint({
  method: 'get',
  path: '/api/news',
  access: 'public',
  summary: 'Published articles, newest first (never cached).',
  tags,
  query: NewsQuery,
  responses: { 200: { description: 'The articles.', json: z.array(NewsItem), headers: noCache } },
  errors: [],
  reads: ['news'],
});

export const getTickerNews = endpoint({
  method: 'get',
  path: '/api/news/ticker/:ticker',
  access: 'public',
  summary: 'Published articles about one fund, newest first.',
  description: 'Articles tagged with the ticker or naming it in the title as a whole word, case-insensitive.',
  tags,
  params: z.object({ ticker: z.string().describe('The fund ticker, any case (`NVDW`).') }),
  responses: { 200: { description: 'The articles.', json: z.array(NewsItem), headers: noCache } },
  errors: [],
  reads: ['news'],
});

const articleId = z.object({ id: z.string().describe('The article id.') });

export const getAdminNews = endpoint({
  method: 'get',
  path: '/api/admin/news',
  access: 'owner',
  summary: 'Every article that is not deleted, in every status, newest first.',
  tags,
  responses: { 200: { description: 'The articles.', json: z.array(AdminNewsArticle) } },
  errors: [],
  reads: ['news'],
});

export const updateNewsArticle = endpoint({
  method: 'put',
  path: '/api/admin/news/:id',
  access: 'owner',
  summary: 'Edit an article: title, summary, tags (comma-separated or a list) and status (draft, review or published; left out: review).',
  tags,
  params: articleId,
  body: NewsArticleUpdate,
  responses: { 200: { description: 'The article.', json: AdminNewsArticle } },
  errors: [400, 404, 412],
  reads: ['news'],
  waitsFor: 'all',
});

export const deleteNewsArticle = endpoint({
  method: 'delete',
  path: '/api/admin/news/:id',
  access: 'owner',
  summary: 'Delete an article (a later ingestion never brings it back).',
  tags,
  params: articleId,
  responses: { 204: { description: 'Done; no body.' } },
  errors: [404, 412],
  waitsFor: 'all',
});

/** One purge: every article in `status` deleted. */
const purge = <S extends 'archived' | 'review' | 'published'>(status: S) =>
  endpoint({
    method: 'post',
    path: `/api/admin/news/purge-${status}`,
    access: 'owner',
    summary: `Delete every article in status ${status}.`,
    tags,
    responses: { 200: { description: 'How many were deleted.', json: PurgeResult } },
    errors: [],
    reads: ['news'],
    waitsFor: 'all',
  });

export const purgeArchivedNews = purge('archived');
export const purgeReviewNews = purge('review');
export const purgePublishedNews = purge('published');
/** The three purges, by the status they delete. */
export const newsPurges = { archived: purgeArchivedNews, review: purgeReviewNews, published: purgePublishedNews } as const;
export type NewsPurge = (typeof newsPurges)[keyof typeof newsPurges];

export const getNewsKeywords = endpoint({
  method: 'get',
  path: '/api/admin/news-keywords',
  access: 'owner',
  summary: 'The auto-publish keywords (the default list until the owner saves one).',
  tags,
  responses: { 200: { description: 'The keywords.', json: NewsKeywords } },
  errors: [],
  reads: ['news-keywords'],
});

export const saveNewsKeywords = endpoint({
  method: 'put',
  path: '/api/admin/news-keywords',
  access: 'owner',
  summary: 'Save the auto-publish keywords: trimmed, empty ones dropped, de-duplicated case-insensitively; at most 100 of at most 60 characters.',
  tags,
  body: NewsKeywordsUpdate,
  responses: { 200: { description: 'The keywords as saved.', json: NewsKeywords } },
  errors: [400, 412],
  waitsFor: 'all',
});
