import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Agenda, type AgendaOptions, type JobParameters } from 'agenda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { createAgenda } from './create-agenda.ts';
import { MongoAgendaBackend } from './mongo-agenda-backend.ts';
import { SqliteAgendaBackend, SqliteJobRepository, sqliteJobsFile } from './sqlite-agenda-backend.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

let dir: string;
let file: string;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-jobs-'));
  file = sqliteJobsFile(dir);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** An Agenda on the SQLite file of the test, stopped (and disconnected) after the test. */
function openAgenda(options: Omit<AgendaOptions, 'backend'> = {}): { agenda: Agenda; backend: SqliteAgendaBackend } {
  const backend = new SqliteAgendaBackend({ file });
  const agenda = new Agenda({ processEvery: 50, ...options, backend });
  cleanups.push(async () => {
    await agenda.stop();
    await backend.disconnect();
  });
  return { agenda, backend };
}

async function openRepository(): Promise<SqliteJobRepository> {
  const repository = new SqliteJobRepository({ file });
  await repository.connect();
  cleanups.push(() => repository.disconnect());
  return repository;
}

/** Resolves with the arguments of the next emission of `event`. */
function next(agenda: Agenda, event: string): Promise<unknown[]> {
  return new Promise((resolve) => agenda.once(event, (...args: unknown[]) => resolve(args)));
}

const job = (overrides: Partial<JobParameters> = {}): JobParameters => ({
  name: 'work',
  priority: 0,
  nextRunAt: new Date(Date.now() - 1000),
  type: 'normal',
  data: {},
  ...overrides,
});

const lockWindow = () => {
  const now = new Date();
  return { now, nextScanAt: new Date(now.getTime() + 5000), lockDeadline: new Date(now.getTime() - 600_000) };
};

describe('Agenda on the SQLite backend', () => {
  it('runs a job created with now() and records its completion', async () => {
    const { agenda } = openAgenda();
    const received: unknown[] = [];
    agenda.define('greet', async (j) => {
      received.push(j.attrs.data);
    });
    const created = await agenda.now('greet', { to: 'ann' });
    const completed = next(agenda, 'complete:greet');
    await agenda.start();
    await completed;

    expect(received).toEqual([{ to: 'ann' }]);
    const stored = await (await openRepository()).getJobById(String(created.attrs._id));
    expect(stored).toMatchObject({ name: 'greet', data: { to: 'ann' }, nextRunAt: null, type: 'normal' });
    expect(stored?.lastRunAt).toBeInstanceOf(Date);
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
    expect(stored?.lockedAt).toBeUndefined();
    expect(stored?.failCount).toBeUndefined();
  });

  it('schedules a repeating job with every() and persists its next run', async () => {
    const { agenda } = openAgenda();
    let runs = 0;
    agenda.define('tick', async () => {
      runs++;
    });
    await agenda.every('1 minute', 'tick', { round: 1 });
    const completed = next(agenda, 'complete:tick');
    await agenda.start();
    await completed;

    const repository = await openRepository(); // a second connection: what is on disk
    const [stored, ...others] = (await repository.queryJobs({ name: 'tick' })).jobs;
    expect(others).toEqual([]);
    expect(runs).toBe(1);
    expect(stored).toMatchObject({ type: 'single', repeatInterval: '1 minute', state: 'repeating', data: { round: 1 } });
    expect(stored?.nextRunAt?.getTime()).toBe((stored?.lastRunAt?.getTime() ?? 0) + 60_000);

    // every() again (as at the next start-up) keeps the one job and its stored schedule.
    await agenda.every('1 minute', 'tick', { round: 2 });
    const after = (await repository.queryJobs({ name: 'tick' })).jobs;
    expect(after).toHaveLength(1);
    expect(after[0]?._id).toBe(stored?._id);
    expect(after[0]?.nextRunAt?.getTime()).toBe(stored?.nextRunAt?.getTime());
    expect(after[0]?.data).toEqual({ round: 2 });
  });

  it('records failReason and failCount of a failing job, and counts a second failure', async () => {
    const { agenda } = openAgenda();
    agenda.define('boom', async () => {
      throw new Error('kaboom');
    });
    const created = await agenda.now('boom', { attempt: 1 });
    const failed = next(agenda, 'fail:boom');
    let completed = next(agenda, 'complete:boom');
    await agenda.start();
    const [error] = await failed;
    await completed;
    expect((error as Error).message).toBe('kaboom');

    const repository = await openRepository();
    const first = await repository.getJobById(String(created.attrs._id));
    expect(first).toMatchObject({ failReason: 'kaboom', failCount: 1 });
    expect(first?.failedAt).toBeInstanceOf(Date);
    expect(first?.lockedAt).toBeUndefined();
    expect((await agenda.queryJobs({ state: 'failed' })).total).toBe(1);

    // Saving the job again (it omits processor-managed fields) keeps the failure history.
    completed = next(agenda, 'complete:boom');
    await created.schedule(new Date()).save();
    await completed;
    expect(await repository.getJobById(String(created.attrs._id))).toMatchObject({ failReason: 'kaboom', failCount: 2 });
  });

  it('lets two Agenda instances on one file run each job exactly once', async () => {
    const options = { defaultLockLimit: 1, defaultConcurrency: 1 };
    const first = openAgenda({ ...options, name: 'first' }).agenda;
    const second = openAgenda({ ...options, name: 'second' }).agenda;
    const runs: Array<{ id: string; by: string }> = [];
    for (const [agenda, by] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      agenda.define('work', async (j) => {
        runs.push({ id: String(j.attrs._id), by });
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(String((await first.now('work', { i })).attrs._id));
    const allDone = new Promise<void>((resolve) => {
      let done = 0;
      const count = () => {
        if (++done === ids.length) resolve();
      };
      first.on('complete:work', count);
      second.on('complete:work', count);
    });
    await Promise.all([first.start(), second.start()]);
    await allDone;
    // stop(), not drain(): drain() called within the last 'complete' event misses it and waits forever.
    await Promise.all([first.stop(), second.stop()]);

    expect(runs.map((run) => run.id).sort()).toEqual([...ids].sort());
    const repository = await openRepository();
    const { jobs } = await repository.queryJobs({ name: 'work' });
    expect(jobs.every((j) => j.lastFinishedAt instanceof Date && j.lockedAt === undefined)).toBe(true);
  });

  it('lets two processes on one file run each job exactly once', { timeout: 60_000 }, async () => {
    const repository = await openRepository();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(String((await repository.saveJob(job({ data: { i } }), undefined))._id));

    const worker = `
      import { Agenda } from 'agenda';
      const { SqliteAgendaBackend } = await import(process.env.BACKEND_URL);
      const agenda = new Agenda({
        backend: new SqliteAgendaBackend({ file: process.env.JOBS_FILE }),
        name: 'pid-' + process.pid, processEvery: 20, defaultLockLimit: 1, defaultConcurrency: 1,
      });
      agenda.on('error', (error) => process.stderr.write('agenda error: ' + error.message + '\\n'));
      agenda.define('work', async (job) => { process.stdout.write('RAN ' + job.attrs._id + ' ' + process.pid + '\\n'); });
      process.stdin.on('data', async () => { await agenda.drain(); process.exit(0); });
      await agenda.start();
    `;
    const env = { ...process.env, BACKEND_URL: pathToFileURL(path.join(here, 'sqlite-agenda-backend.ts')).href, JOBS_FILE: file };
    const lines: string[] = [];
    let stderr = '';
    const seen = new Set<string>();
    let allSeen: () => void = () => {};
    const allRan = new Promise<void>((resolve) => {
      allSeen = resolve;
    });
    const children = [0, 1].map(() => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', worker], { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (!line.startsWith('RAN ')) return;
        lines.push(line);
        seen.add(line.split(' ')[1] as string);
        if (seen.size === ids.length) allSeen();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      cleanups.push(async () => {
        if (child.exitCode === null) child.kill();
        await exited;
      });
      return { child, exited };
    });
    const crashed = Promise.race(children.map(({ exited }) => exited)).then((code) => {
      throw new Error(`a worker exited early (${code}): ${stderr}`);
    });
    await Promise.race([allRan, crashed]);
    for (const { child } of children) child.stdin.end('stop\n');
    const codes = await Promise.all(children.map(({ exited }) => exited));

    expect(codes).toEqual([0, 0]);
    expect(lines.map((line) => line.split(' ')[1]).sort()).toEqual([...ids].sort()); // each once, none twice
    const { jobs } = await repository.queryJobs({ name: 'work' });
    expect(jobs.filter((j) => j.lastFinishedAt instanceof Date)).toHaveLength(ids.length);
  });

  it('finds persisted jobs after a restart and runs the due ones', async () => {
    const before = openAgenda();
    const laterAt = new Date(Date.now() + 10 * 60_000);
    await before.agenda.schedule(laterAt, 'later', { n: 1 });
    await before.agenda.now('soon', { n: 2 });
    await before.backend.disconnect();

    const { agenda } = openAgenda();
    const found = await agenda.queryJobs({ sort: { name: 'asc' } });
    expect(found.jobs.map((j) => [j.name, j.data])).toEqual([
      ['later', { n: 1 }],
      ['soon', { n: 2 }],
    ]);
    expect(found.jobs[0]?.nextRunAt?.getTime()).toBe(laterAt.getTime());

    const ran: string[] = [];
    agenda.define('soon', async (j) => {
      ran.push(j.attrs.name);
    });
    agenda.define('later', async (j) => {
      ran.push(j.attrs.name);
    });
    const completed = next(agenda, 'complete:soon');
    await agenda.start();
    await completed;
    expect(ran).toEqual(['soon']);
    expect((await agenda.queryJobs({ name: 'later' })).jobs[0]).toMatchObject({ state: 'scheduled' });
  });

  it('cancels, removes, disables and enables jobs', async () => {
    const { agenda } = openAgenda();
    await agenda.now('mail', { user: 'u1' });
    await agenda.now('mail', { user: 'u2' });
    const report = await agenda.schedule('in 1 hour', 'report', { kind: 'weekly' });
    await agenda.every('1 hour', 'sync');
    await agenda.schedule('in 1 hour', 'orphan');

    expect(await agenda.cancel({ name: 'mail', data: { user: 'u1' } })).toBe(1);
    expect((await agenda.queryJobs({ name: 'mail' })).jobs.map((j) => j.data)).toEqual([{ user: 'u2' }]);
    expect(await report.remove()).toBe(1);
    expect((await agenda.queryJobs({ name: 'report' })).total).toBe(0);

    expect(await agenda.disable({ name: 'sync' })).toBe(1);
    expect((await agenda.queryJobs({ state: 'paused' })).jobs.map((j) => j.name)).toEqual(['sync']);
    expect((await agenda.queryJobs({ includeDisabled: false })).jobs.map((j) => j.name).sort()).toEqual(['mail', 'orphan']);
    expect(await agenda.enable({ name: 'sync' })).toBe(1);
    expect((await agenda.queryJobs({ state: 'paused' })).total).toBe(0);

    agenda.define('mail', async () => {});
    agenda.define('sync', async () => {});
    expect(await agenda.purge()).toBe(1); // 'orphan' has no definition
    expect(await agenda.cancelAll()).toBe(2);
    expect((await agenda.queryJobs()).total).toBe(0);
  });

  it('is what createAgenda builds without MONGODB_URL, storing <dataDir>/jobs.sqlite', async () => {
    const agenda = await createAgenda({ mongoDb: 'weeklydiv', dataDir: path.join(dir, 'nested'), options: { processEvery: 50 } });
    cleanups.push(() => agenda.stop(true));
    await agenda.schedule('in 5 minutes', 'remind', { who: 'me' });
    const repository = new SqliteJobRepository({ file: sqliteJobsFile(path.join(dir, 'nested')) });
    await repository.connect();
    cleanups.push(() => repository.disconnect());
    expect((await repository.queryJobs()).jobs.map((j) => j.data)).toEqual([{ who: 'me' }]);
    const ran = next(agenda, 'complete:remind');
    agenda.define('remind', async () => {});
    await agenda.start();
    await agenda.now('remind');
    await ran;
  });
});

describe('SqliteJobRepository', () => {
  it('round-trips every field of a job', async () => {
    const repository = await openRepository();
    const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);
    const saved = await repository.saveJob(
      {
        name: 'full',
        priority: 10,
        nextRunAt: at(1),
        type: 'normal',
        data: { nested: { list: [1, 'two', null], flag: true } },
        lockedAt: at(2),
        lastRunAt: at(3),
        lastFinishedAt: at(4),
        failedAt: at(5),
        failCount: 2,
        failReason: 'why',
        repeatInterval: 5000,
        repeatTimezone: 'Europe/Zurich',
        repeatAt: '3:30pm',
        disabled: true,
        progress: 42.5,
        fork: true,
        startDate: at(6),
        endDate: at(7),
        skipDays: [0, 6],
        debounceStartedAt: at(8),
      },
      { lastModifiedBy: 'tester' },
    );
    expect(typeof saved._id).toBe('string');
    const read = await repository.getJobById(String(saved._id));
    expect(read).toEqual({
      _id: saved._id,
      name: 'full',
      priority: 10,
      nextRunAt: at(1),
      type: 'normal',
      data: { nested: { list: [1, 'two', null], flag: true } },
      lockedAt: at(2),
      lastRunAt: at(3),
      lastFinishedAt: at(4),
      failedAt: at(5),
      failCount: 2,
      failReason: 'why',
      repeatInterval: 5000,
      repeatTimezone: 'Europe/Zurich',
      repeatAt: '3:30pm',
      disabled: true,
      progress: 42.5,
      fork: true,
      startDate: at(6),
      endDate: at(7),
      skipDays: [0, 6],
      debounceStartedAt: at(8),
      lastModifiedBy: 'tester',
    });
    expect(await repository.getJobById('no-such-id')).toBeNull();
  });

  it('updates by _id only the fields given, and gives the job back if it was removed', async () => {
    const repository = await openRepository();
    const saved = await repository.saveJob(job({ priority: 5, data: { v: 1 }, failCount: 3, failReason: 'old' }), undefined);
    const { failCount: _count, failReason: _reason, ...withoutProcessorFields } = saved;
    const updated = await repository.saveJob({ ...withoutProcessorFields, priority: 20, data: { v: 2 } }, undefined);
    expect(updated).toMatchObject({ _id: saved._id, priority: 20, data: { v: 2 }, failCount: 3, failReason: 'old' });

    await repository.removeJobs({ id: String(saved._id) });
    const orphan = { ...saved, priority: 1 };
    expect(await repository.saveJob(orphan, undefined)).toBe(orphan);
    expect(await repository.getJobById(String(saved._id))).toBeNull();
  });

  it('keeps one row per single job, protecting a stored schedule from a due nextRunAt', async () => {
    const repository = await openRepository();
    const future = new Date(Date.now() + 60_000);
    const first = await repository.saveJob(job({ name: 'single', type: 'single', nextRunAt: future, data: { v: 1 } }), undefined);
    const due = await repository.saveJob(job({ name: 'single', type: 'single', nextRunAt: new Date(), priority: 7, data: { v: 2 } }), undefined);
    expect(due).toMatchObject({ _id: first._id, priority: 7, data: { v: 2 }, nextRunAt: future });
    const later = new Date(Date.now() + 120_000);
    const moved = await repository.saveJob(job({ name: 'single', type: 'single', nextRunAt: later }), undefined);
    expect(moved).toMatchObject({ _id: first._id, nextRunAt: later });
    expect((await repository.queryJobs({ name: 'single' })).total).toBe(1);
  });

  it('upserts by a unique constraint on data, type-exact, with insertOnly', async () => {
    const repository = await openRepository();
    const first = await repository.saveJob(job({ name: 'u', data: { userId: 1, v: 'a' }, unique: { 'data.userId': 1 } }), undefined);
    const same = await repository.saveJob(job({ name: 'u', data: { userId: 1, v: 'b' }, unique: { 'data.userId': 1 } }), undefined);
    expect(same).toMatchObject({ _id: first._id, data: { userId: 1, v: 'b' } });
    const text = await repository.saveJob(job({ name: 'u', data: { userId: '1' }, unique: { 'data.userId': '1' } }), undefined);
    expect(text._id).not.toBe(first._id);
    const flag = await repository.saveJob(job({ name: 'u', data: { userId: true }, unique: { 'data.userId': true } }), undefined);
    expect(flag._id).not.toBe(first._id);
    const nested = await repository.saveJob(job({ name: 'u', data: { key: { a: 1 } }, unique: { 'data.key': { a: 1 } } }), undefined);
    expect((await repository.saveJob(job({ name: 'u', data: { key: { a: 1 }, x: 1 }, unique: { 'data.key': { a: 1 } } }), undefined))._id).toBe(nested._id);
    const kept = await repository.saveJob(
      job({ name: 'u', data: { userId: 1, v: 'c' }, unique: { 'data.userId': 1 }, uniqueOpts: { insertOnly: true } }),
      undefined,
    );
    expect(kept).toMatchObject({ _id: first._id, data: { userId: 1, v: 'b' } });
    expect((await repository.queryJobs({ name: 'u' })).total).toBe(4);
  });

  it('debounces saves with a unique constraint: trailing, maxWait and leading', async () => {
    const repository = await openRepository();
    const trailing = { unique: { 'data.k': 't' }, uniqueOpts: { debounce: { delay: 60_000 } } };
    const t1 = await repository.saveJob(job({ name: 'd', data: { k: 't' }, ...trailing }), undefined);
    expect(t1.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(t1.debounceStartedAt).toBeInstanceOf(Date);
    const t2 = await repository.saveJob(job({ name: 'd', data: { k: 't', n: 2 }, ...trailing }), undefined);
    expect(t2).toMatchObject({ _id: t1._id, data: { k: 't', n: 2 }, debounceStartedAt: t1.debounceStartedAt });
    expect(t2.nextRunAt!.getTime()).toBeGreaterThanOrEqual(t1.nextRunAt!.getTime());

    // maxWait already exceeded (the window started long ago): run now and restart the window.
    const started = new Date(Date.now() - 120_000);
    await repository.saveJob({ ...(await repository.getJobById(String(t1._id)))!, debounceStartedAt: started }, undefined);
    const forced = await repository.saveJob(job({ name: 'd', data: { k: 't' }, unique: { 'data.k': 't' }, uniqueOpts: { debounce: { delay: 60_000, maxWait: 30_000 } } }), undefined);
    expect(forced.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(forced.debounceStartedAt).toBeUndefined();

    const leading = { unique: { 'data.k': 'l' }, uniqueOpts: { debounce: { delay: 60_000, strategy: 'leading' as const } } };
    const now = new Date();
    const l1 = await repository.saveJob(job({ name: 'd', nextRunAt: now, data: { k: 'l' }, ...leading }), undefined);
    expect(l1.nextRunAt).toEqual(now);
    const l2 = await repository.saveJob(job({ name: 'd', nextRunAt: new Date(now.getTime() + 5000), data: { k: 'l', n: 2 }, ...leading }), undefined);
    expect(l2).toMatchObject({ _id: l1._id, nextRunAt: now, data: { k: 'l', n: 2 } });
  });

  it('locks a job once, and not when its nextRunAt changed meanwhile', async () => {
    const repository = await openRepository();
    const saved = await repository.saveJob(job(), undefined);
    const locked = await repository.lockJob(saved, { lastModifiedBy: 'me' });
    expect(locked?.lockedAt).toBeInstanceOf(Date);
    expect(locked?.lastModifiedBy).toBe('me');
    expect(await repository.lockJob(saved, undefined)).toBeUndefined();
    await repository.unlockJob(saved);
    expect((await repository.getJobById(String(saved._id)))?.lockedAt).toBeUndefined();
    expect(await repository.lockJob({ ...saved, nextRunAt: new Date(0) }, undefined)).toBeUndefined();
    expect(await repository.lockJob({ ...saved, _id: undefined }, undefined)).toBeUndefined();
  });

  it('gets the next job to run by nextRunAt then priority, skipping disabled, future and locked jobs', async () => {
    const repository = await openRepository();
    const { now, nextScanAt, lockDeadline } = lockWindow();
    const early = new Date(now.getTime() - 60_000);
    await repository.saveJob(job({ nextRunAt: new Date(now.getTime() - 1000), data: { id: 'later' } }), undefined);
    await repository.saveJob(job({ nextRunAt: early, priority: 1, data: { id: 'low' } }), undefined);
    await repository.saveJob(job({ nextRunAt: early, priority: 10, data: { id: 'high' } }), undefined);
    await repository.saveJob(job({ nextRunAt: early, priority: 99, disabled: true, data: { id: 'disabled' } }), undefined);
    await repository.saveJob(job({ nextRunAt: new Date(now.getTime() + 60_000), data: { id: 'future' } }), undefined);
    await repository.saveJob(job({ name: 'other', nextRunAt: early, data: { id: 'other' } }), undefined);

    const order: unknown[] = [];
    for (;;) {
      const next = await repository.getNextJobToRun('work', nextScanAt, lockDeadline, now, { lastModifiedBy: 'me' });
      if (!next) break;
      expect(next.lockedAt).toEqual(now);
      order.push((next.data as { id: string }).id);
    }
    expect(order).toEqual(['high', 'low', 'later']);
  });

  it('takes over a job whose lock is older than the lock deadline', async () => {
    const repository = await openRepository();
    const { now, nextScanAt, lockDeadline } = lockWindow();
    const stale = await repository.saveJob(job({ lockedAt: new Date(lockDeadline.getTime() - 1), nextRunAt: null }), undefined);
    await repository.saveJob(job({ lockedAt: new Date(lockDeadline.getTime() + 60_000), data: { fresh: true } }), undefined);
    const taken = await repository.getNextJobToRun('work', nextScanAt, lockDeadline, now, undefined);
    expect(taken?._id).toBe(stale._id);
    expect(taken?.lockedAt).toEqual(now);
    expect(await repository.getNextJobToRun('work', nextScanAt, lockDeadline, now, undefined)).toBeUndefined();
  });

  it('never hands the same job to two connections', async () => {
    const one = await openRepository();
    const two = await openRepository();
    const { now, nextScanAt, lockDeadline } = lockWindow();
    for (let i = 0; i < 50; i++) await one.saveJob(job({ data: { i } }), undefined);
    const taken: string[] = [];
    const drain = async (repository: SqliteJobRepository) => {
      for (;;) {
        const next = await repository.getNextJobToRun('work', nextScanAt, lockDeadline, now, undefined);
        if (!next) return;
        taken.push(String(next._id));
      }
    };
    await Promise.all([drain(one), drain(two), drain(one), drain(two)]);
    expect(taken).toHaveLength(50);
    expect(new Set(taken).size).toBe(50);
  });

  it('unlocks single jobs only when they are not running, and lists of jobs unconditionally', async () => {
    const repository = await openRepository();
    const lockedAt = new Date();
    const running = await repository.saveJob(job({ lockedAt, nextRunAt: null }), undefined);
    const waiting = await repository.saveJob(job({ lockedAt }), undefined);
    await repository.unlockJob(running);
    await repository.unlockJob(waiting);
    expect((await repository.getJobById(String(running._id)))?.lockedAt).toEqual(lockedAt);
    expect((await repository.getJobById(String(waiting._id)))?.lockedAt).toBeUndefined();
    await repository.unlockJobs([String(running._id)]);
    expect((await repository.getJobById(String(running._id)))?.lockedAt).toBeUndefined();
    await expect(repository.unlockJobs([])).resolves.toBeUndefined();
  });

  it('saves job state and refuses to for a job that is gone', async () => {
    const repository = await openRepository();
    const saved = await repository.saveJob(job({ data: { keep: true } }), undefined);
    const lastRunAt = new Date();
    await repository.saveJobState({ ...saved, lockedAt: undefined, lastRunAt, progress: 50, failReason: 'x', failCount: 1, failedAt: lastRunAt }, { lastModifiedBy: 'p' });
    expect(await repository.getJobById(String(saved._id))).toMatchObject({ lastRunAt, progress: 50, failReason: 'x', failCount: 1, data: { keep: true }, lastModifiedBy: 'p' });
    await expect(repository.saveJobState({ ...saved, name: 'renamed' }, undefined)).rejects.toThrow(/cannot be updated/);
    await expect(repository.saveJobState({ ...saved, _id: undefined }, undefined)).rejects.toThrow();
  });

  it('queries by name, names, ids, search, data, disabled and state, sorted and paged', async () => {
    const repository = await openRepository();
    const now = Date.now();
    const a1 = await repository.saveJob(job({ name: 'job-a', priority: 1, nextRunAt: new Date(now + 60_000), data: { kind: 'alpha', tags: ['x', 'y'] } }), undefined);
    const b = await repository.saveJob(job({ name: 'job-b', priority: 2, nextRunAt: new Date(now + 120_000), data: { kind: 'beta' } }), undefined);
    await repository.saveJob(job({ name: 'job-a', priority: 3, nextRunAt: new Date(now - 60_000), data: { kind: 'alpha', deep: { k: 1 } } }), undefined);
    await repository.saveJob(job({ name: '100%_done', priority: 4, nextRunAt: null, disabled: true, lastFinishedAt: new Date(now) }), undefined);

    const names = async (options: Parameters<SqliteJobRepository['queryJobs']>[0]) => (await repository.queryJobs(options)).jobs.map((j) => j.name);
    expect((await repository.queryJobs()).total).toBe(4);
    expect(await names({ name: 'job-a' })).toEqual(['job-a', 'job-a']);
    expect((await repository.queryJobs({ names: ['job-a', 'job-b'] })).total).toBe(3);
    expect((await repository.queryJobs({ id: String(b._id) })).jobs.map((j) => j._id)).toEqual([b._id]);
    expect((await repository.queryJobs({ ids: [String(a1._id), String(b._id)] })).total).toBe(2);
    expect(await names({ search: 'JOB' })).toHaveLength(3);
    expect(await names({ search: '%_' })).toEqual(['100%_done']);
    expect((await repository.queryJobs({ data: { kind: 'alpha' } })).total).toBe(2);
    expect((await repository.queryJobs({ data: { tags: 'y' } })).jobs.map((j) => j._id)).toEqual([a1._id]);
    expect((await repository.queryJobs({ data: { deep: { k: 1 } } })).total).toBe(1);
    expect((await repository.queryJobs({ includeDisabled: false })).total).toBe(3);
    expect(await names({ state: 'scheduled', sort: { priority: 'desc' } })).toEqual(['job-b', 'job-a']);
    expect(await names({ state: 'queued' })).toEqual(['job-a']);
    expect(await names({ state: 'paused' })).toEqual(['100%_done']);
    expect(await names({ state: 'completed' })).toEqual(['100%_done']);
    expect((await repository.queryJobs({ sort: { priority: 'asc' } })).jobs.map((j) => j.priority)).toEqual([1, 2, 3, 4]);
    expect((await repository.queryJobs({ sort: { nextRunAt: 'asc' } })).jobs.map((j) => j.priority)).toEqual([3, 1, 2, 4]);
    const page = await repository.queryJobs({ sort: { priority: 'asc' }, skip: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.jobs.map((j) => j.priority)).toEqual([2, 3]);
    expect((await repository.queryJobs({ sort: { priority: 'asc' }, skip: 3 })).jobs.map((j) => j.priority)).toEqual([4]);
  });

  it('gives an overview per name, the queue size and the distinct names', async () => {
    const repository = await openRepository();
    const now = Date.now();
    await repository.saveJob(job({ name: 'a', nextRunAt: new Date(now - 1000) }), undefined);
    await repository.saveJob(job({ name: 'a', nextRunAt: new Date(now + 60_000) }), undefined);
    await repository.saveJob(job({ name: 'a', lockedAt: new Date(), disabled: true }), undefined);
    await repository.saveJob(job({ name: 'b', nextRunAt: null, failedAt: new Date(now), failReason: 'x' }), undefined);
    await repository.saveJob(job({ name: 'b', nextRunAt: new Date(now + 60_000), repeatInterval: '1 hour', type: 'single' }), undefined);
    expect(await repository.getJobsOverview()).toEqual([
      { name: 'a', total: 3, running: 1, scheduled: 1, queued: 1, completed: 0, failed: 0, repeating: 0, paused: 1 },
      { name: 'b', total: 2, running: 0, scheduled: 0, queued: 0, completed: 0, failed: 1, repeating: 1, paused: 0 },
    ]);
    expect(await repository.getQueueSize()).toBe(2);
    expect(await repository.getDistinctJobNames()).toEqual(['a', 'b']);
  });

  it('removes, disables and enables by id, ids, name, names, notNames and data; nothing without criteria', async () => {
    const repository = await openRepository();
    const ids: string[] = [];
    for (const [name, data] of [
      ['a', { u: 1 }],
      ['a', { u: 2 }],
      ['b', { u: 1 }],
      ['c', { u: 3 }],
      ['d', {}],
    ] as const) {
      ids.push(String((await repository.saveJob(job({ name, data }), undefined))._id));
    }
    expect(await repository.removeJobs({})).toBe(0);
    expect(await repository.disableJobs({ data: { u: 1 } })).toBe(2);
    expect(await repository.enableJobs({ name: 'a', data: { u: 1 } })).toBe(1);
    expect((await repository.queryJobs({ state: 'paused' })).jobs.map((j) => j.name)).toEqual(['b']);
    expect(await repository.disableJobs({ names: ['c', 'd'] })).toBe(2);
    expect(await repository.enableJobs({ ids: [ids[3] as string, ids[4] as string] })).toBe(2);
    expect(await repository.removeJobs({ id: ids[0] as string })).toBe(1);
    expect(await repository.removeJobs({ notNames: ['a', 'b'] })).toBe(2);
    expect(await repository.removeJobs({ name: 'a', data: { u: 9 } })).toBe(0);
    expect(await repository.removeJobs({ names: ['a', 'b'] })).toBe(2);
    expect(await repository.getDistinctJobNames()).toEqual([]);
    await repository.saveJob(job(), undefined);
    expect(await repository.purgeAllJobs()).toBe(1);
  });

  it('reconnects after a disconnect and reports use while disconnected', async () => {
    const repository = new SqliteJobRepository({ file });
    await repository.connect();
    await repository.saveJob(job({ name: 'kept' }), undefined);
    await repository.disconnect();
    await expect(repository.getDistinctJobNames()).rejects.toThrow(/not connected/);
    await repository.connect();
    expect(await repository.getDistinctJobNames()).toEqual(['kept']);
    await repository.disconnect();
  });
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  describe('Agenda on the MongoDB backend (MONGODB_URL)', () => {
    it('runs a job created with now() in the configured database', async () => {
      const dbName = `weeklydiv_jobs_${Date.now()}_${process.pid}`;
      const agenda = new Agenda({ backend: new MongoAgendaBackend({ url: mongoUrl, dbName }), processEvery: 50 });
      const client = await new MongoClient(mongoUrl).connect();
      cleanups.push(async () => {
        await agenda.stop();
        await client.db(dbName).dropDatabase();
        await client.close();
      });
      const received: unknown[] = [];
      agenda.define('greet', async (j) => {
        received.push(j.attrs.data);
      });
      const created = await agenda.now('greet', { to: 'bob' });
      const completed = next(agenda, 'complete:greet');
      await agenda.start();
      await completed;
      expect(received).toEqual([{ to: 'bob' }]);
      expect(await client.db(dbName).collection('agendaJobs').countDocuments({ name: 'greet' })).toBe(1);
      expect((await agenda.queryJobs({ id: String(created.attrs._id) })).jobs[0]?.lastFinishedAt).toBeInstanceOf(Date);
    });
  });
} else {
  console.info('agenda backends: MONGODB_URL is not set, so the MongoDB backend is not exercised');
}
