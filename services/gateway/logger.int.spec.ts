import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerLogger } from './logger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logFile(): { file: string; fd: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-logger-'));
  dirs.push(dir);
  const file = path.join(dir, 'log');
  return { file, fd: openSync(file, 'w') };
}

const messages = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the server log destination', () => {
  it('buffers info lines, and writes an error line at once, after the lines before it', () => {
    const { file, fd } = logFile();
    const { logger } = createServerLogger({ logLevel: 'info', production: true }, { fd });
    logger.info('one');
    logger.warn('two');
    // buffered: nothing written yet
    expect(readFileSync(file, 'utf8')).toBe('');
    logger.error('three');
    expect(messages(file)).toEqual(['one', 'two', 'three']);
    logger.info('four');
    logger.fatal('five');
    expect(messages(file)).toEqual(['one', 'two', 'three', 'four', 'five']);
    closeSync(fd);
  });

  it('writes what is buffered on flushSync', () => {
    const { file, fd } = logFile();
    const { logger, flushSync } = createServerLogger({ logLevel: 'info', production: true }, { fd });
    for (let i = 0; i < 5; i++) logger.info({ i }, `line ${i}`);
    expect(readFileSync(file, 'utf8')).toBe('');
    flushSync();
    expect(messages(file)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    closeSync(fd);
  });

  it('writes by itself once 64 KiB are buffered; lines longer than the buffer and multi-byte text arrive whole', () => {
    const { file, fd } = logFile();
    const { logger, flushSync } = createServerLogger({ logLevel: 'info', production: true }, { fd });
    const accents = 'Société Générale — 5 % ✓ 𝟙';
    let i = 0;
    // short lines until the buffer writes them without being asked
    while (readFileSync(file, 'utf8') === '') logger.info(`${accents} ${i++}`);
    expect(i).toBeGreaterThan(300);
    const huge = 'x'.repeat(300_000);
    logger.info(huge);
    logger.info(`${accents} last`);
    flushSync();
    const all = messages(file);
    expect(all).toHaveLength(i + 2);
    expect(all.slice(0, i)).toEqual(Array.from({ length: i }, (_, n) => `${accents} ${n}`));
    expect(all.slice(i)).toEqual([huge, `${accents} last`]);
    closeSync(fd);
  });

  it.each([
    ['when the event loop runs dry (beforeExit)', ''],
    ['on process.exit', 'process.exit(0);'],
  ])('loses no buffered line %s', (_label, ending) => {
    const { file, fd } = logFile();
    closeSync(fd);
    const module = pathToFileURL(path.join(import.meta.dirname, 'logger.ts')).href;
    const script = `import { openSync } from 'node:fs'; import { createServerLogger } from '${module}';
      const { logger } = createServerLogger({ logLevel: 'info', production: true }, { fd: openSync(${JSON.stringify(file)}, 'w') });
      for (let i = 0; i < 100; i++) logger.info({ i }, 'line ' + i);
      ${ending}`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(messages(file)).toEqual(Array.from({ length: 100 }, (_, i) => `line ${i}`));
  });
});
