import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeArgs, ROOT, startCommand, startLogLevel, startScript } from './start-command.ts';

describe('the server command of npm start', () => {
  it("reads package.json's start script: its environment, Node flags and server script", () => {
    const command = startCommand();
    // the figures come from the script, whatever it holds today
    const last = startScript().split('&&').at(-1)!;
    for (const [name, value] of Object.entries(command.env)) expect(last).toContain(`${name}=${value}`);
    for (const flag of command.nodeFlags) expect(last).toContain(flag);
    expect(command.script).toBe(path.join(ROOT, 'services/gateway/server.ts'));
  });

  it('follows the script when it changes: other flags and environment, other command', () => {
    const command = startCommand('node scripts/ensure-client-build.ts && MALLOC_ARENA_MAX=4 UV_THREADPOOL_SIZE=8 node --max-old-space-size=300 --expose-gc services/gateway/server.ts --role worker', '/repo');
    expect(command).toEqual({
      env: { MALLOC_ARENA_MAX: '4', UV_THREADPOOL_SIZE: '8' },
      nodeFlags: ['--max-old-space-size=300', '--expose-gc'],
      script: '/repo/services/gateway/server.ts',
      scriptArgs: ['--role', 'worker'],
    });
    expect(nodeArgs(command, ['--cpu-prof'])).toEqual(['--max-old-space-size=300', '--expose-gc', '--cpu-prof', '/repo/services/gateway/server.ts', '--role', 'worker']);
    expect(startCommand('node services/gateway/server.ts', '/repo')).toEqual({ env: {}, nodeFlags: [], script: '/repo/services/gateway/server.ts', scriptArgs: [] });
  });

  it("tells the log level: the script's LOG_LEVEL, else the configuration's default (info)", () => {
    expect(startLogLevel(startCommand('LOG_LEVEL=warn node services/gateway/server.ts'))).toBe('warn');
    expect(startLogLevel(startCommand('node services/gateway/server.ts'))).toBe('info');
  });

  it('refuses a start script that does not end with node', () => {
    expect(() => startCommand('vite preview')).toThrow(/does not end with a node command/);
    expect(() => startCommand('NODE_ENV=production node --inspect')).toThrow(/names no script/);
  });
});
