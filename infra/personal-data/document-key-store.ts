import { randomBytes } from 'node:crypto';
import type { Collection, DocumentStore } from '../document-store/port.ts';
import { KEY_BYTES, type KeyStore, type UserKey } from './port.ts';

interface KeyDoc {
  _id: string;
  [field: string]: unknown;
  /** base64; null once destroyed. */
  key: string | null;
  destroyedAt: string | null;
}

/**
 * Data keys in the document store (collection `personal_data_keys`), used with MONGODB_URL so every
 * gateway and the worker read the same keys. A destroyed key's document keeps only the tombstone.
 * Creation is an upsert that never replaces an existing document, so of two first uses one key wins.
 */
export class DocumentKeyStore implements KeyStore {
  private readonly collection: Collection<KeyDoc>;

  constructor(docs: DocumentStore) {
    this.collection = docs.collection<KeyDoc>('personal_data_keys');
  }

  async keyFor(userId: string): Promise<Buffer | null> {
    await this.collection.updateOne({ _id: userId }, { $setOnInsert: { key: randomBytes(KEY_BYTES).toString('base64'), destroyedAt: null } }, { upsert: true });
    const doc = await this.collection.findOne({ _id: userId });
    return doc?.key ? Buffer.from(doc.key, 'base64') : null;
  }

  async lookup(userIds: readonly string[]): Promise<Map<string, UserKey>> {
    const found = new Map<string, UserKey>();
    if (userIds.length === 0) return found;
    for (const doc of await this.collection.find({ _id: { $in: [...new Set(userIds)] } })) {
      found.set(doc._id, doc.key ? { status: 'active', key: Buffer.from(doc.key, 'base64') } : { status: 'destroyed', destroyedAt: doc.destroyedAt ?? '' });
    }
    return found;
  }

  async destroy(userId: string, at: string): Promise<void> {
    const doc = await this.collection.findOne({ _id: userId });
    await this.collection.updateOne({ _id: userId }, { $set: { key: null, destroyedAt: doc?.destroyedAt ?? at } }, { upsert: true });
  }

  async ping(): Promise<void> {
    // a read by an id no key has: it reaches the store, whatever the keys
    await this.collection.findOne({ _id: '' });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
