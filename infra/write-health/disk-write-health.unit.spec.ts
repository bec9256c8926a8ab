import { afterEach, describe, expect, it } from 'vitest';
import { DiskWriteHealth } from './disk-write-health.ts';
import { storageFailure, type WriteHealthChange } from './port.ts';

const MiB = 1024 * 1024;
/** SQLite's error on a full disk, as node:sqlite raises it. */
const full = () => Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

let health: DiskWriteHealth | undefined;
afterEach(() => health?.close());

/** A monitor over a pretend disk: `disk.free` bytes free, `disk.writable` whether a probe file can be written. */
async function monitor() {
  const disk = { free: 500 * MiB, writable: true, probes: 0 };
  const changes: WriteHealthChange[] = [];
  const clock = { ms: Date.parse('2026-11-28T12:00:00.000Z') };
  health = new DiskWriteHealth({
    dir: '/data',
    minFreeBytes: 16 * MiB,
    checkEveryMs: 5000, // the timer's own checks do not come within a spec: the specs call check() themselves
    freeBytes: async () => disk.free,
    probe: async () => {
      disk.probes++;
      if (!disk.writable) throw enospc();
    },
    now: () => new Date(clock.ms),
  });
  health.onChange((c) => changes.push(c));
  await health.check();
  return { health, disk, changes, clock };
}

describe('write health of the embedded event log (security audit S6)', () => {
  it('turns degraded at the first failed append and tells it once, however many fail', async () => {
    const { health, changes } = await monitor();
    expect(health.status()).toEqual({ status: 'ok' });
    for (let i = 0; i < 100; i++) health.writeFailed(new Error(`append to user-${i} failed: database or disk is full`));
    expect(health.status()).toMatchObject({ status: 'degraded', reason: 'writes are failing: append to user-0 failed: database or disk is full' });
    expect(changes).toEqual([{ kind: 'degraded', reason: 'writes are failing: append to user-0 failed: database or disk is full', since: expect.any(String), error: 'append to user-0 failed: database or disk is full' }]);
  });

  it('stays degraded while the disk is full, and recovers once there is space and a probe file can be written', async () => {
    const { health, disk, changes, clock } = await monitor();
    disk.free = 0;
    disk.writable = false;
    health.writeFailed(full());
    await health.check();
    expect(health.status()).toMatchObject({ status: 'degraded' });
    // space shows free again, but writing still fails (another process holds it): still degraded
    disk.free = 100 * MiB;
    clock.ms += 5000;
    await health.check();
    expect(health.status()).toMatchObject({ status: 'degraded', reason: 'writes are failing: ENOSPC: no space left on device, write' });
    disk.writable = true;
    clock.ms += 5000;
    await health.check();
    expect(health.status()).toEqual({ status: 'ok' });
    expect(changes.map((c) => c.kind)).toEqual(['degraded', 'recovered']);
    expect(changes[1]).toMatchObject({ reason: 'writes are failing: database or disk is full' });
  });

  it('does not take a probe file for a working log while writes keep failing within a check interval', async () => {
    const { health, disk, changes, clock } = await monitor();
    health.writeFailed(full()); // the disk has room and a small file fits, but the log fails
    await health.check();
    clock.ms += 4000;
    health.writeFailed(full());
    clock.ms += 4000;
    await health.check();
    expect(health.status()).toMatchObject({ status: 'degraded' });
    expect(disk.probes).toBe(0);
    clock.ms += 1000; // a whole interval without a failure
    await health.check();
    expect(health.status()).toEqual({ status: 'ok' });
    expect(changes.map((c) => c.kind)).toEqual(['degraded', 'recovered']);
  });

  it('turns degraded when the free space falls below the minimum, and back when it rises (no write needed)', async () => {
    const { health, disk, changes } = await monitor();
    disk.free = 3 * MiB;
    await health.check();
    expect(health.status()).toMatchObject({ status: 'degraded', reason: 'only 3.0 MiB free for the event log in DATA_DIR (at least 16.0 MiB needed)' });
    await health.check();
    disk.free = 40 * MiB;
    await health.check();
    expect(health.status()).toEqual({ status: 'ok' });
    expect(changes.map((c) => c.kind)).toEqual(['degraded', 'recovered']);
    expect(disk.probes).toBe(0);
  });

  it('recovers at the next successful append', async () => {
    const { health, changes } = await monitor();
    health.writeFailed(full());
    health.writeSucceeded();
    expect(health.status()).toEqual({ status: 'ok' });
    expect(changes.map((c) => c.kind)).toEqual(['degraded', 'recovered']);
  });
});

describe('storage failures', () => {
  it("are SQLite's full, read-only and I/O errors and the file system's ENOSPC, EROFS, EDQUOT, EIO, also as a cause", () => {
    expect(storageFailure(full())).toBe('database or disk is full');
    expect(storageFailure(new Error('append to user-1 failed: database or disk is full'))).toBe('append to user-1 failed: database or disk is full');
    // the store's error carries SQLite's own words as its cause: those are told, without the stream
    expect(storageFailure(new Error('append to useremail-a@b.test failed: database or disk is full', { cause: new Error('database or disk is full') }))).toBe('database or disk is full');
    expect(storageFailure(Object.assign(new Error('disk I/O error'), { errcode: 10 | (3 << 8) }))).toBe('disk I/O error');
    expect(storageFailure(enospc())).toBe('ENOSPC: no space left on device, write');
    expect(storageFailure(new Error('could not store the image', { cause: Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }) }))).toBe('EROFS: read-only file system');
  });

  it('are not a conflict, a validation error or a network failure', () => {
    expect(storageFailure(new Error('stream user-1 expected at 3 but is at 4'))).toBeNull();
    expect(storageFailure(new TypeError('append needs at least one event'))).toBeNull();
    expect(storageFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(storageFailure('database or disk is full')).toBeNull();
  });
});
