import type { JobName } from '../../events/jobs.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { JOBS, jobsProjection, type JobDoc } from './projection.ts';

function jobsCollection(readModels: ReadModels) {
  return readModels.collection<JobDoc>(jobsProjection, JOBS);
}

/** The most recent runs, newest request first (ties broken by id, so the order is stable). */
export async function recentJobs(readModels: ReadModels, limit = 50): Promise<JobDoc[]> {
  return jobsCollection(readModels).find({}, { sort: { requestedAt: -1, _id: -1 }, limit });
}

export async function findJob(readModels: ReadModels, jobId: string): Promise<JobDoc | null> {
  return jobsCollection(readModels).findOne({ _id: jobId });
}

/** Every recorded run of one job, in no particular order. */
export async function runsOfJob(readModels: ReadModels, name: JobName): Promise<JobDoc[]> {
  return jobsCollection(readModels).find({ name });
}

/** Every run that has finished (succeeded or failed), in no particular order. */
export async function finishedJobs(readModels: ReadModels): Promise<JobDoc[]> {
  return jobsCollection(readModels).find({ status: { $in: ['succeeded', 'failed'] } });
}
