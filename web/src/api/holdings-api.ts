import type { AnswerOf, BodyIn, QueryIn } from '../../../contracts/endpoint.ts';
import type { addFavorite, getFavorites, removeFavorite } from '../../../contracts/favorites.ts';
import type { EtfListItem } from '../../../contracts/market.ts';
import type { addHolding, exportHoldings, getPortfolio, getUserCalendar, importHoldings, removeHolding } from '../../../contracts/portfolio.ts';
import { baseApi, call, LIST } from './base-api.ts';

/**
 * The signed-in user's favorites, portfolio and payout calendar (`/api/user/...`), shared by the ETF detail
 * page and the personal area. Run the queries only when signed in (`skip: !user`).
 *
 * Tags: `Favorite` LIST + one per etfId; `Holding` LIST + one per holding id; `UserCalendar` LIST.
 * The server answers a write with data that already reflects it (the new holding, the favorite), so
 * the mutations write that answer into the cached lists instead of reading them again. Only what an
 * answer cannot update is invalidated: the payout calendar after a holding change.
 */
export const holdingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<AnswerOf<typeof getFavorites>, void>({
      query: () => call<typeof getFavorites>('GET /api/user/favorites'),
      providesTags: (result) => [{ type: 'Favorite', id: LIST }, ...(result ?? []).map((f) => ({ type: 'Favorite' as const, id: f.etfId }))],
    }),
    /**
     * POST /api/user/favorites {etfId} → 201 with the new favorite (200 with the existing one).
     * Optimistic: the favorite shows at once (pass the ETF so the pending entry can show it), is
     * replaced by the server's answer, and is undone when the server refuses.
     */
    addFavorite: build.mutation<AnswerOf<typeof addFavorite>, BodyIn<typeof addFavorite> & { etf?: EtfListItem }>({
      query: ({ etfId }) => call<typeof addFavorite>('POST /api/user/favorites', { body: { etfId } }),
      async onQueryStarted({ etfId, etf }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          holdingsApi.util.updateQueryData('getFavorites', undefined, (draft) => {
            if (!draft.some((f) => f.etfId === etfId)) draft.push({ id: `pending-${etfId}`, etfId, etf: etf ?? null });
          }),
        );
        try {
          const { data: favorite } = await queryFulfilled;
          dispatch(
            holdingsApi.util.updateQueryData('getFavorites', undefined, (draft) => {
              const i = draft.findIndex((f) => f.etfId === favorite.etfId);
              if (i >= 0) draft[i] = favorite;
              else draft.push(favorite);
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    /** DELETE /api/user/favorites/{etfId} → 204. Optimistic, undone on failure; nothing to read again. */
    removeFavorite: build.mutation<AnswerOf<typeof removeFavorite>, { etfId: string }>({
      query: ({ etfId }) => call<typeof removeFavorite>('DELETE /api/user/favorites/:etfId', { params: { etfId } }),
      async onQueryStarted({ etfId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          holdingsApi.util.updateQueryData('getFavorites', undefined, (draft) => draft.filter((f) => f.etfId !== etfId)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    getPortfolio: build.query<AnswerOf<typeof getPortfolio>, void>({
      query: () => call<typeof getPortfolio>('GET /api/user/portfolio'),
      providesTags: (result) => [{ type: 'Holding', id: LIST }, ...(result ?? []).map((h) => ({ type: 'Holding' as const, id: h.id }))],
    }),
    /** POST /api/user/portfolio → 201 with the holding and its derived values, appended to the cached portfolio. */
    addHolding: build.mutation<AnswerOf<typeof addHolding>, BodyIn<typeof addHolding>>({
      query: (body) => call<typeof addHolding>('POST /api/user/portfolio', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: holding } = await queryFulfilled;
          dispatch(
            holdingsApi.util.updateQueryData('getPortfolio', undefined, (draft) => {
              if (!draft.some((h) => h.id === holding.id)) draft.push(holding);
            }),
          );
        } catch {
          // nothing changed; the caller shows the toast
        }
      },
      // The payout calendar is computed by the server from every holding (entitled shares per ex-date,
      // DRIP reinvestments, weekend rules): the answer cannot update it, so it is read again.
      invalidatesTags: (result) => (result ? [{ type: 'UserCalendar', id: LIST }] : []),
    }),
    /** DELETE /api/user/portfolio/{holdingId} → 204; the holding leaves the cached portfolio. */
    removeHolding: build.mutation<AnswerOf<typeof removeHolding>, { holdingId: string }>({
      query: ({ holdingId }) => call<typeof removeHolding>('DELETE /api/user/portfolio/:holdingId', { params: { holdingId } }),
      async onQueryStarted({ holdingId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(holdingsApi.util.updateQueryData('getPortfolio', undefined, (draft) => draft.filter((h) => h.id !== holdingId)));
        } catch {
          // nothing changed; the caller shows the toast
        }
      },
      // The payout calendar cannot be derived on the client (see addHolding): read again.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'UserCalendar', id: LIST }]),
    }),
    /**
     * GET /api/user/portfolio/export.csv → the CSV text (docs/holdings-csv.md). A mutation: nothing to
     * cache, it runs when the user clicks "Export CSV".
     */
    exportHoldingsCsv: build.mutation<string, void>({
      query: () => call<typeof exportHoldings>('GET /api/user/portfolio/export.csv', { headers: { Accept: 'text/csv' } }),
    }),
    /**
     * POST /api/user/portfolio/import?accounts=&account= {csv} → {created, updated, errors}. Holdings were
     * created or changed: the portfolio and the payout calendar are read again (an import can touch every holding).
     */
    importHoldingsCsv: build.mutation<AnswerOf<typeof importHoldings>, BodyIn<typeof importHoldings> & { query?: QueryIn<typeof importHoldings> }>({
      query: ({ query, ...body }) => call<typeof importHoldings>('POST /api/user/portfolio/import', query ? { body, query } : { body }),
      invalidatesTags: (result) =>
        result && result.created + result.updated > 0
          ? [
              { type: 'Holding', id: LIST },
              { type: 'UserCalendar', id: LIST },
            ]
          : [],
    }),
    /** GET /api/user/dividends/calendar (only when the user holds something). */
    getUserDividendCalendar: build.query<AnswerOf<typeof getUserCalendar>, void>({
      query: () => call<typeof getUserCalendar>('GET /api/user/dividends/calendar'),
      providesTags: [{ type: 'UserCalendar', id: LIST }],
    }),
  }),
});

export const {
  useGetFavoritesQuery,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
  useGetPortfolioQuery,
  useAddHoldingMutation,
  useRemoveHoldingMutation,
  useGetUserDividendCalendarQuery,
  useExportHoldingsCsvMutation,
  useImportHoldingsCsvMutation,
} = holdingsApi;
