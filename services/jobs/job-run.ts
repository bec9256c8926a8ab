import type { JobEvent, JobName } from '../../events/jobs.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { conflict, notFound } from '../core/errors.ts';

/**
 * The `job-<jobId>` stream: one run of a data job.
 *
 *   (none) --RequestJob--> queued --StartJob--> running --SucceedJob--> succeeded
 *                            |                     |  \--ReportProgress (stays running)
 *                            \-------FailJob-------+----FailJob--> failed
 *
 * - Requesting the same job id twice appends nothing (a retried request).
 * - StartJob on a running run appends a second `JobStarted`: the worker that held it died and the
 *   scheduler handed it to another one; the log says so honestly.
 * - A finished run cannot start again (409) and finishing it twice appends nothing.
 */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export type JobRunState =
  | { status: 'none' }
  | { status: JobStatus; jobId: string; name: JobName; requestedBy: string; attempts: number };

export type JobRunCommand =
  | { type: 'RequestJob'; jobId: string; name: JobName; requestedBy: string }
  | { type: 'StartJob'; jobId: string }
  | { type: 'ReportProgress'; jobId: string; done: number; total: number; message: string }
  | { type: 'SucceedJob'; jobId: string; summary: string; counts: Record<string, number> }
  | { type: 'FailJob'; jobId: string; reason: string };

export const initialJobRunState = (): JobRunState => ({ status: 'none' });

export function evolveJobRun(state: JobRunState, event: JobEvent): JobRunState {
  switch (event.type) {
    case 'JobRequested':
      return { status: 'queued', jobId: event.data.jobId, name: event.data.name, requestedBy: event.data.requestedBy, attempts: 0 };
    case 'JobStarted':
      return state.status === 'none' ? state : { ...state, status: 'running', attempts: state.attempts + 1 };
    case 'JobProgressed':
      return state;
    case 'JobSucceeded':
      return state.status === 'none' ? state : { ...state, status: 'succeeded' };
    case 'JobFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

function finished(state: JobRunState): boolean {
  return state.status === 'succeeded' || state.status === 'failed';
}

export function decideJobRun(command: JobRunCommand, state: JobRunState, ctx: CommandContext): JobEvent[] {
  const { jobId } = command;
  if (command.type === 'RequestJob') {
    if (state.status !== 'none') {
      if (state.name !== command.name) throw conflict(`Job ${jobId} is a ${state.name} job`);
      return [];
    }
    return [{ type: 'JobRequested', data: { jobId, name: command.name, requestedBy: command.requestedBy, requestedAt: ctx.now } }];
  }
  if (state.status === 'none') throw notFound(`Job ${jobId} was never requested`);
  switch (command.type) {
    case 'StartJob':
      if (finished(state)) throw conflict(`Job ${jobId} already ${state.status}`);
      return [{ type: 'JobStarted', data: { jobId, startedAt: ctx.now } }];
    case 'ReportProgress':
      if (state.status !== 'running') return [];
      return [
        {
          type: 'JobProgressed',
          data: { jobId, done: Math.max(0, Math.trunc(command.done)), total: Math.max(0, Math.trunc(command.total)), message: command.message, progressedAt: ctx.now },
        },
      ];
    case 'SucceedJob':
      if (finished(state)) return [];
      return [{ type: 'JobSucceeded', data: { jobId, summary: command.summary, counts: command.counts, succeededAt: ctx.now } }];
    case 'FailJob':
      if (finished(state)) return [];
      return [{ type: 'JobFailed', data: { jobId, reason: command.reason.trim() || 'The job failed', failedAt: ctx.now } }];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const jobRunDecider: Decider<JobRunCommand, JobRunState, JobEvent> = {
  initialState: initialJobRunState,
  evolve: evolveJobRun,
  decide: decideJobRun,
  folds: { JobRequested: true, JobStarted: true, JobProgressed: true, JobSucceeded: true, JobFailed: true },
};
