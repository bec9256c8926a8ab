import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { settingDecider } from './business-logic.ts';
import { defaultHeaderNav } from './defaults.ts';

let ctx: TestContext;
// 2026-12-31 23:30 in New York is already 2027 in UTC: the footer says 2026.
beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2027-01-01T04:30:00.000Z') });
});
afterAll(async () => {
  await ctx?.close();
});

/** Settings changed through the decider directly (the owner's routes have their own spec: admin-api.int.spec.ts). */
async function change(key: string, value: unknown) {
  const now = ctx.deps.now().toISOString();
  const result = await handleCommand(ctx.deps.log, streams.settings(key), settingDecider, { type: 'ChangeSetting', data: { key, value } }, { actor: 'user:owner', correlationId: 'test', now });
  await ctx.deps.readModels.waitFor(result.position);
}

describe('site settings API', () => {
  it('answers the default header navigation before the owner saves one', async () => {
    const res = await request(ctx.app).get('/api/settings/header_nav').expect(200);
    expect(res.body).toEqual({ items: defaultHeaderNav().items });
    expect(res.body.items).toEqual([
      { type: 'link', label: 'ETF Database', path: '/etfs' },
      {
        type: 'dropdown',
        label: 'Brands',
        children: [
          { type: 'link', label: 'Roundhill', path: '/etfs/roundhill' },
          { type: 'link', label: 'Granite', path: '/etfs/granite' },
          { type: 'link', label: 'YieldMax', path: '/etfs/yieldmax' },
          { type: 'link', label: 'Defiance', path: '/etfs/defiance' },
          { type: 'link', label: 'REX', path: '/etfs/rex' },
          { type: 'link', label: 'Nicholas', path: '/etfs/nicholas' },
        ],
      },
      { type: 'link', label: 'Dividend Calendar', path: '/dividend-calendar' },
      { type: 'link', label: 'News', path: '/news' },
    ]);
  });

  it('answers the default footer: copyright of the New York year of the request clock, and the disclaimer', async () => {
    const res = await request(ctx.app).get('/api/settings/footer_html').expect(200);
    expect(Object.keys(res.body)).toEqual(['html']);
    expect(res.body.html).toContain('© 2026 WeeklyDiv. All rights reserved.');
    expect(res.body.html).toContain('not financial advice');
    ctx.advance(60 * 60 * 1000); // 00:30 on 2027-01-01 in New York
    expect((await request(ctx.app).get('/api/settings/footer_html')).body.html).toContain('© 2027 WeeklyDiv. All rights reserved.');
  });

  it('answers what the owner saved once it is saved', async () => {
    const nav = { items: [{ label: 'ETFs', path: '/etfs' }, { type: 'divider' }, { label: 'More', items: [{ label: 'News', path: '/news' }], type: 'dropdown' }] };
    await change('header_nav', nav);
    await change('footer_html', '<p>© WeeklyDiv</p>');
    expect((await request(ctx.app).get('/api/settings/header_nav').expect(200)).body).toEqual({
      items: [{ label: 'ETFs', path: '/etfs' }, { type: 'divider' }, { type: 'dropdown', label: 'More', items: [{ label: 'News', path: '/news' }] }],
    });
    await request(ctx.app).get('/api/settings/footer_html').expect(200, { html: '<p>© WeeklyDiv</p>' });
  });

  it('keeps other settings private: 404', async () => {
    await change('site_secret_note', 'owner only');
    await request(ctx.app).get('/api/settings/site_secret_note').expect(404, { message: 'Setting not found' });
    await request(ctx.app).get('/api/settings/nope').expect(404, { message: 'Setting not found' });
  });
});
