/**
 * The embedded default's read-model store: the memory store's engine (MongoDB's query and update
 * semantics, memory-document-store.ts) over tables in one SQLite file (Node's built-in `node:sqlite`),
 * so read models survive a restart and the projections catch up from their checkpoints instead of
 * replaying the whole log.
 *
 * - One table per collection, `(id TEXT PRIMARY KEY, doc TEXT)`: the document as JSON text. A rowid
 *   table, so a full scan returns documents in insertion order, as the memory store and MongoDB do
 *   (an upsert keeps the row and its place).
 * - One table per index, `(key, id)` WITHOUT ROWID: the same encoded keys as the memory store's index
 *   Maps (multikey arrays, compound keys, missing = null), so equality lookups and unique checks have
 *   exactly the memory store's semantics and cost O(log n).
 * - Every write call is one transaction; `writeAtomically` puts several collections' bulk writes in
 *   one (the projection runner commits a batch's documents and its checkpoint together). A failed
 *   ordered bulk write keeps the operations before the failing one, as MongoDB does; a failed
 *   `writeAtomically` keeps nothing.
 * - WAL with `synchronous=NORMAL`: a commit does not wait for the disk. After a power loss the last
 *   commits may be gone, documents and checkpoint together, and the projections replay them from the
 *   event log, which is the durable record (`synchronous=FULL`).
 * - Values are JSON: a `Date` would come back as its ISO string (no read model stores one; TTL
 *   indexes are a MongoDB feature, see port.ts).
 * - Parsed documents are kept in a cache (least recently used first out, `DOCUMENT_CACHE_BYTES` of JSON
 *   text for the whole store): the process is the file's only writer, so a write or delete updates
 *   its entry and the cache never goes stale. Reads of hot documents (the market's index and funds,
 *   the signed-in users' documents) cost a copy instead of a JSON parse; scans use cached entries
 *   but do not fill the cache, so one scan of a large collection does not push out the hot set.
 * - `_position`, the runtime's stamp, is also a column with an index: `{ _position: { $gt: n } }`
 *   (what changed since a checkpoint) reads only the rows written since.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import {
  checkName,
  EngineCollection,
  type CollectionStorage,
  type IndexDef,
  type StorageProvider,
} from './memory-document-store.ts';
import type { AtomicWrite, Collection, Doc, DocumentStore } from './port.ts';

/** The layout of the file; a file of another version is refused rather than misread. */
const FORMAT_VERSION = 1;

/** JSON text of the parsed documents kept in memory (their heap size is about 2 to 3 times that). */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

/** Parsed documents by storage and id, least recently used first out, within a budget of text bytes. */
class DocumentCache {
  readonly #entries = new Map<string, { doc: Doc; bytes: number }>();
  readonly #budget: number;
  #bytes = 0;

  constructor(budget: number) {
    this.#budget = budget;
  }

  get(key: string): Doc | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key); // most recently used: to the end
    this.#entries.set(key, entry);
    return entry.doc;
  }

  peek(key: string): Doc | undefined {
    return this.#entries.get(key)?.doc;
  }

  set(key: string, doc: Doc, bytes: number): void {
    this.delete(key);
    if (bytes > this.#budget / 4) return; // one huge document would push out everything else
    this.#entries.set(key, { doc, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#budget) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Forgets every entry whose key starts with a prefix (a cleared or dropped collection). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** In the cache registry (domain/caches/registry.ts): one cache per open store. */
const documentCaches = registerCacheKind<DocumentCache>({
  name: 'sqlite-documents',
  owner: 'infra/document-store/sqlite-document-store.ts',
  key: 'storage (a collection table, numbered per open) and document id',
  bound: `${DOCUMENT_CACHE_BYTES / 1024 / 1024} MiB of JSON text per store (a document over a quarter of that is not kept)`,
  eviction: 'least recently used first; a dropped or cleared collection\'s entries at once; all after a rolled-back transaction',
  coherence: 'the process is the file\'s only writer, and every write and delete goes through the cache',
  clearable: true,
  clear: (cache) => cache.clear(),
  size: (cache) => cache.size,
});

let storages = 0;

interface CatalogRow {
  name: string;
  tbl: number;
}

interface IndexRow {
  collection: string;
  name: string;
  spec: string;
  tbl: number;
}

interface IndexState {
  def: IndexDef;
  table: string;
  holders: StatementSync;
  add: StatementSync;
  remove: StatementSync;
  clear: StatementSync;
}

const parse = (text: string): Doc => JSON.parse(text) as Doc;

class SqliteStorage implements CollectionStorage {
  readonly name: string;
  readonly collection: string;
  readonly table: string;
  /** This storage's prefix in the store's document cache (unique per instance, never reused). */
  readonly cacheKey = `${++storages}\u0000`;
  readonly #cache: DocumentCache;
  readonly #db: DatabaseSync;
  readonly #indexes = new Map<string, IndexState>();
  readonly #get: StatementSync;
  readonly #count: StatementSync;
  readonly #scan: StatementSync;
  readonly #above: StatementSync;
  readonly #put: StatementSync;
  readonly #delete: StatementSync;
  readonly #clear: StatementSync;
  readonly #allocate: () => number;

  /** `allocate` hands out the number of a new table (for an index). */
  constructor(db: DatabaseSync, name: string, tbl: number, allocate: () => number, cache: DocumentCache) {
    this.#db = db;
    this.#cache = cache;
    this.#allocate = allocate;
    this.collection = name;
    this.name = `sqlite.${name}`;
    this.table = `c${tbl}`;
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL, pos INTEGER);
      CREATE INDEX IF NOT EXISTS ${this.table}_pos ON ${this.table} (pos)`);
    this.#get = db.prepare(`SELECT doc FROM ${this.table} WHERE id = ?`);
    this.#count = db.prepare(`SELECT count(*) AS n FROM ${this.table}`);
    this.#scan = db.prepare(`SELECT id, doc FROM ${this.table} ORDER BY rowid`);
    // INDEXED BY: without it SQLite walks the whole table in rowid order to honour ORDER BY
    this.#above = db.prepare(`SELECT id, doc FROM ${this.table} INDEXED BY ${this.table}_pos WHERE pos > ? ORDER BY rowid`);
    this.#put = db.prepare(`INSERT INTO ${this.table} (id, doc, pos) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, pos = excluded.pos`);
    this.#delete = db.prepare(`DELETE FROM ${this.table} WHERE id = ?`);
    this.#clear = db.prepare(`DELETE FROM ${this.table}`);
  }

  /** Opens an index table (created when new). */
  attachIndex(def: IndexDef, tbl: number): void {
    const table = `i${tbl}`;
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ${table} (key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (key, id)) WITHOUT ROWID`);
    this.#indexes.set(def.name, {
      def,
      table,
      holders: this.#db.prepare(`SELECT id FROM ${table} WHERE key = ?`),
      add: this.#db.prepare(`INSERT OR IGNORE INTO ${table} (key, id) VALUES (?, ?)`),
      remove: this.#db.prepare(`DELETE FROM ${table} WHERE key = ? AND id = ?`),
      clear: this.#db.prepare(`DELETE FROM ${table}`),
    });
  }

  indexTables(): string[] {
    return [...this.#indexes.values()].map((index) => index.table);
  }

  get(id: string): Doc | undefined {
    const key = this.cacheKey + id;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const row = this.#get.get(id) as { doc: string } | undefined;
    if (row === undefined) return undefined;
    const doc = parse(row.doc);
    this.#cache.set(key, doc, row.doc.length);
    return doc;
  }

  count(): number {
    return Number((this.#count.get() as { n: number }).n);
  }

  scan(): Iterable<Doc> {
    return this.#rows(this.#scan.iterate());
  }

  positionAbove(position: number): Iterable<Doc> {
    return this.#rows(this.#above.iterate(position));
  }

  /** Documents of a row iterator: cached ones as they are, the others parsed (and not cached). */
  *#rows(rows: Iterable<unknown>): Iterable<Doc> {
    for (const row of rows as Iterable<{ id: string; doc: string }>) yield this.#cache.peek(this.cacheKey + row.id) ?? parse(row.doc);
  }

  *indexes(): Iterable<IndexDef> {
    for (const index of this.#indexes.values()) yield index.def;
  }

  index(name: string): IndexDef | undefined {
    return this.#indexes.get(name)?.def;
  }

  holders(index: IndexDef, key: string): Iterable<string> {
    return (this.#indexes.get(index.name)!.holders.all(key) as Array<{ id: string }>).map((row) => row.id);
  }

  write(next: Doc, keyChanges: ReadonlyArray<readonly [IndexDef, readonly string[], readonly string[]]>): void {
    for (const [def, oldKeys, keys] of keyChanges) {
      const index = this.#indexes.get(def.name)!;
      for (const key of oldKeys) index.remove.run(key, next._id);
      for (const key of keys) index.add.run(key, next._id);
    }
    const text = JSON.stringify(next);
    const position = next['_position'];
    this.#put.run(next._id, text, typeof position === 'number' && Number.isSafeInteger(position) ? position : null);
    this.#cache.set(this.cacheKey + next._id, next, text.length);
  }

  delete(doc: Doc, keys: ReadonlyArray<readonly [IndexDef, readonly string[]]>): void {
    for (const [def, indexKeysOfDoc] of keys) {
      const index = this.#indexes.get(def.name)!;
      for (const key of indexKeysOfDoc) index.remove.run(key, doc._id);
    }
    this.#delete.run(doc._id);
    this.#cache.delete(this.cacheKey + doc._id);
  }

  clear(): void {
    this.#clear.run();
    this.#cache.deletePrefix(this.cacheKey);
    for (const index of this.#indexes.values()) index.clear.run();
  }

  addIndex(def: IndexDef, entries: ReadonlyArray<readonly [string, string]>): void {
    const tbl = this.#allocate();
    this.#db.prepare('INSERT INTO _indexes (collection, name, spec, tbl) VALUES (?, ?, ?, ?)').run(this.collection, def.name, JSON.stringify(def), tbl);
    this.attachIndex(def, tbl);
    const add = this.#indexes.get(def.name)!.add;
    for (const [key, id] of entries) add.run(key, id);
  }
}

/** Opens (creating when missing) the read-model store in `file`. */
export function openSqliteDocumentStore(file: string): SqliteDocumentStore {
  const absolute = path.resolve(file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  return new SqliteDocumentStore(new DatabaseSync(absolute));
}

export class SqliteDocumentStore implements DocumentStore, StorageProvider {
  readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #storages = new Map<string, SqliteStorage>();
  readonly #handles = new Map<string, EngineCollection<Doc>>();
  readonly #cache = new DocumentCache(DOCUMENT_CACHE_BYTES);
  /** Nesting depth of `#transaction` (a write inside `writeAtomically` joins its transaction). */
  #depth = 0;
  #closed = false;
  readonly #untrack = documentCaches.track(this.#cache);

  constructor(db: DatabaseSync) {
    this.#db = db;
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
    const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (version === 0 && Number(tables) === 0) db.exec(`PRAGMA user_version = ${FORMAT_VERSION}`);
    else if (version !== FORMAT_VERSION) {
      throw new Error(`read-model store ${db.location() ?? ''} has format ${version}, this version reads ${FORMAT_VERSION}: delete the file, the read models are rebuilt from the event log`);
    }
    db.exec(`CREATE TABLE IF NOT EXISTS _collections (name TEXT PRIMARY KEY NOT NULL, tbl INTEGER NOT NULL UNIQUE);
      CREATE TABLE IF NOT EXISTS _indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, tbl INTEGER NOT NULL UNIQUE, PRIMARY KEY (collection, name))`);
    this.#loadCatalog();
  }

  /** (Re)reads which collections and indexes exist (at open, and after a rolled-back transaction). */
  #loadCatalog(): void {
    this.#storages.clear();
    this.#cache.clear(); // entries of a rolled-back transaction must not survive it
    const indexes = this.#db.prepare('SELECT collection, name, spec, tbl FROM _indexes ORDER BY tbl').all() as unknown as IndexRow[];
    for (const row of this.#db.prepare('SELECT name, tbl FROM _collections').all() as unknown as CatalogRow[]) {
      const storage = new SqliteStorage(this.#db, row.name, Number(row.tbl), () => this.#nextTable(), this.#cache);
      for (const index of indexes) if (index.collection === row.name) storage.attachIndex(JSON.parse(index.spec) as IndexDef, Number(index.tbl));
      this.#storages.set(row.name, storage);
    }
  }

  #nextTable(): number {
    const row = this.#db.prepare('SELECT max(tbl) AS n FROM (SELECT tbl FROM _collections UNION ALL SELECT tbl FROM _indexes)').get() as { n: number | null };
    return Number(row.n ?? 0) + 1;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    checkName(name);
    let handle = this.#handles.get(name);
    if (handle === undefined) {
      handle = new TransactionalCollection(this, name);
      this.#handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  /** Internal: the storage behind a collection name (created on first write, as in MongoDB). */
  storageOf(name: string, create: boolean): CollectionStorage | undefined {
    let storage = this.#storages.get(name);
    if (storage === undefined && create) {
      const tbl = this.#nextTable();
      this.#db.prepare('INSERT INTO _collections (name, tbl) VALUES (?, ?)').run(name, tbl);
      storage = new SqliteStorage(this.#db, name, tbl, () => this.#nextTable(), this.#cache);
      this.#storages.set(name, storage);
    }
    return storage;
  }

  /**
   * Runs synchronous work in a transaction (or inside the one already open). `keepOnError`: on a
   * failure, commit what was done before it (MongoDB's ordered bulk write) instead of rolling back.
   */
  transaction<R>(work: () => R, keepOnError = false): R {
    if (this.#closed) throw new Error('the read-model store is closed');
    if (this.#depth > 0) {
      this.#depth++;
      try {
        return work();
      } finally {
        this.#depth--;
      }
    }
    this.#db.exec('BEGIN IMMEDIATE');
    this.#depth = 1;
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec(keepOnError ? 'COMMIT' : 'ROLLBACK');
      // collections or indexes created in the transaction are gone with it: read the catalog again
      if (!keepOnError) this.#loadCatalog();
      throw error;
    } finally {
      this.#depth = 0;
    }
  }

  async writeAtomically(writes: readonly AtomicWrite[]): Promise<void> {
    this.transaction(() => {
      for (const { collection, operations, owned } of writes) {
        if (operations.length > 0) (this.collection(collection) as unknown as TransactionalCollection).bulkWriteSync(operations, owned === true);
      }
    });
  }

  async dropCollection(name: string): Promise<void> {
    const storage = this.#storages.get(name);
    if (storage === undefined) return;
    this.transaction(() => {
      for (const table of [storage.table, ...storage.indexTables()]) this.#db.exec(`DROP TABLE IF EXISTS ${table}`);
      this.#db.prepare('DELETE FROM _indexes WHERE collection = ?').run(name);
      this.#db.prepare('DELETE FROM _collections WHERE name = ?').run(name);
    });
    this.#storages.delete(name);
    this.#cache.deletePrefix(storage.cacheKey);
  }

  async listCollections(): Promise<string[]> {
    return [...this.#storages.keys()];
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#untrack();
    this.#db.close();
  }
}

/** The engine's collection with every write call in a transaction of the store. */
class TransactionalCollection extends EngineCollection<Doc> {
  readonly #store: SqliteDocumentStore;

  constructor(store: SqliteDocumentStore, name: string) {
    super(store, name);
    this.#store = store;
  }

  override insertSync(document: Doc, owned = false): void {
    this.#store.transaction(() => super.insertSync(document, owned));
  }

  override replaceSync(...args: Parameters<EngineCollection<Doc>['replaceSync']>) {
    return this.#store.transaction(() => super.replaceSync(...args));
  }

  override updateSync(...args: Parameters<EngineCollection<Doc>['updateSync']>) {
    return this.#store.transaction(() => super.updateSync(...args));
  }

  override deleteSync(...args: Parameters<EngineCollection<Doc>['deleteSync']>) {
    return this.#store.transaction(() => super.deleteSync(...args));
  }

  override bulkWriteSync(operations: Parameters<EngineCollection<Doc>['bulkWriteSync']>[0], owned = false): void {
    this.#store.transaction(() => super.bulkWriteSync(operations, owned), true);
  }

  override createIndexSync(spec: Parameters<EngineCollection<Doc>['createIndexSync']>[0]): void {
    this.#store.transaction(() => super.createIndexSync(spec));
  }
}
