import { baseApi, LIST } from './base-api.ts';
import type { EtfDetail, EtfListItem, HistoryRange, MarketHoliday, PricePoint, PublicCalendarEntry } from '../../../contracts/market.ts';

/**
 * Public market reads shared by several features (landing, ETF pages, calendar, the personal area's
 * Find ETFs). Read-only: tagged so an owner's changes (or a future mutation) can invalidate them.
 */
export const marketApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/top-performers (optionally ?limit=N): ranked by yield. */
    getTopPerformers: build.query<EtfListItem[], { limit?: number } | void>({
      query: (arg) => ({ url: '/top-performers', params: { limit: arg?.limit } }),
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs: every ETF. */
    getEtfs: build.query<EtfListItem[], void>({
      query: () => '/etfs',
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs/by-brand/{slug}. */
    getEtfsByBrand: build.query<EtfListItem[], string>({
      query: (slug) => `/etfs/by-brand/${encodeURIComponent(slug)}`,
      providesTags: (result) => [{ type: 'Etf', id: LIST }, ...(result ?? []).map((e) => ({ type: 'Etf' as const, id: e.ticker }))],
    }),
    /** GET /api/etfs/detail/{ticker}. */
    getEtfDetail: build.query<EtfDetail, string>({
      query: (ticker) => `/etfs/detail/${encodeURIComponent(ticker.toUpperCase())}`,
      providesTags: (_result, _error, ticker) => [{ type: 'Etf', id: ticker.toUpperCase() }],
    }),
    /** GET /api/etfs/detail/{ticker}/history?range=… */
    getPriceHistory: build.query<PricePoint[], { ticker: string; range: HistoryRange }>({
      query: ({ ticker, range }) => ({ url: `/etfs/detail/${encodeURIComponent(ticker.toUpperCase())}/history`, params: { range } }),
      providesTags: (_result, _error, { ticker }) => [{ type: 'Etf', id: ticker.toUpperCase() }],
    }),
    /** GET /api/dividends/calendar: the public 4-week calendar. */
    getDividendCalendar: build.query<PublicCalendarEntry[], void>({
      query: () => '/dividends/calendar',
      providesTags: [{ type: 'Calendar', id: LIST }],
    }),
    /** GET /api/dividends/calendar/holidays: the NYSE holidays of the calendar's four weeks. */
    getMarketHolidays: build.query<MarketHoliday[], void>({
      query: () => '/dividends/calendar/holidays',
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
