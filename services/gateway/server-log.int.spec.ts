import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeArgs, ROOT, startCommand } from '../../scripts/start-command.ts';

/**
 * The server's log as users get it: the server started as `npm start` starts it (package.json's
 * command: environment, Node flags, services/gateway/server.ts, the default log level) in a child
 * process whose stdout is a file, as a process manager's would be. The log is buffered
 * (services/gateway/logger.ts): these specs check that nothing is lost on the ways out.
 */

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  err?: { message: string };
}

interface Started {
  child: ChildProcess;
  base: string;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startAsNpmStart(extraFlags: string[] = []): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-server-log-'));
  dirs.push(dataDir);
  const logFile = path.join(dataDir, 'server.log');
  const fd = openSync(logFile, 'w');
  const command = startCommand();
  // npm start's environment; only the data directory, the address (a port the kernel picks: no race with
  // other specs for a port) and no demo seeding (a faster start) added
  const env = { PATH: process.env['PATH'], HOME: process.env['HOME'], ...command.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', DEMO_DATA: 'false' };
  const child = spawn(process.execPath, nodeArgs(command, extraFlags), { cwd: ROOT, env, stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // the port from the server's "listening" line (an info line: in the file within a second)
  const port = await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      const listening = logLines(logFile).find((l) => l.msg.startsWith('listening on'));
      expect(listening).toBeDefined();
      return (listening as LogLine & { port: number }).port;
    },
    { timeout: 60_000, interval: 50 },
  );
  const base = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      const res = await fetch(`${base}/readyz`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    },
    { timeout: 60_000, interval: 50 },
  );
  return { child, base, logFile, exited, stderr: () => stderr };
}

/** Requests with ids of our own (X-Request-Id): GETs answered 200 and 404, and one POST refused (400). */
async function makeRequests(base: string, tag: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${tag}-${i}`;
    ids.push(id);
    const kind = i % 3;
    const res =
      kind === 0
        ? await fetch(`${base}/api/etfs`, { headers: { 'x-request-id': id } })
        : kind === 1
          ? await fetch(`${base}/api/no-such-route-${i}`, { headers: { 'x-request-id': id } })
          : await fetch(`${base}/api/login`, { method: 'POST', headers: { 'x-request-id': id, 'content-type': 'application/json' }, body: '{}' });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe(id);
  }
  return ids;
}

function logLines(file: string): LogLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

describe('the server log, with the server started as npm start', () => {
  it('has every request line after a SIGTERM (the buffered lines are written at shutdown)', async () => {
    const server = await startAsNpmStart();
    const ids = await makeRequests(server.base, 'term', 60);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = logLines(server.logFile);
    for (const id of ids) {
      const mine = lines.filter((l) => l.msg === 'request completed' && l.req?.id === id);
      expect(mine, `request ${id}`).toHaveLength(1);
    }
    expect(lines.filter((l) => l.msg === 'request completed' && l.req?.id.startsWith('term-')).map((l) => l.res!.statusCode)).toEqual(ids.map((_, i) => [200, 404, 400][i % 3]));
    expect(lines.at(-1)!.msg).toBe('stopped');
  }, 120_000);

  it('has the crash line and every request line before it when the process dies of an uncaught exception', async () => {
    const server = await startAsNpmStart(['--import', path.join(ROOT, 'services/testing/crash-on-signal.ts')]);
    const ids = await makeRequests(server.base, 'crash', 30);
    server.child.kill('SIGUSR2');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.stderr()).toContain('injected crash (test hook)');
    const lines = logLines(server.logFile);
    const fatal = lines.findIndex((l) => l.level === 60);
    expect(fatal).toBeGreaterThan(0);
    expect(lines[fatal]).toMatchObject({ msg: 'uncaught exception: exiting', err: { message: 'injected crash (test hook)' } });
    const before = lines.slice(0, fatal).filter((l) => l.msg === 'request completed').map((l) => l.req!.id);
    expect(before.filter((id) => id.startsWith('crash-'))).toEqual(ids);
  }, 120_000);
});
