import { baseApi, LIST } from '../../api/base-api.ts';
import type { DistributionWithdrawal, EtfJson, HistoryImportResult, SplitJson, SplitRequest } from '../../../../contracts/catalog.ts';
import type { JobJson, JobQueued } from '../../../../contracts/jobs.ts';

/**
 * The owner's catalog writes and data operations (ETF Management and Data Sync tabs). The news, pages,
 * images and settings endpoints are in content-api.ts. Writes invalidate the ETF list (and the fund's
 * own entries), so the table and the public screens show the change.
 */

export interface EtfInput {
  ticker: string;
  name: string;
  brand: string;
  /** Left out on an edit whose description was not loaded yet (the server keeps the value). */
  description?: string;
}

/** The five data operations (spec §2 Data Sync, §7): POST /api/admin/{operation} with an empty body. */
export const DATA_OPERATIONS = ['initialize-production', 'update-prices', 'sync-dividends', 'recalculate-yields', 'clear-cache'] as const;
export type DataOperation = (typeof DATA_OPERATIONS)[number];

/** The job list's length (the newest runs). */
export const JOB_LIST_LIMIT = 20;

const etfTags = (...tickers: string[]) => [{ type: 'Etf' as const, id: LIST }, ...tickers.map((t) => ({ type: 'Etf' as const, id: t.toUpperCase() }))];

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/etfs (one call per CSV row, too). */
    createEtf: build.mutation<EtfJson, EtfInput>({
      query: (body) => ({ url: '/etfs', method: 'POST', body }),
      invalidatesTags: (result) => (result ? etfTags(result.ticker) : []),
    }),
    /**
     * POST /api/etfs for one CSV row: no invalidation per row (a 60-row file would re-read the list
     * 60 times); the upload invalidates the list once at the end (`etfListChanged`).
     */
    createEtfRow: build.mutation<EtfJson, EtfInput>({
      query: (body) => ({ url: '/etfs', method: 'POST', body }),
    }),
    /** PUT /api/admin/etfs/{id}. */
    updateEtf: build.mutation<EtfJson, { id: string; previousTicker: string; input: EtfInput }>({
      query: ({ id, input }) => ({ url: `/admin/etfs/${encodeURIComponent(id)}`, method: 'PUT', body: input }),
      invalidatesTags: (result, _error, { previousTicker }) => (result ? etfTags(previousTicker, result.ticker) : []),
    }),
    /** GET /api/admin/etfs/export.csv: the list as CSV text (ticker, name, brand, description). */
    exportEtfs: build.mutation<string, void>({
      query: () => ({ url: '/admin/etfs/export.csv', headers: { Accept: 'text/csv' } }),
    }),
    /** POST /api/admin/etfs/{id}/prices/import with `{ csv }`. */
    importPrices: build.mutation<HistoryImportResult, { id: string; ticker: string; csv: string }>({
      query: ({ id, csv }) => ({ url: `/admin/etfs/${encodeURIComponent(id)}/prices/import`, method: 'POST', body: { csv } }),
      invalidatesTags: (result, _error, { ticker }) => (result ? etfTags(ticker) : []),
    }),
    /** POST /api/admin/etfs/{id}/distributions/import with `{ csv }`. */
    importDistributions: build.mutation<HistoryImportResult, { id: string; ticker: string; csv: string }>({
      query: ({ id, csv }) => ({ url: `/admin/etfs/${encodeURIComponent(id)}/distributions/import`, method: 'POST', body: { csv } }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** DELETE /api/admin/etfs/{id}/distributions/{exDate}?reason=… */
    withdrawDistribution: build.mutation<DistributionWithdrawal, { id: string; ticker: string; exDate: string; reason: string }>({
      query: ({ id, exDate, reason }) => ({
        url: `/admin/etfs/${encodeURIComponent(id)}/distributions/${encodeURIComponent(exDate)}`,
        method: 'DELETE',
        params: { reason: reason.trim() || undefined },
      }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** POST /api/admin/etfs/{id}/splits. */
    recordSplit: build.mutation<SplitJson, { id: string; ticker: string; split: SplitRequest }>({
      query: ({ id, split }) => ({ url: `/admin/etfs/${encodeURIComponent(id)}/splits`, method: 'POST', body: split }),
      invalidatesTags: (result, _error, { ticker }) => (result ? [...etfTags(ticker), { type: 'Calendar' as const, id: LIST }] : []),
    }),
    /** POST /api/admin/{operation}, empty body: 202 with the queued job. */
    startDataOperation: build.mutation<JobQueued, DataOperation>({
      query: (operation) => ({ url: `/admin/${operation}`, method: 'POST' }),
    }),
    /** GET /api/admin/jobs?limit=…: the newest runs first. */
    getJobs: build.query<JobJson[], void>({
      query: () => ({ url: '/admin/jobs', params: { limit: JOB_LIST_LIMIT } }),
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
  useWithdrawDistributionMutation,
  useRecordSplitMutation,
  useStartDataOperationMutation,
  useGetJobsQuery,
} = adminApi;
