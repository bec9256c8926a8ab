import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { NewsArticleEvent, NewsKeywordsChanged, NewsStatus } from '../../events/news.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `news` read model: one document per article (fed by its `news-<articleId>` stream only).
 * A deleted article stays as a tombstone (status `deleted`, content dropped) so that a redelivered
 * `NewsArticleIngested` cannot bring it back (a missing document has no `_position` to guard it).
 */
export interface NewsDoc extends Doc {
  _id: string;
  status: NewsStatus | 'deleted';
  title: string;
  link: string;
  summary: string;
  source: string;
  tags: string[];
  publishedAt: string | null;
  ingestedAt: string;
  /** publishedAt, or '' when the feed gave none (sorts as the oldest). */
  sortAt: string;
  /** The last ingestion, status change or edit (an article untouched for 30 days in review is archived). */
  touchedAt: string;
}

export const NEWS = 'news';

export const newsProjection: Projection = {
  name: 'news',
  // v2: touchedAt (the 30-day archive of articles left in review)
  version: 2,
  handles: ['NewsArticleIngested', 'NewsArticleStatusChanged', 'NewsArticleEdited', 'NewsArticleDeleted'] satisfies NewsArticleEvent['type'][],
  collections: { [NEWS]: [{ key: { status: 1, sortAt: -1 }, name: 'status_sortAt' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<NewsArticleEvent>;
    switch (event.type) {
      case 'NewsArticleIngested': {
        const d = event.data;
        await ctx.update<NewsDoc>(NEWS, d.articleId, (doc) =>
          doc
            ? doc // ingested once; a second ingestion of the same article changes nothing
            : {
                _id: d.articleId,
                status: 'draft',
                title: d.title,
                link: d.link,
                summary: d.summary,
                source: d.source,
                tags: d.tags,
                publishedAt: d.publishedAt,
                ingestedAt: d.ingestedAt,
                sortAt: d.publishedAt ?? '',
                touchedAt: d.ingestedAt,
              },
        );
        return;
      }
      case 'NewsArticleStatusChanged': {
        const { articleId, status, changedAt } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) => (doc && doc.status !== 'deleted' ? { ...doc, status, touchedAt: changedAt } : doc));
        return;
      }
      case 'NewsArticleEdited': {
        const { articleId, title, summary, tags, editedAt } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) =>
          doc && doc.status !== 'deleted'
            ? {
                ...doc,
                ...(title !== undefined ? { title } : {}),
                ...(summary !== undefined ? { summary } : {}),
                ...(tags !== undefined ? { tags } : {}),
                touchedAt: editedAt,
              }
            : doc,
        );
        return;
      }
      case 'NewsArticleDeleted': {
        const { articleId, deletedAt } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) =>
          doc ? { ...doc, status: 'deleted', title: '', link: '', summary: '', source: '', tags: [], touchedAt: deletedAt } : null,
        );
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`news projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};

/** The owner's auto-publish keywords: one document (`site`) once the owner saved a list. */
export interface NewsKeywordsDoc extends Doc {
  _id: 'site';
  keywords: string[];
  changedAt: string;
}

export const NEWS_KEYWORDS = 'news_keywords';

export const newsKeywordsProjection: Projection = {
  name: 'news-keywords',
  version: 1,
  handles: ['NewsKeywordsChanged'] satisfies NewsKeywordsChanged['type'][],
  collections: { [NEWS_KEYWORDS]: [] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<NewsKeywordsChanged>;
    switch (event.type) {
      case 'NewsKeywordsChanged': {
        const { keywords, changedAt } = event.data;
        await ctx.update<NewsKeywordsDoc>(NEWS_KEYWORDS, 'site', () => ({ _id: 'site', keywords, changedAt }));
        return;
      }
      default: {
        const never: never = event.type;
        throw new Error(`news-keywords projection cannot apply ${String(never)}`);
      }
    }
  },
};
