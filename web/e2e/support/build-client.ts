import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server.ts';

/**
 * Builds the client as `npm run build` does (same Vite config) but into `outDir`, so the browser tests
 * always run against the current source and never race another build writing web/dist. NODE_ENV is
 * `production` as in `npm run build`: vitest sets it to `test`, and Vite would then build with the
 * libraries' development checks (Redux Toolkit's state checks printed "took 77ms" warnings under load).
 */
export async function buildClient(outDir: string): Promise<void> {
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  await viteBuild([vite, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  // The server entry, where the gateway looks for it (services/gateway/ssr.ts serverBundlePath): `<outDir>-ssr`.
  await viteBuild([vite, 'build', '--config', 'web/vite.config.ts', '--ssr', 'src/entry-server.tsx', '--outDir', `${outDir}-ssr`, '--emptyOutDir', '--logLevel', 'warn']);
}

async function viteBuild(args: string[]): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output}`);
}
