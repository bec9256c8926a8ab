import type { RecordedEvent } from '../../events/envelope.ts';
import { registry as defaultRegistry, type EventRegistry } from '../../events/registry.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import { applyBatch } from './batch-context.ts';
import { physicalName, type Projection } from './projection.ts';
import type { ReadModels } from './read-models.ts';

export interface GivenEvent {
  type: string;
  data: unknown;
  stream?: string;
  recordedAt?: string;
}

/** Wraps domain events in envelopes with positions 1..n (or from `firstPosition`), validated by the registry. */
export function recorded(events: GivenEvent[], options: { firstPosition?: number; registry?: EventRegistry } = {}): RecordedEvent[] {
  const reg = options.registry ?? defaultRegistry;
  const revisions = new Map<string, number>();
  let position = options.firstPosition ?? 1;
  return events.map((e) => {
    const stream = e.stream ?? 'test-1';
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    const encoded = reg.encode(e, { actor: 'test', correlationId: 'test' });
    return reg.decode({ stream, revision, position: position++, type: encoded.type, data: encoded.data, metadata: encoded.metadata, recordedAt: e.recordedAt ?? '2026-01-05T15:00:00.000Z' });
  });
}

/**
 * Projection spec helper: applies events to a projection on an in-memory store, batch by batch, with
 * the runner's own `applyBatch` (afterBatch included). `deliverTwice` re-delivers every batch (at-least-once).
 */
export async function project(
  projection: Projection,
  events: RecordedEvent[],
  options: { docs?: DocumentStore; batchSize?: number; deliverTwice?: boolean } = {},
): Promise<{ docs: DocumentStore; all: <T extends Doc>(collection: string) => Promise<T[]> }> {
  const docs = options.docs ?? new MemoryDocumentStore();
  const batchSize = options.batchSize ?? events.length;
  const handled = new Set(projection.handles);
  for (let i = 0; i < events.length; i += Math.max(1, batchSize)) {
    const batch = events.slice(i, i + Math.max(1, batchSize));
    for (let round = 0; round < (options.deliverTwice ? 2 : 1); round++) {
      await applyBatch(docs, projection, batch.filter((event) => handled.has(event.type)));
    }
  }
  return {
    docs,
    all: <T extends Doc>(collection: string) => docs.collection<T>(physicalName(projection, collection)).find({}, { sort: { _id: 1 } }),
  };
}

/** An in-memory store with these projections' indexes created, as the runner does before their first batch (runner.ts `prepare`). */
export async function indexedStore(projections: readonly Projection[]): Promise<MemoryDocumentStore> {
  const docs = new MemoryDocumentStore();
  for (const projection of projections) {
    for (const [collection, indexes] of Object.entries(projection.collections)) {
      for (const index of indexes) await docs.collection(physicalName(projection, collection)).createIndex(index);
    }
  }
  return docs;
}

/** The read side over a store `project` wrote, for query specs (queries.ts): collections only. */
export function queriesOver(docs: DocumentStore): ReadModels {
  const unused = (what: string) => () => {
    throw new Error(`queriesOver: ${what} is not available in a query spec`);
  };
  return { collection: (projection, name) => docs.collection(physicalName(projection, name)), waitFor: unused('waitFor'), status: unused('status'), onAdvance: unused('onAdvance') };
}
