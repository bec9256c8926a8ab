import { baseApi } from '../../api/base-api.ts';

export interface ManagedPage {
  title: string;
  metaDescription?: string | null;
  canonicalUrl?: string | null;
  noIndex?: 0 | 1 | boolean;
  isPublished?: 0 | 1 | boolean;
  cssBody?: string | null;
  htmlBody?: string | null;
}

/** GET /api/pages/by-path?path=… (an owner-defined page), never retried. */
export const pagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPageByPath: build.query<ManagedPage, string>({
      query: (path) => ({ url: '/pages/by-path', params: { path } }),
      providesTags: (_r, _e, path) => [{ type: 'Page', id: path }],
    }),
  }),
});

export const { useGetPageByPathQuery } = pagesApi;

/** Unpublished pages count as not found. */
export function isPublished(page: ManagedPage): boolean {
  return page.isPublished === undefined || page.isPublished === 1 || page.isPublished === true;
}
