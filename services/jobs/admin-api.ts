import {
  startClearCache,
  startIngestDeclarations,
  startIngestNews,
  startInitializeProduction,
  startRecalculateYields,
  startSyncDividends,
  startUpdatePrices,
  type JobQueued,
} from '../../contracts/jobs.ts';
import type { JobName } from '../../events/jobs.ts';
import { AppError } from '../core/errors.ts';
import { apiModule, handle, type Call } from '../http/endpoints.ts';

/**
 * The owner's data operations (the Data Sync tab: initialize, update prices, sync dividends, recalculate
 * yields, clear cache, read the issuers' declarations; the News tab's ingest news), definitions in contracts/jobs.ts. Each POST (no
 * body) starts a job and answers at once: 202 with the run, `Location: /api/admin/jobs/{id}`, which
 * follows it (services/jobs/api.ts). Under /api/admin (the app's owner guard).
 */

/** What the owner is told when a run is queued (the Data Sync tab shows it). */
const dataOperationMessages = {
  'initialize-production': 'Initialization started: ETFs, two years of prices and dividends, and yields will be loaded. Follow its progress in the job list.',
  'update-prices': 'Price sync started. It may take a few minutes.',
  'sync-dividends': 'Dividend sync started. It may take a few minutes.',
  'recalculate-yields': 'Yield calculation started. It may take a few minutes.',
  'clear-cache': 'Cache clearing started. Fresh data will load on next request.',
  'ingest-news': 'News ingestion started. Check back in a minute for new articles.',
  'ingest-declarations': "Reading the issuers' announcements. New declarations show in a minute; releases not read completely wait for review.",
} as const satisfies Partial<Record<JobName, string>>;

type DataOperation = keyof typeof dataOperationMessages;

/** Queues the job (503 where no jobs run) and answers once the `jobs` read model shows the run. */
const queue =
  (job: DataOperation) =>
  async (_input: unknown, call: Pick<Call<typeof startUpdatePrices>, 'deps' | 'res' | 'context' | 'waitFor'>): Promise<JobQueued> => {
    const jobs = call.deps.jobs;
    if (!jobs) throw new AppError(503, 'Data jobs are not running');
    const ctx = call.context();
    const { jobId, position } = await jobs.request(job, ctx.actor, ctx);
    await call.waitFor(position);
    call.res.location(`/api/admin/jobs/${jobId}`);
    return { jobId, name: job, status: 'queued', message: dataOperationMessages[job] };
  };

export const dataOperationsApi = apiModule('jobs', () => [
  handle(startInitializeProduction, queue('initialize-production')),
  handle(startUpdatePrices, queue('update-prices')),
  handle(startSyncDividends, queue('sync-dividends')),
  handle(startRecalculateYields, queue('recalculate-yields')),
  handle(startClearCache, queue('clear-cache')),
  handle(startIngestNews, queue('ingest-news')),
  handle(startIngestDeclarations, queue('ingest-declarations')),
]);
