import { Router } from 'express';
import { z } from 'zod';
import type { JobJson } from '../../contracts/jobs.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import { findJob, recentJobs } from '../../read-models/jobs/queries.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { validate } from '../http/validation.ts';

/**
 * `GET /api/admin/jobs` (recent runs, newest first; `?limit=` 1-200, default 50) and
 * `GET /api/admin/jobs/{id}` (one run: state, progress, summary or failure reason). Owner-only
 * (mounted at /api/admin). Beyond the spec: the owner can see a job finish.
 */

/** A job run as the API shows it: the contract (contracts/jobs.ts). */
export type { JobJson };

export function toJobJson(doc: JobDoc): JobJson {
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

export const listQuery = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be 1-200').max(200, 'Limit must be 1-200').default(50),
});

export function jobsRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/jobs', async (req, res) => {
    const { limit } = validate(listQuery, req.query);
    res.json((await recentJobs(deps.readModels, limit)).map(toJobJson));
  });
  router.get('/jobs/:id', async (req, res) => {
    const id = String(req.params['id']);
    const doc = z.uuid().safeParse(id).success ? await findJob(deps.readModels, id) : null;
    if (!doc) throw notFound('Job not found');
    res.json(toJobJson(doc));
  });
  return router;
}
