import path from 'node:path';
import type { DocumentStore } from '../document-store/port.ts';
import { DocumentAttemptCounters } from './document-attempt-counters.ts';
import type { AttemptCounters } from './port.ts';
import { SqliteAttemptCounters } from './sqlite-attempt-counters.ts';

/** SQLite in the data directory on the embedded default (survives a restart); the shared document store with MONGODB_URL. */
export function createAttemptCounters(options: { mongoUrl?: string | undefined; dataDir: string; docs: DocumentStore }): AttemptCounters {
  if (options.mongoUrl) return new DocumentAttemptCounters(options.docs);
  return new SqliteAttemptCounters(path.join(options.dataDir, 'throttle.sqlite'));
}
