import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import { THROTTLE_COLLECTION, Throttle } from './throttle.ts';

const HOUR = 60 * 60 * 1000;

describe('Throttle housekeeping (security audit M3)', () => {
  it('a counted request does not scan for ended counters; the timer sweep removes them', async () => {
    const docs = new MemoryDocumentStore();
    const throttle = new Throttle(docs);
    const t0 = new Date('2026-01-05T10:00:00.000Z');
    for (let i = 0; i < 3; i++) await throttle.record([{ key: `reset:account:a${i}@example.com`, limit: 5, windowMs: HOUR }], t0);
    const later = new Date(t0.getTime() + HOUR + 1);
    await throttle.record([{ key: 'reset:account:b@example.com', limit: 5, windowMs: HOUR }], later);
    // Before the fix every record ran deleteMany over the whole collection.
    expect(await docs.collection(THROTTLE_COLLECTION).countDocuments()).toBe(4);
    expect(await throttle.sweep(later)).toBe(3);
    expect((await docs.collection(THROTTLE_COLLECTION).find()).map((d) => d._id)).toEqual(['reset:account:b@example.com']);
  });

  it('count: an ended window starts over at 1', async () => {
    const throttle = new Throttle(new MemoryDocumentStore());
    const rule = { key: 'register:ip:198.51.100.7', limit: 20, windowMs: HOUR };
    const t0 = new Date('2026-01-05T10:00:00.000Z');
    await throttle.count(rule, t0);
    expect(await throttle.count(rule, new Date(t0.getTime() + 10 * 60_000))).toEqual({ count: 2, windowEndMs: t0.getTime() + HOUR });
    expect(await throttle.count(rule, new Date(t0.getTime() + HOUR))).toEqual({ count: 1, windowEndMs: t0.getTime() + 2 * HOUR });
  });
});
