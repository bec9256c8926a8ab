import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { openSqliteEventStore, type SqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { portfolioDecider } from '../portfolio/business-logic.ts';
import type { CommandContext } from './decider.ts';
import { EventLog } from './event-log.ts';

let dir: string;
let store: SqliteEventStore;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-event-log-'));
  store = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ctx: CommandContext = { actor: 'test', correlationId: 'c', now: '2026-01-23T17:00:00.000Z' };

function added(userId: string) {
  return {
    type: 'HoldingAdded',
    data: { userId, holdingId: randomUUID(), etfId: randomUUID(), shares: '10', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: ctx.now },
  };
}

/** The event log, with the revisions it asked the store to read from. */
function observedLog(): { log: EventLog; readsFrom: number[] } {
  const readsFrom: number[] = [];
  const observed = new Proxy(store, {
    get(target, key) {
      if (key === 'readStream') {
        return (stream: string, options: { fromRevision?: number } = {}) => {
          readsFrom.push(options.fromRevision ?? 0);
          return target.readStream(stream, options);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { log: new EventLog(observed), readsFrom };
}

describe('EventLog.aggregate with a decider that keepsFoldedState', () => {
  it('folds only the events appended since the last read onto the kept state, the same state as a full fold', async () => {
    const userId = randomUUID();
    const stream = streams.portfolio(userId);
    const { log, readsFrom } = observedLog();
    const first = added(userId);
    await log.append(stream, [first], 'no_stream', ctx);
    expect((await log.aggregate(stream, portfolioDecider)).state.holdings.map((h) => h.holdingId)).toEqual([first.data.holdingId]);
    const second = added(userId);
    await log.append(stream, [second], 0, ctx);
    const folded = await log.aggregate(stream, portfolioDecider);
    expect(readsFrom).toEqual([0, 1]);
    expect(folded.revision).toBe(1);
    expect(folded.state.holdings.map((h) => h.holdingId)).toEqual([first.data.holdingId, second.data.holdingId]);
    // the same as folding the whole stream with a fresh log
    expect(folded).toEqual(await new EventLog(store).aggregate(stream, portfolioDecider));
    // nothing new: the kept state, read from the next revision
    expect(await log.aggregate(stream, portfolioDecider)).toEqual(folded);
    expect(readsFrom).toEqual([0, 1, 2]);
  });

  it('sees what another writer (another process, another log) appended after its last read', async () => {
    const userId = randomUUID();
    const stream = streams.portfolio(userId);
    const mine = new EventLog(store);
    const other = new EventLog(store);
    await mine.append(stream, [added(userId)], 'no_stream', ctx);
    expect((await mine.aggregate(stream, portfolioDecider)).revision).toBe(0);
    const theirs = added(userId);
    await other.append(stream, [theirs], 0, ctx);
    const folded = await mine.aggregate(stream, portfolioDecider);
    expect(folded.revision).toBe(1);
    expect(folded.state.holdings.at(-1)?.holdingId).toBe(theirs.data.holdingId);
  });

  it('reads the whole stream for a decider that does not keep its state', async () => {
    const userId = randomUUID();
    const stream = streams.portfolio(userId);
    const { log, readsFrom } = observedLog();
    const { keepsFoldedState: _keeps, ...plain } = portfolioDecider;
    await log.append(stream, [added(userId)], 'no_stream', ctx);
    await log.aggregate(stream, plain);
    await log.append(stream, [added(userId)], 0, ctx);
    expect((await log.aggregate(stream, plain)).state.holdings).toHaveLength(2);
    expect(readsFrom).toEqual([0, 0]);
  });
});
