import { Router } from 'express';
import { z } from 'zod';
import type { PageJson } from '../../contracts/content.ts';
import { normalisePagePath } from '../../contracts/page-path.ts';
import { allPages, publishedPageByPath, toPageJson } from '../../read-models/pages/queries.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { pageInputSchema, pageMessages, type LivePage } from './business-logic.ts';
import { createPage, deletePage, updatePage } from './commands.ts';

/**
 * Managed pages. Owner routes (mounted at /api/admin, guarded by app.ts): `GET /pages` (every page,
 * drafts too), `POST /pages` (201), `PUT /pages/{id}`, `DELETE /pages/{id}` (204). Public (mounted at
 * /api): `GET /pages/by-path?path=` answers a published page, 404 otherwise; the path is normalised
 * as the owner's form normalises it.
 */

/** The page as its stream has it, in the contract's shape (the answer of the writes). */
export function livePageJson(page: LivePage): PageJson {
  return {
    id: page.pageId,
    slug: page.slug,
    path: page.path,
    title: page.title,
    metaDescription: page.metaDescription,
    canonicalUrl: page.canonicalUrl,
    noIndex: page.noIndex ? 1 : 0,
    htmlBody: page.htmlBody,
    cssBody: page.cssBody,
    isPublished: page.isPublished ? 1 : 0,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}

const PATH_REQUIRED = 'Query parameter path is required';

/** `?path=` (one, non-empty); a missing one reads as empty so the message names it. */
export const byPathQuery = z.preprocess(
  (q) => (q && typeof q === 'object' && !Array.isArray(q) ? { ...q, path: (q as Record<string, unknown>)['path'] ?? '' } : q),
  z.object({
    path: z
      .string({ error: 'Query parameter path must be given once' })
      .refine((p) => p.trim() !== '', PATH_REQUIRED)
      .refine((p) => p.length <= 2_000, 'Query parameter path must be at most 2,000 characters'),
  }),
);

export function pagesRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/pages/by-path', async (req, res) => {
    const { path } = validate(byPathQuery, req.query);
    const doc = await publishedPageByPath(deps.readModels, normalisePagePath(path));
    if (!doc) throw notFound(pageMessages.notFound);
    res.json(toPageJson(doc) satisfies PageJson);
  });
  return router;
}

export function pagesAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/pages', async (_req, res) => {
    res.json((await allPages(deps.readModels)).map(toPageJson) satisfies PageJson[]);
  });

  router.post('/pages', async (req, res) => {
    const fields = validate(pageInputSchema, req.body);
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const { page, position } = await createPage(deps.log, fields, ctx);
    await deps.readModels.waitFor(position);
    res.status(201).json(livePageJson(page));
  });

  router.put('/pages/:id', async (req, res) => {
    const fields = validate(pageInputSchema, req.body);
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const { page, position } = await updatePage(deps.log, String(req.params['id']), fields, ctx);
    await deps.readModels.waitFor(position);
    res.json(livePageJson(page));
  });

  router.delete('/pages/:id', async (req, res) => {
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const { position } = await deletePage(deps.log, String(req.params['id']), ctx);
    await deps.readModels.waitFor(position);
    res.status(204).end();
  });

  return router;
}
