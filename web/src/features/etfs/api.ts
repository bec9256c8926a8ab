import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getTickerNews } from '../../../../contracts/news.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/** Reads only the ETF pages use. */
export const etfPagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/news/ticker/{ticker}: news about one fund. */
    getTickerNews: build.query<AnswerOf<typeof getTickerNews>, string>({
      query: (ticker) => call<typeof getTickerNews>('GET /api/news/ticker/:ticker', { params: { ticker: ticker.toUpperCase() } }),
      providesTags: [{ type: 'News', id: LIST }],
    }),
  }),
});

export const { useGetTickerNewsQuery } = etfPagesApi;
