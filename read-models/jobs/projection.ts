import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { JobEvent, JobName } from '../../events/jobs.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `jobs` read model: one document per run of a data job (`job-<jobId>` stream), what the owner's
 * Data Sync tab shows: state, progress, outcome. Times come from the events, never from a clock.
 */
export interface JobDoc extends Doc {
  _id: string;
  name: JobName;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** How many times a worker started it (more than 1 when a worker died and another took over). */
  attempts: number;
  progress: { done: number; total: number; message: string; at: string } | null;
  summary: string | null;
  counts: Record<string, number> | null;
  reason: string | null;
}

export const JOBS = 'jobs';

const handled: readonly JobEvent['type'][] = ['JobRequested', 'JobStarted', 'JobProgressed', 'JobSucceeded', 'JobFailed'];

export const jobsProjection: Projection = {
  name: 'jobs',
  version: 1,
  handles: handled,
  collections: { [JOBS]: [{ key: { requestedAt: -1 }, name: 'requestedAt' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<JobEvent>;
    const id = event.data.jobId;
    switch (event.type) {
      case 'JobRequested': {
        const d = event.data;
        await ctx.update<JobDoc>(JOBS, id, (doc) =>
          doc ?? {
            _id: id,
            name: d.name,
            status: 'queued',
            requestedBy: d.requestedBy,
            requestedAt: d.requestedAt,
            startedAt: null,
            finishedAt: null,
            attempts: 0,
            progress: null,
            summary: null,
            counts: null,
            reason: null,
          },
        );
        return;
      }
      case 'JobStarted': {
        const d = event.data;
        await ctx.update<JobDoc>(JOBS, id, (doc) => (doc ? { ...doc, status: 'running', startedAt: d.startedAt, attempts: doc.attempts + 1 } : null));
        return;
      }
      case 'JobProgressed': {
        const d = event.data;
        await ctx.update<JobDoc>(JOBS, id, (doc) => (doc ? { ...doc, progress: { done: d.done, total: d.total, message: d.message, at: d.progressedAt } } : null));
        return;
      }
      case 'JobSucceeded': {
        const d = event.data;
        await ctx.update<JobDoc>(JOBS, id, (doc) => (doc ? { ...doc, status: 'succeeded', finishedAt: d.succeededAt, summary: d.summary, counts: d.counts } : null));
        return;
      }
      case 'JobFailed': {
        const d = event.data;
        await ctx.update<JobDoc>(JOBS, id, (doc) => (doc ? { ...doc, status: 'failed', finishedAt: d.failedAt, reason: d.reason } : null));
        return;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`jobs projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
};
