import { z } from 'zod';
import { jobNameSchema, type JobName } from '../events/jobs.ts';
import { endpoint } from './endpoint.ts';

/**
 * The owner's data jobs: the runs (`/api/admin/jobs`) and the data operations under `/api/admin` that
 * start one (handled by services/jobs/api.ts and services/jobs/admin-api.ts).
 */

export const JobStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobJson = z.object({
  id: z.string(),
  name: jobNameSchema,
  status: JobStatus,
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string(), at: z.string() }).nullable(),
  summary: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  reason: z.string().nullable(),
});
export type JobJson = z.infer<typeof JobJson>;

/** The 202 answer of a data operation (`Location: /api/admin/jobs/{jobId}`). */
export const JobQueued = z.object({
  jobId: z.string(),
  name: jobNameSchema,
  status: z.literal('queued'),
  message: z.string(),
});
export type JobQueued = z.infer<typeof JobQueued>;

/** The messages of the job routes, word for word. */
export const jobMessages = {
  limitNumber: 'Limit must be a number',
  limitWhole: 'Limit must be a whole number',
  limitRange: 'Limit must be 1-200',
  notFound: 'Job not found',
} as const;

const JOB_LIST_DEFAULT_LIMIT = 50;

export const JobListQuery = z.object({
  limit: z.coerce
    .number({ error: jobMessages.limitNumber })
    .int(jobMessages.limitWhole)
    .min(1, jobMessages.limitRange)
    .max(200, jobMessages.limitRange)
    .default(JOB_LIST_DEFAULT_LIMIT)
    .describe(`How many runs, 1-200 (default ${JOB_LIST_DEFAULT_LIMIT}).`),
});

// ---------------------------------------------------------------------------------------------------
// Endpoints (owner only: under /api/admin, behind the app's owner guard too)

const tags = ['Admin'];

export const getJobs = endpoint({
  method: 'get',
  path: '/api/admin/jobs',
  access: 'owner',
  summary: 'Recent job runs, newest first.',
  tags,
  query: JobListQuery,
  responses: { 200: { description: 'The runs.', json: z.array(JobJson) } },
  errors: [400],
  reads: ['jobs'],
});

export const getJob = endpoint({
  method: 'get',
  path: '/api/admin/jobs/:id',
  access: 'owner',
  summary: 'One job run: state, progress, outcome.',
  tags,
  params: z.object({ id: z.string().describe('The job id (uuid).') }),
  responses: { 200: { description: 'The run.', json: JobJson } },
  errors: [404],
  reads: ['jobs'],
});

/**
 * A data operation: `POST /api/admin/<job>` with no body starts the job and answers at once, 202 with
 * the queued run (`GET /api/admin/jobs/{id}` follows it). 503 where no jobs run (a gateway without Agenda).
 */
const dataOperation = <const J extends JobName>(job: J) =>
  endpoint({
    method: 'post',
    path: `/api/admin/${job}`,
    access: 'owner',
    summary: `Start the \`${job}\` job.`,
    tags,
    responses: {
      202: {
        description: 'Queued; `Location` is the run (`/api/admin/jobs/{id}`).',
        json: JobQueued,
        headers: { Location: 'The run: `/api/admin/jobs/{jobId}`.' },
      },
    },
    errors: [503],
    // The answer (and GET /api/admin/jobs/{id}) needs the run in the jobs read model only: a market
    // projection busy re-rendering every fund must not turn the owner's button into a timeout (audit 01).
    waitsFor: ['jobs'],
  });

export const startInitializeProduction = dataOperation('initialize-production');
export const startUpdatePrices = dataOperation('update-prices');
export const startSyncDividends = dataOperation('sync-dividends');
export const startRecalculateYields = dataOperation('recalculate-yields');
export const startClearCache = dataOperation('clear-cache');
export const startIngestNews = dataOperation('ingest-news');
/** Reads the issuers' announcement feeds now (docs/declarations.md), as the schedule does every ISSUER_POLL_SECONDS. */
export const startIngestDeclarations = dataOperation('ingest-declarations');
