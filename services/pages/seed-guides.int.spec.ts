import request, { type Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageJson } from '../../contracts/content.ts';
import { fastEnv, signUpOwner } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { GUIDE_SEEDS, guidePageId, seedGuides } from './seed-guides.ts';

/**
 * The educational guides (issue 29): seeded as managed pages the owner can edit, each with its sources;
 * the seed never overwrites an edit and never brings back a page the owner deleted; `/guides` lists the
 * guides under it with their current titles (`GET /api/pages/children`).
 */

const NOW = new Date('2026-11-24T15:00:00.000Z');
const GUIDES = GUIDE_SEEDS.filter((g) => g.path !== '/guides');
const ctxFor = (now: Date) => ({ actor: 'system', correlationId: 'seed-spec', now: now.toISOString() });

let ctx: TestContext;
let owner: Agent;

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: NOW });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
});
afterAll(async () => {
  await ctx?.close();
});

async function adminPages(): Promise<PageJson[]> {
  return z.array(PageJson).parse((await owner.get('/api/admin/pages').expect(200)).body);
}

async function seed(): Promise<Awaited<ReturnType<typeof seedGuides>>> {
  const result = await seedGuides(ctx.deps.log, ctxFor(NOW));
  await ctx.deps.readModels.waitFor(await ctx.container.eventStore.headPosition());
  return result;
}

const words = (html: string) => html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;

describe('seeding the guides', () => {
  it('creates the index and five guides, published, each with the disclaimer and a Sources list of public links', async () => {
    const result = await seed();
    expect(result.created).toEqual(GUIDE_SEEDS.map((g) => g.path));
    expect(GUIDES).toHaveLength(5);
    const pages = await adminPages();
    for (const guide of GUIDE_SEEDS) {
      const page = pages.find((p) => p.path === guide.path)!;
      expect(page).toMatchObject({ id: guidePageId(guide.key), title: guide.title, isPublished: 1, noIndex: 0, metaDescription: guide.metaDescription });
      expect(page.htmlBody).toContain('Educational content, not investment advice');
    }
    for (const guide of GUIDES) {
      // what a visitor gets: the sanitised body still carries the sources and the worked content
      const served = PageJson.parse((await request(ctx.app).get('/api/pages/by-path').query({ path: guide.path }).expect(200)).body);
      const sources = served.htmlBody.slice(served.htmlBody.indexOf('<section class="guide-sources">'));
      expect(sources).toContain('<h2>Sources</h2>');
      const links = [...sources.matchAll(/<a href="(https:\/\/[^"]+)" target="_blank" rel="noopener noreferrer">/g)].map((m) => m[1]);
      expect(links.length, guide.path).toBeGreaterThanOrEqual(4);
      expect(served.htmlBody.match(/<h2>/g)!.length, guide.path).toBeGreaterThanOrEqual(4);
      const count = words(served.htmlBody);
      expect(count, `${guide.path}: ${count} words`).toBeGreaterThanOrEqual(600);
      expect(count, `${guide.path}: ${count} words`).toBeLessThanOrEqual(1200);
    }
  });

  it('the topics: weekly distributions, rate vs yield vs total return, return of capital, DRIP and house money, announcements', async () => {
    const body = async (path: string) => PageJson.parse((await request(ctx.app).get('/api/pages/by-path').query({ path }).expect(200)).body).htmlBody;
    const weekly = await body('/guides/how-weekly-distributions-work');
    for (const text of ['Ex-dividend date', 'Record date', 'Payment (pay) date', 'T+1', 'May 28, 2024', 'Roundhill', 'YieldMax', 'GraniteShares', 'Defiance', 'REX', 'Nicholas']) expect(weekly).toContain(text);
    const rate = await body('/guides/distribution-rate-yield-total-return');
    for (const text of ['30-day SEC yield', 'Trailing 12-month', 'Total return', '0.20 × 52 ÷ 20.00', '+12%', '115.6%']) expect(rate).toContain(text);
    const roc = await body('/guides/return-of-capital-and-nav-erosion');
    for (const text of ['19a-1', 'box 3', 'Publication 550', '$1,064', '$136 capital gain', 'https://www.irs.gov/publications/p550']) expect(roc).toContain(text);
    const drip = await body('/guides/drip-and-the-house-money-date');
    for (const text of ['income received ÷ cost basis × 100', 'latest declared regular distribution', '70 payouts', 'docs/metrics.md']) expect(drip).toContain(text);
    const release = await body('/guides/reading-an-issuer-announcement');
    for (const text of ['Ex. &amp; Record Date: October 15, 2025', '$0.0908', '87.10%', '100.00%', 'review queue', 'docs/declarations.md']) expect(release).toContain(text);
  });

  it('is idempotent: a second start writes nothing', async () => {
    const head = await ctx.container.eventStore.headPosition();
    const again = await seed();
    expect(again).toEqual({ created: [], skipped: GUIDE_SEEDS.map((g) => g.path), position: 0 });
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
  });

  it("keeps the owner's edits and never brings back a guide the owner deleted", async () => {
    const pages = await adminPages();
    const rate = pages.find((p) => p.path === '/guides/distribution-rate-yield-total-return')!;
    const edited = { path: rate.path, title: 'Rate, yield and total return (edited)', htmlBody: '<p>The owner wrote this.</p>' };
    await owner.put(`/api/admin/pages/${rate.id}`).send(edited).expect(200);
    const drip = pages.find((p) => p.path === '/guides/drip-and-the-house-money-date')!;
    await owner.delete(`/api/admin/pages/${drip.id}`).expect(204);

    expect((await seed()).created).toEqual([]);
    const after = await adminPages();
    expect(after.find((p) => p.id === rate.id)).toMatchObject({ title: edited.title, htmlBody: edited.htmlBody });
    expect(after.some((p) => p.path === drip.path)).toBe(false);
    await request(ctx.app).get('/api/pages/by-path').query({ path: drip.path }).expect(404);
  });
});

describe('a fresh install where the owner already has a page at a guide path', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext({ ...fastEnv }, { now: NOW });
  });
  afterAll(async () => {
    await own?.close();
  });

  it("leaves that path to the owner's page and seeds the others", async () => {
    const ownOwner = (await signUpOwner(own.app, own.deps)).agent;
    await ownOwner.post('/api/admin/pages').send({ path: '/guides/how-weekly-distributions-work', title: 'My own', htmlBody: '<p>Mine</p>', isPublished: 1 }).expect(201);
    const result = await seedGuides(own.deps.log, ctxFor(NOW));
    expect(result.skipped).toEqual(['/guides/how-weekly-distributions-work']);
    expect(result.created).toHaveLength(GUIDE_SEEDS.length - 1);
    await own.deps.readModels.waitFor(result.position);
    expect((await request(own.app).get('/api/pages/by-path').query({ path: '/guides/how-weekly-distributions-work' }).expect(200)).body.title).toBe('My own');
  });
});

describe('GET /api/pages/children (the guides index)', () => {
  it("lists the published pages under a path, in reading order, with the owner's current titles", async () => {
    const res = await request(ctx.app).get('/api/pages/children').query({ path: '/Guides/' }).expect(200);
    // the rate guide was renamed and the DRIP guide deleted above
    expect(res.body).toEqual([
      { path: '/guides/how-weekly-distributions-work', title: 'How weekly distributions work', metaDescription: GUIDES[0]!.metaDescription },
      { path: '/guides/distribution-rate-yield-total-return', title: 'Rate, yield and total return (edited)', metaDescription: GUIDES[1]!.metaDescription },
      { path: '/guides/return-of-capital-and-nav-erosion', title: 'Return of capital and NAV erosion', metaDescription: GUIDES[2]!.metaDescription },
      { path: '/guides/reading-an-issuer-announcement', title: "Reading an issuer's distribution announcement", metaDescription: GUIDES[4]!.metaDescription },
    ]);
  });

  it('leaves out drafts, the page itself and look-alike paths; a page the owner adds under it joins the list', async () => {
    await owner.post('/api/admin/pages').send({ path: '/guides/draft-guide', title: 'Draft', htmlBody: '<p>Soon</p>' }).expect(201);
    await owner.post('/api/admin/pages').send({ path: '/guides-archive', title: 'Archive', htmlBody: '<p>Old</p>', isPublished: 1 }).expect(201);
    ctx.advance(60_000);
    await owner.post('/api/admin/pages').send({ path: '/guides/options/covered-calls', title: 'Covered calls', htmlBody: '<p>New</p>', isPublished: 1 }).expect(201);
    const paths = ((await request(ctx.app).get('/api/pages/children').query({ path: '/guides' }).expect(200)).body as { path: string }[]).map((p) => p.path);
    expect(paths).not.toContain('/guides');
    expect(paths).not.toContain('/guides/draft-guide');
    expect(paths).not.toContain('/guides-archive');
    expect(paths.at(-1)).toBe('/guides/options/covered-calls');
  });

  it('answers [] for a path without pages under it and for /; 400 without a path', async () => {
    expect((await request(ctx.app).get('/api/pages/children').query({ path: '/nothing-here' }).expect(200)).body).toEqual([]);
    expect((await request(ctx.app).get('/api/pages/children').query({ path: '/' }).expect(200)).body).toEqual([]);
    expect((await request(ctx.app).get('/api/pages/children').expect(400)).body).toEqual({
      message: 'Query parameter path is required',
      errors: { path: 'Query parameter path is required' },
    });
    expect((await request(ctx.app).get('/api/pages/children').query({ path: 'x'.repeat(2_001) }).expect(400)).body.message).toBe('Query parameter path must be at most 2,000 characters');
    expect((await request(ctx.app).get('/api/pages/children?path=/a&path=/b').expect(400)).body.message).toBe('Query parameter path must be given once');
  });
});

describe('guidePageId', () => {
  it('is a fixed version-5 UUID per key', () => {
    expect(guidePageId('guides-index')).toBe(guidePageId('guides-index'));
    expect(new Set(GUIDE_SEEDS.map((g) => guidePageId(g.key))).size).toBe(GUIDE_SEEDS.length);
    for (const g of GUIDE_SEEDS) expect(z.uuid().safeParse(guidePageId(g.key)).success).toBe(true);
    expect(guidePageId('guides-index')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
