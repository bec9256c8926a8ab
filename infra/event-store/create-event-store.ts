import path from 'node:path';
import type { EventStore } from './port.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';

export interface CreateEventStoreOptions {
  /** `esdb://...` connection string: use EventStoreDB. Empty or missing: the embedded SQLite store. */
  eventStoreUrl?: string | undefined;
  /** Directory of the embedded store's file (`<dataDir>/events.sqlite`); created when missing. */
  dataDir: string;
}

/** The event store of the configuration: EventStoreDB when a URL is given, else embedded SQLite. */
export async function createEventStore(options: CreateEventStoreOptions): Promise<EventStore> {
  if (options.eventStoreUrl) {
    // loaded only when configured: the gRPC client costs ~30 MiB of memory that the embedded default never uses
    const { createEventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return createEventStoreDbEventStore(options.eventStoreUrl);
  }
  return openSqliteEventStore(path.join(options.dataDir, 'events.sqlite'));
}
