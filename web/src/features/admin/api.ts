import { baseApi, call, LIST, type ApiRequest } from '../../api/base-api.ts';
import type {
  createEtf,
  exportEtfs,
  importCharacters,
  importDistributions,
  importPrices,
  putDistribution,
  recordSplit,
  updateEtf,
  withdrawDistribution,
} from '../../../../contracts/catalog.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import type { DistributionKind } from '../../../../contracts/market.ts';
import type {
  getJobs,
  startClearCache,
  startInitializeProduction,
  startRecalculateYields,
  startSyncDividends,
  startUpdatePrices,
} from '../../../../contracts/jobs.ts';

/**
 * The owner's catalog writes and data operations (ETF Management and Data Sync tabs). The news, pages,
 * images and settings endpoints are in content-api.ts. Writes invalidate the ETF list (and the fund's
 * own entries), so the table and the public screens show the change.
 */

/**
 * The five data operations of the Data Sync tab (spec §2 Data Sync, §7): POST /api/admin/{operation}
 * with an empty body, each its own endpoint.
 */
const DATA_OPERATION_CALLS = {
  'initialize-production': () => call<typeof startInitializeProduction>('POST /api/admin/initialize-production'),
  'update-prices': () => call<typeof startUpdatePrices>('POST /api/admin/update-prices'),
  'sync-dividends': () => call<typeof startSyncDividends>('POST /api/admin/sync-dividends'),
  'recalculate-yields': () => call<typeof startRecalculateYields>('POST /api/admin/recalculate-yields'),
  'clear-cache': () => call<typeof startClearCache>('POST /api/admin/clear-cache'),
} as const satisfies Record<string, () => ApiRequest>;
export type DataOperation = keyof typeof DATA_OPERATION_CALLS;

/** The job list's length (the newest runs). */
export const JOB_LIST_LIMIT = 20;

const etfTags = (...tickers: string[]) => [{ type: 'Etf' as const, id: LIST }, ...tickers.map((t) => ({ type: 'Etf' as const, id: t.toUpperCase() }))];

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/etfs (one call per CSV row, too). */
    createEtf: build.mutation<AnswerOf<typeof createEtf>, BodyIn<typeof createEtf>>({
      query: (body) => call<typeof createEtf>('POST /api/etfs', { body }),
      invalidatesTags: (result) => (result ? etfTags(result.ticker) : []),
    }),
    /**
     * POST /api/etfs for one CSV row: no invalidation per row (a 60-row file would re-read the list
     * 60 times); the upload invalidates the list once at the end (`etfListChanged`).
     */
    createEtfRow: build.mutation<AnswerOf<typeof createEtf>, BodyIn<typeof createEtf>>({
      query: (body) => call<typeof createEtf>('POST /api/etfs', { body }),
    }),
    /** PUT /api/admin/etfs/{id}. */
    updateEtf: build.mutation<AnswerOf<typeof updateEtf>, { id: string; previousTicker: string; input: BodyIn<typeof updateEtf> }>({
      query: ({ id, input }) => call<typeof updateEtf>('PUT /api/admin/etfs/:id', { params: { id }, body: input }),
      invalidatesTags: (result, _error, { previousTicker }) => (result ? etfTags(previousTicker, result.ticker) : []),
    }),
    /** GET /api/admin/etfs/export.csv: the list as CSV text (ticker, name, brand, description). */
    exportEtfs: build.mutation<string, void>({
      query: () => call<typeof exportEtfs>('GET /api/admin/etfs/export.csv', { headers: { Accept: 'text/csv' } }),
    }),
    /** POST /api/admin/etfs/{id}/prices/import with `{ csv }`. */
    importPrices: build.mutation<AnswerOf<typeof importPrices>, { id: string; ticker: string } & BodyIn<typeof importPrices>>({
      query: ({ id, csv }) => call<typeof importPrices>('POST /api/admin/etfs/:id/prices/import', { params: { id }, body: { csv } }),
      invalidatesTags: (result, _error, { ticker }) => (result ? etfTags(ticker) : []),
    }),
    /** POST /api/admin/etfs/{id}/distributions/import with `{ csv }`. */
    importDistributions: build.mutation<AnswerOf<typeof importDistributions>, { id: string; ticker: string } & BodyIn<typeof importDistributions>>({
      query: ({ id, csv }) => call<typeof importDistributions>('POST /api/admin/etfs/:id/distributions/import', { params: { id }, body: { csv } }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** POST /api/admin/etfs/{id}/distributions/character with `{ csv }`: the year-end character (issue 27). */
    importCharacters: build.mutation<AnswerOf<typeof importCharacters>, { id: string; ticker: string } & BodyIn<typeof importCharacters>>({
      query: ({ id, csv }) => call<typeof importCharacters>('POST /api/admin/etfs/:id/distributions/character', { params: { id }, body: { csv } }),
      // the character moves the ROC share of the fund and of every holding of it (calendar entries carry it too)
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** PUT /api/admin/etfs/{id}/distributions/{exDate}?kind=…: the owner's edit of one distribution (its ROC estimate among its values). */
    putDistribution: build.mutation<
      AnswerOf<typeof putDistribution>,
      { id: string; ticker: string; exDate: string; kind: DistributionKind; distribution: BodyIn<typeof putDistribution> }
    >({
      query: ({ id, exDate, kind, distribution }) =>
        call<typeof putDistribution>('PUT /api/admin/etfs/:id/distributions/:exDate', {
          params: { id, exDate },
          query: { kind: kind === 'regular' ? undefined : kind },
          body: distribution,
        }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** DELETE /api/admin/etfs/{id}/distributions/{exDate}?kind=…&reason=… */
    withdrawDistribution: build.mutation<AnswerOf<typeof withdrawDistribution>, { id: string; ticker: string; exDate: string; kind: DistributionKind; reason: string }>({
      query: ({ id, exDate, kind, reason }) =>
        call<typeof withdrawDistribution>('DELETE /api/admin/etfs/:id/distributions/:exDate', {
          params: { id, exDate },
          // a regular one needs no kind (the route's default)
          query: { reason: reason.trim() || undefined, kind: kind === 'regular' ? undefined : kind },
        }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** POST /api/admin/etfs/{id}/splits. */
    recordSplit: build.mutation<AnswerOf<typeof recordSplit>, { id: string; ticker: string; split: BodyIn<typeof recordSplit> }>({
      query: ({ id, split }) => call<typeof recordSplit>('POST /api/admin/etfs/:id/splits', { params: { id }, body: split }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** POST /api/admin/{operation}, empty body: 202 with the queued job. */
    startDataOperation: build.mutation<AnswerOf<typeof startUpdatePrices>, DataOperation>({
      query: (operation) => DATA_OPERATION_CALLS[operation](),
    }),
    /** GET /api/admin/jobs?limit=…: the newest runs first. */
    getJobs: build.query<AnswerOf<typeof getJobs>, void>({
      query: () => call<typeof getJobs>('GET /api/admin/jobs', { query: { limit: JOB_LIST_LIMIT } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** The action that makes every ETF list read again (after a CSV upload). */
export const etfListChanged = () => adminApi.util.invalidateTags([{ type: 'Etf', id: LIST }]);

export const {
  useCreateEtfMutation,
  useCreateEtfRowMutation,
  useUpdateEtfMutation,
  useExportEtfsMutation,
  useImportPricesMutation,
  useImportDistributionsMutation,
  useImportCharactersMutation,
  usePutDistributionMutation,
  useWithdrawDistributionMutation,
  useRecordSplitMutation,
  useStartDataOperationMutation,
  useGetJobsQuery,
} = adminApi;
