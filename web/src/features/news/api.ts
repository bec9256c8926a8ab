import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getNews } from '../../../../contracts/news.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/**
 * GET /api/news: a `_v` cache-busting parameter and no-cache headers, refetched on every
 * mount and on window focus, never kept in the cache once unused.
 */
export const newsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<AnswerOf<typeof getNews>, void>({
      query: () =>
        call<typeof getNews>('GET /api/news', {
          query: { _v: Date.now() },
          headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
          cache: 'no-store',
        }),
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'News', id: LIST }],
    }),
  }),
});

export function useNewsFeed() {
  return newsApi.useGetNewsQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
}
