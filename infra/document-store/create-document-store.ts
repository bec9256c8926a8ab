import { MemoryDocumentStore } from './memory-document-store.ts';
import { MongoDocumentStore } from './mongodb-document-store.ts';
import type { DocumentStore } from './port.ts';

export interface DocumentStoreConfig {
  /** MONGODB_URL: when set, read models live in MongoDB; otherwise in process memory. */
  mongoUrl?: string | undefined;
  /** Database name in MongoDB (MONGODB_DB, default 'weeklydiv'). */
  mongoDb: string;
}

/** The configured document store, connected and ready. */
export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (config.mongoUrl) return MongoDocumentStore.connect(config.mongoUrl, config.mongoDb || 'weeklydiv');
  return new MemoryDocumentStore();
}
