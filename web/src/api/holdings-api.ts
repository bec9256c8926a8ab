import { baseApi, LIST } from './base-api.ts';
import type { EtfListItem, Favorite, Holding, NewHolding, UserCalendarEntry } from './types.ts';

/**
 * The signed-in user's favorites, portfolio and payout calendar (`/api/user/...`), shared by the ETF detail
 * page and the personal area. Run the queries only when signed in (`skip: !user`).
 *
 * Tags: `Favorite` LIST + one per etfId; `Holding` LIST + one per holding id; `UserCalendar` LIST.
 * Adding or removing a holding changes the portfolio and the payout calendar, nothing else.
 */
export const holdingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<Favorite[], void>({
      query: () => '/user/favorites',
      providesTags: (result) => [{ type: 'Favorite', id: LIST }, ...(result ?? []).map((f) => ({ type: 'Favorite' as const, id: f.etfId }))],
    }),
    /**
     * POST /api/user/favorites {etfId}. Optimistic: the favorite shows at once and is undone when the
     * server refuses. Pass the ETF so the optimistic entry can show it.
     */
    addFavorite: build.mutation<unknown, { etfId: string; etf?: EtfListItem }>({
      query: ({ etfId }) => ({ url: '/user/favorites', method: 'POST', body: { etfId } }),
      async onQueryStarted({ etfId, etf }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          holdingsApi.util.updateQueryData('getFavorites', undefined, (draft) => {
            if (!draft.some((f) => f.etfId === etfId)) draft.push({ id: `pending-${etfId}`, etfId, etf: etf ?? null });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { etfId }) => [{ type: 'Favorite', id: LIST }, { type: 'Favorite', id: etfId }],
    }),
    /** DELETE /api/user/favorites/{etfId}. Optimistic, undone on failure. */
    removeFavorite: build.mutation<unknown, { etfId: string }>({
      query: ({ etfId }) => ({ url: `/user/favorites/${encodeURIComponent(etfId)}`, method: 'DELETE' }),
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
      invalidatesTags: (_r, _e, { etfId }) => [{ type: 'Favorite', id: LIST }, { type: 'Favorite', id: etfId }],
    }),
    getPortfolio: build.query<Holding[], void>({
      query: () => '/user/portfolio',
      providesTags: (result) => [{ type: 'Holding', id: LIST }, ...(result ?? []).map((h) => ({ type: 'Holding' as const, id: h.id }))],
    }),
    /** POST /api/user/portfolio. */
    addHolding: build.mutation<unknown, NewHolding>({
      query: (body) => ({ url: '/user/portfolio', method: 'POST', body }),
      invalidatesTags: [{ type: 'Holding', id: LIST }, { type: 'UserCalendar', id: LIST }],
    }),
    /** DELETE /api/user/portfolio/{holdingId}. */
    removeHolding: build.mutation<unknown, { holdingId: string }>({
      query: ({ holdingId }) => ({ url: `/user/portfolio/${encodeURIComponent(holdingId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { holdingId }) => [
        { type: 'Holding', id: LIST },
        { type: 'Holding', id: holdingId },
        { type: 'UserCalendar', id: LIST },
      ],
    }),
    /** GET /api/user/dividends/calendar (only when the user holds something). */
    getUserDividendCalendar: build.query<UserCalendarEntry[], void>({
      query: () => '/user/dividends/calendar',
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
} = holdingsApi;
