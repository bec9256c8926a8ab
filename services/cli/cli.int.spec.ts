import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { loadConfig } from '../http/config.ts';
import { createContainer } from '../gateway/container.ts';
import { main } from './main.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { allProjections } from '../../read-models/all.ts';
import { createTestContext } from '../testing/harness.ts';

const userId = '5f0c7a52-8d7e-4a53-9b7f-2f3f1c1e0a11';
let dataDir: string;

async function run(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(args, (line) => lines.push(line));
  return { code, lines };
}

describe('developer CLI', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-cli-'));
    process.env.DATA_DIR = dataDir;
    const container = await createContainer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
    const ctx = { actor: `user:${userId}`, correlationId: 'req-1', now: '2026-11-02T15:00:00.000Z' };
    await container.deps.log.append(
      streams.user(userId),
      [
        { type: 'UserRegistered', data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', passwordHash: 'scrypt$x', registeredAt: ctx.now } },
        { type: 'UserLoggedIn', data: { userId, sessionEpoch: 0, loggedInAt: ctx.now } },
      ],
      'no_stream',
      ctx,
    );
    await container.deps.log.append(streams.user(userId), [{ type: 'UserLoggedOut', data: { userId, loggedOutAt: '2026-11-03T10:00:00.000Z' } }], 1, { ...ctx, correlationId: 'req-2' });
    await container.stop();
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the history of a stream with type, actor and data', async () => {
    const { code, lines } = await run('history', streams.user(userId));
    expect(code).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('UserRegistered');
    expect(lines[0]).toContain(`user:${userId}`);
    expect(lines[0]).toContain('ada@example.com');
    expect(lines[2]).toContain('UserLoggedOut');
  });

  it('prints JSON envelopes with --json', async () => {
    const { lines } = await run('history', streams.user(userId), '--json');
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({ stream: streams.user(userId), revision: 0, type: 'UserRegistered', metadata: { actor: `user:${userId}`, correlationId: 'req-1' } });
  });

  it('says so when a stream does not exist', async () => {
    const { code, lines } = await run('history', 'user-nobody');
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/no events/);
  });

  it('lists events by type', async () => {
    const { code, lines } = await run('events', '--type', 'UserLoggedIn', '--type', 'UserLoggedOut');
    expect(code).toBe(0);
    expect(lines.filter((l) => l.includes('UserLogged'))).toHaveLength(2);
    expect(lines.at(-1)).toBe('2 event(s)');
  });

  it('lists events by recorded time range', async () => {
    const future = await run('events', '--from', '2999-01-01');
    expect(future.lines.at(-1)).toBe('0 event(s)');
    const all = await run('events', '--from', '2000-01-01', '--to', '2999-01-01');
    expect(all.lines.at(-1)).toBe('3 event(s)');
  });

  it('rebuilds every read model from position 0 with identical digests each time', async () => {
    const first = await run('rebuild', '--all', '--json');
    const second = await run('rebuild', '--all', '--json');
    expect(first.code).toBe(0);
    const digests = (r: { lines: string[] }) => r.lines.map((l) => JSON.parse(l)).map((row: { name: string; sha256: string; documents: number }) => [row.name, row.sha256, row.documents]);
    expect(digests(first)).toEqual(digests(second));
    const users = first.lines.map((l) => JSON.parse(l)).find((row: { name: string }) => row.name === 'users');
    expect(users.documents).toBe(1);
  });

  it('refuses unknown read models and commands', async () => {
    expect((await run('rebuild', 'nope')).lines[0]).toMatch(/unknown read model/);
    expect((await run('frobnicate')).code).toBe(1);
  });

  it('status prints each read model of a running server with its checkpoint and lag, also as JSON (audit L2)', async () => {
    const ctx = await createTestContext();
    const server = createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.APP_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await request(ctx.app).post('/api/register').send({ firstName: 'Ada', lastName: 'L', email: 'status@example.com', password: 'a-long-password-1' }).expect(201);
      const text = await run('status');
      expect(text.code).toBe(0);
      expect(text.lines).toHaveLength(allProjections.length);
      for (const p of allProjections) {
        const line = text.lines.find((l) => l.startsWith(`${p.name} `));
        expect(line, p.name).toMatch(/checkpoint \d+ +head \d+ +lag \d+/);
      }
      const users = text.lines.find((l) => l.startsWith('users '))!;
      const [, checkpoint, head, lag] = /checkpoint (\d+) +head (\d+) +lag (\d+)/.exec(users)!.map(Number);
      expect(checkpoint).toBeGreaterThan(0);
      expect(checkpoint! + lag!).toBe(head);
      const json = await run('status', '--json');
      const rows = json.lines.map((l) => JSON.parse(l) as { name: string; position: number; lag: number; head: number });
      expect(rows.map((r) => r.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
      for (const r of rows) expect(r.position + r.lag).toBe(r.head);
    } finally {
      delete process.env.APP_URL;
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
    }
  });
});
