import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { MemoryDocumentStore } from '../document-store/memory-document-store.ts';
import { MongoDocumentStore } from '../document-store/mongodb-document-store.ts';
import { COUNTER_TTL_INDEX, DocumentAttemptCounters } from './document-attempt-counters.ts';
import type { AttemptCounters, CounterRule } from './port.ts';
import { SqliteAttemptCounters } from './sqlite-attempt-counters.ts';

const T0 = Date.UTC(2026, 10, 24, 12);
const hard: CounterRule = { key: 'pair', limit: 3, windowMs: 60_000 };
const delayed: CounterRule = { key: 'account', limit: null, windowMs: 60_000, sliding: true, delayAfterMs: (n) => (n >= 2 ? 1000 * 2 ** (n - 2) : 0) };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0)) await step();
});

const adapters: [string, () => AttemptCounters][] = [
  [
    'SQLite',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-attempts-'));
      const store = new SqliteAttemptCounters(path.join(dir, 'throttle.sqlite'));
      cleanups.push(() => store.close(), () => rmSync(dir, { recursive: true, force: true }));
      return store;
    },
  ],
  [
    'document store',
    () => {
      const store = new DocumentAttemptCounters(new MemoryDocumentStore());
      cleanups.push(() => store.close());
      return store;
    },
  ],
];

// The MongoDB adapter runs the same contract when MONGODB_URL is set (a throw-away database per test).
const mongoUrl = process.env.MONGODB_URL;
async function mongoDatabase(): Promise<{ client: MongoClient; store: MongoDocumentStore; dbName: string }> {
  const dbName = `weeklydiv_attempts_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = await new MongoClient(mongoUrl!).connect();
  const store = new MongoDocumentStore(client, dbName);
  cleanups.push(async () => {
    await client.db(dbName).dropDatabase();
    await store.close();
  });
  return { client, store, dbName };
}
if (mongoUrl) {
  adapters.push([
    'MongoDB',
    () => {
      // The contract's tests call make() synchronously: a store that connects on first use.
      const pending = mongoDatabase().then(({ store }) => new DocumentAttemptCounters(store));
      const lazy: AttemptCounters = {
        take: async (rules, nowMs) => (await pending).take(rules, nowMs),
        giveBack: async (keys, nowMs) => (await pending).giveBack(keys, nowMs),
        clear: async (keys) => (await pending).clear(keys),
        close: async () => (await pending).close(),
      };
      cleanups.push(() => lazy.close());
      return lazy;
    },
  ]);
} else {
  console.info('attempt counters contract: MONGODB_URL is not set, so the MongoDB adapter is not exercised');
}

describe('document adapter: counters expire by a TTL index', () => {
  it('each counter carries expiresAt (a Date: the later of the window end and the next slot), the field of the TTL index', async () => {
    const docs = new MemoryDocumentStore();
    const store = new DocumentAttemptCounters(docs);
    cleanups.push(() => store.close());
    await store.take([delayed], T0);
    await store.take([delayed], T0); // the 2nd attempt sets a 1 s wait; the sliding window ends at T0 + 60 s
    await store.take([hard], T0);
    const rows = await docs.collection('attempt_counters').find({}, { sort: { _id: 1 } });
    expect(rows.map((r) => [r._id, (r['expiresAt'] as Date).toISOString()])).toEqual([
      ['account', new Date(T0 + 60_000).toISOString()],
      ['pair', new Date(T0 + 60_000).toISOString()],
    ]);
    expect(COUNTER_TTL_INDEX).toEqual({ key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 });
  });
});

if (mongoUrl) {
  describe('document adapter on MongoDB', () => {
    it('on MongoDB the collection has the TTL index and stores expiresAt as a BSON date', async () => {
      const { client, store, dbName } = await mongoDatabase();
      const counters = new DocumentAttemptCounters(store);
      cleanups.push(() => counters.close());
      await counters.take([hard], Date.now());
      const indexes = await client.db(dbName).collection('attempt_counters').indexes();
      expect(indexes.find((i) => i.name === 'expiresAt_ttl')).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
      const raw = await client.db(dbName).collection('attempt_counters').findOne({ _id: 'pair' as never });
      expect(raw?.['expiresAt']).toBeInstanceOf(Date);
    });
  });
}

describe('SQLite adapter on a full disk (security audit S6)', () => {
  it("keeps SQLite's own error (database or disk is full), not the failed ROLLBACK's, and works again once there is room", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-attempts-full-'));
    const store = new SqliteAttemptCounters(path.join(dir, 'throttle.sqlite'));
    cleanups.push(() => store.close(), () => rmSync(dir, { recursive: true, force: true }));
    // A full disk, as SQLite sees it: the file may not grow past its pages (a COMMIT then fails, and
    // SQLite has rolled the transaction back itself before our ROLLBACK).
    const db = (store as unknown as { db: DatabaseSync }).db;
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const rules = Array.from({ length: 200 }, (_, i): CounterRule => ({ key: `k${i}-${'x'.repeat(200)}`, limit: 5, windowMs: 60_000 }));
    const error = await store.take(rules, T0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('database or disk is full');
    db.exec('PRAGMA max_page_count = 1073741823');
    await expect(store.take(rules, T0)).resolves.toEqual({ ok: true });
  });
});

describe.each(adapters)('attempt counters contract: %s', (_name, make) => {
  it('of 40 parallel takes exactly the limit succeed; the others get the wait until the window ends', async () => {
    const store = make();
    const results = await Promise.all(Array.from({ length: 40 }, () => store.take([hard], T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 37 }, () => ({ ok: false, retryAfterMs: 60_000 })));
    expect(await store.take([hard], T0 + 60_000)).toEqual({ ok: true });
  });

  it('a refusal on one rule counts nothing on the others', async () => {
    const store = make();
    const other: CounterRule = { key: 'ip', limit: 10, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await store.take([hard, other], T0);
    for (let i = 0; i < 5; i++) expect((await store.take([hard, other], T0)).ok).toBe(false);
    // 3 counted on `other`: 7 left
    for (let i = 0; i < 7; i++) expect(await store.take([other], T0)).toEqual({ ok: true });
    expect((await store.take([other], T0)).ok).toBe(false);
  });

  it('growing delays: after the 2nd attempt 1 s, after the 3rd 2 s; the sliding window keeps the count', async () => {
    const store = make();
    expect(await store.take([delayed], T0)).toEqual({ ok: true });
    expect(await store.take([delayed], T0)).toEqual({ ok: true });
    expect(await store.take([delayed], T0 + 500)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(await store.take([delayed], T0 + 1000)).toEqual({ ok: true });
    expect(await store.take([delayed], T0 + 2999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await store.take([delayed], T0 + 3000)).toEqual({ ok: true });
    // 4th attempt: next waits 4 s
    expect(await store.take([delayed], T0 + 6000)).toEqual({ ok: false, retryAfterMs: 1000 });
  });

  it("a wait that binds only a client with attempts of its own: another client's attempts count on it but never hold back a fresh client", async () => {
    const store = make();
    const shared = (own: string): CounterRule => ({ key: 'account', limit: null, windowMs: 60_000, sliding: true, delayAfterMs: (n) => (n >= 2 ? 10_000 : 0), waitsOnlyIfCounted: own });
    const client = (name: string): CounterRule[] => [{ key: name, limit: 10, windowMs: 60_000 }, shared(name)];
    expect(await store.take(client('stranger'), T0)).toEqual({ ok: true });
    expect(await store.take(client('stranger'), T0)).toEqual({ ok: true });
    // the stranger waits behind its own attempts…
    expect(await store.take(client('stranger'), T0 + 1)).toEqual({ ok: false, retryAfterMs: 9_999 });
    // …a fresh client does not, and its attempt still counts on the shared row (and on its own from now on)
    expect(await store.take(client('owner'), T0 + 1)).toEqual({ ok: true });
    expect(await store.take(client('owner'), T0 + 2)).toEqual({ ok: false, retryAfterMs: 9_999 });
  });

  it('giveBack returns one attempt; clear forgets the key', async () => {
    const store = make();
    for (let i = 0; i < 3; i++) await store.take([hard], T0);
    await store.giveBack(['pair'], T0);
    expect(await store.take([hard], T0)).toEqual({ ok: true });
    expect((await store.take([hard], T0)).ok).toBe(false);
    await store.clear(['pair']);
    expect(await store.take([hard], T0)).toEqual({ ok: true });
  });
});
