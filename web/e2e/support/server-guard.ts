/**
 * Runs the real server entry (`services/gateway/server.ts`, what `npm start` runs) as a child and ties
 * its life to the test process that started this guard: when that process goes away without stopping
 * it (a crashed or killed test run), this guard's stdin pipe closes, and the guard stops the server
 * (SIGTERM: graceful) and removes its temporary DATA_DIR. SIGTERM/SIGINT to the guard are passed on.
 * Started by support/server.ts with the server's environment; its output is the server's.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const server = spawn(process.execPath, ['services/gateway/server.ts'], { cwd: process.cwd(), env: process.env, stdio: ['ignore', 'inherit', 'inherit'] });
let orphaned = false;

function stop(): void {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
}

process.stdin.on('end', () => {
  orphaned = true;
  stop();
});
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.on('exit', (code, signal) => {
  const dataDir = process.env['DATA_DIR'];
  if (orphaned && dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
});
