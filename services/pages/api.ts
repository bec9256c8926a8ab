import type { PageJson } from '../../contracts/content.ts';
import { normalisePagePath } from '../../contracts/page-path.ts';
import { createPage, deletePage, getAdminPages, getPageByPath, getPageChildren, previewOwnerHtml, updatePage } from '../../contracts/pages.ts';
import { allPages, publishedPageByPath, publishedPagesUnder, toPageJson } from '../../read-models/pages/queries.ts';
import { notFound } from '../core/errors.ts';
import { sanitizeOwnerHtml } from '../core/owner-html.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { pageMessages, type LivePage } from './business-logic.ts';
import * as commands from './commands.ts';
import { servedPageHtml } from './served-html.ts';

/**
 * Managed pages (definitions in contracts/pages.ts). Owner routes (behind the owner guard):
 * `GET /api/admin/pages` (every page, drafts too), `POST /api/admin/pages` (201),
 * `PUT /api/admin/pages/{id}`, `DELETE /api/admin/pages/{id}` (204), `POST /api/admin/owner-html/preview`
 * (the owner's HTML cleaned for the admin previews, nothing saved). Public:
 * `GET /api/pages/by-path?path=` answers a published page (its body sanitised: served-html.ts), 404
 * otherwise; the path is normalised as the owner's form normalises it. `GET /api/pages/children?path=`
 * lists the published pages under a path (the guides index).
 */

/** The page as its stream has it, in the contract's shape (the answer of the writes). */
function livePageJson(page: LivePage): PageJson {
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

/** The owner's save sanitises a published page's body for its visitors (served-html.ts). */
function warmServedHtml(page: LivePage): void {
  if (page.isPublished) servedPageHtml(page.pageId, page.htmlBody);
}

export const pagesApi = apiModule('pages', (deps) => [
  handle(getPageByPath, async ({ query }) => {
    const doc = await publishedPageByPath(deps.readModels, normalisePagePath(query.path));
    if (!doc) throw notFound(pageMessages.notFound);
    // sanitised on the server too (security audit I5): a consumer other than our client gets no script
    return { ...toPageJson(doc), htmlBody: servedPageHtml(doc._id, doc.htmlBody) };
  }),

  // the section list below a page (the guides index, /guides): titles as the owner has them now
  handle(getPageChildren, async ({ query }) =>
    (await publishedPagesUnder(deps.readModels, normalisePagePath(query.path))).map((doc) => ({ path: doc.path, title: doc.title, metaDescription: doc.metaDescription })),
  ),

  handle(getAdminPages, async () => (await allPages(deps.readModels)).map(toPageJson)),

  // the admin previews show what visitors would get, cleaned here: the browser never parses the raw HTML (W15)
  handle(previewOwnerHtml, ({ body }) => ({ html: sanitizeOwnerHtml(body.html) })),

  handle(createPage, async ({ body }, call) => {
    const { page, position } = await commands.createPage(deps.log, body, call.context());
    await call.waitFor(position);
    warmServedHtml(page);
    return livePageJson(page);
  }),

  handle(updatePage, async ({ params, body }, call) => {
    const { page, position } = await commands.updatePage(deps.log, params.id, body, call.context());
    await call.waitFor(position);
    warmServedHtml(page);
    return livePageJson(page);
  }),

  handle(deletePage, async ({ params }, call) => {
    const { position } = await commands.deletePage(deps.log, params.id, call.context());
    await call.waitFor(position);
  }),
]);
