import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-01-23T17:00:00.000Z') });
});
afterAll(async () => {
  await ctx?.close();
});

const NO_CACHE = 'no-cache, no-store, must-revalidate';

/** The reads on their own: articles are appended directly here (ingestion: news-admin.int.spec.ts). */
async function article(id: string, title: string, tags: string[], publishedAt: string | null, status: 'published' | 'review' | null) {
  const at = ctx.deps.now().toISOString();
  const events: { type: string; data: unknown }[] = [
    { type: 'NewsArticleIngested', data: { articleId: id, title, link: `https://news.example.com/${id}`, summary: `Summary of ${id}`, source: 'Example Wire', tags, publishedAt, ingestedAt: at } },
  ];
  if (status) events.push({ type: 'NewsArticleStatusChanged', data: { articleId: id, status, changedAt: at } });
  const result = await ctx.deps.log.append(streams.news(id), events, 'no_stream', { actor: 'job:news', correlationId: 'test', now: at });
  await ctx.deps.readModels.waitFor(result.position);
}

describe('public news API', () => {
  it('answers empty lists, never cached, before any article is ingested', async () => {
    const all = await request(ctx.app).get('/api/news?_v=1737651600000').expect(200, []);
    expect(all.headers['cache-control']).toBe(NO_CACHE);
    expect(all.headers['pragma']).toBe('no-cache');
    expect(all.headers['expires']).toBe('0');
    const ticker = await request(ctx.app).get('/api/news/ticker/NVDW').expect(200, []);
    expect(ticker.headers['cache-control']).toBe(NO_CACHE);
  });

  it('lists published articles newest first (no date last) with comma-separated tags, and finds them by ticker', async () => {
    await article('n1', 'Roundhill NVDW pays again', ['Roundhill', 'NVDA'], '2026-01-20T12:00:00.000Z', 'published');
    await article('n2', 'YieldMax weekly payers', ['YieldMax', 'MSTY'], '2026-01-22T12:00:00.000Z', 'published');
    await article('n3', 'Undated: nvdw and friends', [], null, 'published');
    await article('n4', 'NVDW in review', ['NVDW'], '2026-01-23T12:00:00.000Z', 'review');
    await article('n5', 'NVDW just ingested', ['NVDW'], '2026-01-23T13:00:00.000Z', null);
    const res = await request(ctx.app).get('/api/news').expect(200);
    expect(res.body).toEqual([
      { id: 'n2', title: 'YieldMax weekly payers', link: 'https://news.example.com/n2', summary: 'Summary of n2', source: 'Example Wire', tags: 'YieldMax, MSTY', publishedAt: '2026-01-22T12:00:00.000Z' },
      { id: 'n1', title: 'Roundhill NVDW pays again', link: 'https://news.example.com/n1', summary: 'Summary of n1', source: 'Example Wire', tags: 'Roundhill, NVDA', publishedAt: '2026-01-20T12:00:00.000Z' },
      { id: 'n3', title: 'Undated: nvdw and friends', link: 'https://news.example.com/n3', summary: 'Summary of n3', source: 'Example Wire', tags: '', publishedAt: null },
    ]);
    const ids = async (t: string) => (await request(ctx.app).get(`/api/news/ticker/${t}`).expect(200)).body.map((a: { id: string }) => a.id);
    expect(await ids('NVDW')).toEqual(['n1', 'n3']); // title words, any case; the review and draft ones never
    expect(await ids('nvdw')).toEqual(['n1', 'n3']);
    expect(await ids('msty')).toEqual(['n2']); // tag
    expect(await ids('NVD')).toEqual([]); // not a whole word
  });
});
