import type { PageJson } from '../../contracts/content.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { PAGES, pagesProjection, type PageDoc } from './projection.ts';

/** A page as the API answers it: the contract (contracts/content.ts). */
export function toPageJson(doc: PageDoc): PageJson {
  return {
    id: doc._id,
    slug: doc.slug,
    path: doc.path,
    title: doc.title,
    metaDescription: doc.metaDescription,
    canonicalUrl: doc.canonicalUrl,
    noIndex: doc.noIndex,
    htmlBody: doc.htmlBody,
    cssBody: doc.cssBody,
    isPublished: doc.isPublished,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Every page, drafts included, by path (the owner's list). */
export async function allPages(readModels: ReadModels): Promise<PageDoc[]> {
  return readModels.collection<PageDoc>(pagesProjection, PAGES).find({ deleted: false }, { sort: { path: 1, _id: 1 } });
}

/** The published page at a normalised path, or null (a draft counts as none). */
export async function publishedPageByPath(readModels: ReadModels, path: string): Promise<PageDoc | null> {
  return readModels.collection<PageDoc>(pagesProjection, PAGES).findOne({ path, isPublished: 1, deleted: false });
}

/**
 * The published pages under a normalised path (`/guides` gives `/guides/a`, `/guides/a/b`; never
 * `/guides` itself or `/guides-old`), oldest first, then by path (the order the owner or the seed
 * created them in). The root `/` has no children: every page would be one.
 */
export async function publishedPagesUnder(readModels: ReadModels, path: string): Promise<PageDoc[]> {
  if (path === '/') return [];
  const prefix = `${path}/`;
  const published = await readModels.collection<PageDoc>(pagesProjection, PAGES).find({ isPublished: 1, deleted: false });
  return published
    .filter((doc) => doc.path.startsWith(prefix))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.path.localeCompare(b.path));
}
