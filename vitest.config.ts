import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,scripts,services,events,contracts,read-models,infra}/**/*.spec.ts', 'web/src/**/*.spec.{ts,tsx}'],
          // testing-library's wait limit for the component specs (a no-op in node specs): see the file.
          setupFiles: ['web/src/testing/async-timeout.setup.ts'],
        },
      },
      {
        // Browser specs (web/e2e): the client built once and one real server started once by the global
        // setup; run after the unit/int project, one file at a time (each drives its own Chromium), in a
        // worker thread (no IPC pipe to a forked worker to break while Chromium and the server load the machine).
        extends: true,
        test: {
          name: 'e2e',
          pool: 'threads',
          include: ['web/e2e/**/*.spec.ts'],
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as the locator helpers (support/browser.ts WAIT_MS): a loaded
          // 2-core machine can take more than the default second to render a screen.
          expect: { poll: { timeout: 30_000 } },
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
