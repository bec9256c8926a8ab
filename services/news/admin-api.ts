import { Router, type Request, type Response } from 'express';
import type { AdminNewsArticle, NewsKeywords, PurgeResult } from '../../contracts/content.ts';
import type { NewsStatus } from '../../events/news.ts';
import { adminNews, findArticle, savedNewsKeywords, toAdminNewsArticle } from '../../read-models/news/queries.ts';
import { notFound } from '../core/errors.ts';
import { actors, commandContext } from '../http/context.ts';
import type { AppDeps } from '../http/deps.ts';
import { authOf } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { ARTICLE_NOT_FOUND, articleEditRequest } from './business-logic.ts';
import { deleteArticle, editArticle, purgeArticles, saveNewsKeywords } from './commands.ts';
import { DEFAULT_NEWS_KEYWORDS, keywordsRequest } from './keywords.ts';

/**
 * The owner's news management (mounted at /api/admin, owner guard in app.ts; docs/news.md):
 * - `GET /news` -> every article that is not deleted, in every status, newest first (AdminNewsArticle);
 * - `PUT /news/{id}` {title, summary, tags, status?} -> the article (a missing status means review);
 * - `DELETE /news/{id}` -> 204;
 * - `POST /news/purge-archived|purge-review|purge-published` -> {deleted: N};
 * - `GET /news-keywords`, `PUT /news-keywords` {keywords} -> {keywords} (the default list until saved).
 * `POST /ingest-news` is a data operation (services/jobs/admin-api.ts): 202 with the run's id.
 */

export const PURGES: Readonly<Record<string, NewsStatus>> = {
  '/news/purge-archived': 'archived',
  '/news/purge-review': 'review',
  '/news/purge-published': 'published',
};

function ownerContext(req: Request, res: Response, deps: AppDeps) {
  return commandContext(req, deps, actors.user(authOf(res).user._id));
}

export function newsAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/news', async (_req, res) => {
    res.json((await adminNews(deps.readModels)).map(toAdminNewsArticle) satisfies AdminNewsArticle[]);
  });

  router.put('/news/:id', async (req, res) => {
    const id = String(req.params['id']);
    const edit = validate(articleEditRequest, req.body);
    const position = await editArticle(deps.log, id, edit, ownerContext(req, res, deps));
    await deps.readModels.waitFor(position);
    const doc = await findArticle(deps.readModels, id);
    if (!doc) throw notFound(ARTICLE_NOT_FOUND);
    res.json(toAdminNewsArticle(doc) satisfies AdminNewsArticle);
  });

  router.delete('/news/:id', async (req, res) => {
    const position = await deleteArticle(deps.log, String(req.params['id']), ownerContext(req, res, deps));
    await deps.readModels.waitFor(position);
    res.status(204).end();
  });

  for (const [path, status] of Object.entries(PURGES)) {
    router.post(path, async (req, res) => {
      const { deleted, position } = await purgeArticles(deps.log, deps.readModels, status, ownerContext(req, res, deps));
      await deps.readModels.waitFor(position);
      res.json({ deleted } satisfies PurgeResult);
    });
  }

  router.get('/news-keywords', async (_req, res) => {
    const keywords = (await savedNewsKeywords(deps.readModels)) ?? [...DEFAULT_NEWS_KEYWORDS];
    res.json({ keywords } satisfies NewsKeywords);
  });

  router.put('/news-keywords', async (req, res) => {
    const { keywords } = validate(keywordsRequest, req.body);
    const position = await saveNewsKeywords(deps.log, keywords, ownerContext(req, res, deps));
    await deps.readModels.waitFor(position);
    res.json({ keywords } satisfies NewsKeywords);
  });

  return router;
}
