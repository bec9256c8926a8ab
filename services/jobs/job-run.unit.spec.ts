import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../events/jobs.ts';
import { registry } from '../../events/registry.ts';
import { fold } from '../core/decider.ts';
import type { CommandContext } from '../core/event-log.ts';
import { jobRunDecider, type JobRunCommand } from './job-run.ts';

const jobId = '7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f';
const ctx: CommandContext = { actor: 'job:update-prices', correlationId: 'c1', now: '2026-03-02T15:05:00.000Z' };
const when = (given: JobEvent[], command: JobRunCommand) => {
  const events = jobRunDecider.decide(command, fold(jobRunDecider, given), ctx);
  for (const e of events) registry.encode(e, { actor: 'test', correlationId: 'c' });
  return events;
};

const requested: JobEvent = { type: 'JobRequested', data: { jobId, name: 'update-prices', requestedBy: 'user:owner', requestedAt: ctx.now } };
const started: JobEvent = { type: 'JobStarted', data: { jobId, startedAt: ctx.now } };
const succeeded: JobEvent = { type: 'JobSucceeded', data: { jobId, summary: 'done', counts: {}, succeededAt: ctx.now } };
const failed: JobEvent = { type: 'JobFailed', data: { jobId, reason: 'Alpaca API keys are not set', failedAt: ctx.now } };

describe('job-<jobId>', () => {
  it('records a request once', () => {
    expect(when([], { type: 'RequestJob', jobId, name: 'update-prices', requestedBy: 'user:owner' })).toEqual([requested]);
    expect(when([requested], { type: 'RequestJob', jobId, name: 'update-prices', requestedBy: 'user:owner' })).toEqual([]);
    expect(() => when([requested], { type: 'RequestJob', jobId, name: 'sync-dividends', requestedBy: 'user:owner' })).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('starts a queued run, and again after its worker died', () => {
    expect(when([requested], { type: 'StartJob', jobId })).toEqual([started]);
    expect(when([requested, started], { type: 'StartJob', jobId })).toEqual([started]);
    expect(fold(jobRunDecider, [requested, started, started])).toMatchObject({ status: 'running', attempts: 2 });
  });

  it('never starts a finished run, nor an unknown one', () => {
    expect(() => when([requested, started, succeeded], { type: 'StartJob', jobId })).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => when([], { type: 'StartJob', jobId })).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('reports progress only while running', () => {
    expect(when([requested, started], { type: 'ReportProgress', jobId, done: 3, total: 63, message: 'NVDW' })).toEqual([
      { type: 'JobProgressed', data: { jobId, done: 3, total: 63, message: 'NVDW', progressedAt: ctx.now } },
    ]);
    expect(when([requested], { type: 'ReportProgress', jobId, done: 1, total: 2, message: '' })).toEqual([]);
    expect(when([requested, started, succeeded], { type: 'ReportProgress', jobId, done: 1, total: 2, message: '' })).toEqual([]);
  });

  it('finishes once: succeeded or failed with a reason', () => {
    expect(when([requested, started], { type: 'SucceedJob', jobId, summary: 'done', counts: {} })).toEqual([succeeded]);
    expect(when([requested, started], { type: 'FailJob', jobId, reason: ' Alpaca API keys are not set ' })).toEqual([
      { type: 'JobFailed', data: { ...failed.data, reason: 'Alpaca API keys are not set' } },
    ]);
    expect(when([requested], { type: 'FailJob', jobId, reason: '' })).toEqual([{ type: 'JobFailed', data: { ...failed.data, reason: 'The job failed' } }]);
    expect(when([requested, started, succeeded], { type: 'FailJob', jobId, reason: 'late' })).toEqual([]);
    expect(when([requested, started, failed], { type: 'SucceedJob', jobId, summary: 'late', counts: {} })).toEqual([]);
    expect(fold(jobRunDecider, [requested, started, failed])).toMatchObject({ status: 'failed' });
  });
});
