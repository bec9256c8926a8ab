import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../events/jobs.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { JOBS, jobsProjection, type JobDoc } from './projection.ts';

const a = '7d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f';
const b = '8d0c4f4e-2b1a-4c3d-8e9f-0a1b2c3d4e5f';
const t = (m: number) => `2026-03-02T15:${String(m).padStart(2, '0')}:00.000Z`;

const history: GivenEvent[] = [
  { stream: `job-${a}`, type: 'JobRequested', data: { jobId: a, name: 'initialize-production', requestedBy: 'user:owner', requestedAt: t(0) } },
  { stream: `job-${b}`, type: 'JobRequested', data: { jobId: b, name: 'update-prices', requestedBy: 'schedule', requestedAt: t(1) } },
  { stream: `job-${a}`, type: 'JobStarted', data: { jobId: a, startedAt: t(2) } },
  { stream: `job-${a}`, type: 'JobProgressed', data: { jobId: a, done: 1, total: 63, message: 'NVDW', progressedAt: t(3) } },
  { stream: `job-${b}`, type: 'JobStarted', data: { jobId: b, startedAt: t(3) } },
  { stream: `job-${a}`, type: 'JobProgressed', data: { jobId: a, done: 63, total: 63, message: 'YMAX', progressedAt: t(4) } },
  { stream: `job-${b}`, type: 'JobFailed', data: { jobId: b, reason: 'Alpaca API keys are not set', failedAt: t(4) } },
  { stream: `job-${a}`, type: 'JobSucceeded', data: { jobId: a, summary: 'Listed 63 ETFs', counts: { listed: 63 }, succeededAt: t(5) } },
];

const expected: JobDoc[] = [
  {
    _id: a,
    name: 'initialize-production',
    status: 'succeeded',
    requestedBy: 'user:owner',
    requestedAt: t(0),
    startedAt: t(2),
    finishedAt: t(5),
    attempts: 1,
    progress: { done: 63, total: 63, message: 'YMAX', at: t(4) },
    summary: 'Listed 63 ETFs',
    counts: { listed: 63 },
    reason: null,
    _position: 8,
  },
  {
    _id: b,
    name: 'update-prices',
    status: 'failed',
    requestedBy: 'schedule',
    requestedAt: t(1),
    startedAt: t(3),
    finishedAt: t(4),
    attempts: 1,
    progress: null,
    summary: null,
    counts: null,
    reason: 'Alpaca API keys are not set',
    _position: 7,
  },
];

describe('jobs projection', () => {
  it('keeps one document per run: state, progress, outcome', async () => {
    const { all } = await project(jobsProjection, recorded(history));
    expect(await all<JobDoc>(JOBS)).toEqual(expected);
  });

  it('shows a queued run before a worker takes it', async () => {
    const { all } = await project(jobsProjection, recorded(history.slice(0, 1)));
    expect(await all<JobDoc>(JOBS)).toEqual([expect.objectContaining({ _id: a, status: 'queued', startedAt: null, attempts: 0 })]);
  });

  it('gives the same documents when every event is delivered twice', async () => {
    const twice = await project(jobsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(JOBS)).toEqual(expected);
  });

  it('gives byte-identical documents on a rebuild', async () => {
    const first = await project(jobsProjection, recorded(history), { batchSize: 3 });
    const second = await project(jobsProjection, recorded(history), { batchSize: 2 });
    expect(JSON.stringify(await second.all(JOBS))).toBe(JSON.stringify(await first.all(JOBS)));
  });

  it('counts a restart after a worker died', async () => {
    const restarted = [...history.slice(0, 3), { stream: `job-${a}`, type: 'JobStarted', data: { jobId: a, startedAt: t(9) } }];
    const { all } = await project(jobsProjection, recorded(restarted));
    expect((await all<JobDoc>(JOBS)).find((d) => d._id === a)).toMatchObject({ status: 'running', attempts: 2, startedAt: t(9) });
  });
});

describe('jobs projection: schema coverage', () => {
  const requested = (d: { jobId: string }) => [sampleEvent('JobRequested', { jobId: d.jobId })];
  const cases: CoverageCases<JobEvent> = {
    JobRequested: {},
    JobStarted: { given: requested },
    JobProgressed: { given: requested },
    JobSucceeded: { given: requested },
    JobFailed: { given: requested },
  };

  it('carries every field of every event it handles into its documents', async () => {
    const { notReaching, documentFields } = await schemaCoverage(jobsProjection, cases);
    expect(notReaching).toEqual({ JobRequested: [], JobStarted: [], JobProgressed: [], JobSucceeded: [], JobFailed: [] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: jobsProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: {
        [JOBS]: [
          '_id', '_position', 'attempts', 'counts', 'counts.key', 'finishedAt', 'name', 'progress', 'progress.at', 'progress.done', 'progress.message', 'progress.total',
          'reason', 'requestedAt', 'requestedBy', 'startedAt', 'status', 'summary',
        ],
      },
    });
  });
});
