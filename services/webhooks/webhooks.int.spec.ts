import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookFieldMessages } from '../../contracts/webhooks.ts';
import { webhookUrlMessages } from '../../infra/webhook-delivery/http-poster.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { PREMIUM_REQUIRED } from '../billing/premium.ts';
import { TOKEN_READ_ONLY } from '../http/endpoints.ts';
import { subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { MAX_WEBHOOKS, webhookMessages } from './business-logic.ts';

/** Registration rules, with private addresses refused (the default): public IP literals need no DNS. */
let ctx: TestContext;
const PUBLIC = 'https://93.184.216.34/weeklydiv';

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-03-02T15:00:00.000Z') });
});
afterAll(async () => {
  await ctx?.close();
});

async function premiumUser() {
  const user = await signUp(ctx.app);
  await subscribe(ctx, user.id, 'premium', 'active');
  return user;
}

describe('webhooks API', () => {
  it('401 to a visitor; registering needs Premium (403), listing does not', async () => {
    await request(ctx.app).post('/api/user/webhooks').send({ url: PUBLIC, events: ['alert.sent'] }).expect(401);
    await request(ctx.app).get('/api/user/webhooks').expect(401);
    const free = await signUp(ctx.app);
    const res = await free.agent.post('/api/user/webhooks').send({ url: PUBLIC, events: ['alert.sent'] }).expect(403);
    expect(res.body.message).toBe(PREMIUM_REQUIRED);
    await free.agent.get('/api/user/webhooks').expect(200, []);
  });

  it('registers: 201 with the secret once; the list shows the endpoint without it', async () => {
    const { agent } = await premiumUser();
    const created = await agent.post('/api/user/webhooks').send({ url: PUBLIC, events: ['distribution.declared', 'alert.sent'] }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) });
    const list = await agent.get('/api/user/webhooks').expect(200);
    expect(list.body).toEqual([{ id: created.body.id, url: PUBLIC, events: ['distribution.declared', 'alert.sent'], createdAt: '2026-03-02T15:00:00.000Z', deliveries: [] }]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
  });

  it(`keeps at most ${MAX_WEBHOOKS} endpoints: the fourth is a 400 with a message`, async () => {
    const { agent } = await premiumUser();
    for (let i = 0; i < MAX_WEBHOOKS; i++) await agent.post('/api/user/webhooks').send({ url: `${PUBLIC}/${i}`, events: ['alert.sent'] }).expect(201);
    const res = await agent.post('/api/user/webhooks').send({ url: `${PUBLIC}/4`, events: ['alert.sent'] }).expect(400);
    expect(res.body.message).toBe(webhookMessages.tooMany);
  });

  it.each([
    [{ events: ['alert.sent'] }, 'url', 'Required'],
    [{ url: '', events: ['alert.sent'] }, 'url', webhookFieldMessages.url],
    [{ url: 42, events: ['alert.sent'] }, 'url', webhookFieldMessages.url],
    [{ url: `https://x.test/${'a'.repeat(2000)}`, events: ['alert.sent'] }, 'url', webhookFieldMessages.urlLong],
    [{ url: PUBLIC }, 'events', 'Required'],
    [{ url: PUBLIC, events: [] }, 'events', webhookFieldMessages.eventsRequired],
    [{ url: PUBLIC, events: 'alert.sent' }, 'events', webhookFieldMessages.eventsRequired],
    [{ url: PUBLIC, events: ['price.changed'] }, 'events.0', webhookFieldMessages.eventUnknown],
    [{ url: PUBLIC, events: ['alert.sent', 'alert.sent'] }, 'events', webhookFieldMessages.eventsTwice],
    [{ url: PUBLIC, events: ['alert.sent'], secret: 'mine' }, 'secret', 'Unknown field'],
    [{ url: 'http://93.184.216.34/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.https],
    [{ url: 'not a url', events: ['alert.sent'] }, 'url', webhookUrlMessages.notUrl],
    [{ url: 'https://127.0.0.1/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('127.0.0.1', 'loopback')],
    [{ url: 'https://2130706433/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('127.0.0.1', 'loopback')],
    [{ url: 'https://[::1]/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('::1', 'loopback')],
    [{ url: 'https://169.254.169.254/latest', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('169.254.169.254', 'link-local')],
    [{ url: 'https://192.168.0.10/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('192.168.0.10', 'private')],
    [{ url: 'https://[fd00::1]/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.nonPublic('fd00::1', 'unique-local')],
    [{ url: 'https://me:pw@93.184.216.34/hook', events: ['alert.sent'] }, 'url', webhookUrlMessages.credentials],
  ])('refuses %j: 400 on %s', async (body, field, message) => {
    const { agent } = await premiumUser();
    const res = await agent.post('/api/user/webhooks').send(body).expect(400);
    expect(res.body.errors?.[field] ?? res.body.message).toBe(message);
  });

  it("removes: 204, gone from the list; 404 again and for another user's webhook", async () => {
    const { agent } = await premiumUser();
    const { id } = (await agent.post('/api/user/webhooks').send({ url: PUBLIC, events: ['alert.sent'] }).expect(201)).body as { id: string };
    const other = await premiumUser();
    await other.agent.delete(`/api/user/webhooks/${id}`).expect(404, { message: webhookMessages.notFound });
    await agent.delete(`/api/user/webhooks/${id}`).expect(204);
    await agent.get('/api/user/webhooks').expect(200, []);
    await agent.delete(`/api/user/webhooks/${id}`).expect(404);
  });

  it('is out of reach of an API token (403)', async () => {
    const { agent } = await premiumUser();
    const { token } = (await agent.post('/api/user/tokens').send({ name: 'script' }).expect(201)).body as { token: string };
    for (const [method, path] of [
      ['get', '/api/user/webhooks'],
      ['post', '/api/user/webhooks'],
      ['delete', '/api/user/webhooks/x'],
    ] as const) {
      const res = await request(ctx.app)[method](path).set('Authorization', `Bearer ${token}`).send({ url: PUBLIC, events: ['alert.sent'] });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(TOKEN_READ_ONLY);
    }
  });
});

describe('WEBHOOKS_ALLOW_PRIVATE', () => {
  it('is off by default and refused in production', async () => {
    const { loadConfig } = await import('../http/config.ts');
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'o@x.test', APP_URL: 'https://x.test', SMTP_URL: 'smtp://x.test' };
    expect(loadConfig(production).webhooksAllowPrivate).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOKS_ALLOW_PRIVATE: 'true' })).toThrow(/WEBHOOKS_ALLOW_PRIVATE cannot be used in production/);
  });
});
