import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../accounts/test-helpers.ts';
import { createApp } from '../gateway/app.ts';
import { createContainer, type Container } from '../gateway/container.ts';
import { loadConfig, type Config } from '../http/config.ts';
import { startJobs } from '../jobs/runtime.ts';
import { main } from './main.ts';

/**
 * The embedded default keeps its read models in DATA_DIR/read-models.sqlite: a restart catches up from
 * the checkpoints committed with the documents, and what it then holds equals a rebuild from position
 * 0, digest for digest (`npm run wd -- digest` against `npm run wd -- rebuild`).
 */
describe('read models kept in SQLite across restarts', () => {
  let dataDir: string;
  let config: Config;
  const logger = pino({ level: 'silent' });

  async function run(...args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await main(args, (line) => lines.push(line));
    return { code, lines };
  }

  async function started(): Promise<Container> {
    const container = await createContainer(config, logger);
    await container.start();
    return container;
  }

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-persisted-'));
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      PASSWORD_SCRYPT_LOG_N: '12',
      APP_URL: 'http://localhost:3000',
    });
    process.env.DATA_DIR = dataDir;
  });

  afterAll(() => {
    delete process.env.DATA_DIR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a restart reads from its checkpoints, not from 0, and the stored read models equal a rebuild from 0', async () => {
    // First start: the demo catalog and its history, one user with a holding and a favourite.
    let container = await started();
    const jobs = await startJobs(container, { schedules: false });
    expect((await jobs.seedOnFirstStart())?.status).toBe('succeeded');
    await jobs.stop();
    const app = createApp(container.deps);
    const list = await request(app).get('/api/etfs').expect(200);
    const [first, second] = list.body as Array<{ id: string }>;
    const ann = await signUp(app);
    await ann.agent.post('/api/user/portfolio').send({ etfId: first!.id, shares: '12.5' }).expect(201);
    await ann.agent.post('/api/user/favorites').send({ etfId: second!.id }).expect(201);
    const headAtStop = await container.eventStore.headPosition();
    await container.stop();

    // While the server is down the log grows: another instance (its read models in its own memory)
    // signs a user up.
    const writer = await createContainer({ ...config, readModelStore: 'memory' }, logger);
    await writer.start();
    const bob = await signUp(createApp(writer.deps));
    await bob.agent.post('/api/user/portfolio').send({ etfId: second!.id, shares: '3' }).expect(201);
    await writer.stop();

    // Restart: the shared subscription starts at the checkpoints (the head when it stopped), not at 0.
    container = await createContainer(config, logger);
    const subscribe = vi.spyOn(container.eventStore, 'subscribe');
    await container.start();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]![0].after).toBe(headAtStop);
    const again = createApp(container.deps);
    const annPortfolio = await request(again).get('/api/user/portfolio').set('Cookie', ann.cookie).expect(200);
    expect(JSON.stringify(annPortfolio.body)).toContain(first!.id);
    const bobPortfolio = await request(again).get('/api/user/portfolio').set('Cookie', bob.cookie).expect(200);
    expect(JSON.stringify(bobPortfolio.body)).toContain(second!.id);
    await container.stop();

    const stored = await run('digest', '--all', '--json');
    const rebuilt = await run('rebuild', '--all', '--json');
    expect(stored.code).toBe(0);
    expect(rebuilt.code).toBe(0);
    const digests = (r: { lines: string[] }) => r.lines.map((l) => JSON.parse(l) as { name: string; sha256: string; documents: number }).map((row) => [row.name, row.documents, row.sha256]);
    expect(digests(stored)).toEqual(digests(rebuilt));
    const market = digests(stored).find(([name]) => name === 'market');
    expect(market?.[1]).toBeGreaterThan(50);
  }, 180_000); // seeds two years of demo history, restarts twice and rebuilds: tens of seconds on a busy CI machine

  it('digest says there is nothing stored when the read models live in memory', async () => {
    process.env.READ_MODEL_STORE = 'memory';
    try {
      const out = await run('digest', '--all');
      expect(out.code).toBe(1);
      expect(out.lines.join('\n')).toContain('READ_MODEL_STORE=memory');
    } finally {
      delete process.env.READ_MODEL_STORE;
    }
  });
});
