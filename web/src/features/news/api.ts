import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getNews } from '../../../../contracts/news.ts';
import { useEffect, useState } from 'react';
import { baseApi, call, LIST } from '../../api/base-api.ts';
import { forgetServed, wasServed } from '../../lib/served-entries.ts';

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
  // The mount that hydrates the server's page keeps the feed it came with (lib/served-entries.ts).
  const [served] = useState(() => wasServed('getNews'));
  const result = newsApi.useGetNewsQuery(undefined, { refetchOnMountOrArgChange: !served, refetchOnFocus: true });
  useEffect(() => forgetServed('getNews'), []);
  return result;
}
