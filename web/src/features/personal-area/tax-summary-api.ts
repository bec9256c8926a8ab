import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getTaxSummary, getTaxSummaryCsv } from '../../../../contracts/portfolio.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/**
 * The tax-year summary (issue 27, docs/user-area.md "Tax-year summary"): every year at once (the page
 * picks one and lists the others in its selector, one request), and the CSV of one year on "Download CSV".
 *
 * Tag: `Holding` LIST, since the summary is the holdings' payments: a CSV import, a brokerage sync and the
 * live updates read it again, and logging out drops it with the other per-user data. Adding or removing a
 * holding patches the portfolio instead of invalidating it, so the page reads the summary again each
 * time it opens (`refetchOnMountOrArgChange` where it is used).
 */
export const taxSummaryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTaxSummary: build.query<AnswerOf<typeof getTaxSummary>, void>({
      query: () => call<typeof getTaxSummary>('GET /api/user/tax-summary'),
      providesTags: [{ type: 'Holding', id: LIST }],
    }),
    /** GET /api/user/tax-summary.csv?year= → the CSV text (the disclaimer on its first line). Nothing to cache: it runs on the click. */
    exportTaxSummaryCsv: build.mutation<string, { year: number }>({
      query: ({ year }) => call<typeof getTaxSummaryCsv>('GET /api/user/tax-summary.csv', { query: { year }, headers: { Accept: 'text/csv' } }),
    }),
  }),
});

export const { useGetTaxSummaryQuery, useExportTaxSummaryCsvMutation } = taxSummaryApi;
