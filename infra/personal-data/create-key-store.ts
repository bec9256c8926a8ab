import path from 'node:path';
import type { DocumentStore } from '../document-store/port.ts';
import { DocumentKeyStore } from './document-key-store.ts';
import type { KeyStore } from './port.ts';
import { SqliteKeyStore } from './sqlite-key-store.ts';

/** SQLite in the data directory on the embedded default; the shared document store with MONGODB_URL. */
export function createKeyStore(options: { mongoUrl?: string | undefined; dataDir: string; docs: DocumentStore }): KeyStore {
  if (options.mongoUrl) return new DocumentKeyStore(options.docs);
  return new SqliteKeyStore(path.join(options.dataDir, 'keys.sqlite'));
}
