import { z } from 'zod';
import { getJob, getJobs, jobMessages, type JobJson } from '../../contracts/jobs.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import { findJob, recentJobs } from '../../read-models/jobs/queries.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';

/**
 * `GET /api/admin/jobs` (recent runs, newest first; `?limit=` 1-200, default 50) and
 * `GET /api/admin/jobs/{id}` (one run: state, progress, summary or failure reason); definitions in
 * contracts/jobs.ts. Owner-only (under /api/admin). Beyond the spec: the owner can see a job finish.
 */

function toJobJson(doc: JobDoc): JobJson {
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    requestedBy: doc.requestedBy,
    requestedAt: doc.requestedAt,
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    attempts: doc.attempts,
    progress: doc.progress,
    summary: doc.summary,
    counts: doc.counts,
    reason: doc.reason,
  };
}

const jobId = z.uuid();

export const jobsApi = apiModule('jobs', (deps) => [
  handle(getJobs, async ({ query }) => (await recentJobs(deps.readModels, query.limit)).map(toJobJson)),
  handle(getJob, async ({ params }) => {
    const doc = jobId.safeParse(params.id).success ? await findJob(deps.readModels, params.id) : null;
    if (!doc) throw notFound(jobMessages.notFound);
    return toJobJson(doc);
  }),
]);
