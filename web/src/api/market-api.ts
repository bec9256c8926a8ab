import { baseApi, call, LIST } from './base-api.ts';
import type { AnswerOf } from '../../../contracts/endpoint.ts';
import type {
  getDividendCalendar,
  getEtfDetail,
  getEtfs,
  getEtfsByBrand,
  getMarketHolidays,
  getPriceHistory,
  getTopPerformers,
  HistoryRange,
} from '../../../contracts/market.ts';

/**
 * Public market reads shared by several features (landing, ETF pages, calendar, the personal area's
 * Find ETFs). Read-only: tagged so an owner's changes (or a future mutation) can invalidate them.
 */
export const marketApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/top-performers (optionally ?limit=N): ranked by yield. */
    getTopPerformers: build.query<AnswerOf<typeof getTopPerformers>, { limit?: number } | void>({
      query: (arg) => call<typeof getTopPerformers>('GET /api/top-performers', { query: { limit: arg?.limit } }),
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs: every ETF. */
    getEtfs: build.query<AnswerOf<typeof getEtfs>, void>({
      query: () => call<typeof getEtfs>('GET /api/etfs'),
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs/by-brand/{slug}. */
    getEtfsByBrand: build.query<AnswerOf<typeof getEtfsByBrand>, string>({
      query: (brandSlug) => call<typeof getEtfsByBrand>('GET /api/etfs/by-brand/:brandSlug', { params: { brandSlug } }),
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs/detail/{ticker}. */
    getEtfDetail: build.query<AnswerOf<typeof getEtfDetail>, string>({
      query: (ticker) => call<typeof getEtfDetail>('GET /api/etfs/detail/:ticker', { params: { ticker: ticker.toUpperCase() } }),
      providesTags: (_result, _error, ticker) => [{ type: 'Etf', id: ticker.toUpperCase() }],
    }),
    /** GET /api/etfs/detail/{ticker}/history?range=… */
    getPriceHistory: build.query<AnswerOf<typeof getPriceHistory>, { ticker: string; range: HistoryRange }>({
      query: ({ ticker, range }) => call<typeof getPriceHistory>('GET /api/etfs/detail/:ticker/history', { params: { ticker: ticker.toUpperCase() }, query: { range } }),
      providesTags: (_result, _error, { ticker }) => [{ type: 'Etf', id: ticker.toUpperCase() }],
    }),
    /** GET /api/dividends/calendar: the public 4-week calendar. */
    getDividendCalendar: build.query<AnswerOf<typeof getDividendCalendar>, void>({
      query: () => call<typeof getDividendCalendar>('GET /api/dividends/calendar'),
      providesTags: [{ type: 'Calendar', id: LIST }],
    }),
    /** GET /api/dividends/calendar/holidays: the NYSE holidays of the calendar's four weeks. */
    getMarketHolidays: build.query<AnswerOf<typeof getMarketHolidays>, void>({
      query: () => call<typeof getMarketHolidays>('GET /api/dividends/calendar/holidays'),
      providesTags: [{ type: 'Calendar', id: LIST }],
    }),
  }),
});

export const {
  useGetTopPerformersQuery,
  useGetEtfsQuery,
  useGetEtfsByBrandQuery,
  useGetEtfDetailQuery,
  useGetPriceHistoryQuery,
  useGetDividendCalendarQuery,
  useGetMarketHolidaysQuery,
} = marketApi;
