import { pino } from 'pino';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { signUpOwner } from '../accounts/test-helpers.ts';
import { registerCache } from '../../domain/caches/registry.ts';
import { loadConfig } from '../http/config.ts';
import { createContainer, type Container } from '../gateway/container.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { whenJobFinished } from './job-runs.ts';
import { startJobs, type JobsRuntime } from './runtime.ts';

/**
 * The gateway/worker split on one data directory (the embedded stores are shared between processes
 * through their files): the gateway only queues, the worker runs the job, and the gateway sees the
 * outcome and drops its own caches after a clear-cache run.
 */

const NOW = new Date('2026-03-04T15:00:00.000Z');
let gateway: TestContext;
let gatewayJobs: JobsRuntime;
let worker: Container;
let owner: Agent;

beforeAll(async () => {
  gateway = await createTestContext({ ROLE: 'gateway' }, { now: NOW });
  gatewayJobs = await startJobs(gateway.container);
  gateway.container.onStop(() => gatewayJobs.stop());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: gateway.dataDir, ROLE: 'worker', DEMO_DATA: 'true' });
  worker = await createContainer(config, pino({ level: 'silent' }), { now: () => NOW });
  await worker.start();
  const workerJobs = await startJobs(worker, { processEvery: 100, schedules: false });
  worker.onStop(() => workerJobs.stop());
  owner = (await signUpOwner(gateway.app, gateway.deps)).agent;
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await gateway?.close();
});

describe('gateway and worker', () => {
  it('the gateway defines no job and keeps no schedule; it only queues', async () => {
    expect(gatewayJobs.processes).toBe(false);
    expect(Object.keys(gatewayJobs.agenda.definitions)).toEqual([]);
  });

  it('a run requested on the gateway is done by the worker and shown by the gateway', async () => {
    const res = await owner.post('/api/admin/sync-dividends').expect(202);
    const done = await whenJobFinished(gateway.deps.readModels, res.body.jobId, 30_000);
    expect(done).toMatchObject({ status: 'succeeded', requestedBy: expect.stringMatching(/^user:/) });
    const events = await gateway.deps.log.readStream(streams.job(res.body.jobId));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['JobRequested', done.requestedBy],
      ['JobStarted', 'job:sync-dividends'],
      ['JobSucceeded', 'job:sync-dividends'],
    ]);
  });

  it("clear-cache runs on the worker and the gateway drops its own caches when it succeeds", async () => {
    let clears = 0;
    let gatewayCleared!: () => void;
    const seenTwice = new Promise<void>((resolve) => (gatewayCleared = resolve));
    // One process holds both here, so the registry is shared: the worker's run clears once, the
    // gateway's follower once more.
    const off = registerCache({
      name: 'roles-spec-cache',
      owner: 'services/jobs/roles.int.spec.ts',
      key: 'none',
      bound: 'none',
      eviction: 'none',
      coherence: 'a spec',
      clearable: true,
      clear: () => {
        if (++clears === 2) gatewayCleared();
      },
    });
    try {
      const res = await owner.post('/api/admin/clear-cache').expect(202);
      await whenJobFinished(gateway.deps.readModels, res.body.jobId, 30_000);
      await seenTwice;
      expect(clears).toBe(2);
    } finally {
      off();
    }
  });
});
