/**
 * The document store port: the subset of MongoDB's collection API that read models need.
 * Semantics follow MongoDB (query and update operators, upsert, `$setOnInsert`); both adapters
 * (embedded mingo, MongoDB) pass the same contract suite (document-store.contract.ts).
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
  projection?: Projection;
  /**
   * The caller only reads the documents: the embedded stores may then answer their own copy, deeply
   * frozen (changing it throws), instead of a fresh one; MongoDB answers fresh documents anyway.
   * Without a projection only.
   */
  readOnly?: boolean;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export type BulkOperation =
  | { insertOne: { document: Doc } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: Doc; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface IndexSpec {
  key: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
  /**
   * A TTL index (MongoDB): documents are deleted once the single key field, a `Date`, is this many
   * seconds in the past (MongoDB's monitor runs about once a minute). The embedded store keeps the
   * index but deletes nothing by itself: its users sweep on a timer.
   */
  expireAfterSeconds?: number;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  /** Applied in order; stops at the first failure (MongoDB's ordered bulk write). */
  bulkWrite(operations: BulkOperation[]): Promise<void>;
  createIndex(spec: IndexSpec): Promise<void>;
}

/** A duplicate value for a unique index (MongoDB error 11000). */
export class DuplicateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

/** Bulk operations for one collection, as part of a `writeAtomically` call. */
export interface AtomicWrite {
  collection: string;
  operations: readonly BulkOperation[];
  /**
   * The documents inserted or replaced become the store's: the caller never changes them afterwards
   * and shares no part of them with anything that might (the embedded stores keep them without a
   * copy, and may freeze them for readOnly reads).
   */
  owned?: boolean;
}

export interface DocumentStore {
  readonly kind: 'memory' | 'sqlite' | 'mongodb';
  /**
   * Applies bulk writes to several collections, in order. SQLite: one transaction (all or nothing,
   * durable together); memory: synchronously, so nothing runs in between. MongoDB: one bulk write per
   * collection in order, not atomic; read models stay correct because projections stamp `_position` on
   * every document and a batch that is repeated after a crash changes nothing.
   * A write marked `owned` gives its documents to the store.
   */
  writeAtomically(writes: readonly AtomicWrite[]): Promise<void>;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Drops a collection and its indexes (rebuilds). */
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
