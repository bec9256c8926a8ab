import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SqliteAttemptCounters } from '../../infra/attempt-counters/sqlite-attempt-counters.ts';
import { createTestContext } from '../testing/harness.ts';
import { LOGIN_LIMITS, loginRules } from './commands.ts';
import { fastEnv, signUp, useProxiedTestContext } from './test-helpers.ts';

const { ctx, freshIp } = useProxiedTestContext('198.18.0');

describe('login throttling under a parallel burst (H1)', () => {
  it('40 parallel logins for one account from one address check at most the per-(account, address) limit of passwords', async () => {
    const { user } = await signUp(ctx.app);
    const ip = freshIp();
    const send = (password: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
    const answers = await Promise.all([...Array.from({ length: 39 }, (_, i) => send(`guess-${i}`)), send(user.password)]);
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 401 || s === 200).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndIp);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - checked);
    for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('40 parallel logins for one account from 40 addresses check at most the burst limit of the account', async () => {
    const { user } = await signUp(ctx.app);
    const send = (password: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password });
    const answers = await Promise.all([...Array.from({ length: 39 }, (_, i) => send(`guess-${i}`)), send(user.password)]);
    const checked = answers.filter((a) => a.status === 401 || a.status === 200).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.accountBurst);
  });
});

describe('a stranger cannot lock the owner out (L4, security audit S2)', () => {
  it("a stranger's failures lock the stranger's address; a client with no failures of its own gets in at once", async () => {
    const { user } = await signUp(ctx.app);
    const attacker = freshIp();
    const owner = freshIp();
    const attempt = (ip: string, password: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      await attempt(attacker, 'wrong-password').expect(401);
      ctx.advance(LOGIN_LIMITS.accountBurstWindowMs); // one guess per burst window: only the address's own limits bind
    }
    // The attacker's address is locked for this account for the window…
    const locked = await attempt(attacker, user.password).expect(429);
    expect(locked.body).toEqual({ message: 'Too many login attempts. Try again in 15 minutes.' });
    // …and the account's growing wait (after the 5th failure) holds back only the attacker: the owner,
    // with no failure of its own, gets in at once (before the fix: 429 "Try again in 2 seconds").
    await attempt(owner, user.password).expect(200);
    // The attacker's address stays locked for the rest of its window.
    ctx.advance(10 * 60_000);
    await attempt(attacker, user.password).expect(429);
  });

  it("the account's growing wait binds a client with failures of its own", async () => {
    const { user } = await signUp(ctx.app);
    const ip = freshIp();
    const attempt = (password: string) => request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
    // 4 failures from elsewhere, then this client fails once: the 5th failure of the account sets a 2 s wait
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures - 1; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: 'wrong-password' }).expect(401);
      ctx.advance(LOGIN_LIMITS.accountBurstWindowMs);
    }
    await attempt('wrong-password').expect(401);
    const waiting = await attempt(user.password).expect(429);
    expect(waiting.body).toEqual({ message: 'Too many login attempts. Try again in 2 seconds.' });
    ctx.advance(LOGIN_LIMITS.accountFirstDelayMs);
    await attempt(user.password).expect(200);
  });

  it('a burst from many addresses fills a fixed 10 s window: a fresh client waits out that window only, further guesses do not push it on', async () => {
    const { user } = await signUp(ctx.app);
    for (let i = 0; i < LOGIN_LIMITS.accountBurst; i++) {
      await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: `guess-${i}` }).expect(401);
    }
    const owner = freshIp();
    const waiting = await request(ctx.app).post('/api/login').set('X-Forwarded-For', owner).send({ email: user.email, password: user.password }).expect(429);
    expect(waiting.body).toEqual({ message: 'Too many login attempts. Try again in 10 seconds.' });
    ctx.advance(5_000);
    // a refused guess counts nothing: the window still ends 10 s after the burst began
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: 'one-more-guess' }).expect(429);
    ctx.advance(5_000);
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', owner).send({ email: user.email, password: user.password }).expect(200);
  });

  it('the account delays grow 2, 4, 8, 16, 32 s and stop at 60 s', () => {
    const account = loginRules('a@example.com', '192.0.2.1').find((r) => r.key.startsWith('login:account:'))!;
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => account.delayAfterMs!(n) / 1000);
    expect(delays).toEqual([0, 0, 0, 0, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('counters survive a restart on the embedded default (L3)', () => {
  it('a lock taken before the store is closed still holds after it is opened again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-counters-'));
    const file = path.join(dir, 'throttle.sqlite');
    try {
      const rules = loginRules('victim@example.com', '192.0.2.7');
      const now = Date.UTC(2026, 10, 24, 12);
      const first = new SqliteAttemptCounters(file);
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) expect(await first.take(rules, now + i * 60_000)).toEqual({ ok: true });
      await first.close();
      const second = new SqliteAttemptCounters(file);
      const later = now + 10 * 60_000;
      expect(await second.take(rules, later)).toEqual({ ok: false, retryAfterMs: LOGIN_LIMITS.windowMs - 10 * 60_000 });
      // the window of the first failure ends: free again, and the sweep removes the expired rows by index
      expect(second.sweep(now + 24 * 3600_000)).toBe(rules.length);
      expect(await second.take(rules, now + 24 * 3600_000)).toEqual({ ok: true });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a server restarted on the same DATA_DIR still refuses the locked (account, address) pair', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-restart-'));
    const env = { ...fastEnv, TRUST_PROXY: 'true', DATA_DIR: dir };
    const ip = '198.18.1.1';
    try {
      const before = await createTestContext(env);
      const { user } = await signUp(before.app);
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
        await request(before.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: 'wrong-password' }).expect(401);
      }
      await request(before.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(429);
      await before.container.stop();
      const after = await createTestContext(env);
      try {
        await request(after.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password }).expect(429);
      } finally {
        await after.container.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the gateway keeps the login counters in DATA_DIR/throttle.sqlite', async () => {
    const { user } = await signUp(ctx.app);
    const ip = freshIp();
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: user.email, password: 'wrong-password' }).expect(401);
    const reopened = new SqliteAttemptCounters(path.join(ctx.dataDir, 'throttle.sqlite'));
    try {
      const pair = loginRules(user.email, ip)[0]!;
      expect(pair.key).toBe(`login:account-ip:${user.email}:${ip}`);
      // 4 more are allowed on this pair, then it refuses: the gateway's failure is in the file.
      const now = ctx.deps.now().getTime();
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp - 1; i++) expect(await reopened.take([pair], now)).toEqual({ ok: true });
      expect((await reopened.take([pair], now)).ok).toBe(false);
    } finally {
      await reopened.close();
    }
  });
});
