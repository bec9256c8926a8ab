import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCaches, registeredCaches, type RegisteredCache } from '../../domain/caches/registry.ts';
import { FIX, allFixtureEvents, appendAll } from '../../read-models/market/fixtures.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * The cache registry of a built app (domain/caches/registry.ts, docs/architecture.md "Caches"): every
 * cache is described in full, and the owner's clear-cache empties the derived ones without changing
 * a single answer.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The per-instance caches the container builds for an app (tracked while the app runs). */
const APP_CACHES = ['market-views', 'market-view-derivations', 'market-snapshots', 'user-area', 'folded-aggregates', 'sqlite-documents', 'subscription-read'];

const byName = (name: string): RegisteredCache => {
  const cache = registeredCaches().find((c) => c.name === name);
  if (!cache) throw new Error(`no cache named ${name}`);
  return cache;
};

let ctx: TestContext;
let closed = false;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext(fastEnv, { now: new Date('2026-01-14T16:00:00.000Z') });
  await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, allFixtureEvents()));
  user = await signUp(ctx.app);
  await user.agent.post('/api/user/portfolio').send({ etfId: FIX.etfId, shares: '10', purchaseDate: '2026-01-05', isDrip: 1 }).expect(201);
});
afterAll(async () => {
  if (!closed) await ctx?.close();
});

/** What a visitor and the signed-in user see: status, ETag and bytes of each answer. */
async function answers(): Promise<string[]> {
  const reads: [string, string][] = [
    ['/api/top-performers', 'gzip'],
    ['/api/top-performers', 'identity'],
    ['/api/top-performers?limit=2', 'identity'],
    ['/api/etfs', 'identity'],
    ['/api/etfs/by-brand/yieldmax', 'identity'],
    [`/api/etfs/detail/${FIX.ticker}`, 'identity'],
    [`/api/etfs/detail/${FIX.ticker}/history?range=1M`, 'identity'],
    ['/api/dividends/calendar', 'identity'],
    ['/api/user', 'identity'],
    ['/api/user/portfolio', 'identity'],
    ['/api/user/dividends/calendar', 'identity'],
  ];
  const out: string[] = [];
  for (const [url, encoding] of reads) {
    const res = await user.agent.get(url).set('Accept-Encoding', encoding).buffer(true);
    out.push(`${url} ${encoding}: ${res.status} ${res.headers.etag ?? ''} ${res.headers['x-demo-data'] ?? ''} ${res.text}`);
  }
  return out;
}

describe('the cache registry of a built app', () => {
  it('describes every cache in full: a unique name, its owner file, key, bound, eviction, coherence, and why clear-cache leaves it alone', () => {
    const caches = registeredCaches();
    expect(caches.length).toBeGreaterThanOrEqual(29);
    expect(new Set(caches.map((c) => c.name)).size).toBe(caches.length);
    for (const cache of caches) {
      expect(cache.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(existsSync(path.join(ROOT, cache.owner)), `${cache.name}: ${cache.owner}`).toBe(true);
      for (const field of ['key', 'bound', 'eviction', 'coherence'] as const) expect(cache[field].trim(), `${cache.name}.${field}`).not.toBe('');
      if (cache.clearable) expect(cache.reason).toBeUndefined();
      else expect(cache.reason?.trim(), `${cache.name}.reason`).toBeTruthy();
    }
    for (const name of APP_CACHES) expect(byName(name).holders, name).toBeGreaterThanOrEqual(1);
    expect(byName('live-streams').holders).toBeGreaterThanOrEqual(1);
  });

  it("after the owner's clear-cache every clearable cache that can tell holds nothing, and every answer is the same", async () => {
    const before = await answers();
    // every kind of table was used by those reads and the holding write
    for (const name of ['market-views', 'market-view-derivations', 'market-snapshots', 'user-area', 'folded-aggregates', 'sqlite-documents', 'unsealed-sessions', 'accept-encoding', 'new-york-dates', 'business-days', 'nyse-holidays', 'stored-type-names', 'document-paths']) {
      expect(byName(name).size, name).toBeGreaterThan(0);
    }
    // nothing else runs meanwhile: the read models are at the head, no mail is being sent
    await ctx.deps.readModels.waitFor(await ctx.container.eventStore.headPosition());
    await ctx.deps.mailer.idle();

    const { cleared, kept, failed } = await clearCaches();
    expect(failed).toEqual([]);
    const caches = registeredCaches();
    expect(cleared).toEqual(caches.filter((c) => c.clearable).map((c) => c.name));
    expect(kept).toEqual(['brokerage-registrations', 'command-queues', 'common-passwords', 'image-upload-queues', 'live-streams', 'openapi-document', 'writer-revisions']);
    for (const cache of caches.filter((c) => c.clearable && c.size !== null)) expect(cache.size, cache.name).toBe(0);

    expect(await answers()).toEqual(before);
  });

  it('forgets the caches of an app once it is closed', async () => {
    closed = true;
    await ctx.close();
    for (const name of APP_CACHES) expect(byName(name).holders, name).toBe(0);
  });
});
