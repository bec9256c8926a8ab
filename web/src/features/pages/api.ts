import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getPageByPath, getPageChildren } from '../../../../contracts/pages.ts';
import { baseApi, call } from '../../api/base-api.ts';

/** A managed page as `GET /api/pages/by-path` answers it (the contract: PageJson, contracts/content.ts). */
export type ManagedPage = AnswerOf<typeof getPageByPath>;

/** A published page under another one (the guides index): path, current title, meta description. */
export type PageSummary = AnswerOf<typeof getPageChildren>[number];

/**
 * GET /api/pages/by-path?path=… (an owner-defined page; the server answers published pages only), never
 * retried; GET /api/pages/children?path=… (the published pages under it, for its section list).
 */
export const pagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPageByPath: build.query<ManagedPage, string>({
      query: (path) => call<typeof getPageByPath>('GET /api/pages/by-path', { query: { path } }),
      providesTags: (_r, _e, path) => [{ type: 'Page', id: path }],
    }),
    getPageChildren: build.query<AnswerOf<typeof getPageChildren>, string>({
      query: (path) => call<typeof getPageChildren>('GET /api/pages/children', { query: { path } }),
      providesTags: (_r, _e, path) => [{ type: 'Page', id: `children:${path}` }],
    }),
  }),
});

export const { useGetPageByPathQuery, useGetPageChildrenQuery } = pagesApi;

/** Unpublished pages count as not found (the server already answers 404 for them; this guards a stale answer). */
export function isPublished(page: ManagedPage): boolean {
  return page.isPublished === 1;
}
