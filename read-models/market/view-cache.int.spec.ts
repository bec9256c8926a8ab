import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../events/registry.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import { openSqliteEventStore, type SqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { EventLog } from '../../services/core/event-log.ts';
import { CheckpointReader } from '../runtime/checkpoint-reader.ts';
import { ProjectionRunner } from '../runtime/runner.ts';
import { BBB, allFixtureEvents, appendAll, bar } from './fixtures.ts';
import { marketProjection } from './projection.ts';
import { MarketViewCache } from './view-cache.ts';

/**
 * The production split: a worker runs the projection into the document store, a gateway reads it
 * through a CheckpointReader. The gateway's view cache must follow the worker's checkpoints.
 */
describe('market view cache on the gateway/worker split', () => {
  let dir: string;
  let store: SqliteEventStore;
  let worker: ProjectionRunner;
  let reader: CheckpointReader;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'market-cache-'));
    store = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
    const docs = new MemoryDocumentStore();
    worker = new ProjectionRunner(store, registry, docs, [marketProjection]);
    await worker.start();
    reader = new CheckpointReader(store, docs, [marketProjection], 5);
  });
  afterEach(async () => {
    reader.stop();
    await worker.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const json = async (cache: MarketViewCache, id: string) => {
    const view = await cache.get(id);
    return view ? (JSON.parse(view.body.toString('utf8')) as Record<string, unknown>) : null;
  };

  it('serves what the worker wrote and follows its checkpoints', async () => {
    const log = new EventLog(store);
    const cache = new MarketViewCache(reader);
    expect(await cache.get('detail:BBBW')).toBeNull(); // nothing projected yet

    const first = await appendAll(log, allFixtureEvents());
    await reader.waitFor(first); // what a gateway command does before answering: notifies the cache
    expect(await json(cache, 'detail:BBBW')).toMatchObject({ ticker: 'BBBW', currentPrice: '10.00', yieldPercent: '104.00' });
    const etag = (await cache.get('detail:BBBW'))!.etag;

    const second = await appendAll(log, [bar(BBB.etfId, '2026-01-14', '10.4')]);
    await reader.waitFor(second);
    // 0.20 x 52 / 10.40 x 100 = 100.00
    expect(await json(cache, 'detail:BBBW')).toMatchObject({ currentPrice: '10.40', yieldPercent: '100.00' });
    expect((await cache.get('detail:BBBW'))!.etag).not.toBe(etag);
    expect(cache.peek('detail:BBBW')).toBeTruthy(); // loaded, nothing in flight: served without waiting
  });
});
