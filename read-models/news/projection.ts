import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { NewsEvent, NewsStatus } from '../../events/news.ts';
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
}

export const NEWS = 'news';

export const newsProjection: Projection = {
  name: 'news',
  version: 1,
  handles: ['NewsArticleIngested', 'NewsArticleStatusChanged', 'NewsArticleEdited', 'NewsArticleDeleted'] satisfies NewsEvent['type'][],
  collections: { [NEWS]: [{ key: { status: 1, sortAt: -1 }, name: 'status_sortAt' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<NewsEvent>;
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
              },
        );
        return;
      }
      case 'NewsArticleStatusChanged': {
        const { articleId, status } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) => (doc && doc.status !== 'deleted' ? { ...doc, status } : doc));
        return;
      }
      case 'NewsArticleEdited': {
        const { articleId, title, summary, tags } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) =>
          doc && doc.status !== 'deleted'
            ? { ...doc, ...(title !== undefined ? { title } : {}), ...(summary !== undefined ? { summary } : {}), ...(tags !== undefined ? { tags } : {}) }
            : doc,
        );
        return;
      }
      case 'NewsArticleDeleted': {
        const { articleId } = event.data;
        await ctx.update<NewsDoc>(NEWS, articleId, (doc) =>
          doc ? { ...doc, status: 'deleted', title: '', link: '', summary: '', source: '', tags: [] } : null,
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
