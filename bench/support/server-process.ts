/**
 * The real server as `npm start` runs it (the last command of package.json's `start` script: its
 * environment assignments, Node flags and `services/gateway/server.ts`, the embedded default), in
 * a child process on a temporary data directory and a free port, measured from the outside only: the
 * time from spawn to the first `/readyz` 200 (event store and document store answer, every projection
 * caught up: services/gateway/health.ts) and the process's resident memory from /proc. Nothing here
 * depends on how the stores keep their data, so the benches measure whichever adapters the server uses.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { nodeArgs, ROOT, startCommand, startLogLevel } from '../../scripts/start-command.ts';

/** `fork` options that give a bench's server child the Node flags and environment of `npm start`. */
export function startForkOptions(extraExecArgv: string[] = []): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  const command = startCommand();
  return { execArgv: [...command.nodeFlags, ...extraExecArgv], env: { ...process.env, ...command.env } };
}

/** How the benches start the server, for their method text: npm start's command and its log level. */
export function startDescription(): string {
  const command = startCommand();
  const env = Object.entries(command.env).map(([k, v]) => `${k}=${v} `).join('');
  return `\`${env}node ${[...command.nodeFlags, path.relative(ROOT, command.script), ...command.scriptArgs].join(' ')}\`, log level ${startLogLevel(command)}`;
}

/**
 * CPU time (user + system, every thread) of a process so far, µs, from /proc/<pid>/stat (clock ticks:
 * 10 ms; a bench's run of seconds holds hundreds of them). NaN where there is no /proc.
 */
export function processCpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14 and 15 of the line (utime, stime); the slice starts at field 3
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

const CLOCK_TICKS = (() => {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

export interface ServerOptions {
  dataDir: string;
  /** More environment (e.g. SESSION_SECRET, LOG_LEVEL). */
  env?: Record<string, string>;
  /** How long to wait for `/readyz` (a first start seeds two years of history). */
  timeoutMs?: number;
  /** Each line the server writes on stdout (its JSON log), as it comes. */
  onLine?: (line: string) => void;
  /**
   * The server's stdout (its log) into this file instead of a pipe to the bench, as a process manager
   * would keep it (the benches under load: the bench process does not read a line per request).
   */
  logFile?: string;
  /** More Node flags after npm start's own (e.g. --cpu-prof). */
  nodeFlags?: string[];
}

export interface RunningServer {
  pid: number;
  port: number;
  baseUrl: string;
  /** The server's log file (ServerOptions.logFile), if any. */
  logFile: string | undefined;
  /** Spawn to the first `/readyz` 200, ms. */
  readyMs: number;
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
function serverEnv(options: ServerOptions, port: number): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], TMPDIR: process.env['TMPDIR'] };
  return { ...base, DATA_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1', ...options.env };
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the server). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last 64 KiB of the server's output (for the error message if it dies), without parsing it. */
function keepTail(child: ChildProcess): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr!.on('data', keep);
  return () => tail.split('\n').slice(-30).join('\n');
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

/** Spawns the server on a free port and resolves once `/readyz` answers 200 (polled every 10 ms). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const command = startCommand();
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  const child = spawn(process.execPath, nodeArgs(command, options.nodeFlags), { cwd: ROOT, env: { ...command.env, ...serverEnv(options, port) }, stdio: ['ignore', logFd ?? 'pipe', 'pipe'] });
  if (logFd !== undefined) closeSync(logFd);
  const output = keepTail(child);
  if (options.onLine) {
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) options.onLine!(line);
    });
  }
  let dead = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      dead = true;
      resolve(code);
    }),
  );
  const deadline = started + (options.timeoutMs ?? 10 * 60_000);
  let readyMs: number | undefined;
  while (readyMs === undefined) {
    if (dead) throw new Error(`the server exited before it was ready:\n${output()}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${options.timeoutMs} ms:\n${output()}`);
    }
    if (await readyzOk(baseUrl)) readyMs = performance.now() - started;
    else await sleep(10);
  }
  const pid = child.pid!;
  return {
    pid,
    port,
    baseUrl,
    logFile: options.logFile,
    readyMs,
    rssMiB: () => rssMiB(pid),
    async stop() {
      if (!dead) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0 && code !== null) console.error(`server exited with ${code}:\n${output()}`);
    },
  };
}
