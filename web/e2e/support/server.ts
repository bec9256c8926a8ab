import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root (web/e2e/support → ../../..). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The owner account of the test server (an e-mail no test signs up with by accident). */
export const E2E_ADMIN_EMAIL = 'owner@e2e.weeklydiv.test';

export interface TestServer {
  /** Origin the browser uses, e.g. http://127.0.0.1:41234 (also the server's APP_URL). */
  url: string;
  dataDir: string;
  /** Where mail goes without SMTP (JSON lines). */
  outboxFile: string;
  /** The server's last output lines (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The built client (vite build output) the gateway serves. */
  webDistDir: string;
  /** How long to wait for the server to listen, catch up and hold the seeded catalog. */
  readyTimeoutMs?: number;
  /** Extra environment (e.g. SnapTrade pointed at the local stand-in). */
  env?: Record<string, string>;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Variables from the developer's or CI's environment that would point the server elsewhere. */
const FOREIGN_ENV = [
  'EVENTSTORE_URL', 'MONGODB_URL', 'MONGODB_DB', 'SMTP_URL', 'SESSION_SECRET', 'ROLE', 'TRUST_PROXY',
  'ALPACA_KEY_ID', 'ALPACA_SECRET_KEY', 'ALPACA_DATA_URL',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'STRIPE_API_URL',
  'SNAPTRADE_CLIENT_ID', 'SNAPTRADE_CONSUMER_KEY', 'SNAPTRADE_API_URL',
];

/**
 * Starts the real server (`node services/gateway/server.ts`, the entry `npm start` runs, under
 * support/server-guard.ts) in a child process on a fresh temporary embedded store: free port on 127.0.0.1, temporary DATA_DIR, demo data
 * on, cheap password hashing, silent log. On its first start the embedded default seeds the demo
 * catalog and two years of demo history; this resolves once `/readyz` answers 200 and the top
 * performers list is not empty.
 */
export async function startTestServer(options: StartOptions): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-e2e-'));
  // A copy of an already seeded store (`E2E_TEMPLATE_DATA_DIR`) saves the first-start seeding when iterating.
  const template = process.env['E2E_TEMPLATE_DATA_DIR'];
  if (template) cpSync(template, dataDir, { recursive: true });
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOn(dataDir, await freePort(), options);
    } catch (error) {
      lastError = error;
      // Another process took the port between the probe and the listen: try another one.
      if (!(error instanceof PortTakenError)) break;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  throw lastError;
}

class PortTakenError extends Error {}

async function startOn(dataDir: string, port: number, options: StartOptions): Promise<TestServer> {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of FOREIGN_ENV) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: options.webDistDir,
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    DEMO_DATA: 'true',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'silent',
    PASSWORD_SCRYPT_LOG_N: '12',
    // every spec signs up its own users from 127.0.0.1, more than the 20 an hour one address may: the
    // per-client limits have their own specs (services/accounts/security.int.spec.ts), as in the API harness
    SIGNUP_LIMIT_PER_HOUR: '100000',
    FORGOT_PASSWORD_LIMIT_PER_HOUR: '100000',
    VERIFICATION_MAIL_LIMIT_PER_HOUR: '100000',
    ...options.env,
  });
  // process.execPath: the Node 24 the npm scripts run (node_modules/.bin/node). The guard runs the real
  // entry as its child and stops it if this process dies without stopping it (its stdin pipe closes);
  // it leads its own process group, so a last-resort SIGKILL reaches the server too.
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'server-guard.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const output = () => lines.join('\n');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, exited, output, options.readyTimeoutMs ?? 300_000);
  } catch (error) {
    await stopChild(child, exited);
    if (/EADDRINUSE/.test(output())) throw new PortTakenError(`port ${port} taken`);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { url, dataDir, outboxFile: path.join(dataDir, 'outbox.jsonl'), output, stop };
}

async function waitUntilReady(url: string, exited: Promise<number | null>, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the test server exited before it was ready:\n${output()}`);
    try {
      const ready = await fetch(`${url}/readyz`);
      if (ready.ok) {
        const top = await fetch(`${url}/api/top-performers`);
        const list = top.ok ? ((await top.json()) as unknown[]) : [];
        if (list.length > 0) return;
        last = `ready, catalog not seeded yet (top performers: HTTP ${top.status}, ${list.length} funds)`;
      } else {
        last = `/readyz answered ${ready.status}`;
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250)); // polling interval, not a wait for an effect
  }
  throw new Error(`the test server at ${url} was not ready within ${timeoutMs} ms (${last}):\n${output()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM'); // passed on to the server: drains requests, stops jobs and projections, closes the stores
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL'); // the guard's process group: the guard and the server
    } catch {
      // already gone
    }
  }, 20_000);
  await exited;
  clearTimeout(timer);
}
