/**
 * The real server as `npm start` runs it (`node services/gateway/server.ts`, the embedded default), in
 * a child process on a temporary data directory and a free port, measured from the outside only: the
 * time from spawn to the first `/readyz` 200 (event store and document store answer, every projection
 * caught up: services/gateway/health.ts) and the process's resident memory from /proc. Nothing here
 * depends on how the stores keep their data, so the benches measure whichever adapters the server uses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'services/gateway/server.ts');

export interface ServerOptions {
  dataDir: string;
  /** More environment (e.g. SESSION_SECRET, LOG_LEVEL). */
  env?: Record<string, string>;
  /** How long to wait for `/readyz` (a first start seeds two years of history). */
  timeoutMs?: number;
}

export interface RunningServer {
  pid: number;
  port: number;
  baseUrl: string;
  /** Spawn to the first `/readyz` 200, ms. */
  readyMs: number;
  /** Spawn to the "listening" log line, ms. */
  listeningMs: number;
  /** Resident set size now (VmRSS), MiB. */
  rssMiB(): number;
  /** SIGTERM, then waits for the exit (graceful shutdown: stores closed). */
  stop(): Promise<void>;
}

/** VmRSS of a process, MiB (Linux /proc; NaN elsewhere). */
export function rssMiB(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kib ? Number(kib[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The environment of the embedded default: nothing configured but the data directory and a free port. */
function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], TMPDIR: process.env['TMPDIR'] };
  return { ...base, DATA_DIR: options.dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env };
}

/** The port from the server's pino line `{"port":N,...,"msg":"listening on ..."}`. */
function watchForPort(child: ChildProcess, onPort: (port: number) => void, output: string[]): void {
  let buffer = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      output.push(line);
      if (output.length > 200) output.shift();
      if (!line.includes('listening on')) continue;
      try {
        const parsed = JSON.parse(line) as { port?: number };
        if (typeof parsed.port === 'number') onPort(parsed.port);
      } catch {
        // not JSON: ignore
      }
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => output.push(chunk));
}

async function readyzOk(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/readyz`);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Spawns the server and resolves once `/readyz` answers 200 (polled every 10 ms after "listening"). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: serverEnv(options), stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let port: number | undefined;
  let listeningMs = 0;
  watchForPort(child, (p) => {
    port = p;
    listeningMs = performance.now() - started;
  }, output);
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  const deadline = started + (options.timeoutMs ?? 10 * 60_000);
  let readyMs: number | undefined;
  while (readyMs === undefined) {
    if (dead) throw new Error(`the server exited before it was ready:\n${output.slice(-30).join('\n')}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${options.timeoutMs} ms:\n${output.slice(-30).join('\n')}`);
    }
    if (port !== undefined && (await readyzOk(`http://127.0.0.1:${port}`))) readyMs = performance.now() - started;
    else await sleep(10);
  }
  const pid = child.pid!;
  return {
    pid,
    port: port!,
    baseUrl: `http://127.0.0.1:${port}`,
    readyMs,
    listeningMs,
    rssMiB: () => rssMiB(pid),
    async stop() {
      if (!dead) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0 && code !== null) console.error(`server exited with ${code}:\n${output.slice(-10).join('\n')}`);
    },
  };
}
