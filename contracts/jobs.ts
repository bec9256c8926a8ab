import { z } from 'zod';
import { jobNameSchema } from '../events/jobs.ts';

/** The owner's data jobs (`/api/admin/jobs`, the data operations under `/api/admin`). */

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
