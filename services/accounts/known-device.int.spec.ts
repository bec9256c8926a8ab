import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from './commands.ts';
import { lastResetToken, signUp, uniqueEmail, useProxiedTestContext } from './test-helpers.ts';

/**
 * Audit S2 (ASVS V6, no malicious lockout): a stranger's wrong passwords never keep the real user out.
 * A browser that signed in to the account before carries the device cookie and is throttled on its own
 * counter only; every other client meets its own limits (per address, per (account, address), the
 * account's growing wait once it has failed itself) and the two that all unknown clients share and no
 * single guess renews: at most 5 checks per fixed 10 s window, and 100 attempts a day.
 * docs/accounts-and-security.md.
 */

const { ctx, freshIp } = useProxiedTestContext('198.19.0');
const MINUTE = 60_000;

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

/** The `weeklydiv_device=...` Set-Cookie header of an answer, if any. */
function deviceSetCookie(res: request.Response): string | undefined {
  const all = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return all.find((c) => c.startsWith('weeklydiv_device='));
}

/** A user whose browser (`agent`) signed in before and then logged out: the device cookie stays. */
async function knownBrowser(): Promise<{ agent: Agent; user: { email: string; password: string } }> {
  const { agent, user } = await signUp(ctx.app);
  await agent.post('/api/logout').expect(200);
  return { agent, user };
}

const login = (client: Agent | ReturnType<typeof request>, ip: string, email: string, password: string) =>
  ('post' in client ? client : request(ctx.app)).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

/** A stranger's wrong password from an address of its own (a fresh one each time: spread over many). */
const strangerGuess = (email: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email, password: 'stranger-guess' });

describe('the device cookie', () => {
  it('is set at sign-up and at login: HttpOnly, SameSite=Lax, only for /api/login, for a year; it is not the session and stays after logout', async () => {
    const { user } = await signUp(ctx.app);
    const agent = request.agent(ctx.app);
    const res = await login(agent, freshIp(), user.email, user.password).expect(200);
    const header = deviceSetCookie(res)!;
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Path=\/api\/login(;|$)/i);
    expect(header).not.toMatch(/; Secure/i);
    expect(Number(/Max-Age=(\d+)/i.exec(header)?.[1])).toBeGreaterThan(364 * 24 * 3600);
    const logout = await agent.post('/api/logout').expect(200);
    expect(deviceSetCookie(logout)).toBeUndefined();
    // the device cookie alone signs nobody in
    const value = header.split(';')[0]!;
    await request(ctx.app).get('/api/user').set('Cookie', value).expect(401);
  });
});

describe('a stranger cannot keep the owner out (S2)', () => {
  it("while a stranger spreads guesses over many addresses (the audit's sec-28), the owner gets in at once: from a fresh address and from the browser that signed in before", async () => {
    const { agent, user } = await knownBrowser();
    for (let i = 0; i < 12; i++) {
      // a guess each time the account's wait has run out (the audit's sec-28: it kept every client out)
      await strangerGuess(user.email).expect(401);
      ctx.advance(LOGIN_LIMITS.accountMaxDelayMs);
    }
    await strangerGuess(user.email).expect(401);
    // a client with no failures of its own does not wait behind the stranger (before: 429 "Try again in 1 minute")…
    await login(request(ctx.app), freshIp(), user.email, user.password).expect(200);
    // …nor does the owner's browser, whatever its address
    await login(agent, freshIp(), user.email, user.password).expect(200);
  });

  it('unknown clients share a budget of 100 attempts a day on the account: then they wait until the day is over, the known browser still gets in, and a reset lifts it', async () => {
    const { agent, user } = await knownBrowser();
    for (let i = 0; i < LOGIN_LIMITS.accountUnknownBudget; i++) {
      await strangerGuess(user.email).expect(401);
      ctx.advance(LOGIN_LIMITS.accountMaxDelayMs);
    }
    const spent = await login(request(ctx.app), freshIp(), user.email, user.password).expect(429);
    const retryAfter = Number(spent.headers['retry-after']);
    // the window opened with the first guess, 100 minutes ago
    expect(retryAfter).toBe(24 * 3600 - 100 * 60);
    expect(spent.body).toEqual({
      message: 'Too many login attempts on this account. Try again in 23 hours, sign in from a browser you signed in with before, or reset your password.',
    });
    await login(agent, freshIp(), user.email, user.password).expect(200);
    await agent.post('/api/logout').expect(200);
    // the way out from a new browser: a password reset forgives the account's counters
    await request(ctx.app).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    await request(ctx.app).post('/api/reset-password').send({ token: lastResetToken(ctx.dataDir, user.email), newPassword: 'brand-new-pw' }).expect(200);
    await login(request(ctx.app), freshIp(), user.email, 'brand-new-pw').expect(200);
  });
});

describe('a known browser has limits of its own', () => {
  it(`${LOGIN_LIMITS.perDevice} failures lock that browser for 15 minutes, the right password included; the account's other clients do not wait for them`, async () => {
    const { agent, user } = await knownBrowser();
    for (let i = 0; i < LOGIN_LIMITS.perDevice; i++) await login(agent, freshIp(), user.email, 'wrong-password').expect(401);
    const locked = await login(agent, freshIp(), user.email, user.password).expect(429);
    expect(locked.body).toEqual({ message: 'Too many login attempts. Try again in 15 minutes.' });
    expect(locked.headers['retry-after']).toBe('900');
    // its failures are its own: an unknown client gets in at once
    await login(request(ctx.app), freshIp(), user.email, user.password).expect(200);
    ctx.advance(15 * MINUTE);
    await login(agent, freshIp(), user.email, user.password).expect(200);
  });

  it('40 parallel logins with the device cookie check at most its limit of passwords', async () => {
    const { agent, user } = await knownBrowser();
    const cookie = deviceSetCookie(await login(agent, freshIp(), user.email, user.password).expect(200))!.split(';')[0]!;
    await agent.post('/api/logout').expect(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).set('Cookie', cookie).send({ email: user.email, password: `guess-${i}` })),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perDevice);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(40 - LOGIN_LIMITS.perDevice);
  });
});

describe('what does not make a browser known', () => {
  /** Spends the account's daily budget of unknown clients (one guess per burst window): unknown clients then wait for the day. */
  async function strangerSpendsBudget(email: string): Promise<void> {
    for (let i = 0; i < LOGIN_LIMITS.accountUnknownBudget; i++) {
      await strangerGuess(email).expect(401);
      ctx.advance(LOGIN_LIMITS.accountBurstWindowMs);
    }
    await strangerGuess(email).expect(429);
  }

  it("a device cookie of another account (the stranger's own browser) is unknown to this one", async () => {
    const victim = await knownBrowser();
    const stranger = await knownBrowser();
    await strangerSpendsBudget(victim.user.email);
    await login(stranger.agent, freshIp(), victim.user.email, victim.user.password).expect(429);
    await login(victim.agent, freshIp(), victim.user.email, victim.user.password).expect(200);
  });

  it('log out everywhere and a password reset make every browser unknown until it signs in again', async () => {
    const { agent, user } = await knownBrowser();
    await login(agent, freshIp(), user.email, user.password).expect(200);
    await agent.post('/api/logout-all').expect(200);
    await strangerSpendsBudget(user.email);
    await login(agent, freshIp(), user.email, user.password).expect(429);
    // a reset lifts the account's counters; the browser that signs in then is known again
    await request(ctx.app).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    await request(ctx.app).post('/api/reset-password').send({ token: lastResetToken(ctx.dataDir, user.email), newPassword: 'reset-pw-one' }).expect(200);
    await login(agent, freshIp(), user.email, 'reset-pw-one').expect(200);
    await agent.post('/api/logout').expect(200);
    await strangerSpendsBudget(user.email);
    await login(agent, freshIp(), user.email, 'reset-pw-one').expect(200);
  });

  it('a tampered or foreign cookie is no device', async () => {
    const { agent, user } = await knownBrowser();
    const cookie = deviceSetCookie(await login(agent, freshIp(), user.email, user.password).expect(200))!.split(';')[0]!;
    const tampered = `${cookie.slice(0, -4)}${cookie.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await strangerSpendsBudget(user.email);
    for (const bad of [tampered, 'weeklydiv_device=made-up', `weeklydiv_device=${uniqueEmail()}`]) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).set('Cookie', bad).send({ email: user.email, password: user.password }).expect(429);
    }
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).set('Cookie', cookie).send({ email: user.email, password: user.password }).expect(200);
  });
});
