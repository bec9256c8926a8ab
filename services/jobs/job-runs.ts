import type { JobName } from '../../events/jobs.ts';
import { streams } from '../../events/streams.ts';
import { findJob } from '../../read-models/jobs/queries.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import { jobsProjection } from '../../read-models/jobs/projection.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { jobRunDecider, type JobRunCommand } from './job-run.ts';

/** The commands of a job run, each on its `job-<jobId>` stream. Answers the appended position (0 if none). */
async function send(log: EventLog, command: JobRunCommand, ctx: CommandContext): Promise<number> {
  return (await handleCommand(log, streams.job(command.jobId), jobRunDecider, command, ctx)).position;
}

export const jobRuns = {
  request: (log: EventLog, jobId: string, name: JobName, requestedBy: string, ctx: CommandContext) =>
    send(log, { type: 'RequestJob', jobId, name, requestedBy }, ctx),
  start: (log: EventLog, jobId: string, ctx: CommandContext) => send(log, { type: 'StartJob', jobId }, ctx),
  progress: (log: EventLog, jobId: string, p: { done: number; total: number; message: string }, ctx: CommandContext) =>
    send(log, { type: 'ReportProgress', jobId, ...p }, ctx),
  succeed: (log: EventLog, jobId: string, outcome: { summary: string; counts: Record<string, number> }, ctx: CommandContext) =>
    send(log, { type: 'SucceedJob', jobId, ...outcome }, ctx),
  fail: (log: EventLog, jobId: string, reason: string, ctx: CommandContext) => send(log, { type: 'FailJob', jobId, reason }, ctx),
};

/**
 * Resolves with the run's document once it has succeeded or failed (as the `jobs` read model shows
 * it). Event-driven: re-checks whenever the jobs projection advances, never sleeps. Rejects after
 * `timeoutMs` (default 10 minutes).
 */
export function whenJobFinished(readModels: ReadModels, jobId: string, timeoutMs = 10 * 60_000): Promise<JobDoc> {
  return new Promise<JobDoc>((resolve, reject) => {
    let settled = false;
    let checking = false;
    let again = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      off();
      fn();
    };
    const check = async () => {
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          const doc = await findJob(readModels, jobId);
          if (doc && (doc.status === 'succeeded' || doc.status === 'failed')) return finish(() => resolve(doc));
        } while (again && !settled);
      } catch (error) {
        finish(() => reject(error));
      } finally {
        checking = false;
      }
    };
    const off = readModels.onAdvance((projection) => {
      if (projection.name === jobsProjection.name) void check();
    });
    const timer = setTimeout(() => finish(() => reject(new Error(`job ${jobId} did not finish within ${timeoutMs} ms`))), timeoutMs);
    timer.unref?.();
    void check();
  });
}
