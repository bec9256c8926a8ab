import type { AnswerOf, BodyIn } from '../../../contracts/endpoint.ts';
import type { getIncome, getIncomeCsv, getIncomeGoal, getPayouts, importDividendHistory, markPayoutReceived, putIncomeGoal } from '../../../contracts/payouts.ts';
import { baseApi, call, LIST } from './base-api.ts';

type IncomeBy = 'week' | 'month' | 'year';

/**
 * "Did I get paid?" (issue 28, docs/payouts.md): the payout ledger, the income record, its CSV and the
 * income goal (`/api/user/payouts`, `/api/user/income`, `/api/user/income-goal`). Run only when signed in.
 *
 * Tags: `Payout` LIST for the ledger, the income and the goal. A mark changes a payout's state, which the
 * calendar entries (`payoutStatus`, `receivedAmount`) and the holdings (`latestPayout`) carry too, so it
 * invalidates `Payout`, `UserCalendar` and `Holding` LIST (the server answered after its read model took
 * the mark in). Setting the goal answers with the new view, written into the cache of the goal without a
 * fund and invalidating the others (each fund's "what it would take" depends on the goal).
 */
export const payoutsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPayouts: build.query<AnswerOf<typeof getPayouts>, { from?: string; to?: string } | void>({
      query: (range) => call<typeof getPayouts>('GET /api/user/payouts', { query: { from: range?.from, to: range?.to } }),
      providesTags: [{ type: 'Payout', id: LIST }],
    }),
    markPayoutReceived: build.mutation<AnswerOf<typeof markPayoutReceived>, { holdingId: string; exDate: string; amount: string }>({
      query: ({ holdingId, exDate, amount }) =>
        call<typeof markPayoutReceived>('POST /api/user/payouts/:holdingId/:exDate/received', { params: { holdingId, exDate }, body: { amount } }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Payout', id: LIST },
              { type: 'UserCalendar', id: LIST },
              { type: 'Holding', id: LIST },
            ]
          : [],
    }),
    /**
     * POST /api/user/payouts/import {csv}: a broker's dividend history. New records change payout states
     * (the ledger, the income, the calendar entries and the holdings' latest payouts): read again.
     */
    importDividendHistory: build.mutation<AnswerOf<typeof importDividendHistory>, BodyIn<typeof importDividendHistory>>({
      query: (body) => call<typeof importDividendHistory>('POST /api/user/payouts/import', { body }),
      invalidatesTags: (result) =>
        result && result.recorded > 0
          ? [
              { type: 'Payout', id: LIST },
              { type: 'UserCalendar', id: LIST },
              { type: 'Holding', id: LIST },
            ]
          : [],
    }),
    getIncome: build.query<AnswerOf<typeof getIncome>, IncomeBy>({
      query: (by) => call<typeof getIncome>('GET /api/user/income', { query: { by } }),
      providesTags: [{ type: 'Payout', id: LIST }],
    }),
    /** GET /api/user/income.csv?by= → the CSV text. Nothing to cache: it runs on "Download CSV". */
    exportIncomeCsv: build.mutation<string, IncomeBy>({
      query: (by) => call<typeof getIncomeCsv>('GET /api/user/income.csv', { query: { by }, headers: { Accept: 'text/csv' } }),
    }),
    /** The goal and its progress; with `etfId` also how many shares of that fund would reach it. */
    getIncomeGoal: build.query<AnswerOf<typeof getIncomeGoal>, string | undefined>({
      query: (etfId) => call<typeof getIncomeGoal>('GET /api/user/income-goal', { query: { etfId } }),
      providesTags: [{ type: 'Payout', id: 'GOAL' }],
    }),
    setIncomeGoal: build.mutation<AnswerOf<typeof putIncomeGoal>, BodyIn<typeof putIncomeGoal>>({
      query: (body) => call<typeof putIncomeGoal>('PUT /api/user/income-goal', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(payoutsApi.util.upsertQueryData('getIncomeGoal', undefined, data));
        } catch {
          // nothing changed; the caller shows the toast
        }
      },
      invalidatesTags: (result) => (result ? [{ type: 'Payout', id: 'GOAL' }] : []),
    }),
  }),
});

export const {
  useGetPayoutsQuery,
  useMarkPayoutReceivedMutation,
  useImportDividendHistoryMutation,
  useGetIncomeQuery,
  useExportIncomeCsvMutation,
  useGetIncomeGoalQuery,
  useSetIncomeGoalMutation,
} = payoutsApi;
