import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { OWNER_EMAIL, signUpOwner } from '../accounts/test-helpers.ts';
import { createApp } from '../gateway/app.ts';
import { loadConfig } from '../http/config.ts';
import { createContainer, type Container } from '../gateway/container.ts';
import { SEED_CATALOG, seedEtfId } from '../../domain/market/seed-catalog.ts';
import { businessDaysBetween } from '../../domain/market/trading-days.ts';
import { demoProfileOf } from '../../infra/market-data/demo-profiles.ts';
import { whenJobFinished } from './job-runs.ts';
import { startJobs, type JobsRuntime } from './runtime.ts';

/**
 * The embedded default's first start: demo data on, empty catalog -> initialize-production runs once
 * (the seed catalog and two years of demo history); later starts append nothing.
 */

const NOW = new Date('2026-03-04T15:00:00.000Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-first-start-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', ADMIN_EMAIL: OWNER_EMAIL, PASSWORD_SCRYPT_LOG_N: '12' });

async function start(): Promise<{ container: Container; jobs: JobsRuntime }> {
  const container = await createContainer(config, pino({ level: 'silent' }), { now: () => NOW });
  await container.start();
  const jobs = await startJobs(container);
  container.onStop(() => jobs.stop());
  return { container, jobs };
}

let first: { container: Container; jobs: JobsRuntime } | undefined;
let seedMs = 0;
let seeded: Awaited<ReturnType<JobsRuntime['seedOnFirstStart']>> = null;

beforeAll(async () => {
  first = await start();
  const started = performance.now();
  seeded = await first.jobs.seedOnFirstStart();
  seedMs = performance.now() - started;
}, 300_000);

afterAll(async () => {
  await first?.container.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('first start of the embedded default', () => {
  it('runs initialize-production once, requested by the start-up, and it succeeds', () => {
    expect(seeded).toMatchObject({ name: 'initialize-production', requestedBy: 'startup', status: 'succeeded', reason: null });
    console.info(`first-start seeding: ${Math.round(seedMs)} ms; ${seeded!.summary}`);
  });

  it('lists the whole seed catalog with its deterministic ids, as demo data', async () => {
    const listed = await listCatalog(first!.container.deps.readModels);
    expect(listed).toHaveLength(SEED_CATALOG.length);
    expect(new Set(listed.map((e) => e.ticker))).toEqual(new Set(SEED_CATALOG.map((s) => s.ticker)));
    for (const e of listed) {
      expect(e._id).toBe(seedEtfId(e.ticker));
      expect(e.dataSource).toBe('demo');
    }
    expect(seeded!.counts).toMatchObject({ listed: SEED_CATALOG.length, alreadyListed: 0, etfs: SEED_CATALOG.length });
  });

  it('loads up to two years of daily bars and distributions, from inception for younger funds', async () => {
    const { log } = first!.container.deps;
    const counts = seeded!.counts!;
    expect(counts['barsRecorded']).toBeGreaterThan(SEED_CATALOG.length * 100);
    expect(counts['distributionsDeclared']).toBeGreaterThan(SEED_CATALOG.length * 10);
    const old = SEED_CATALOG.find((s) => s.inceptionDate !== null && s.inceptionDate < '2024-01-01')!;
    const bars2024 = await log.readStream(streams.prices(seedEtfId(old.ticker), 2024));
    const firstBar = bars2024.find((e) => e.type === 'PriceBarRecorded')!.data as { date: string; source: string };
    expect(firstBar.date >= '2024-03-04' && firstBar.date <= '2024-03-08').toBe(true);
    expect(firstBar.source).toBe('demo');
    const young = SEED_CATALOG.find((s) => s.inceptionDate !== null && s.inceptionDate > '2025-06-01')!;
    const youngBars = await log.readStream(streams.prices(seedEtfId(young.ticker), Number(young.inceptionDate!.slice(0, 4))));
    expect((youngBars[0]!.data as { date: string }).date >= young.inceptionDate!).toBe(true);
    const clock = await log.readStream(streams.marketClock());
    expect(clock.map((e) => e.data)).toEqual([{ date: '2026-03-04' }]);
  });

  it('loads one bar a trading day from each fund\'s start: the undated ones from their family\'s first fund', async () => {
    const from = '2024-03-04';
    const lastSession = '2026-03-03'; // 10:00 New York on Wednesday 2026-03-04: the session is open
    const expected = SEED_CATALOG.reduce((n, s) => {
      const start = demoProfileOf(s.ticker)!.startDate;
      return n + businessDaysBetween(start > from ? start : from, lastSession).length;
    }, 0);
    expect(seeded!.counts!['barsRecorded']).toBe(expected);
    const metw = await first!.container.deps.log.readStream(streams.prices(seedEtfId('METW'), 2025));
    expect((metw[0]!.data as { date: string }).date).toBe('2025-02-19'); // no inception in the CSV: the first WeeklyPay funds'
  });

  it('serves the catalog to the owner at once', async () => {
    const app = createApp(first!.container.deps);
    const owner = (await signUpOwner(app, first!.container.deps)).agent;
    const csv = await owner.get('/api/admin/etfs/export.csv').expect(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(SEED_CATALOG.length + 1);
    const jobs = await owner.get('/api/admin/jobs').expect(200);
    expect(jobs.body.map((j: { name: string; requestedBy: string }) => [j.name, j.requestedBy])).toEqual([['initialize-production', 'startup']]);
    expect((await request(app).get('/api/admin/jobs')).status).toBe(401);
  });

  it('does not seed again at the next start, and the start appends nothing', async () => {
    const head = await first!.container.eventStore.headPosition();
    await first!.container.stop();
    first = await start();
    expect(await first.jobs.seedOnFirstStart()).toBeNull();
    expect(await first.container.eventStore.headPosition()).toBe(head);
    expect(await listCatalog(first.container.deps.readModels)).toHaveLength(SEED_CATALOG.length);
  }, 180_000);

  it('initialize-production again lists nothing and appends no market data, only its own run', async () => {
    const { deps, eventStore } = first!.container;
    const head = await eventStore.headPosition();
    const { jobId } = await first!.jobs.request('initialize-production', 'user:owner', { actor: 'user:owner', correlationId: 'again', now: NOW.toISOString() });
    const done = await whenJobFinished(deps.readModels, jobId);
    expect(done).toMatchObject({ status: 'succeeded', counts: { listed: 0, alreadyListed: SEED_CATALOG.length, barsRecorded: 0, barsRevised: 0, distributionsDeclared: 0, distributionsRevised: 0, quotes: 0, marketDayBegan: 0 } });
    const after = await deps.log.readAll(head, 10_000);
    expect(new Set(after.map((e) => e.stream))).toEqual(new Set([streams.job(jobId)]));
  }, 180_000);
});
