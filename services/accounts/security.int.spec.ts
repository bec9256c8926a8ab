import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { FORGOT_PASSWORD_MIN_MS } from './api.ts';
import { LOGIN_LIMITS } from './commands.ts';
import { CLIENT_LIMITS } from './client-limit.ts';
import { SESSION_IDLE_MINUTES } from '../http/config.ts';
import { fastEnv, lastResetToken, OWNER_EMAIL, readOutbox, sessionCookie, signUp, signUpOwner, uniqueEmail, useProxiedTestContext } from './test-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// TRUST_PROXY so each test can act from its own client IP (X-Forwarded-For) and not share the per-IP counter.
const { ctx, freshIp } = useProxiedTestContext('203.0.113');

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, path /, at most 12 hours, and not Secure outside production', async () => {
    const res = await request(ctx.app).post('/api/register').set('X-Forwarded-For', freshIp()).send({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'secret-pw' });
    expect(res.status).toBe(201);
    const header = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('weeklydiv_session='))!;
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).not.toMatch(/; Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(11 * 3600);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
  });

  it('is Secure in production', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      // Production refuses to start without SMTP_URL; nothing listens here, and no mail is needed.
      SMTP_URL: 'smtp://127.0.0.1:1',
      // Production refuses a cost below OWASP's: this one registration hashes at 2^17.
    });
    try {
      expect(prod.deps.config.passwordScryptLogN).toBe(17);
      const res = await request(prod.app).post('/api/register').send({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'secret-pw' }).expect(201);
      const header = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('weeklydiv_session='))!;
      expect(header).toMatch(/; Secure/i);
      expect(header).toMatch(/; HttpOnly/i);
      expect(header).toMatch(/; SameSite=Lax/i);
      // the device cookie of a browser that signed in (audit S2) too
      const device = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('weeklydiv_device='))!;
      expect(device).toMatch(/; Secure/i);
      expect(device).toMatch(/; HttpOnly/i);
      expect(device).toMatch(/; SameSite=Lax/i);
    } finally {
      await prod.close();
    }
  });

  it('does not work once tampered with', async () => {
    const { cookie } = await signUp(ctx.app);
    const [name, value] = cookie.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(200);
    await request(ctx.app).get('/api/user').set('Cookie', tampered).expect(401);
  });

  it('expires after SESSION_TTL_HOURS (12) by the gateway clock', async () => {
    const { cookie } = await signUp(ctx.app);
    let current = cookie;
    // Active all along (a request every 45 minutes, within the idle timeout), up to a minute before the limit.
    for (let elapsed = 0; elapsed < 12 * HOUR - MINUTE; ) {
      const step = Math.min(45 * MINUTE, 12 * HOUR - MINUTE - elapsed);
      ctx.advance(step);
      elapsed += step;
      const res = await request(ctx.app).get('/api/user').set('Cookie', current).expect(200);
      if (res.headers['set-cookie']) current = sessionCookie(res.headers['set-cookie']);
    }
    ctx.advance(MINUTE);
    const res = await request(ctx.app).get('/api/user').set('Cookie', current).expect(401);
    expect(String(res.headers['set-cookie'])).toMatch(/weeklydiv_session=;/); // the dead cookie is cleared
  });
});

describe('session revocation (per-user epoch)', () => {
  it('logout everywhere ends every session of the user, including copies of old cookies', async () => {
    const { agent, user, cookie: first } = await signUp(ctx.app);
    const laptop = request.agent(ctx.app);
    await laptop.post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    await laptop.get('/api/user').expect(200);
    const res = await agent.post('/api/logout-all').expect(200);
    expect(res.body).toEqual({ message: 'Logged out on every device' });
    await agent.get('/api/user').expect(401);
    await laptop.get('/api/user').expect(401);
    await request(ctx.app).get('/api/user').set('Cookie', first).expect(401);
    // Signing in again gives a cookie for the new epoch.
    await laptop.post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    await laptop.get('/api/user').expect(200);
  });

  it('logging out with a revoked cookie clears it once', async () => {
    const { agent, cookie } = await signUp(ctx.app);
    await agent.post('/api/logout-all').expect(200);
    const res = await request(ctx.app).post('/api/logout').set('Cookie', cookie).expect(200);
    const cleared = (res.headers['set-cookie'] as unknown as string[]).filter((c) => c.startsWith('weeklydiv_session='));
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/Max-Age=0/i);
  });

  it('logout everywhere needs a signed-in user (401)', async () => {
    const res = await request(ctx.app).post('/api/logout-all').expect(401);
    expect(res.body).toEqual({ message: 'Not authenticated' });
  });

  it('a password reset ends every existing session', async () => {
    const { agent, user, cookie } = await signUp(ctx.app);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    await request(ctx.app).post('/api/reset-password').send({ token: lastResetToken(ctx.dataDir, user.email), newPassword: 'another-pw' }).expect(200);
    await agent.get('/api/user').expect(401);
    await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(401);
  });
});

describe('admin routes', () => {
  it('refuse visitors with 401 and users who are not the owner with 403, on any /api/admin path', async () => {
    const user = await signUp(ctx.app);
    for (const [method, path] of [
      ['get', '/api/admin/ping'],
      ['get', '/api/admin/no-such-route'],
      ['post', '/api/admin/etfs'],
      ['delete', '/api/admin/news/1'],
    ] as const) {
      const visitor = await request(ctx.app)[method](path).expect(401);
      expect(visitor.body).toEqual({ message: 'Not authenticated' });
      const signedIn = await user.agent[method](path).expect(403);
      expect(signedIn.body).toEqual({ message: 'Admin access required' });
    }
  });

  it('let the owner (ADMIN_EMAIL, verified) in; unknown admin routes are then a JSON 404', async () => {
    const owner = await signUpOwner(ctx.app, ctx.deps);
    expect((await owner.agent.get('/api/admin/ping').expect(200)).body).toEqual({ ok: true, owner: OWNER_EMAIL });
    expect((await owner.agent.get('/api/admin/no-such-route').expect(404)).body).toEqual({ message: 'Not found' });
  });
});

describe('login throttling', () => {
  it(`blocks an (account, client IP) pair after ${LOGIN_LIMITS.perAccountAndIp} failures for 15 minutes with 429 and Retry-After, even with the right password`, async () => {
    const { user } = await signUp(ctx.app);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: 'wrong-password' }).expect(401);
    }
    const blocked = await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(429);
    expect(blocked.body).toEqual({ message: 'Too many login attempts. Try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);

    ctx.advance(14 * MINUTE);
    const later = await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(429);
    expect(later.body).toEqual({ message: 'Too many login attempts. Try again in 1 minute.' });
    expect(Number(later.headers['retry-after'])).toBe(60);

    ctx.advance(MINUTE);
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(200);
  });

  it('counts an unknown e-mail the same way (no hint that the account does not exist)', async () => {
    const email = uniqueEmail('nobody');
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password: 'wrong-password' }).expect(401);
    }
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password: 'wrong-password' }).expect(429);
  });

  it('resets the account counter on a successful login', async () => {
    const { user } = await signUp(ctx.app);
    const attempt = (password: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password });
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures - 1; i++) await attempt('wrong-password').expect(401);
    await attempt(user.password).expect(200);
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures - 1; i++) await attempt('wrong-password').expect(401);
    await attempt(user.password).expect(200);
  });

  it(`blocks a client IP after ${LOGIN_LIMITS.perIp} failures across accounts`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: uniqueEmail('spray'), password: 'wrong-password' }).expect(401);
    }
    const { user } = await signUp(ctx.app);
    const res = await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(429);
    expect(res.body.message).toBe('Too many login attempts. Try again in 15 minutes.');
    expect(res.headers['retry-after']).toBe('900');
    // Another client can still sign in to that account.
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
  });

  it('behind the proxy, takes the address the load balancer saw (the last X-Forwarded-For entry), not forged ones', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', `10.9.8.${i}, ${ip}`).send({ email: uniqueEmail('spray'), password: 'wrong-password' }).expect(401);
    }
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', `10.9.9.9, ${ip}`).send({ email: uniqueEmail('spray'), password: 'wrong-password' }).expect(429);
  });
});

describe('login throttling without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot dodge the per-IP limit by inventing addresses', async () => {
    const direct = await createTestContext({ ...fastEnv });
    try {
      for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
        await request(direct.app).post('/api/login').set('X-Forwarded-For', `198.51.100.${i}`).send({ email: uniqueEmail('spray'), password: 'wrong-password' }).expect(401);
      }
      await request(direct.app).post('/api/login').set('X-Forwarded-For', '198.51.100.200').send({ email: uniqueEmail('spray'), password: 'wrong-password' }).expect(429);
    } finally {
      await direct.close();
    }
  });
});

describe('timing', () => {
  it('a failed login takes about as long for an unknown e-mail as for a wrong password (dummy hash)', async () => {
    // One wrong password for each of ten accounts (never the per-account back-off), interleaved with ten
    // unknown e-mails: the fastest of ten is the work itself even when the machine is busy for most of
    // them (a busy machine only ever adds time; with four samples a loaded CI once lost all four).
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(ctx.app)));
    const time = async (email: string) => {
      const started = performance.now();
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email, password: 'wrong-password' }).expect(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (const { user } of users) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Without the dummy verification an unknown e-mail answers in a fraction of the time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.6);
  });

  it('forgot password answers at the same speed whether or not the account exists', async () => {
    const { user } = await signUp(ctx.app);
    const time = async (email: string) => {
      const started = performance.now();
      await request(ctx.app).post('/api/forgot-password').send({ email }).expect(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    // Both are held to the same floor; the fastest of each shows it (a busy machine only adds time).
    expect(Math.abs(Math.min(...known) - Math.min(...unknown))).toBeLessThan(50);
  });
});

describe('reset tokens', () => {
  async function requestReset() {
    const { user } = await signUp(ctx.app);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    return { user, token: lastResetToken(ctx.dataDir, user.email) };
  }

  it('work only once', async () => {
    const { token } = await requestReset();
    await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'first-new-pw' }).expect(200);
    const again = await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'second-new-pw' }).expect(400);
    expect(again.body).toEqual({ message: 'This reset link is invalid or has expired.' });
  });

  it('work once even when used twice at the same moment', async () => {
    const { user, token } = await requestReset();
    const results = await Promise.all([
      request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'parallel-pw-1' }),
      request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'parallel-pw-2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'parallel-pw-1' : 'parallel-pw-2';
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: winner }).expect(200);
  });

  it('expire after 60 minutes', async () => {
    const first = await requestReset();
    const second = await requestReset();
    ctx.advance(59 * MINUTE);
    await request(ctx.app).post('/api/reset-password').send({ token: first.token, newPassword: 'in-time-pw' }).expect(200);
    ctx.advance(MINUTE);
    const late = await request(ctx.app).post('/api/reset-password').send({ token: second.token, newPassword: 'too-late-pw' }).expect(400);
    expect(late.body).toEqual({ message: 'This reset link is invalid or has expired.' });
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: second.user.email, password: second.user.password }).expect(200);
  });

  it('requested before the last password change no longer work', async () => {
    const { user, token: older } = await requestReset();
    ctx.advance(1000);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    const newer = lastResetToken(ctx.dataDir, user.email);
    expect(newer).not.toBe(older);
    await request(ctx.app).post('/api/reset-password').send({ token: newer, newPassword: 'newest-pw' }).expect(200);
    await request(ctx.app).post('/api/reset-password').send({ token: older, newPassword: 'stale-pw' }).expect(400);
  });

  it('are stored only as SHA-256 hashes', async () => {
    const { token } = await requestReset();
    const all = await ctx.deps.log.readAll(0, 100_000);
    expect(JSON.stringify(all)).not.toContain(token);
    expect(all.some((e) => e.type === 'PasswordResetRequested')).toBe(true);
  });

  it('are mailed at most 5 times an hour per address; further requests answer the same and send nothing', async () => {
    const { user } = await signUp(ctx.app);
    for (let i = 0; i < 7; i++) await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    const resetMails = () => readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'Reset your WeeklyDiv password');
    expect(resetMails()).toHaveLength(5);
    ctx.advance(HOUR);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    expect(resetMails()).toHaveLength(6);
  });
});

describe('cookie replay after logout', () => {
  it('the cleared cookie is gone from the browser; /api/user is 401 for that agent', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/user').expect(401);
  });

  it('a copy of the cookie taken before logout gets 401 at once (the session id is ended on the server)', async () => {
    const { agent, cookie } = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(200);
    await agent.post('/api/logout').expect(200);
    await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(401);
    await request(ctx.app).post('/api/logout').set('Cookie', cookie).expect(200);
    // Other users' sessions are untouched.
    await request(ctx.app).get('/api/user').set('Cookie', other.cookie).expect(200);
  });

  it('logging out one session leaves the user\'s other sessions working', async () => {
    const { agent, user } = await signUp(ctx.app);
    const laptop = request.agent(ctx.app);
    await laptop.post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    await agent.post('/api/logout').expect(200);
    await laptop.get('/api/user').expect(200);
  });
});

describe('idle timeout', () => {
  it(`ends a session after ${SESSION_IDLE_MINUTES} minutes without a request; activity keeps it alive up to the 12-hour limit`, async () => {
    const { cookie } = await signUp(ctx.app);
    let current = cookie;
    // A request every 50 minutes keeps the session alive (the cookie is refreshed on the way).
    for (let i = 0; i < 3; i++) {
      ctx.advance(SESSION_IDLE_MINUTES * MINUTE - 10 * MINUTE);
      const res = await request(ctx.app).get('/api/user').set('Cookie', current).expect(200);
      const set = res.headers['set-cookie'];
      if (set) current = sessionCookie(set);
    }
    ctx.advance(SESSION_IDLE_MINUTES * MINUTE);
    const res = await request(ctx.app).get('/api/user').set('Cookie', current).expect(401);
    expect(String(res.headers['set-cookie'])).toMatch(/weeklydiv_session=;/);
  });
});

describe('per-client limits on sign-up and forgot-password', () => {
  // Its own app with the default limits (the harness raises them for the other specs).
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      ...fastEnv,
      TRUST_PROXY: 'true',
      SIGNUP_LIMIT_PER_HOUR: String(CLIENT_LIMITS.register.limit),
      FORGOT_PASSWORD_LIMIT_PER_HOUR: String(CLIENT_LIMITS.forgotPassword.limit),
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it(`the ${CLIENT_LIMITS.register.limit + 1}st sign-up from one address in an hour is 429 with Retry-After; another address is not affected; after the hour it works again`, async () => {
    const ip = freshIp();
    const register = (from: string) =>
      request(limited.app).post('/api/register').set('X-Forwarded-For', from).send({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'secret-pw' });
    for (let i = 0; i < CLIENT_LIMITS.register.limit; i++) await register(ip).expect(201);
    limited.advance(10 * MINUTE);
    const res = await register(ip).expect(429);
    expect(res.body.message).toBe('Too many sign-ups from your network. Try again in 50 minutes.');
    expect(Number(res.headers['retry-after'])).toBe(50 * 60);
    await register(freshIp()).expect(201);
    limited.advance(50 * MINUTE);
    await register(ip).expect(201);
  });

  it(`the ${CLIENT_LIMITS.forgotPassword.limit + 1}st forgot-password request from one address in an hour is 429 with Retry-After; another address is not affected; after the hour it works again`, async () => {
    const ip = freshIp();
    const forgot = (from: string) => request(limited.app).post('/api/forgot-password').set('X-Forwarded-For', from).send({ email: uniqueEmail('nobody') });
    for (let i = 0; i < CLIENT_LIMITS.forgotPassword.limit; i++) await forgot(ip).expect(200);
    const res = await forgot(ip).expect(429);
    expect(res.body.message).toMatch(/^Too many password reset requests from your network\. Try again in (59|60) minutes\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(59 * 60 - 10);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    await forgot(freshIp()).expect(200);
    limited.advance(HOUR);
    await forgot(ip).expect(200);
  });

  it('the counts survive a restart on the embedded default (SQLite in DATA_DIR, not process memory)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-client-limits-'));
    const env = { ...fastEnv, TRUST_PROXY: 'true', DATA_DIR: dir, SIGNUP_LIMIT_PER_HOUR: '2' };
    const ip = '198.51.100.7';
    const register = (app: TestContext['app']) =>
      request(app).post('/api/register').set('X-Forwarded-For', ip).send({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'secret-pw' });
    try {
      const before = await createTestContext(env);
      await register(before.app).expect(201);
      await register(before.app).expect(201);
      await before.container.stop();
      const after = await createTestContext(env);
      try {
        const res = await register(after.app).expect(429);
        expect(res.body.message).toMatch(/^Too many sign-ups from your network\. Try again in (59|60) minutes\.$/);
      } finally {
        await after.container.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
