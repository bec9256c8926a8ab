import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{services,events,read-models,infra}/**/*.spec.ts', 'web/src/**/*.spec.{ts,tsx}', 'web/e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
