import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../../events/define.ts';
import { EventRegistry } from '../../events/registry.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import { openSqliteDocumentStore } from '../../infra/document-store/sqlite-document-store.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { openSqliteEventStore, type SqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { physicalName, type Projection } from './projection.ts';
import { CHECKPOINTS, ProjectionRunner } from './runner.ts';

const counted = defineEvent('Counted', z.object({ id: z.string(), by: z.number().int() }));
const reset = defineEvent('CounterReset', z.object({ id: z.string() }));
const ignored = defineEvent('Ignored', z.object({ note: z.string() }));
const registry = new EventRegistry([counted, reset, ignored]);
const meta = { actor: 'test', correlationId: 'c' };

interface CounterDoc extends Doc {
  total: number;
  events: number;
}

function counterProjection(version = 1, calls = { applied: 0 }): Projection {
  return {
    name: 'counters',
    version,
    handles: ['Counted', 'CounterReset'],
    collections: { counters: [{ key: { total: -1 } }] },
    apply(event, ctx) {
      calls.applied++;
      const data = event.data as { id: string; by?: number };
      return ctx.update<CounterDoc>('counters', data.id, (doc) => {
        if (event.type === 'CounterReset') return null;
        // version 2 counts double: a logic change that needs a rebuild
        const by = (data.by ?? 0) * (version === 2 ? 2 : 1);
        return { _id: data.id, total: (doc?.total ?? 0) + by, events: (doc?.events ?? 0) + 1 };
      });
    },
  };
}

const append = (store: EventStore, id: string, by: number) =>
  store.append(`counter-${id}`, [{ type: 'Counted.v1', data: { id, by }, metadata: meta }], 'any');

const documentStores: Array<[string, (dir: string) => DocumentStore]> = [
  ['memory', () => new MemoryDocumentStore()],
  ['SQLite', (dir) => openSqliteDocumentStore(path.join(dir, 'read-models.sqlite'))],
];

describe.each(documentStores)('projection runner on the %s document store', (kind, openDocs) => {
  let dir: string;
  let store: SqliteEventStore;
  let docs: DocumentStore;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'runner-'));
    store = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
    docs = openDocs(dir);
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await store.close();
    await docs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (projection: Projection, batchSize = 3) => {
    const runner = new ProjectionRunner(store, registry, docs, [projection], { batchSize });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  const counters = (version = 1) => docs.collection<CounterDoc>(physicalName({ version }, 'counters')).find({}, { sort: { _id: 1 } });

  it('catches up in batches from the start, then follows live appends', async () => {
    for (let i = 0; i < 10; i++) await append(store, i % 2 ? 'a' : 'b', 1);
    await store.append('noise-1', [{ type: 'Ignored.v1', data: { note: 'x' }, metadata: meta }], 'any');
    const runner = await start(counterProjection());
    expect(await counters()).toEqual([
      { _id: 'a', total: 5, events: 5, _position: 10 },
      { _id: 'b', total: 5, events: 5, _position: 9 },
    ]);
    const { position } = await append(store, 'a', 7);
    await runner.waitFor(position);
    expect((await counters())[0]).toMatchObject({ _id: 'a', total: 12, events: 6 });
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'counters', position, head: position, lag: 0, state: 'live' });
  });

  it('resumes from its stored checkpoint without applying old events again', async () => {
    await append(store, 'a', 1);
    await append(store, 'a', 2);
    const first = await start(counterProjection());
    await first.stop();
    const calls = { applied: 0 };
    const { position } = await append(store, 'a', 3);
    const second = await start(counterProjection(1, calls));
    await second.waitFor(position);
    expect(calls.applied).toBe(1);
    expect((await counters())[0]).toMatchObject({ total: 6, events: 3 });
    expect(await docs.collection(CHECKPOINTS).findOne({ _id: 'counters@v1' })).toMatchObject({ position });
  });

  it('is idempotent when the checkpoint lags behind the documents (at-least-once delivery)', async () => {
    await append(store, 'a', 1);
    await append(store, 'a', 2);
    await start(counterProjection());
    await runners.pop()!.stop();
    // simulate a crash after the documents were written but before the checkpoint moved
    await docs.collection(CHECKPOINTS).updateOne({ _id: 'counters@v1' }, { $set: { position: 0 } });
    await start(counterProjection());
    expect(await counters()).toEqual([{ _id: 'a', total: 3, events: 2, _position: 2 }]);
  });

  it('deletes documents when the projection returns null', async () => {
    await append(store, 'a', 1);
    await store.append('counter-a', [{ type: 'CounterReset.v1', data: { id: 'a' }, metadata: meta }], 'any');
    await append(store, 'b', 1);
    await start(counterProjection());
    expect((await counters()).map((d) => d._id)).toEqual(['b']);
  });

  it('rebuilds from position 0 into byte-identical documents', async () => {
    for (let i = 0; i < 25; i++) await append(store, `c${i % 4}`, i);
    const runner = await start(counterProjection(), 4);
    const before = JSON.stringify(await counters());
    await runner.rebuild('counters');
    expect(JSON.stringify(await counters())).toBe(before);
    await runner.rebuild('counters');
    expect(JSON.stringify(await counters())).toBe(before);
  });

  it('builds a new version beside the old one and drops the old one once caught up', async () => {
    await append(store, 'a', 5);
    await start(counterProjection(1));
    await runners.pop()!.stop();
    expect(await counters(1)).toHaveLength(1);
    await start(counterProjection(2));
    expect(await counters(2)).toEqual([{ _id: 'a', total: 10, events: 1, _position: 1 }]);
    expect(await docs.listCollections()).not.toContain('counters_v1');
    expect(await docs.collection(CHECKPOINTS).findOne({ _id: 'counters@v1' })).toBeNull();
  });

  it('is live at once on an empty log', async () => {
    const runner = await start(counterProjection());
    expect((await runner.status())[0]).toMatchObject({ position: 0, head: 0, lag: 0, state: 'live' });
  });

  it('waitFor rejects with the lagging projection named when the position is never reached', async () => {
    const runner = await start(counterProjection());
    await expect(runner.waitFor(999, { timeoutMs: 50 })).rejects.toThrow(/counters@0/);
  });

  it('with idleCheckpointLag, stores the checkpoint of a projection a batch did not concern only when it lags that far, or at stop; and tells listeners only of batches that changed it', async () => {
    const quiet = { ...counterProjection(), name: 'quiet', handles: ['CounterReset'] };
    const runner = new ProjectionRunner(store, registry, docs, [counterProjection(), quiet], { batchSize: 100, idleCheckpointLag: 3 });
    runners.push(runner);
    await runner.start();
    const told: string[] = [];
    runner.onAdvance((projection, position) => told.push(`${projection.name}@${position}`));
    const stored = async (name: string) => (await docs.collection<{ _id: string; position: number }>(CHECKPOINTS).findOne({ _id: `${name}@v1` }))?.position ?? 0;
    for (let i = 1; i <= 2; i++) await runner.waitFor((await append(store, 'a', 1)).position);
    expect(await stored('counters')).toBe(2);
    expect(await stored('quiet')).toBe(0); // 2 behind: kept in memory
    expect((await runner.status()).find((s) => s.name === 'quiet')).toMatchObject({ position: 2, lag: 0 });
    await runner.waitFor((await append(store, 'a', 1)).position);
    expect(await stored('quiet')).toBe(3); // 3 behind: stored
    await runner.waitFor((await append(store, 'a', 1)).position);
    expect(told).toEqual(['counters@1', 'counters@2', 'counters@3', 'counters@4']);
    expect(await stored('quiet')).toBe(3);
    await runner.stop();
    expect(await stored('quiet')).toBe(4);
  });

  it('refuses a projection that handles an unknown event type', () => {
    const bad = { ...counterProjection(), handles: ['Nope'] };
    expect(() => new ProjectionRunner(store, registry, docs, [bad])).toThrow(/unknown event type Nope/);
  });
});

describe('projection runner on SQLite: one transaction per batch', () => {
  it('commits a batch\'s documents in every collection and its checkpoint together: a batch that fails to write leaves all of them as they were, also after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'runner-'));
    const store = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
    let docs = openSqliteDocumentStore(path.join(dir, 'read-models.sqlite'));
    // Each event is written to `log` first, then to `counters`, whose unique index on `events` refuses
    // two counters with the same count: the write of `counters` fails after the one of `log`.
    const base = counterProjection();
    const strict: Projection = {
      ...base,
      collections: { log: [], counters: [{ key: { events: 1 }, unique: true }] },
      async apply(event, ctx) {
        await ctx.update('log', String(event.position), () => ({ _id: String(event.position), type: event.type }));
        await base.apply(event, ctx);
      },
    };
    const read = (name: string) => docs.collection(physicalName(strict, name)).find({}, { sort: { _id: 1 } });
    const runner = new ProjectionRunner(store, registry, docs, [strict], { batchSize: 10 });
    try {
      await append(store, 'a', 1);
      await append(store, 'a', 2); // a: 2 events
      await append(store, 'b', 5); // b: 1 event
      await runner.start();
      const { position } = await append(store, 'b', 5); // b: 2 events, like a: this batch cannot be written
      await expect(runner.waitFor(position, { timeoutMs: 2000 })).rejects.toThrow();
      expect((await runner.status())[0]).toMatchObject({ state: 'failed', position: 3 });
      await runner.stop();
      await docs.close();
      docs = openSqliteDocumentStore(path.join(dir, 'read-models.sqlite'));
      expect((await read('log')).map((d) => d._id)).toEqual(['1', '2', '3']);
      expect(await read('counters')).toEqual([
        { _id: 'a', total: 3, events: 2, _position: 2 },
        { _id: 'b', total: 5, events: 1, _position: 3 },
      ]);
      expect(await docs.collection(CHECKPOINTS).findOne({ _id: 'counters@v1' })).toMatchObject({ position: 3 });
    } finally {
      await runner.stop();
      await store.close();
      await docs.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
