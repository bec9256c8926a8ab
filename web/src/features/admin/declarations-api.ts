import { baseApi, call, LIST } from '../../api/base-api.ts';
import type { applyRelease, dismissRelease, getPossibleNewFunds, getReleases } from '../../../../contracts/declarations.ts';
import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { startIngestDeclarations } from '../../../../contracts/jobs.ts';

/**
 * The owner's side of the issuers' declarations in the Data Sync tab (docs/declarations.md): the review
 * queue of releases not read completely, Apply / Dismiss, the possible new funds, and reading the
 * issuers' feeds now. Apply and Dismiss take the release out of the cached queue once the server answered; Apply also makes the
 * public screens read the funds it published again.
 */
export const declarationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/releases?status=review: oldest first. */
    getReleaseQueue: build.query<AnswerOf<typeof getReleases>, void>({
      query: () => call<typeof getReleases>('GET /api/admin/releases', { query: { status: 'review' } }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/admin/possible-funds: tickers the releases named that the catalog does not list. */
    getPossibleNewFunds: build.query<AnswerOf<typeof getPossibleNewFunds>, void>({
      query: () => call<typeof getPossibleNewFunds>('GET /api/admin/possible-funds'),
      keepUnusedDataFor: 0,
    }),
    /** POST /api/admin/releases/{id}/apply: publishes the rows read, for the listed funds. */
    applyRelease: build.mutation<AnswerOf<typeof applyRelease>, string>({
      query: (id) => call<typeof applyRelease>('POST /api/admin/releases/:id/apply', { params: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(declarationsApi.util.updateQueryData('getReleaseQueue', undefined, (queue) => queue.filter((r) => r.id !== id)));
        } catch {
          // nothing changed; the tab shows the toast
        }
      },
      // the published declarations change the funds' pages, the public calendar and the holders' calendars
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Etf' as const, id: LIST },
              ...result.release.rows.filter((r) => r.listed).map((r) => ({ type: 'Etf' as const, id: r.ticker })),
              { type: 'Calendar' as const, id: LIST },
              { type: 'UserCalendar' as const, id: LIST },
            ]
          : [],
    }),
    /** POST /api/admin/releases/{id}/dismiss: nothing of it is published. */
    dismissRelease: build.mutation<AnswerOf<typeof dismissRelease>, string>({
      query: (id) => call<typeof dismissRelease>('POST /api/admin/releases/:id/dismiss', { params: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(declarationsApi.util.updateQueryData('getReleaseQueue', undefined, (queue) => queue.filter((r) => r.id !== id)));
        } catch {
          // nothing changed; the tab shows the toast
        }
      },
    }),
    /** POST /api/admin/ingest-declarations: 202 with the queued job (the Data Sync job list follows it). */
    startIngestDeclarations: build.mutation<AnswerOf<typeof startIngestDeclarations>, void>({
      query: () => call<typeof startIngestDeclarations>('POST /api/admin/ingest-declarations'),
    }),
  }),
});

export const { useGetReleaseQueueQuery, useGetPossibleNewFundsQuery, useApplyReleaseMutation, useDismissReleaseMutation, useStartIngestDeclarationsMutation } = declarationsApi;
