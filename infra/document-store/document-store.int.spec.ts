import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentStoreContract } from './document-store.contract.ts';
import { MemoryDocumentStore } from './memory-document-store.ts';
import { MongoDocumentStore } from './mongodb-document-store.ts';
import { DuplicateKeyError } from './port.ts';
import { openSqliteDocumentStore, type SqliteDocumentStore } from './sqlite-document-store.ts';

documentStoreContract('memory', async () => {
  const store = new MemoryDocumentStore();
  return { store, dispose: () => store.close() };
});

documentStoreContract('sqlite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-docs-'));
  const store = openSqliteDocumentStore(path.join(dir, 'read-models.sqlite'));
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.each([
  ['memory', () => ({ store: new MemoryDocumentStore(), done: () => {} })],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-docs-'));
      return { store: openSqliteDocumentStore(path.join(dir, 'read-models.sqlite')), done: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
] as const)('%s document store: readOnly reads and owned writes share without copies', (_name, open) => {
  it('hands out its own documents frozen (a change throws), and keeps an owned document without a copy', async () => {
    const { store, done } = open();
    try {
      const c = store.collection('holders_v1');
      const holding = { id: 'h1', shares: '10' };
      await store.writeAtomically([{ collection: 'holders_v1', owned: true, operations: [{ insertOne: { document: { _id: 'u', holdings: [holding] } } }] }]);
      const read = await c.findOne({ _id: 'u' }, { readOnly: true });
      expect(read!.holdings).toEqual([holding]);
      expect((read!.holdings as object[])[0]).toBe(holding); // the very object written: no copy
      expect(Object.isFrozen(read) && Object.isFrozen(read!.holdings) && Object.isFrozen(holding)).toBe(true);
      expect(() => (read!.holdings as object[]).push({})).toThrow(TypeError);
      expect(() => {
        (holding as { shares: string }).shares = '11';
      }).toThrow(TypeError);
      // a plain read is still a copy of its own, free to change
      const copy = await c.findOne({ _id: 'u' });
      (copy!.holdings as object[]).push({ id: 'h2' });
      expect(await c.findOne({ _id: 'u' }, { readOnly: true })).toEqual({ _id: 'u', holdings: [holding] });
    } finally {
      await store.close();
      done();
    }
  });
});

describe('SQLite document store: what survives a restart', () => {
  let dir: string;
  let file: string;
  let store: SqliteDocumentStore;
  const reopen = async () => {
    await store.close();
    store = openSqliteDocumentStore(file);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-docs-'));
    file = path.join(dir, 'read-models.sqlite');
    store = openSqliteDocumentStore(file);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps documents, their order, collections and indexes (lookups and unique keys) after reopening', async () => {
    const users = store.collection('users_v1');
    await users.createIndex({ key: { email: 1 }, unique: true });
    await users.createIndex({ key: { plan: 1 } });
    await users.insertOne({ _id: 'b', email: 'b@x.test', plan: 'free', nested: { list: [1, 'two', null] } });
    await users.insertOne({ _id: 'a', email: 'a@x.test', plan: 'premium' });
    await users.updateOne({ _id: 'b' }, { $set: { plan: 'premium' } });
    await reopen();
    const again = store.collection('users_v1');
    expect(await store.listCollections()).toEqual(['users_v1']);
    expect(await again.find()).toEqual([
      { _id: 'b', email: 'b@x.test', plan: 'premium', nested: { list: [1, 'two', null] } },
      { _id: 'a', email: 'a@x.test', plan: 'premium' },
    ]);
    expect((await again.find({ plan: 'premium' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['a', 'b']);
    expect(await again.find({ plan: 'free' })).toEqual([]);
    await expect(again.insertOne({ _id: 'c', email: 'a@x.test' })).rejects.toBeInstanceOf(DuplicateKeyError);
    // the same index asked again at the next start is accepted, as MongoDB does
    await again.createIndex({ key: { email: 1 }, unique: true });
  });

  it('writeAtomically commits every collection or none: a failure in the last write leaves the first one out', async () => {
    await store.collection('checkpoints').insertOne({ _id: 'p', position: 1 });
    await store.collection('docs').createIndex({ key: { email: 1 }, unique: true });
    await store.collection('docs').insertOne({ _id: 'taken', email: 'x@x.test' });
    await expect(
      store.writeAtomically([
        { collection: 'docs', operations: [{ replaceOne: { filter: { _id: 'new' }, replacement: { _id: 'new', email: 'n@x.test' }, upsert: true } }] },
        { collection: 'fresh', operations: [{ insertOne: { document: { _id: 'f' } } }] },
        { collection: 'checkpoints', operations: [{ replaceOne: { filter: { _id: 'p' }, replacement: { _id: 'p', position: 2 } } }] },
        { collection: 'docs', operations: [{ insertOne: { document: { _id: 'dup', email: 'x@x.test' } } }] },
      ]),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await store.collection('docs').findOne({ _id: 'new' })).toBeNull();
    expect(await store.collection('checkpoints').findOne({ _id: 'p' })).toEqual({ _id: 'p', position: 1 });
    // the collection created inside the failed transaction is gone, also after a restart
    expect(await store.listCollections()).not.toContain('fresh');
    await reopen();
    expect(await store.listCollections()).not.toContain('fresh');
    expect(await store.collection('checkpoints').findOne({ _id: 'p' })).toEqual({ _id: 'p', position: 1 });

    await store.writeAtomically([
      { collection: 'docs', operations: [{ replaceOne: { filter: { _id: 'new' }, replacement: { _id: 'new', email: 'n@x.test' }, upsert: true } }] },
      { collection: 'checkpoints', operations: [{ replaceOne: { filter: { _id: 'p' }, replacement: { _id: 'p', position: 2 } } }] },
    ]);
    await reopen();
    expect(await store.collection('docs').findOne({ _id: 'new' })).toEqual({ _id: 'new', email: 'n@x.test' });
    expect(await store.collection('checkpoints').findOne({ _id: 'p' })).toEqual({ _id: 'p', position: 2 });
  });

  it('drops a collection with its index tables for good', async () => {
    const coll = store.collection('old_v1');
    await coll.createIndex({ key: { k: 1 } });
    await coll.insertOne({ _id: '1', k: 1 });
    await store.dropCollection('old_v1');
    await reopen();
    expect(await store.listCollections()).toEqual([]);
    expect(await store.collection('old_v1').find({ k: 1 })).toEqual([]);
    const tables = new DatabaseSync(file, { readOnly: true });
    try {
      const names = (tables.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name);
      expect(names.sort()).toEqual(['_collections', '_indexes']);
    } finally {
      tables.close();
    }
  });

  it('refuses a file of another format with a message that says what to do', async () => {
    await store.close();
    const raw = new DatabaseSync(file);
    raw.exec('PRAGMA user_version = 99');
    raw.close();
    expect(() => openSqliteDocumentStore(file)).toThrow(/has format 99, this version reads 1: delete the file/);
    store = openSqliteDocumentStore(path.join(dir, 'other.sqlite'));
  });
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  documentStoreContract('mongodb', async () => {
    const dbName = `weeklydiv_contract_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const client = await new MongoClient(mongoUrl).connect();
    const store = new MongoDocumentStore(client, dbName);
    return {
      store,
      dispose: async () => {
        await client.db(dbName).dropDatabase();
        await store.close();
      },
    };
  });
} else {
  console.info('document store contract: MONGODB_URL is not set, so the MongoDB adapter is not exercised (memory and SQLite adapters only)');
}
