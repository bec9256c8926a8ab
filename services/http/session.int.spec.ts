import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredCaches } from '../../domain/caches/registry.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import type { Config } from './config.ts';
import { UNSEAL_CACHE_LIMIT, UnsealedSessions, unsealedSessions } from './session.ts';

/** The sealed value of a `weeklydiv_session=...` pair, as the gateway reads it from the Cookie header. */
const sealOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

describe('the unsealed-sessions cache', () => {
  const config = {} as Config;
  const other = {} as Config;

  it('is bounded: once full, the oldest cookie is dropped first', () => {
    const cache = new UnsealedSessions(2);
    cache.set(config, 'a', { userId: 'a' });
    cache.set(config, 'b', { userId: 'b' });
    cache.set(config, 'c', { userId: 'c' });
    expect(cache.size).toBe(2);
    expect(cache.get(config, 'a')).toBeUndefined();
    expect(cache.get(config, 'b')).toEqual({ userId: 'b' });
    expect(cache.get(config, 'c')).toEqual({ userId: 'c' });
  });

  it('answers only for the configuration the cookie was unsealed with (its secret and TTL)', () => {
    const cache = new UnsealedSessions(2);
    cache.set(config, 'a', { userId: 'a' });
    expect(cache.get(other, 'a')).toBeUndefined();
    cache.set(other, 'a', {});
    expect(cache.get(config, 'a')).toBeUndefined();
    expect(cache.get(other, 'a')).toEqual({});
    expect(cache.size).toBe(1);
  });

  it('is the registered process-wide table, of UNSEAL_CACHE_LIMIT cookies', () => {
    expect(registeredCaches().find((c) => c.name === 'unsealed-sessions')).toMatchObject({ owner: 'services/http/session.ts', bound: '10,000 cookies (UNSEAL_CACHE_LIMIT)', clearable: true });
    expect(UNSEAL_CACHE_LIMIT).toBe(10_000);
  });
});

describe('a session whose cookie is in the unsealed-sessions cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(fastEnv);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is still refused once revoked (logout everywhere) or ended (logout)', async () => {
    for (const end of ['/api/logout-all', '/api/logout']) {
      const { id, cookie } = await signUp(ctx.app);
      await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(200);
      const remembered = unsealedSessions.get(ctx.deps.config, sealOf(cookie));
      expect(remembered).toMatchObject({ userId: id });

      await request(ctx.app).post(end).set('Cookie', cookie).expect(200);
      await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(401);
      // refused by the checks on every request, with the unsealed value still remembered
      expect(unsealedSessions.get(ctx.deps.config, sealOf(cookie))).toBe(remembered);
    }
  });
});
