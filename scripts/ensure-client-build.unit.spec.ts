import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildDecision } from './ensure-client-build.ts';

/** A repository layout in a temporary directory, every file dated `at` (seconds since the epoch). */
let root: string;
const T0 = 1_700_000_000;

function file(relative: string, at: number): void {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, relative);
  utimesSync(full, at, at);
}

/** Both outputs of `npm run build`: the client and the server entry's bundle. */
function built(at: number): void {
  file('web/dist/index.html', at);
  file('web/dist-ssr/entry-server.js', at);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'weeklydiv-client-build-'));
  file('web/src/main.tsx', T0);
  file('web/src/features/etfs/routes/list.tsx', T0);
  file('web/index.html', T0);
  file('web/vite.config.ts', T0);
  file('tsconfig.json', T0);
  file('package-lock.json', T0);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('clientBuildDecision', () => {
  it('builds when there is no build yet (a fresh clone)', () => {
    expect(clientBuildDecision(root)).toEqual({ build: true, reason: 'web/dist/index.html is missing' });
  });

  it('skips the build when the build is newer than every source (a restart)', () => {
    built(T0 + 60);
    expect(clientBuildDecision(root).build).toBe(false);
  });

  it('builds when the server bundle is missing (a client built before server rendering, or an interrupted second step)', () => {
    file('web/dist/index.html', T0 + 60);
    expect(clientBuildDecision(root)).toEqual({ build: true, reason: 'web/dist-ssr/entry-server.js is missing' });
  });

  it('builds when a source changed after the older of the two outputs', () => {
    file('web/dist/index.html', T0 + 180);
    file('web/dist-ssr/entry-server.js', T0 + 60);
    file('web/src/main.tsx', T0 + 120);
    expect(clientBuildDecision(root)).toEqual({ build: true, reason: 'web/src/main.tsx changed after the last build' });
  });

  it('builds when a file deep under web/src changed after the build, and names it', () => {
    built(T0 + 60);
    file('web/src/features/etfs/routes/list.tsx', T0 + 120);
    expect(clientBuildDecision(root)).toEqual({ build: true, reason: 'web/src/features/etfs/routes/list.tsx changed after the last build' });
  });

  it('builds when the dependencies changed (package-lock.json) or a new public asset arrived', () => {
    built(T0 + 60);
    file('package-lock.json', T0 + 120);
    expect(clientBuildDecision(root)).toMatchObject({ build: true, reason: 'package-lock.json changed after the last build' });
    file('package-lock.json', T0);
    file('web/public/robots.txt', T0 + 120);
    expect(clientBuildDecision(root)).toMatchObject({ build: true, reason: 'web/public/robots.txt changed after the last build' });
  });

  it('ignores files outside the client sources (server code, docs)', () => {
    built(T0 + 60);
    file('services/gateway/app.ts', T0 + 120);
    file('docs/benchmarks.md', T0 + 120);
    expect(clientBuildDecision(root).build).toBe(false);
  });
});
