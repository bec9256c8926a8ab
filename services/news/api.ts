import type { Response } from 'express';
import {
  deleteNewsArticle,
  getAdminNews,
  getNews,
  getNewsKeywords,
  getTickerNews,
  newsPurges,
  saveNewsKeywords,
  updateNewsArticle,
} from '../../contracts/news.ts';
import { adminNews, findArticle, publishedNews, publishedNewsForTicker, savedNewsKeywords, toAdminNewsArticle, toNewsItem } from '../../read-models/news/queries.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { ARTICLE_NOT_FOUND } from './business-logic.ts';
import { deleteArticle, editArticle, purgeArticles, saveNewsKeywords as saveKeywords } from './commands.ts';
import { DEFAULT_NEWS_KEYWORDS } from './keywords.ts';

/** News is never cached: the client refetches it on every mount and window focus and must see new articles. */
function noCache(res: Response): void {
  res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('Expires', '0');
}

/**
 * News (definitions in contracts/news.ts; docs/news.md). The articles come from the `ingest-news` job
 * and the owner's moderation.
 *
 * Public:
 * - `GET /api/news` -> published articles {id, title, link, summary, source, tags, publishedAt}, newest first;
 * - `GET /api/news/ticker/:ticker` -> the published articles tagged with the ticker or naming it in the
 *   title as a whole word, case-insensitive.
 * The client's `_v` cache buster is ignored.
 *
 * The owner's (behind the owner guard):
 * - `GET /api/admin/news` -> every article that is not deleted, in every status, newest first (AdminNewsArticle);
 * - `PUT /api/admin/news/{id}` {title, summary, tags, status?} -> the article (a missing status means review);
 * - `DELETE /api/admin/news/{id}` -> 204;
 * - `POST /api/admin/news/purge-archived|purge-review|purge-published` -> {deleted: N};
 * - `GET /api/admin/news-keywords`, `PUT /api/admin/news-keywords` {keywords} -> {keywords} (the default list until saved).
 * `POST /api/admin/ingest-news` is a data operation (services/jobs/admin-api.ts): 202 with the run's id.
 */
export const newsApi = apiModule('news', (deps) => [
  handle(getNews, async (_input, call) => {
    noCache(call.res);
    return (await publishedNews(deps.readModels)).map(toNewsItem);
  }),

  handle(getTickerNews, async ({ params }, call) => {
    noCache(call.res);
    return (await publishedNewsForTicker(deps.readModels, params.ticker)).map(toNewsItem);
  }),

  handle(getAdminNews, async () => (await adminNews(deps.readModels)).map(toAdminNewsArticle)),

  handle(updateNewsArticle, async ({ params, body }, call) => {
    await call.waitFor(await editArticle(deps.log, params.id, body, call.context()));
    const doc = await findArticle(deps.readModels, params.id);
    if (!doc) throw notFound(ARTICLE_NOT_FOUND);
    return toAdminNewsArticle(doc);
  }),

  handle(deleteNewsArticle, async ({ params }, call) => {
    await call.waitFor(await deleteArticle(deps.log, params.id, call.context()));
  }),

  ...Object.entries(newsPurges).map(([status, definition]) =>
    handle(definition, async (_input, call) => {
      const { deleted, position } = await purgeArticles(deps.log, deps.readModels, status as keyof typeof newsPurges, call.context());
      await call.waitFor(position);
      return { deleted };
    }),
  ),

  handle(getNewsKeywords, async () => ({ keywords: (await savedNewsKeywords(deps.readModels)) ?? [...DEFAULT_NEWS_KEYWORDS] })),

  handle(saveNewsKeywords, async ({ body }, call) => {
    await call.waitFor(await saveKeywords(deps.log, body.keywords, call.context()));
    return { keywords: body.keywords };
  }),
]);
