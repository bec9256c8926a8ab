/**
 * `npm start`'s first step: builds the client (`npm run build`, the same Vite build) only when
 * web/dist/index.html is missing or older than one of its sources, so a restart does not spend
 * seconds rebuilding an unchanged client, and a fresh clone still gets its build from `npm start`.
 *
 * Sources: everything under web/src and web/public, web/index.html, the Vite config and the plugin it
 * imports, tsconfig.json (Vite's transform reads it) and package-lock.json (new dependency versions).
 * Vite empties web/dist before it writes, and index.html is among the last files written, so an
 * interrupted build leaves no index.html and the next start builds again; the same holds for the
 * server entry's bundle (web/dist-ssr/entry-server.js), built second.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Paths (relative to the repository root) whose files the client build is made from. */
export const CLIENT_SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/precompress-plugin.ts', 'tsconfig.json', 'package-lock.json'] as const;

/** The build's marker: written by every successful build. */
export const CLIENT_BUILD_MARKER = 'web/dist/index.html';
/**
 * The server entry's bundle (`vite build --ssr`, the second step of `npm run build`): the public pages'
 * server rendering (services/gateway/ssr.ts). Missing or older than a source, the client is built again.
 */
export const SERVER_BUILD_MARKER = 'web/dist-ssr/entry-server.js';

export type BuildDecision = { build: true; reason: string } | { build: false; reason: string };

function mtimeOrNull(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time among the files under `entry` (a file or a folder); null when it does not exist. */
function newestUnder(entry: string): { file: string; mtimeMs: number } | null {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return { file: entry, mtimeMs: stat.mtimeMs };
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const name of readdirSync(entry)) {
    const found = newestUnder(path.join(entry, name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Whether the client must be built: no build yet, or a source changed after the last build. */
export function clientBuildDecision(root: string): BuildDecision {
  const clientAt = mtimeOrNull(path.join(root, CLIENT_BUILD_MARKER));
  if (clientAt === null) return { build: true, reason: `${CLIENT_BUILD_MARKER} is missing` };
  const serverAt = mtimeOrNull(path.join(root, SERVER_BUILD_MARKER));
  if (serverAt === null) return { build: true, reason: `${SERVER_BUILD_MARKER} is missing` };
  const builtAt = Math.min(clientAt, serverAt);
  for (const source of CLIENT_SOURCES) {
    const newest = newestUnder(path.join(root, source));
    if (newest && newest.mtimeMs > builtAt) {
      return { build: true, reason: `${path.relative(root, newest.file)} changed after the last build` };
    }
  }
  return { build: false, reason: `the client build is current (${CLIENT_BUILD_MARKER} is newer than its sources)` };
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const decision = clientBuildDecision(root);
  if (!decision.build) {
    console.log(decision.reason);
    return;
  }
  console.log(`building the client: ${decision.reason}`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
}

if (import.meta.main) main();
