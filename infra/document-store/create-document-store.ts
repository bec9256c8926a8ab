import path from 'node:path';
import { MemoryDocumentStore } from './memory-document-store.ts';
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
  /** The process's role: see `readModelFile`. */
  role: 'all' | 'gateway' | 'worker';
}

/**
 * The file of the embedded read-model store: `read-models.sqlite`, or `read-models-<role>.sqlite` for
 * a gateway or a worker sharing the data directory (a split on the embedded stores, used in tests and
 * development: each runs its projections into its own file, as only one process may write a file's
 * read models; in production the worker writes MongoDB and gateways read it).
 */
export const readModelFile = (dataDir: string, role: DocumentStoreConfig['role'] = 'all'): string =>
  path.join(dataDir, role === 'all' ? 'read-models.sqlite' : `read-models-${role}.sqlite`);

/** The configured document store, connected and ready. */
export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (config.mongoUrl) {
    // loaded only when configured (the driver costs ~30 MiB of memory the embedded default never uses)
    const { MongoDocumentStore } = await import('./mongodb-document-store.ts');
    return MongoDocumentStore.connect(config.mongoUrl, config.mongoDb || 'weeklydiv');
  }
  if (config.embedded === 'sqlite') return openSqliteDocumentStore(readModelFile(config.dataDir, config.role));
  return new MemoryDocumentStore();
}
