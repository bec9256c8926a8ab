import path from 'node:path';
import { MemoryDocumentStore } from './memory-document-store.ts';
import { MongoDocumentStore } from './mongodb-document-store.ts';
import type { DocumentStore } from './port.ts';
import { openSqliteDocumentStore } from './sqlite-document-store.ts';

export interface DocumentStoreConfig {
  /** MONGODB_URL: when set, read models live in MongoDB. */
  mongoUrl?: string | undefined;
  /** Database name in MongoDB (MONGODB_DB, default 'weeklydiv'). */
  mongoDb: string;
  /** Without MongoDB: `sqlite` keeps the read models in `<dataDir>/read-models.sqlite`; `memory` in the process. */
  embedded: 'sqlite' | 'memory';
  dataDir: string;
}

/** The file of the embedded read-model store in a data directory. */
export const readModelFile = (dataDir: string): string => path.join(dataDir, 'read-models.sqlite');

/** The configured document store, connected and ready. */
export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (config.mongoUrl) return MongoDocumentStore.connect(config.mongoUrl, config.mongoDb || 'weeklydiv');
  if (config.embedded === 'sqlite') return openSqliteDocumentStore(readModelFile(config.dataDir));
  return new MemoryDocumentStore();
}
