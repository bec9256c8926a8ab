import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Application } from 'express';
import { pino, type Logger } from 'pino';
import { createApp } from '../gateway/app.ts';
import { loadConfig } from '../http/config.ts';
import { createContainer, type Container } from '../gateway/container.ts';
import type { AppDeps } from '../http/deps.ts';
import type { Projection } from '../../read-models/runtime/projection.ts';

export interface TestContext {
  app: Application;
  deps: AppDeps;
  container: Container;
  dataDir: string;
  /** Moves the test clock (deps.now) forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * An app on the embedded stores in a fresh temporary directory, projections running, with a
 * controllable clock. Each test file (or test) creates its own.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  /** `projections`: the read models to run (default: every one, as the embedded default). */
  options: { now?: Date; logger?: Logger; projections?: readonly Projection[] } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    ADMIN_EMAIL: 'owner@weeklydiv.test',
    // a cheaper scrypt cost keeps registrations in API specs fast; production refuses less than 2^17
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_SCRYPT_LOG_N: '12' }),
    // specs sign up many users from one address; the per-client limits have their own spec (security.int.spec.ts)
    ...(env.NODE_ENV === 'production' ? {} : { SIGNUP_LIMIT_PER_HOUR: '100000', FORGOT_PASSWORD_LIMIT_PER_HOUR: '100000' }),
    ...env,
  });
  let clock = options.now?.getTime() ?? Date.now();
  const logger = options.logger ?? pino({ level: config.logLevel });
  const container = await createContainer(config, logger, { now: () => new Date(clock), ...(options.projections ? { projections: options.projections } : {}) });
  await container.start();
  const app = createApp(container.deps);
  return {
    app,
    deps: container.deps,
    container,
    dataDir,
    advance(ms) {
      clock += ms;
    },
    async close() {
      await container.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
