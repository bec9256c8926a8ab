import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { PageEvent } from '../../events/pages.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `pages` read model: one document per managed page (fed by its `page-<id>` stream only), indexed
 * by path for the public lookup. A deleted page stays as a tombstone (`deleted`, content dropped) so
 * a redelivered `PageCreated` cannot bring it back (a missing document has no `_position` to guard it).
 * Flags are 0/1 as the API answers them.
 */
export interface PageDoc extends Doc {
  _id: string;
  deleted: boolean;
  slug: string;
  path: string;
  title: string;
  metaDescription: string | null;
  canonicalUrl: string | null;
  noIndex: 0 | 1;
  htmlBody: string;
  cssBody: string | null;
  isPublished: 0 | 1;
  createdAt: string;
  updatedAt: string;
}

export const PAGES = 'pages';

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

export const pagesProjection: Projection = {
  name: 'pages',
  version: 1,
  handles: ['PageCreated', 'PageUpdated', 'PageDeleted'] satisfies PageEvent['type'][],
  collections: { [PAGES]: [{ key: { path: 1, isPublished: 1 }, name: 'path_isPublished' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<PageEvent>;
    switch (event.type) {
      case 'PageCreated': {
        const d = event.data;
        await ctx.update<PageDoc>(PAGES, d.pageId, (doc) =>
          doc
            ? doc
            : {
                _id: d.pageId,
                deleted: false,
                slug: d.slug,
                path: d.path,
                title: d.title,
                metaDescription: d.metaDescription,
                canonicalUrl: d.canonicalUrl,
                noIndex: bit(d.noIndex),
                htmlBody: d.htmlBody,
                cssBody: d.cssBody,
                isPublished: bit(d.isPublished),
                createdAt: d.createdAt,
                updatedAt: d.createdAt,
              },
        );
        return;
      }
      case 'PageUpdated': {
        const d = event.data;
        await ctx.update<PageDoc>(PAGES, d.pageId, (doc) =>
          doc && !doc.deleted
            ? {
                ...doc,
                slug: d.slug,
                path: d.path,
                title: d.title,
                metaDescription: d.metaDescription,
                canonicalUrl: d.canonicalUrl,
                noIndex: bit(d.noIndex),
                htmlBody: d.htmlBody,
                cssBody: d.cssBody,
                isPublished: bit(d.isPublished),
                updatedAt: d.updatedAt,
              }
            : doc,
        );
        return;
      }
      case 'PageDeleted': {
        const d = event.data;
        await ctx.update<PageDoc>(PAGES, d.pageId, (doc) =>
          doc
            ? { ...doc, deleted: true, path: '', slug: '', title: '', metaDescription: null, canonicalUrl: null, htmlBody: '', cssBody: null, isPublished: 0, updatedAt: d.deletedAt }
            : null,
        );
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`pages projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
