import { Router, type Response } from 'express';
import { publishedNews, publishedNewsForTicker, toNewsItem } from '../../read-models/news/queries.ts';
import type { AppDeps } from '../http/deps.ts';

/** News is never cached: the client refetches it on every mount and window focus and must see new articles. */
function noCache(res: Response): void {
  res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('Expires', '0');
}

/**
 * The public news reads (mounted at /api); the articles come from the `ingest-news` job and the
 * owner's moderation (admin-api.ts; docs/news.md):
 * - `GET /news` -> published articles {id, title, link, summary, source, tags, publishedAt}, newest first;
 * - `GET /news/ticker/:ticker` -> the published articles tagged with the ticker or naming it in the
 *   title as a whole word, case-insensitive.
 * Query parameters (the client's `_v` cache buster) are ignored.
 */
export function newsRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/news', async (_req, res) => {
    noCache(res);
    res.json((await publishedNews(deps.readModels)).map(toNewsItem));
  });

  router.get('/news/ticker/:ticker', async (req, res) => {
    noCache(res);
    res.json((await publishedNewsForTicker(deps.readModels, String(req.params['ticker']))).map(toNewsItem));
  });

  return router;
}
