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
