import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, lastResetToken, signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { PREMIUM_REQUIRED } from '../billing/premium.ts';
import { TOKEN_READ_ONLY } from '../http/endpoints.ts';
import { subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { MAX_ACTIVE_TOKENS, tokenMessages } from './business-logic.ts';
import { TOKEN_LIMIT } from './token-auth.ts';
import { tokenFieldMessages } from '../../contracts/tokens.ts';

let ctx: TestContext;
const NOW = new Date('2026-03-02T15:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: NOW });
});
afterAll(async () => {
  await ctx?.close();
});

async function withToken(body: Record<string, unknown> = { name: 'Spreadsheet' }) {
  const user = await signUp(ctx.app);
  const res = await user.agent.post('/api/user/tokens').send(body).expect(201);
  return { ...user, tokenId: res.body.id as string, token: res.body.token as string };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('personal API tokens: create, list, revoke', () => {
  it('answers 401 to a visitor', async () => {
    await request(ctx.app).get('/api/user/tokens').expect(401);
    await request(ctx.app).post('/api/user/tokens').send({ name: 'x' }).expect(401);
    await request(ctx.app).delete('/api/user/tokens/abc').expect(401);
  });

  it('creates a token: the secret once (wd_ + 43 characters), only its SHA-256 in the log, never in the list', async () => {
    const { agent, id, tokenId, token } = await withToken({ name: '  Spreadsheet  ', expiresAt: '2026-06-01T00:00:00Z' });
    expect(token).toMatch(/^wd_[A-Za-z0-9_-]{43}$/);
    const events = await ctx.deps.log.readStream(streams.apiTokens(id));
    expect(events.map((e) => e.type)).toEqual(['ApiTokenCreated']);
    expect(JSON.stringify(events)).not.toContain(token);
    expect(events[0]!.data).toMatchObject({ tokenId, name: 'Spreadsheet', tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/), expiresAt: '2026-06-01T00:00:00Z' });
    const list = await agent.get('/api/user/tokens').expect(200);
    expect(list.body).toEqual([{ id: tokenId, name: 'Spreadsheet', createdAt: NOW.toISOString(), expiresAt: '2026-06-01T00:00:00Z', lastUsedAt: null, expired: false }]);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it.each([
    [{}, 'name', 'Required'], // a missing field says Required (services/http/validation.ts)
    [{ name: '   ' }, 'name', tokenFieldMessages.nameRequired],
    [{ name: 42 }, 'name', tokenFieldMessages.nameText],
    [{ name: 'x'.repeat(61) }, 'name', tokenFieldMessages.nameLong],
    [{ name: 'ok', expiresAt: 'tomorrow' }, 'expiresAt', tokenFieldMessages.expiresAtInvalid],
    [{ name: 'ok', expiresAt: '2026-03-01T00:00:00Z' }, 'expiresAt', tokenMessages.expiryPast],
    [{ name: 'ok', expiresAt: NOW.toISOString() }, 'expiresAt', tokenMessages.expiryPast],
    [{ name: 'ok', scope: 'write' }, 'scope', 'Unknown field'],
  ])('refuses %j: 400 on %s', async (body, field, message) => {
    const { agent } = await signUp(ctx.app);
    const res = await agent.post('/api/user/tokens').send(body).expect(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it(`keeps at most ${MAX_ACTIVE_TOKENS} working tokens; revoking one makes room`, async () => {
    const { agent } = await signUp(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_TOKENS; i++) ids.push((await agent.post('/api/user/tokens').send({ name: `t${i}` }).expect(201)).body.id);
    const refused = await agent.post('/api/user/tokens').send({ name: 'one more' }).expect(400);
    expect(refused.body.message).toBe(tokenMessages.tooMany);
    await agent.delete(`/api/user/tokens/${ids[0]}`).expect(204);
    await agent.post('/api/user/tokens').send({ name: 'one more' }).expect(201);
  });

  it("revokes: 204, gone from the list, 404 again and for another user's token", async () => {
    const { agent, tokenId } = await withToken();
    const other = await signUp(ctx.app);
    await other.agent.delete(`/api/user/tokens/${tokenId}`).expect(404, { message: tokenMessages.notFound });
    await agent.delete(`/api/user/tokens/${tokenId}`).expect(204);
    await agent.get('/api/user/tokens').expect(200, []);
    await agent.delete(`/api/user/tokens/${tokenId}`).expect(404, { message: tokenMessages.notFound });
  });
});

describe('a request with a token', () => {
  it('reads the user area as the token user, without a cookie and without setting one', async () => {
    const { token, agent } = await withToken();
    await agent.post('/api/user/portfolio').send({}).expect(400); // the session still works
    for (const path of ['/api/user/portfolio', '/api/user/favorites', '/api/user/dividends/calendar', '/api/user/payouts', '/api/user/calendar-feed']) {
      const res = await request(ctx.app).get(path).set(bearer(token));
      expect(res.status, path).toBe(200);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it("reads Premium's endpoints (the income record, its CSV, the goal) only while its user has Premium: 403 with Premium's message otherwise", async () => {
    const { token, id } = await withToken();
    const premiumReads = ['/api/user/income', '/api/user/income.csv?by=month', '/api/user/income-goal'];
    for (const path of premiumReads) {
      const res = await request(ctx.app).get(path).set(bearer(token));
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(PREMIUM_REQUIRED);
    }
    await subscribe(ctx, id, 'premium', 'active');
    for (const path of premiumReads) expect((await request(ctx.app).get(path).set(bearer(token))).status, path).toBe(200);
    await subscribe(ctx, id, 'premium', 'canceled');
    expect((await request(ctx.app).get('/api/user/income').set(bearer(token))).status).toBe(403);
  });

  it('records when it was last used (the list shows it)', async () => {
    const { token, agent } = await withToken();
    await request(ctx.app).get('/api/user/favorites').set(bearer(token)).expect(200);
    const list = await agent.get('/api/user/tokens').expect(200);
    expect(list.body[0].lastUsedAt).toBe(ctx.deps.now().toISOString());
  });

  it('is refused every write (403), public writes included, and cannot manage tokens', async () => {
    const { token, tokenId } = await withToken();
    for (const [method, path] of [
      ['post', '/api/user/portfolio'],
      ['post', '/api/user/favorites'],
      ['put', '/api/user/income-goal'],
      ['post', '/api/user/tokens'],
      ['get', '/api/user/tokens'],
      ['delete', `/api/user/tokens/${tokenId}`],
      ['post', '/api/logout-all'],
      ['get', '/api/user'],
      ['post', '/api/login'],
    ] as const) {
      const res = await request(ctx.app)[method](path).set(bearer(token)).send({});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(TOKEN_READ_ONLY);
    }
  });

  it("is refused the owner's routes (403), even the owner's own token", async () => {
    const owner = await signUpOwner(ctx.app, ctx.deps);
    const { token } = (await owner.agent.post('/api/user/tokens').send({ name: 'admin script' }).expect(201)).body as { token: string };
    await owner.agent.get('/api/admin/jobs').expect(200);
    for (const path of ['/api/admin/jobs', '/api/admin/users', '/api/admin/nothing-here']) {
      const res = await request(ctx.app).get(path).set(bearer(token));
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(TOKEN_READ_ONLY);
    }
  });

  it('reads public endpoints as anyone would', async () => {
    const { token } = await withToken();
    await request(ctx.app).get('/api/etfs').set(bearer(token)).expect(200);
  });

  it('401 with a clear message: unknown, malformed, revoked, expired', async () => {
    const unknown = `wd_${'A'.repeat(43)}`;
    for (const value of [unknown, 'not-a-token', '']) {
      const res = await request(ctx.app).get('/api/user/portfolio').set('Authorization', `Bearer ${value}`).expect(401);
      expect(res.body.message).toBe('Invalid API token');
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    const revoked = await withToken();
    await revoked.agent.delete(`/api/user/tokens/${revoked.tokenId}`).expect(204);
    await request(ctx.app).get('/api/user/portfolio').set(bearer(revoked.token)).expect(401, { message: 'This API token was revoked' });

    const expiring = await withToken({ name: 'short', expiresAt: new Date(NOW.getTime() + 600_000).toISOString() });
    await request(ctx.app).get('/api/user/portfolio').set(bearer(expiring.token)).expect(200);
    ctx.advance(600_000);
    try {
      await request(ctx.app)
        .get('/api/user/portfolio')
        .set(bearer(expiring.token))
        .expect(401, { message: `This API token expired on ${new Date(NOW.getTime() + 600_000).toISOString()}` });
      const list = await expiring.agent.get('/api/user/tokens').expect(200);
      expect(list.body[0]).toMatchObject({ id: expiring.tokenId, expired: true });
    } finally {
      ctx.advance(-600_000);
    }
  });

  it(`is limited to ${TOKEN_LIMIT.limit} requests a minute per token: 429 with Retry-After`, async () => {
    const { token } = await withToken();
    const other = await withToken();
    for (let i = 0; i < TOKEN_LIMIT.limit; i++) await request(ctx.app).get('/api/user/favorites').set(bearer(token)).expect(200);
    const res = await request(ctx.app).get('/api/user/favorites').set(bearer(token)).expect(429);
    // the clock stands still in this spec: the whole minute is left
    expect(res.body.message).toBe('Too many requests with this API token. Try again in 60 seconds.');
    expect(res.headers['retry-after']).toBe('60');
    // another token of the same moment is not held back
    await request(ctx.app).get('/api/user/favorites').set(bearer(other.token)).expect(200);
  });
});

describe('revoking every token with the sessions', () => {
  it('log out everywhere keeps the tokens unless asked (revokeTokens: true)', async () => {
    const kept = await withToken();
    await kept.agent.post('/api/logout-all').send({}).expect(200);
    await request(ctx.app).get('/api/user/favorites').set(bearer(kept.token)).expect(200);

    const revoked = await withToken();
    await revoked.agent.post('/api/logout-all').send({ revokeTokens: true }).expect(200);
    await request(ctx.app).get('/api/user/favorites').set(bearer(revoked.token)).expect(401, { message: 'This API token was revoked' });
    const events = await ctx.deps.log.readStream(streams.apiTokens(revoked.id));
    expect(events.at(-1)).toMatchObject({ type: 'ApiTokenRevoked', data: { tokenId: revoked.tokenId, reason: 'logout-all' } });

    const wrong = await withToken();
    const res = await wrong.agent.post('/api/logout-all').send({ revokeTokens: 'yes' }).expect(400);
    expect(res.body.errors).toEqual({ revokeTokens: 'revokeTokens must be true or false' });
  });

  it('a password reset revokes them unless revokeTokens: false', async () => {
    for (const [revokeTokens, status] of [
      [undefined, 401],
      [true, 401],
      [false, 200],
    ] as const) {
      const { user, token } = await withToken();
      await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
      await ctx.deps.mailer.idle();
      const reset = lastResetToken(ctx.dataDir, user.email);
      await request(ctx.app)
        .post('/api/reset-password')
        .send({ token: reset, newPassword: 'another-good-pw-9', ...(revokeTokens === undefined ? {} : { revokeTokens }) })
        .expect(200);
      const res = await request(ctx.app).get('/api/user/favorites').set(bearer(token));
      expect(res.status, `revokeTokens: ${revokeTokens}`).toBe(status);
    }
  });
});

describe('the OpenAPI document', () => {
  it('has the bearer scheme on exactly the token-readable reads, and the webhook payloads', async () => {
    const doc = (await request(ctx.app).get('/api/openapi.json').expect(200)).body as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      webhooks: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
    };
    expect(doc.components.securitySchemes['token']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withToken = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const))
      .filter(([, op]) => op.security?.some((s) => 'token' in s))
      .map(([name]) => name)
      .sort();
    expect(withToken).toEqual([
      'GET /api/user/calendar-feed',
      'GET /api/user/dividends/calendar',
      'GET /api/user/favorites',
      'GET /api/user/favorites/{etfId}',
      'GET /api/user/income',
      'GET /api/user/income-goal',
      'GET /api/user/income.csv',
      'GET /api/user/payouts',
      'GET /api/user/portfolio',
      'GET /api/user/portfolio/{holdingId}',
    ]);
    expect(Object.keys(doc.webhooks).sort()).toEqual(['alert.sent', 'distribution.changed', 'distribution.declared', 'payout.received']);
    expect(doc.webhooks['payout.received']!.post.requestBody.content['application/json']).toBeDefined();
  });
});
