import { baseApi, LIST } from '../../api/base-api.ts';
import type { NewsItem } from '../../../../contracts/news.ts';

/** Reads only the ETF pages use. */
export const etfPagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/news/ticker/{ticker}: news about one fund. */
    getTickerNews: build.query<NewsItem[], string>({
      query: (ticker) => `/news/ticker/${encodeURIComponent(ticker.toUpperCase())}`,
      providesTags: [{ type: 'News', id: LIST }],
    }),
  }),
});

export const { useGetTickerNewsQuery } = etfPagesApi;
