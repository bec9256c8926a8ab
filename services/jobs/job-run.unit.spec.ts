import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../events/jobs.ts';
import { fold, type CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { jobRunDecider } from './job-run.ts';

const jobId = '7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f';
const ctx: CommandContext = { actor: 'job:update-prices', correlationId: 'c1', now: '2026-03-02T15:05:00.000Z' };
const given = deciderSpec(jobRunDecider, ctx);

const requested: JobEvent = { type: 'JobRequested', data: { jobId, name: 'update-prices', requestedBy: 'user:owner', requestedAt: ctx.now } };
const started: JobEvent = { type: 'JobStarted', data: { jobId, startedAt: ctx.now } };
const succeeded: JobEvent = { type: 'JobSucceeded', data: { jobId, summary: 'done', counts: {}, succeededAt: ctx.now } };
const failed: JobEvent = { type: 'JobFailed', data: { jobId, reason: 'Alpaca API keys are not set', failedAt: ctx.now } };

describe('job-<jobId>', () => {
  it('records a request once', () => {
    given([]).when({ type: 'RequestJob', jobId, name: 'update-prices', requestedBy: 'user:owner' }).then([requested]);
    given([requested]).when({ type: 'RequestJob', jobId, name: 'update-prices', requestedBy: 'user:owner' }).then([]);
    given([requested]).when({ type: 'RequestJob', jobId, name: 'sync-dividends', requestedBy: 'user:owner' }).thenThrows({ status: 409 });
  });

  it('starts a queued run, and again after its worker died', () => {
    given([requested]).when({ type: 'StartJob', jobId }).then([started]);
    given([requested, started]).when({ type: 'StartJob', jobId }).then([started]);
    expect(fold(jobRunDecider, [requested, started, started])).toMatchObject({ status: 'running', attempts: 2 });
  });

  it('never starts a finished run, nor an unknown one', () => {
    given([requested, started, succeeded]).when({ type: 'StartJob', jobId }).thenThrows({ status: 409 });
    given([]).when({ type: 'StartJob', jobId }).thenThrows({ status: 404 });
  });

  it('reports progress only while running', () => {
    given([requested, started]).when({ type: 'ReportProgress', jobId, done: 3, total: 63, message: 'NVDW' }).then([
      { type: 'JobProgressed', data: { jobId, done: 3, total: 63, message: 'NVDW', progressedAt: ctx.now } },
    ]);
    given([requested]).when({ type: 'ReportProgress', jobId, done: 1, total: 2, message: '' }).then([]);
    given([requested, started, succeeded]).when({ type: 'ReportProgress', jobId, done: 1, total: 2, message: '' }).then([]);
  });

  it('finishes once: succeeded or failed with a reason', () => {
    given([requested, started]).when({ type: 'SucceedJob', jobId, summary: 'done', counts: {} }).then([succeeded]);
    given([requested, started]).when({ type: 'FailJob', jobId, reason: ' Alpaca API keys are not set ' }).then([
      { type: 'JobFailed', data: { ...failed.data, reason: 'Alpaca API keys are not set' } },
    ]);
    given([requested]).when({ type: 'FailJob', jobId, reason: '' }).then([{ type: 'JobFailed', data: { ...failed.data, reason: 'The job failed' } }]);
    given([requested, started, succeeded]).when({ type: 'FailJob', jobId, reason: 'late' }).then([]);
    given([requested, started, failed]).when({ type: 'SucceedJob', jobId, summary: 'late', counts: {} }).then([]);
    expect(fold(jobRunDecider, [requested, started, failed])).toMatchObject({ status: 'failed' });
  });
});
