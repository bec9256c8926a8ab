/**
 * The MongoDB adapter (selected by MONGODB_URL): a thin mapping of the port onto the official
 * driver. Differences the port hides:
 * - duplicate-key errors (code 11000, also inside bulk write errors) become DuplicateKeyError;
 * - `_id`s stay strings: a document inserted without `_id` gets an ObjectId's hex string, and an
 *   upsert whose filter names no `_id` gets one through `$setOnInsert` (MongoDB would otherwise
 *   generate an ObjectId). A replacement upsert without `_id` and without `_id` in its filter is
 *   the one case left to MongoDB.
 * - an empty bulk write is a no-op (the driver refuses it).
 */
import {
  MongoClient,
  ObjectId,
  type AnyBulkWriteOperation,
  type Db,
  type Document,
  type Filter as MongoFilter,
  type MongoClientOptions,
  type Collection as MongoCollection,
  type UpdateFilter,
} from 'mongodb';
import {
  DuplicateKeyError,
  type AtomicWrite,
  type BulkOperation,
  type Collection,
  type Doc,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './port.ts';

/** Documents as stored: string `_id`s (the driver's default schema assumes ObjectId). */
type Stored = Document & { _id: string };

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

function isDuplicateKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  if (typeof code === 'number' && DUPLICATE_KEY_CODES.has(code)) return true;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return list.some((e: unknown) => typeof e === 'object' && e !== null && DUPLICATE_KEY_CODES.has((e as { code?: number }).code ?? 0));
}

/** Runs a driver call, turning duplicate-key failures into the port's DuplicateKeyError. */
async function mapped<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if (isDuplicateKey(error)) {
      throw Object.assign(new DuplicateKeyError((error as Error).message), { cause: error });
    }
    throw error;
  }
}

const newId = (): string => new ObjectId().toHexString();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a filter constrains `_id` (at the top level or in a top-level `$and`). */
function filterMentionsId(filter: Filter): boolean {
  if ('_id' in filter) return true;
  const and = filter.$and;
  return Array.isArray(and) && and.some((clause) => isPlainObject(clause) && filterMentionsId(clause));
}

/** Adds a string `_id` for the insert case of an upsert, unless the filter or update gives one. */
function withStringIdOnInsert(filter: Filter, update: Update, upsert: boolean): Update {
  if (!upsert || filterMentionsId(filter)) return update;
  const set = update.$set;
  const setOnInsert = update.$setOnInsert;
  if (isPlainObject(set) && '_id' in set) return update;
  if (isPlainObject(setOnInsert) && '_id' in setOnInsert) return update;
  return { ...update, $setOnInsert: { ...(isPlainObject(setOnInsert) ? setOnInsert : {}), _id: newId() } };
}

function withId<T extends Doc>(document: T): T {
  return document._id === undefined || document._id === null ? { ...document, _id: newId() } : document;
}

const result = (r: { matchedCount: number; modifiedCount: number; upsertedCount: number }): UpdateResult => ({
  matchedCount: r.matchedCount,
  modifiedCount: r.modifiedCount,
  upsertedCount: r.upsertedCount,
});

class MongoDocumentCollection<T extends Doc> implements Collection<T> {
  readonly name: string;
  readonly #collection: MongoCollection<Stored>;

  constructor(collection: MongoCollection<Stored>) {
    this.#collection = collection;
    this.name = collection.collectionName;
  }

  find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    return mapped(async () => {
      const docs = await this.#collection
        .find(filter as MongoFilter<Stored>, {
          ...(options.sort ? { sort: options.sort } : {}),
          ...(options.skip ? { skip: options.skip } : {}),
          ...(options.limit ? { limit: options.limit } : {}),
          ...(options.projection ? { projection: options.projection } : {}),
        })
        .toArray();
      return docs as unknown as T[];
    });
  }

  findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'> = {}): Promise<T | null> {
    return mapped(async () => {
      const doc = await this.#collection.findOne(filter as MongoFilter<Stored>, {
        ...(options.sort ? { sort: options.sort } : {}),
        ...(options.projection ? { projection: options.projection } : {}),
      });
      return doc as unknown as T | null;
    });
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return mapped(() => this.#collection.countDocuments(filter as MongoFilter<Stored>));
  }

  insertOne(document: T): Promise<void> {
    return mapped(async () => {
      await this.#collection.insertOne(withId(document));
    });
  }

  replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    return mapped(async () =>
      result(await this.#collection.replaceOne(filter as MongoFilter<Stored>, replacement, { upsert: options.upsert ?? false })),
    );
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    return mapped(async () =>
      result(
        await this.#collection.updateOne(filter as MongoFilter<Stored>, withStringIdOnInsert(filter, update, upsert) as UpdateFilter<Stored>, {
          upsert,
        }),
      ),
    );
  }

  updateMany(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert ?? false;
    return mapped(async () =>
      result(
        await this.#collection.updateMany(filter as MongoFilter<Stored>, withStringIdOnInsert(filter, update, upsert) as UpdateFilter<Stored>, {
          upsert,
        }),
      ),
    );
  }

  deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return mapped(async () => ({ deletedCount: (await this.#collection.deleteOne(filter as MongoFilter<Stored>)).deletedCount }));
  }

  deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    return mapped(async () => ({ deletedCount: (await this.#collection.deleteMany(filter as MongoFilter<Stored>)).deletedCount }));
  }

  bulkWrite(operations: BulkOperation[]): Promise<void> {
    if (operations.length === 0) return Promise.resolve();
    const models = operations.map((operation): AnyBulkWriteOperation<Stored> => {
      if ('insertOne' in operation) return { insertOne: { document: withId(operation.insertOne.document) } };
      if ('updateOne' in operation) {
        const { filter, update, upsert = false } = operation.updateOne;
        return {
          updateOne: { filter: filter as MongoFilter<Stored>, update: withStringIdOnInsert(filter, update, upsert) as UpdateFilter<Stored>, upsert },
        };
      }
      if ('updateMany' in operation) {
        const { filter, update, upsert = false } = operation.updateMany;
        return {
          updateMany: { filter: filter as MongoFilter<Stored>, update: withStringIdOnInsert(filter, update, upsert) as UpdateFilter<Stored>, upsert },
        };
      }
      if ('replaceOne' in operation) {
        const { filter, replacement, upsert = false } = operation.replaceOne;
        return { replaceOne: { filter: filter as MongoFilter<Stored>, replacement, upsert } };
      }
      if ('deleteOne' in operation) return { deleteOne: { filter: operation.deleteOne.filter as MongoFilter<Stored> } };
      if ('deleteMany' in operation) return { deleteMany: { filter: operation.deleteMany.filter as MongoFilter<Stored> } };
      throw new Error(`unknown bulk operation: ${Object.keys(operation as object).join(', ')}`);
    });
    return mapped(async () => {
      await this.#collection.bulkWrite(models, { ordered: true });
    });
  }

  createIndex(spec: IndexSpec): Promise<void> {
    return mapped(async () => {
      await this.#collection.createIndex(spec.key, {
        ...(spec.unique !== undefined ? { unique: spec.unique } : {}),
        ...(spec.name !== undefined ? { name: spec.name } : {}),
        ...(spec.expireAfterSeconds !== undefined ? { expireAfterSeconds: spec.expireAfterSeconds } : {}),
      });
    });
  }
}

export class MongoDocumentStore implements DocumentStore {
  readonly kind = 'mongodb' as const;
  readonly #client: MongoClient;
  readonly #db: Db;

  /** Uses a connected client; `close()` closes it. */
  constructor(client: MongoClient, dbName: string) {
    this.#client = client;
    this.#db = client.db(dbName);
  }

  static async connect(url: string, dbName: string, options?: MongoClientOptions): Promise<MongoDocumentStore> {
    const client = new MongoClient(url, options);
    await client.connect();
    return new MongoDocumentStore(client, dbName);
  }

  get databaseName(): string {
    return this.#db.databaseName;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoDocumentCollection<T>(this.#db.collection<Stored>(name));
  }

  /** In order, one ordered bulk write per collection; not a transaction (see the port). */
  async writeAtomically(writes: readonly AtomicWrite[]): Promise<void> {
    for (const { collection, operations } of writes) {
      if (operations.length > 0) await this.collection(collection).bulkWrite([...operations]);
    }
  }

  async dropCollection(name: string): Promise<void> {
    await this.#db.dropCollection(name); // resolves false when it does not exist
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.#db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((info) => info.name).filter((name) => !name.startsWith('system.'));
  }

  async ping(): Promise<void> {
    await this.#db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
