import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * News articles live on `news-<articleId>`, one stream per article. Ingestion (RSS) writes
 * `NewsArticleIngested` and, when the article matches a keyword, a `NewsArticleStatusChanged` to
 * `published` (else to `review`) in the same append; the owner edits (title, summary, tags, status), deletes and purges
 * by status. Statuses: draft, review, published, and archived (which the owner's edit form does not
 * offer). Tags are a list here; the API shows them comma-separated.
 */
export const newsStatusSchema = z.enum(['draft', 'review', 'published', 'archived']);
export type NewsStatus = z.infer<typeof newsStatusSchema>;

const tag = z.string().trim().min(1).max(64);

export const newsArticleIngested = defineEvent(
  'NewsArticleIngested',
  z.object({
    articleId: z.string().min(1).max(128),
    title: z.string().min(1),
    link: z.url(),
    summary: z.string(),
    source: z.string(),
    tags: z.array(tag),
    /** The feed's publication instant; null when the feed gave none. */
    publishedAt: isoInstant.nullable(),
    ingestedAt: isoInstant,
  }),
);

/** Moderation: a new status (an ingested article starts as `draft` until its first status change). */
export const newsArticleStatusChanged = defineEvent(
  'NewsArticleStatusChanged',
  z.object({ articleId: z.string().min(1).max(128), status: newsStatusSchema, changedAt: isoInstant }),
);

/** The owner's edit: only the fields present changed. */
export const newsArticleEdited = defineEvent(
  'NewsArticleEdited',
  z.object({
    articleId: z.string().min(1).max(128),
    title: z.string().min(1).optional(),
    summary: z.string().optional(),
    tags: z.array(tag).optional(),
    editedAt: isoInstant,
  }),
);

/** Deleted one by one, or by a purge of every article in one status. The stream stays (audit). */
export const newsArticleDeleted = defineEvent(
  'NewsArticleDeleted',
  z.object({ articleId: z.string().min(1).max(128), reason: z.enum(['deleted', 'purged']), deletedAt: isoInstant }),
);

/**
 * The owner's keyword list for auto-publishing (on `newskeywords-site`): the whole new list, already
 * trimmed and de-duplicated. Never saved: the default list of services/news/keywords.ts applies.
 */
export const newsKeywordsChanged = defineEvent(
  'NewsKeywordsChanged',
  z.object({ keywords: z.array(z.string().min(1).max(100)), changedAt: isoInstant }),
);

export const newsEvents = [newsArticleIngested, newsArticleStatusChanged, newsArticleEdited, newsArticleDeleted, newsKeywordsChanged] as const;

export type NewsEvent = EventsOf<typeof newsEvents>;
export type NewsArticleIngested = Extract<NewsEvent, { type: 'NewsArticleIngested' }>;
export type NewsArticleStatusChanged = Extract<NewsEvent, { type: 'NewsArticleStatusChanged' }>;
export type NewsArticleEdited = Extract<NewsEvent, { type: 'NewsArticleEdited' }>;
export type NewsArticleDeleted = Extract<NewsEvent, { type: 'NewsArticleDeleted' }>;
export type NewsKeywordsChanged = Extract<NewsEvent, { type: 'NewsKeywordsChanged' }>;
/** The events of one article's stream (`news-<articleId>`). */
export type NewsArticleEvent = Exclude<NewsEvent, NewsKeywordsChanged>;
