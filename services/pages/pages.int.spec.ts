import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request, { type Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageJson } from '../../contracts/content.ts';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { withPageHead } from '../gateway/client.ts';
import { sanitizeOwnerHtml } from '../core/owner-html.ts';
import { pagePathDecider } from './business-logic.ts';
import { fastEnv, signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/** The client's index.html as Vite builds it (the parts the server rewrites). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="WeeklyDiv: track weekly-distribution ETFs, their dividends and your portfolio." />
    <title>WeeklyDiv</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let ctx: TestContext;
let dist: string;
let owner: Agent;
let user: Agent;
const NOW = new Date('2026-11-24T15:00:00.000Z');

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-pages-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ ...fastEnv, WEB_DIST_DIR: dist, APP_URL: 'https://weeklydiv.example' }, { now: NOW });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  user = (await signUp(ctx.app)).agent;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const form = (over: Record<string, unknown> = {}) => ({ path: '/about', title: 'About', htmlBody: '<p>Hi</p>', ...over });

async function create(over: Record<string, unknown> = {}): Promise<PageJson> {
  const res = await owner.post('/api/admin/pages').send(form(over)).expect(201);
  return PageJson.parse(res.body);
}

describe('owner guard', () => {
  it.each([
    ['get', '/api/admin/pages'],
    ['post', '/api/admin/pages'],
    ['put', '/api/admin/pages/11111111-1111-4111-8111-111111111111'],
    ['delete', '/api/admin/pages/11111111-1111-4111-8111-111111111111'],
  ] as const)('%s %s: 401 signed out, 403 for a user who is not the owner', async (method, url) => {
    await request(ctx.app)[method](url).send(form()).expect(401);
    await user[method](url).send(form()).expect(403);
  });
});

describe('POST /api/admin/pages', () => {
  it('creates a draft (noIndex 0, isPublished 0) with the normalised path and its slug: 201 PageJson', async () => {
    const res = await owner.post('/api/admin/pages').send(form({ path: 'Guides//Weekly Pay/' })).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      slug: 'guides-weekly-pay',
      path: '/guides/weekly-pay',
      title: 'About',
      metaDescription: null,
      canonicalUrl: null,
      noIndex: 0,
      htmlBody: '<p>Hi</p>',
      cssBody: null,
      isPublished: 0,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    // the list already has it (the answer waited for the read model), drafts included
    const list = (await owner.get('/api/admin/pages').expect(200)).body as PageJson[];
    expect(list.find((p) => p.id === res.body.id)).toEqual(res.body);
    // written as events by the owner
    const events = await ctx.deps.log.readStream(streams.page(res.body.id));
    expect(events.map((e) => e.type)).toEqual(['PageCreated']);
    expect(events[0]!.metadata.actor).toMatch(/^user:/);
    expect((await ctx.deps.log.readStream(streams.pagePath('/guides/weekly-pay'))).map((e) => e.type)).toEqual(['PagePathReserved']);
  });

  it('400 with a message per missing field', async () => {
    const res = await owner.post('/api/admin/pages').send({}).expect(400);
    expect(res.body).toEqual({ message: 'Path is required', errors: { path: 'Path is required', title: 'Title is required', htmlBody: 'HTML body is required' } });
    expect((await owner.post('/api/admin/pages').send(form({ title: '  ' })).expect(400)).body.message).toBe('Title is required');
    expect((await owner.post('/api/admin/pages').send(form({ htmlBody: '' })).expect(400)).body.message).toBe('HTML body is required');
  });

  it('400 for a canonical URL that is not an absolute http(s) URL, too long fields and bad flags', async () => {
    expect((await owner.post('/api/admin/pages').send(form({ path: '/c1', canonicalUrl: 'weeklydiv.com/x' })).expect(400)).body).toEqual({
      message: 'Canonical URL must be an absolute http(s) URL, like https://weeklydiv.com/about',
      errors: { canonicalUrl: 'Canonical URL must be an absolute http(s) URL, like https://weeklydiv.com/about' },
    });
    expect((await owner.post('/api/admin/pages').send(form({ path: '/c2', title: 'x'.repeat(201) })).expect(400)).body.message).toBe('Title must be at most 200 characters');
    expect((await owner.post('/api/admin/pages').send(form({ path: '/c3', isPublished: 'yes' })).expect(400)).body.message).toBe('isPublished must be 0 or 1');
  });

  it('409 for a path another page has, also written differently', async () => {
    await create({ path: '/fees' });
    for (const p of ['/fees', 'FEES', '/fees/', '//fees']) {
      expect((await owner.post('/api/admin/pages').send(form({ path: p })).expect(409)).body).toEqual({ message: 'A page with the path /fees already exists' });
    }
  });

  it.each([
    ['/', '/'],
    ['/etfs', '/etfs/...'],
    ['/etfs/roundhill/hoow', '/etfs/...'],
    ['/ETF/HOOW', '/etf/...'],
    ['/dividend-calendar', '/dividend-calendar'],
    ['/pricing', '/pricing'],
    ['/news', '/news'],
    ['/login', '/login'],
    ['/signup', '/signup'],
    ['/register', '/register'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password', '/reset-password'],
    ['/verify-email', '/verify-email'],
    ['/my', '/my'],
    ['/my-weeklydiv', '/my-weeklydiv'],
    ['/account', '/account/...'],
    ['/account/subscription', '/account/...'],
    ['/admin', '/admin/...'],
    ['/api/pages', '/api/...'],
  ])('409 for %s, a path of the site itself, naming it', async (p, entry) => {
    const res = await owner.post('/api/admin/pages').send(form({ path: p })).expect(409);
    expect(res.body.message).toBe(`The path ${p.toLowerCase()} is used by the site itself (${entry}); choose another path`);
  });
});

describe('one page per path', () => {
  it('two creations of one path at once: one 201, one 409', async () => {
    const [a, b] = await Promise.all([owner.post('/api/admin/pages').send(form({ path: '/race' })), owner.post('/api/admin/pages').send(form({ path: 'RACE' }))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(((await owner.get('/api/admin/pages')).body as PageJson[]).filter((p) => p.path === '/race')).toHaveLength(1);
  });

  it('a reservation whose page was never created (a crash between the two appends) holds the path for a minute, then is taken over', async () => {
    const orphan = '33333333-3333-4333-8333-333333333333';
    const now = ctx.deps.now().toISOString();
    await handleCommand(ctx.deps.log, streams.pagePath('/orphaned'), pagePathDecider, { type: 'ReservePagePath', path: '/orphaned', pageId: orphan }, { actor: 'test', correlationId: 't', now });
    expect((await owner.post('/api/admin/pages').send(form({ path: '/orphaned' })).expect(409)).body.message).toBe('A page with the path /orphaned already exists');
    ctx.advance(61_000);
    const page = await create({ path: '/orphaned' });
    expect((await ctx.deps.log.readStream(streams.pagePath('/orphaned'))).map((e) => [e.type, (e.data as { pageId: string }).pageId])).toEqual([
      ['PagePathReserved', orphan],
      ['PagePathReleased', orphan],
      ['PagePathReserved', page.id],
    ]);
  });
});

describe('PUT and DELETE /api/admin/pages/{id}', () => {
  it('updates the page; a field left out keeps its value; the answer and the list show it', async () => {
    const page = await create({ path: '/team', metaDescription: 'Our team' });
    const res = await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/Our Team', title: 'Team', isPublished: 1, noIndex: true })).expect(200);
    expect(res.body).toMatchObject({ id: page.id, path: '/our-team', slug: 'our-team', title: 'Team', metaDescription: 'Our team', isPublished: 1, noIndex: 1, createdAt: page.createdAt });
    expect(((await owner.get('/api/admin/pages').expect(200)).body as PageJson[]).find((p) => p.id === page.id)).toEqual(res.body);
    // the old path is free again
    await create({ path: '/team' });
  });

  it('409 when moving onto another page\'s path; the page keeps its own', async () => {
    await create({ path: '/taken' });
    const page = await create({ path: '/mine' });
    expect((await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/Taken/' })).expect(409)).body).toEqual({ message: 'A page with the path /taken already exists' });
    expect((await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/pricing' })).expect(409)).body.message).toBe(
      'The path /pricing is used by the site itself (/pricing); choose another path',
    );
    expect(((await owner.get('/api/admin/pages')).body as PageJson[]).find((p) => p.id === page.id)!.path).toBe('/mine');
    await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/mine', title: 'Mine' })).expect(200);
  });

  it('400 for an invalid form, 404 for an unknown page', async () => {
    const page = await create({ path: '/invalid-edit' });
    expect((await owner.put(`/api/admin/pages/${page.id}`).send({ path: '/invalid-edit' }).expect(400)).body.errors).toEqual({ title: 'Title is required', htmlBody: 'HTML body is required' });
    await owner.put('/api/admin/pages/11111111-1111-4111-8111-111111111111').send(form({ path: '/nope' })).expect(404, { message: 'Page not found' });
    await owner.put('/api/admin/pages/not-an-id').send(form({ path: '/nope' })).expect(404, { message: 'Page not found' });
  });

  it('deletes a page (204): gone from the list, 404 afterwards, and its path is free', async () => {
    const page = await create({ path: '/short-lived', isPublished: 1 });
    await request(ctx.app).get('/api/pages/by-path').query({ path: '/short-lived' }).expect(200);
    await owner.delete(`/api/admin/pages/${page.id}`).expect(204);
    expect(((await owner.get('/api/admin/pages')).body as PageJson[]).some((p) => p.id === page.id)).toBe(false);
    await request(ctx.app).get('/api/pages/by-path').query({ path: '/short-lived' }).expect(404);
    await owner.delete(`/api/admin/pages/${page.id}`).expect(404, { message: 'Page not found' });
    await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/short-lived' })).expect(404);
    const again = await create({ path: '/short-lived' });
    expect(again.id).not.toBe(page.id);
  });
});

describe('a field the endpoint does not name', () => {
  it('is refused on every write: 400 naming it, nothing written', async () => {
    const page = await create({ path: '/unknown-field' });
    const head = await ctx.container.eventStore.headPosition();
    const writes = [
      owner.post('/api/admin/pages').send(form({ path: '/unknown-field-new', x: 1 })),
      owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/unknown-field', title: 'Changed', x: 1 })),
      owner.delete(`/api/admin/pages/${page.id}`).send({ x: 1 }),
    ];
    for (const write of writes) await write.expect(400, { message: 'Unknown field: x', errors: { x: 'Unknown field' } });
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
    expect(((await owner.get('/api/admin/pages')).body as PageJson[]).find((p) => p.id === page.id)).toEqual(page);
  });
});

describe('GET /api/pages/by-path (public)', () => {
  it('answers a published page to anyone, the path normalised as the form does', async () => {
    const page = await create({ path: '/public-page', isPublished: 1, cssBody: '.x{color:red}' });
    const res = await request(ctx.app).get('/api/pages/by-path').query({ path: '/Public-Page/' }).expect(200);
    expect(res.body).toEqual(page);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers the HTML sanitised by the server's owner-HTML sanitiser (the footer's), the owner's list keeps it as written (security audit I5)", async () => {
    const htmlBody =
      '<h2 onclick="steal()">Hello</h2><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">a</a>' +
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form><a href="/etfs" target="_blank">funds</a>';
    const page = await create({ path: '/hostile-page', isPublished: 1, htmlBody });
    const res = await request(ctx.app).get('/api/pages/by-path').query({ path: '/hostile-page' }).expect(200);
    expect(res.body).toEqual({ ...page, htmlBody: sanitizeOwnerHtml(htmlBody) });
    expect(res.body.htmlBody).toBe('<h2>Hello</h2><img src="x"><a>a</a><a href="/etfs" target="_blank" rel="noopener noreferrer">funds</a>');
    // the owner edits what they wrote
    expect(((await owner.get('/api/admin/pages')).body as PageJson[]).find((p) => p.id === page.id)?.htmlBody).toBe(htmlBody);
    // an edit is served sanitised at once
    await owner.put(`/api/admin/pages/${page.id}`).send(form({ path: '/hostile-page', isPublished: 1, htmlBody: '<p>New<svg onload="alert(4)"></svg></p>' })).expect(200);
    expect((await request(ctx.app).get('/api/pages/by-path').query({ path: '/hostile-page' }).expect(200)).body.htmlBody).toBe('<p>New<svg></svg></p>');
  });

  it('404 for a draft and for an unknown path; 400 without a path', async () => {
    await create({ path: '/draft-page' });
    await request(ctx.app).get('/api/pages/by-path').query({ path: '/draft-page' }).expect(404, { message: 'Page not found' });
    await request(ctx.app).get('/api/pages/by-path').query({ path: '/never-made' }).expect(404, { message: 'Page not found' });
    expect((await request(ctx.app).get('/api/pages/by-path').expect(400)).body.message).toBe('Query parameter path is required');
    expect((await request(ctx.app).get('/api/pages/by-path?path=').expect(400)).body.message).toBe('Query parameter path is required');
    expect((await request(ctx.app).get('/api/pages/by-path?path=/a&path=/b').expect(400)).body.message).toBe('Query parameter path must be given once');
  });
});

describe('the HTML the server sends for a page path', () => {
  it('a published page: 200 with its title, description, canonical and robots in the head, HTML-escaped, before any script', async () => {
    await create({
      path: '/press',
      title: 'Press & "news" <kit>',
      metaDescription: 'Logos, facts & <figures> for "journalists"',
      noIndex: 1,
      isPublished: 1,
    });
    const res = await request(ctx.app).get('/press').expect(200).expect('Content-Type', /text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.text;
    expect(html).toContain('<title>Press &amp; &quot;news&quot; &lt;kit&gt;</title>');
    expect(html).toContain('<meta name="description" content="Logos, facts &amp; &lt;figures&gt; for &quot;journalists&quot;" />');
    expect(html).not.toContain('track weekly-distribution ETFs');
    expect(html).toContain('<link rel="canonical" href="https://weeklydiv.example/press" />');
    expect(html).toContain('<meta name="robots" content="noindex,nofollow" />');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('<link rel="canonical"')).toBeGreaterThan(-1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // the path as a visitor may type it
    expect((await request(ctx.app).get('/Press/').expect(200)).text).toContain('<title>Press &amp;');
    // HEAD too
    await request(ctx.app).head('/press').expect(200);
  });

  it('its own canonical URL when given; no robots tag and the site description when not set', async () => {
    await create({ path: '/guide', title: 'Guide', canonicalUrl: 'https://weeklydiv.example/guide?a=1&b=2', isPublished: 1 });
    const html = (await request(ctx.app).get('/guide').expect(200)).text;
    expect(html).toContain('<link rel="canonical" href="https://weeklydiv.example/guide?a=1&amp;b=2" />');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<meta name="description" content="WeeklyDiv: track weekly-distribution ETFs, their dividends and your portfolio." />');
  });

  it('a draft, a deleted page and an unknown path answer 404 with the app (no soft 404); app routes stay 200', async () => {
    const draft = await create({ path: '/unpublished' });
    const res = await request(ctx.app).get('/unpublished').expect(404);
    expect(res.text).toContain('<title>WeeklyDiv</title>');
    expect(res.text).not.toContain('rel="canonical"');
    await request(ctx.app).get('/no-such-page').expect(404);
    // publishing makes it 200, unpublishing 404 again
    await owner.put(`/api/admin/pages/${draft.id}`).send(form({ path: '/unpublished', isPublished: 1 })).expect(200);
    await request(ctx.app).get('/unpublished').expect(200);
    await owner.put(`/api/admin/pages/${draft.id}`).send(form({ path: '/unpublished', isPublished: 0 })).expect(200);
    await request(ctx.app).get('/unpublished').expect(404);
    await owner.put(`/api/admin/pages/${draft.id}`).send(form({ path: '/unpublished', isPublished: 1 })).expect(200);
    await owner.delete(`/api/admin/pages/${draft.id}`).expect(204);
    await request(ctx.app).get('/unpublished').expect(404);
    for (const p of ['/', '/etfs', '/pricing', '/login']) expect((await request(ctx.app).get(p).expect(200)).text).toContain('<title>WeeklyDiv</title>');
  });
});

// Issue 29, W15: the admin previews (a page's body, the footer) showed the owner's raw HTML through the
// browser's DOMPurify, whose parse of an `onclick` logged a CSP error; the server cleans it first.
describe('POST /api/admin/owner-html/preview', () => {
  it("answers the owner's HTML as visitors get it (the server's sanitiser), for the owner only", async () => {
    const html = '<p onclick="x()">Hi</p><img src="/api/images/none" alt="" onerror="y()"><script>z()</script><a href="javascript:w()">bad</a>';
    const res = await owner.post('/api/admin/owner-html/preview').send({ html }).expect(200);
    expect(res.body).toEqual({ html: sanitizeOwnerHtml(html) });
    expect(res.body.html).not.toMatch(/onclick|onerror|script|javascript:/);
    await user.post('/api/admin/owner-html/preview').send({ html }).expect(403);
    await request(ctx.app).post('/api/admin/owner-html/preview').send({ html }).expect(401);
  });

  it('refuses what is not text, and more than a page body may hold', async () => {
    await owner.post('/api/admin/owner-html/preview').send({ html: 3 }).expect(400);
    await owner.post('/api/admin/owner-html/preview').send({ html: 'x'.repeat(500_001) }).expect(400);
  });
});

describe('withPageHead (the rewrite of index.html)', () => {
  it('adds a description when index.html has none, replaces an old canonical and robots tag, escapes quotes', () => {
    const html = withPageHead(
      '<html><head><title>x</title><link rel="canonical" href="/old"><meta name="robots" content="all"></head><body></body></html>',
      { path: '/q', title: "It's <b>", metaDescription: "Tom's & Jerry's", canonicalUrl: null, noIndex: 0 },
      'https://weeklydiv.example/some/base',
    );
    expect(html).toBe(
      '<html><head><title>It&#39;s &lt;b&gt;</title>  <meta name="description" content="Tom&#39;s &amp; Jerry&#39;s" />\n' +
        '  <link rel="canonical" href="https://weeklydiv.example/q" />\n' +
        '  </head><body></body></html>',
    );
  });
});
