/**
 * The contract every EventStore adapter passes. `event-store.int.spec.ts` registers it for SQLite and,
 * when EVENTSTORE_URL is set, for EventStoreDB.
 *
 * Tests use fresh streams (`contract-<uuid>`) and positions taken before they append, so they also
 * hold on a store that already contains other events. They only read after positions the store gave
 * out (0, an event's position, the head): EventStoreDB positions are log offsets, and an arbitrary
 * number need not be the start of a record there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../events/envelope.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision, type Subscription } from './port.ts';

export interface EventStoreContractOptions {
  /** Opens a new instance on the same backing storage each time it is called. */
  open: () => Promise<EventStore>;
  /** Whether positions are gap-free (1, 2, 3 ...): the embedded store promises it, EventStoreDB does not. */
  gapFreePositions: boolean;
}

export function newStream(category = 'contract'): string {
  return `${category}-${randomUUID()}`;
}

export function newEvent(type: string, data: unknown): NewEvent {
  return { type, data, metadata: { actor: 'system', correlationId: randomUUID() } };
}

/** Collects what a subscription delivers and lets a test wait for a condition on it. */
export class Collector {
  readonly batches: RecordedEvent[][] = [];
  calls = 0;
  concurrentCalls = 0;
  maxConcurrentCalls = 0;
  private readonly keep: (event: RecordedEvent) => boolean;
  private readonly waiters = new Set<() => void>();

  constructor(keep: (event: RecordedEvent) => boolean = () => true) {
    this.keep = keep;
  }

  get events(): RecordedEvent[] {
    return this.batches.flat().filter(this.keep);
  }

  /** A handler that takes one event-loop turn, so overlapping calls would be seen. */
  readonly onEvents = async (batch: RecordedEvent[]): Promise<void> => {
    this.calls += 1;
    this.concurrentCalls += 1;
    this.maxConcurrentCalls = Math.max(this.maxConcurrentCalls, this.concurrentCalls);
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.batches.push(batch);
    this.concurrentCalls -= 1;
    for (const waiter of [...this.waiters]) waiter();
  };

  /** Resolves once `condition` holds on the kept events; fails after `timeoutMs` as a guard. */
  until(condition: (events: RecordedEvent[]) => boolean, timeoutMs = 15_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition(this.events)) return;
        this.waiters.delete(check);
        clearTimeout(guard);
        resolve();
      };
      const guard = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`condition not reached after ${timeoutMs} ms; ${this.events.length} events delivered`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function expectStrictlyIncreasing(positions: number[]): void {
  for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
}

export function eventStoreContract(name: string, options: EventStoreContractOptions): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const opened: EventStore[] = [];
    const open = async () => {
      const instance = await options.open();
      opened.push(instance);
      return instance;
    };

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await Promise.all(opened.map((s) => s.close()));
    });

    const appendOne = (stream: string, expected: ExpectedRevision, data: unknown = {}) =>
      store.append(stream, [newEvent('ContractTested.v1', data)], expected);

    describe('append and read', () => {
      it('appends events and reads them back in the stored envelope', async () => {
        const stream = newStream();
        const events = [newEvent('ThingCreated.v1', { name: 'a', amount: '12.50', at: '2025-01-03T00:00:00.000Z' }), newEvent('ThingRenamed.v2', { name: 'b', tags: ['x'], nested: { n: 1, ok: true, none: null } })];
        const head = await store.headPosition();
        const before = Date.now();
        const result = await store.append(stream, events, 'no_stream');
        const after = Date.now();
        expect(result.nextExpectedRevision).toBe(1);

        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        expect(read.map((e) => ({ stream: e.stream, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata }))).toEqual([
          { stream, revision: 0, type: 'ThingCreated.v1', data: events[0]!.data, metadata: events[0]!.metadata },
          { stream, revision: 1, type: 'ThingRenamed.v2', data: events[1]!.data, metadata: events[1]!.metadata },
        ]);
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
        expect(read[1]!.position).toBe(result.position);
        for (const event of read) {
          expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
          // ESDB stores ticks truncated to the millisecond; allow a little clock skew to a remote server.
          expect(Date.parse(event.recordedAt)).toBeGreaterThanOrEqual(before - 5_000);
          expect(Date.parse(event.recordedAt)).toBeLessThanOrEqual(after + 5_000);
        }

        // The same events, with the same positions, through readAll.
        const all = await store.readAll({ after: head });
        expect(all.filter((e) => e.stream === stream)).toEqual(read);
      });

      it('keeps the causation id in the metadata', async () => {
        const stream = newStream();
        const event: NewEvent = { type: 'ContractTested.v1', data: {}, metadata: { actor: 'user:1', correlationId: 'c-1', causationId: 'e-0' } };
        await store.append(stream, [event], 'no_stream');
        expect((await store.readStream(stream))[0]!.metadata).toEqual(event.metadata);
      });

      it('readStream returns nothing for a stream that does not exist', async () => {
        expect(await store.readStream(newStream())).toEqual([]);
      });

      it('readStream fromRevision returns the stream from that revision on', async () => {
        const stream = newStream();
        await store.append(stream, [0, 1, 2, 3, 4].map((n) => newEvent('ContractTested.v1', { n })), 'no_stream');
        const tail = await store.readStream(stream, { fromRevision: 3 });
        expect(tail.map((e) => [e.revision, e.data])).toEqual([
          [3, { n: 3 }],
          [4, { n: 4 }],
        ]);
        expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
      });

      it('refuses an append without events and reserved ($-prefixed) names', async () => {
        await expect(store.append(newStream(), [], 'any')).rejects.toThrow(TypeError);
        await expect(store.append('$contract-x', [newEvent('ContractTested.v1', {})], 'any')).rejects.toThrow(TypeError);
        await expect(store.append(newStream(), [newEvent('$ContractTested', {})], 'any')).rejects.toThrow(TypeError);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and refuses an existing one", async () => {
        const stream = newStream();
        expect((await appendOne(stream, 'no_stream')).nextExpectedRevision).toBe(0);
        const refused = appendOne(stream, 'no_stream');
        await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(refused).rejects.toMatchObject({ stream, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it("'stream_exists' refuses a missing stream and appends to an existing one", async () => {
        const stream = newStream();
        const refused = appendOne(stream, 'stream_exists');
        await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(refused).rejects.toMatchObject({ stream, expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);
        await appendOne(stream, 'no_stream');
        expect((await appendOne(stream, 'stream_exists')).nextExpectedRevision).toBe(1);
      });

      it("'any' appends whether the stream exists or not", async () => {
        const stream = newStream();
        expect((await appendOne(stream, 'any')).nextExpectedRevision).toBe(0);
        expect((await appendOne(stream, 'any')).nextExpectedRevision).toBe(1);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
      });

      it('an exact revision appends at the current revision and refuses any other', async () => {
        const stream = newStream();
        const missing = appendOne(stream, 0);
        await expect(missing).rejects.toMatchObject({ name: 'ConcurrencyError', expected: 0, actual: 'no_stream' });
        await appendOne(stream, 'no_stream');
        expect((await appendOne(stream, 0)).nextExpectedRevision).toBe(1);
        for (const wrong of [0, 2, 7]) {
          const refused = appendOne(stream, wrong);
          await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
          await expect(refused).rejects.toMatchObject({ stream, expected: wrong, actual: 1 });
        }
        expect((await appendOne(stream, 1)).nextExpectedRevision).toBe(2);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('a refused multi-event append writes none of its events', async () => {
        const stream = newStream();
        await appendOne(stream, 'no_stream', { first: true });
        const head = await store.headPosition();
        const refused = store.append(stream, [1, 2, 3].map((n) => newEvent('ContractTested.v1', { n })), 5);
        await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ first: true }]);
        expect((await store.readAll({ after: head })).filter((e) => e.stream === stream)).toEqual([]);
      });
    });

    describe('concurrency', () => {
      it('of 20 writers at the same expected revision exactly one wins', async () => {
        const stream = newStream();
        await appendOne(stream, 'no_stream', { writer: 'first' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, writer) => appendOne(stream, 0, { writer })),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const o of lost) expect(o.reason).toBeInstanceOf(ConcurrencyError);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        const winner = outcomes.findIndex((o) => o.status === 'fulfilled');
        expect(read[1]!.data).toEqual({ writer: winner });
      });

      it('concurrent appends to many streams get strictly increasing positions', async () => {
        const head = await store.headPosition();
        const streams = Array.from({ length: 10 }, () => newStream());
        const results = await Promise.all(
          streams.flatMap((stream) => [
            store.append(stream, [newEvent('ContractTested.v1', { part: 1 }), newEvent('ContractTested.v1', { part: 2 })], 'no_stream'),
          ]),
        );
        const ours = new Set(streams);
        const events = (await store.readAll({ after: head })).filter((e) => ours.has(e.stream));
        expect(events).toHaveLength(20);
        const positions = events.map((e) => e.position);
        expectStrictlyIncreasing(positions);
        // Each append's result names the position of its last event.
        for (const [i, stream] of streams.entries()) {
          const last = events.filter((e) => e.stream === stream).at(-1)!;
          expect(results[i]!.position).toBe(last.position);
          expect(last.revision).toBe(1);
        }
        if (options.gapFreePositions) {
          const all = await store.readAll({ after: head });
          expect(all.map((e) => e.position)).toEqual(all.map((_, i) => head + 1 + i));
        }
      });
    });

    describe('readAll and head', () => {
      it('reads after a position, in position order, at most `limit` events', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        for (let n = 0; n < 6; n++) await appendOne(stream, n === 0 ? 'no_stream' : n - 1, { n });
        const mine = (events: RecordedEvent[]) => events.filter((e) => e.stream === stream);
        const all = mine(await store.readAll({ after: head }));
        expect(all.map((e) => e.data)).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n })));

        const page = await store.readAll({ after: all[1]!.position, limit: 3 });
        expect(page).toHaveLength(3);
        expect(page).toEqual(all.slice(2, 5));
        expect(await store.readAll({ after: all[5]!.position, limit: 10 })).toEqual([]);
        expect(await store.readAll({ after: head, limit: 0 })).toEqual([]);
      });

      it('headPosition is the position of the last appended event', async () => {
        const result = await appendOne(newStream(), 'no_stream');
        expect(await store.headPosition()).toBe(result.position);
      });

      it('answers ping', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });

    describe('subscribe', () => {
      const subscriptions: Subscription[] = [];
      afterAll(async () => {
        await Promise.all(subscriptions.map((s) => s.stop()));
      });

      it('catches up on existing events in batches, then delivers new ones live, in order', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        for (let n = 0; n < 5; n++) await appendOne(stream, n === 0 ? 'no_stream' : n - 1, { n });
        const collector = new Collector((e) => e.stream === stream);
        const subscription = store.subscribe({ after: head, onEvents: collector.onEvents, batchSize: 2 });
        subscriptions.push(subscription);
        await collector.until((events) => events.length === 5);

        for (let n = 5; n < 8; n++) await appendOne(stream, n - 1, { n });
        await collector.until((events) => events.length === 8);
        await subscription.stop();

        const events = collector.events;
        expect(events.map((e) => e.data)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => ({ n })));
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
        expectStrictlyIncreasing(collector.batches.flat().map((e) => e.position));
        expect(collector.batches.every((b) => b.length >= 1 && b.length <= 2)).toBe(true);
        expect(collector.maxConcurrentCalls).toBe(1);
        expect(collector.batches.flat()[0]!.position).toBeGreaterThan(head);
      });

      it('delivers every event of many concurrent writers exactly once, in order', async () => {
        const head = await store.headPosition();
        const streams = Array.from({ length: 16 }, () => newStream());
        const ours = new Set(streams);
        const collector = new Collector((e) => ours.has(e.stream));
        const subscription = store.subscribe({ after: head, onEvents: collector.onEvents, batchSize: 50 });
        subscriptions.push(subscription);

        const perWriter = 10;
        await Promise.all(
          streams.map(async (stream, w) => {
            let expected: ExpectedRevision = 'no_stream';
            for (let n = 0; n < perWriter; n++) {
              const events = n % 3 === 0 ? [newEvent('ContractTested.v1', { w, n, part: 0 }), newEvent('ContractTested.v1', { w, n, part: 1 })] : [newEvent('ContractTested.v1', { w, n, part: 0 })];
              expected = (await store.append(stream, events, expected)).nextExpectedRevision;
            }
          }),
        );
        const total = (await store.readAll({ after: head })).filter((e) => ours.has(e.stream)).length;
        expect(total).toBe(streams.length * (perWriter + 4));
        await collector.until((events) => events.length >= total);
        await subscription.stop();

        const delivered = collector.batches.flat();
        expectStrictlyIncreasing(delivered.map((e) => e.position));
        expect(collector.events).toHaveLength(total);
        for (const stream of streams) {
          const revisions = collector.events.filter((e) => e.stream === stream).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
        expect(collector.maxConcurrentCalls).toBe(1);
      });

      it('delivers an event appended while the handler is handling the batch before it (no commit slips by)', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        const collector = new Collector((e) => e.stream === stream);
        let appendedInside = false;
        const subscription = store.subscribe({
          after: head,
          onEvents: async (events) => {
            if (!appendedInside && events.some((e) => e.stream === stream)) {
              appendedInside = true;
              await appendOne(stream, 0, { n: 1 }); // committed before this handler returns
            }
            await collector.onEvents(events);
          },
        });
        subscriptions.push(subscription);
        await appendOne(stream, 'no_stream', { n: 0 });
        await collector.until((events) => events.length === 2);
        await subscription.stop();
        expect(collector.events.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
      });

      it('stop() resolves once the handler in flight finished, and nothing is delivered after it', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        const entered = deferred();
        const release = deferred();
        let handlerFinished = false;
        let deliveries = 0;
        const subscription = store.subscribe({
          after: head,
          onEvents: async (events) => {
            if (!events.some((e) => e.stream === stream)) return;
            deliveries += 1;
            entered.resolve();
            await release.promise;
            handlerFinished = true;
          },
        });
        await appendOne(stream, 'no_stream', { n: 0 });
        await entered.promise;

        let stopped = false;
        const stopping = subscription.stop().then(() => {
          stopped = true;
        });
        await new Promise<void>((resolve) => setImmediate(resolve));
        expect(stopped).toBe(false);
        release.resolve();
        await stopping;
        expect(handlerFinished).toBe(true);

        // A second subscription proves the next event was delivered to live subscribers.
        const sentinel = new Collector((e) => e.stream === stream);
        const live = store.subscribe({ after: head, onEvents: sentinel.onEvents });
        subscriptions.push(live);
        await appendOne(stream, 0, { n: 1 });
        await sentinel.until((events) => events.length === 2);
        await live.stop();
        expect(deliveries).toBe(1);
      });

      it('a failing handler ends the subscription and reports the error once', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        const failure = new Error('projection broke');
        const errors: unknown[] = [];
        const reported = deferred();
        let calls = 0;
        const subscription = store.subscribe({
          after: head,
          onEvents: (events) => {
            if (!events.some((e) => e.stream === stream)) return;
            calls += 1;
            throw failure;
          },
          onError: (error) => {
            errors.push(error);
            reported.resolve();
          },
        });
        subscriptions.push(subscription);
        await appendOne(stream, 'no_stream');
        await reported.promise;

        const sentinel = new Collector((e) => e.stream === stream);
        const live = store.subscribe({ after: head, onEvents: sentinel.onEvents });
        subscriptions.push(live);
        await appendOne(stream, 0);
        await sentinel.until((events) => events.length === 2);
        await live.stop();
        await subscription.stop();
        expect(calls).toBe(1);
        expect(errors).toEqual([failure]);
      });
    });

    describe('close', () => {
      it('commits the appends already requested before it resolves', async () => {
        const other = await open();
        const stream = newStream();
        const appends = Array.from({ length: 50 }, (_, n) => other.append(stream, [newEvent('ContractTested.v1', { n })], 'any'));
        await other.close();
        const outcomes = await Promise.allSettled(appends);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(50);
        expect(new Set(read.map((e) => JSON.stringify(e.data))).size).toBe(50);
        await expect(other.append(stream, [newEvent('ContractTested.v1', {})], 'any')).rejects.toThrow(/closed/);
      });
    });
  });
}
