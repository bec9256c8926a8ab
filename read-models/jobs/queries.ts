import type { ReadModels } from '../runtime/read-models.ts';
import { JOBS, jobsProjection, type JobDoc } from './projection.ts';

export function jobsCollection(readModels: ReadModels) {
  return readModels.collection<JobDoc>(jobsProjection, JOBS);
}

/** The most recent runs, newest request first (ties broken by id, so the order is stable). */
export async function recentJobs(readModels: ReadModels, limit = 50): Promise<JobDoc[]> {
  return jobsCollection(readModels).find({}, { sort: { requestedAt: -1, _id: -1 }, limit });
}

export async function findJob(readModels: ReadModels, jobId: string): Promise<JobDoc | null> {
  return jobsCollection(readModels).findOne({ _id: jobId });
}
