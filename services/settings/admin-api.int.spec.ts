import type { Agent } from 'supertest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
let owner: Agent;
let user: Agent;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-11-23T15:00:00.000Z') });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  user = (await signUp(ctx.app)).agent;
});
afterAll(async () => {
  await ctx?.close();
});

describe('the owner guard', () => {
  it('refuses the settings routes to a visitor (401) and a user who is not the owner (403)', async () => {
    const calls = (agent: Agent | ReturnType<typeof request>) => [
      agent.get('/api/admin/settings'),
      agent.post('/api/admin/settings').send({ key: 'site_name', value: 'x' }),
      agent.put('/api/admin/settings/footer_html').send({ html: '<p>x</p>' }),
      agent.put('/api/admin/settings/header_nav').send({ nav: { items: [] } }),
    ];
    for (const call of calls(request(ctx.app))) await call.expect(401, { message: 'Not authenticated' });
    for (const call of calls(user)) await call.expect(403, { message: 'Admin access required' });
    expect((await owner.get('/api/admin/settings').expect(200)).body).toEqual([]);
  });
});

describe('PUT /api/admin/settings/footer_html', () => {
  it('stores the sanitised HTML and answers it; every visitor gets exactly that at once', async () => {
    const res = await owner
      .put('/api/admin/settings/footer_html')
      .send({ html: '<p onclick="steal()">© 2026 WeeklyDiv <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p><script>alert(1)</script><iframe src="https://evil.example"></iframe>' })
      .expect(200);
    expect(res.body).toEqual({ key: 'footer_html', value: '<p>© 2026 WeeklyDiv <a>x</a><img src="x"></p>', updatedAt: '2026-11-23T15:00:00.000Z' });
    const publicRes = await request(ctx.app).get('/api/settings/footer_html').expect(200, { html: '<p>© 2026 WeeklyDiv <a>x</a><img src="x"></p>' });
    expect(publicRes.headers['cache-control']).toBe('no-store');
    const event = (await ctx.deps.log.readStream('settings-footer_html')).at(-1)!;
    expect(event.data).toMatchObject({ key: 'footer_html', value: '<p>© 2026 WeeklyDiv <a>x</a><img src="x"></p>' });
  });

  it('shows a second save to the next reader at once (no stale answer)', async () => {
    await request(ctx.app).get('/api/settings/footer_html').expect(200);
    ctx.advance(1000);
    await owner.put('/api/admin/settings/footer_html').send({ html: '<p>New footer</p>' }).expect(200);
    await request(ctx.app).get('/api/settings/footer_html').expect(200, { html: '<p>New footer</p>' });
  });

  it('answers 400 when html is missing, not text or too long', async () => {
    await owner.put('/api/admin/settings/footer_html').send({}).expect(400, { message: 'Required', errors: { html: 'Required' } });
    await owner.put('/api/admin/settings/footer_html').send({ html: 7 }).expect(400, { message: 'html must be text', errors: { html: 'html must be text' } });
    await owner
      .put('/api/admin/settings/footer_html')
      .send({ html: 'x'.repeat(100_001) })
      .expect(400, { message: 'Footer HTML must be at most 100,000 characters', errors: { html: 'Footer HTML must be at most 100,000 characters' } });
  });
});

describe('PUT /api/admin/settings/header_nav', () => {
  const nav = {
    items: [
      { label: 'ETFs', path: '/etfs' },
      { label: 'Calculators', path: '#calculators' },
      { label: 'Brands', children: [{ label: 'Roundhill', path: '/etfs/roundhill' }, { type: 'divider' }, { type: 'header', label: 'More' }, { label: 'Issuer', path: 'https://www.roundhillinvestments.com/' }] },
      { type: 'dropdown', label: 'Legacy', items: [{ label: 'Mail us', path: 'mailto:hello@weeklydiv.com' }] },
      { type: 'section', label: 'Learn' },
    ],
  };

  it('saves every item shape of the spec and the public header gets it at once', async () => {
    const res = await owner.put('/api/admin/settings/header_nav').send({ nav }).expect(200);
    expect(res.body).toEqual({ key: 'header_nav', value: nav, updatedAt: expect.any(String) });
    await request(ctx.app).get('/api/settings/header_nav').expect(200, { items: nav.items });
  });

  it('accepts the items list itself as nav', async () => {
    const items = [{ label: 'News', path: '/news' }];
    await owner.put('/api/admin/settings/header_nav').send({ nav: items }).expect(200);
    await request(ctx.app).get('/api/settings/header_nav').expect(200, { items });
  });

  it('refuses unsafe URLs with a message naming the item, and changes nothing', async () => {
    const bad = [
      ['javascript:alert(1)', '"Evil": Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['data:text/html;base64,PHNjcmlwdD4=', '"Evil": Path must not be a data: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['vbscript:msgbox(1)', '"Evil": Path must not be a vbscript: address (only site paths, #anchors, http(s):// and mailto:)'],
      ['//evil.example', '"Evil": Path must not start with // (an address on another site needs https://)'],
      ['https://weeklydiv.test@evil.example/login', '"Evil": Path must not hold a user name or password before the host (this address opens evil.example)'],
    ];
    for (const [path, message] of bad) {
      const res = await owner
        .put('/api/admin/settings/header_nav')
        .send({ nav: { items: [{ label: 'Fine', path: '/fine' }, { label: 'Menu', children: [{ label: 'Evil', path }] }] } })
        .expect(400);
      expect(res.body).toEqual({ message, errors: { 'nav.items.1.children.0.path': message } });
    }
    await request(ctx.app).get('/api/settings/header_nav').expect(200, { items: [{ label: 'News', path: '/news' }] });
  });

  it('refuses wrong shapes: no nav, nav not an object, items not a list, items without label or path, unknown types', async () => {
    await owner.put('/api/admin/settings/header_nav').send({}).expect(400, { message: 'Required', errors: { nav: 'Required' } });
    await owner.put('/api/admin/settings/header_nav').send({ nav: 'x' }).expect(400, { message: 'nav must be an object with items', errors: { nav: 'nav must be an object with items' } });
    await owner.put('/api/admin/settings/header_nav').send({ nav: { items: 'x' } }).expect(400, { message: 'items must be a list', errors: { 'nav.items': 'items must be a list' } });
    const res = await owner
      .put('/api/admin/settings/header_nav')
      .send({ nav: { items: [{ label: 'No path' }, { path: '/no-label' }, { type: 'menu', label: 'X' }, { type: 'dropdown', label: 'Empty' }] } })
      .expect(400);
    expect(res.body.errors).toEqual({
      'nav.items.0.path': '"No path": Path is required',
      'nav.items.1.label': 'Label is required',
      'nav.items.2.type': 'Type must be link, dropdown, divider, header or section',
      'nav.items.3.children': '"Empty": A dropdown needs children (or items)',
    });
  });
});

describe('POST /api/admin/settings and GET /api/admin/settings', () => {
  it('saves another key as text and lists every saved setting by key', async () => {
    ctx.advance(1000);
    const res = await owner.post('/api/admin/settings').send({ key: 'site_name', value: 'WeeklyDiv' }).expect(200);
    expect(res.body).toEqual({ key: 'site_name', value: 'WeeklyDiv', updatedAt: ctx.deps.now().toISOString() });
    const list = (await owner.get('/api/admin/settings').expect(200)).body as { key: string }[];
    expect(list.map((s) => s.key)).toEqual(['footer_html', 'header_nav', 'site_name']);
    expect(list[2]).toEqual(res.body);
  });

  it('answers the saved setting unchanged when the same value is saved again (nothing written)', async () => {
    const before = (await ctx.deps.log.readStream('settings-site_name')).length;
    const res = await owner.post('/api/admin/settings').send({ key: 'site_name', value: 'WeeklyDiv' }).expect(200);
    expect(res.body.value).toBe('WeeklyDiv');
    expect((await ctx.deps.log.readStream('settings-site_name')).length).toBe(before);
  });

  it('sanitises footer_html and validates header_nav through POST too', async () => {
    const footer = await owner.post('/api/admin/settings').send({ key: 'footer_html', value: '<p>Hi<script>alert(1)</script></p>' }).expect(200);
    expect(footer.body.value).toBe('<p>Hi</p>');
    await request(ctx.app).get('/api/settings/footer_html').expect(200, { html: '<p>Hi</p>' });
    const nav = await owner.post('/api/admin/settings').send({ key: 'header_nav', value: { items: [{ label: 'X', path: 'javascript:alert(1)' }] } }).expect(400);
    expect(nav.body.errors).toEqual({ 'value.items.0.path': '"X": Path must not be a javascript: address (only site paths, #anchors, http(s):// and mailto:)' });
  });

  it('answers 400 for a bad key, a missing value and a value that is not text', async () => {
    await owner.post('/api/admin/settings').send({ value: 'x' }).expect(400, { message: 'Required', errors: { key: 'Required' } });
    await owner
      .post('/api/admin/settings')
      .send({ key: 'Site-Name', value: 'x' })
      .expect(400, { message: 'Setting key must be lowercase letters, digits and underscores', errors: { key: 'Setting key must be lowercase letters, digits and underscores' } });
    await owner.post('/api/admin/settings').send({ key: 'site_name' }).expect(400, { message: 'Required', errors: { value: 'Required' } });
    await owner.post('/api/admin/settings').send({ key: 'site_name', value: { a: 1 } }).expect(400, { message: 'Value must be text', errors: { value: 'Value must be text' } });
    await owner.post('/api/admin/settings').send({ key: 'site_name', value: 'x'.repeat(10_001) }).expect(400, { message: 'Value must be at most 10,000 characters', errors: { value: 'Value must be at most 10,000 characters' } });
  });
});

describe('a field the endpoint does not name', () => {
  it('is refused on every write: 400 naming it, nothing written', async () => {
    const head = await ctx.container.eventStore.headPosition();
    const writes = [
      owner.post('/api/admin/settings').send({ key: 'site_name', value: 'Other', x: 1 }),
      owner.put('/api/admin/settings/footer_html').send({ html: '<p>Other</p>', x: 1 }),
      owner.put('/api/admin/settings/header_nav').send({ nav: { items: [] }, x: 1 }),
    ];
    for (const write of writes) await write.expect(400, { message: 'Unknown field: x', errors: { x: 'Unknown field' } });
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
  });
});
