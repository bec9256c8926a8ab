import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, lastResetToken, lastVerificationToken, readOutbox, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/**
 * Audit I1: the private feed URL is a bearer secret that outlives sessions. What ends every session
 * (log out everywhere, a password reset, a verification link opened elsewhere: the takeover) also
 * retires the feed URL, so an intruder's copy stops answering (docs/calendar-feeds.md).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

type Agent = Awaited<ReturnType<typeof signUp>>['agent'];

async function feedPath(agent: Agent): Promise<string> {
  const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
  return new URL(url).pathname;
}

describe('ending every session retires the private calendar feed URL (audit I1)', () => {
  it('log out everywhere: the old URL answers 404; signed in again, the new URL works', async () => {
    const { agent, user } = await signUp(ctx.app);
    const old = await feedPath(agent);
    await request(ctx.app).get(old).expect(200);
    await agent.post('/api/logout-all').expect(200);
    await request(ctx.app).get(old).expect(404);
    const again = request.agent(ctx.app);
    await again.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    const fresh = await feedPath(again);
    expect(fresh).not.toBe(old);
    await request(ctx.app).get(fresh).expect(200);
  });

  it('a password reset: the old URL answers 404, and the reset mail said it would', async () => {
    const { agent, user } = await signUp(ctx.app);
    const old = await feedPath(agent);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'Reset your WeeklyDiv password').at(-1)!;
    expect(mail.text).toContain('replaces your private calendar link');
    expect(mail.html).toContain('replaces your private calendar link');
    await request(ctx.app).post('/api/reset-password').send({ token: lastResetToken(ctx.dataDir, user.email), newPassword: 'brand-new-pw' }).expect(200);
    await request(ctx.app).get(old).expect(404);
    const again = request.agent(ctx.app);
    await again.post('/api/login').send({ email: user.email, password: 'brand-new-pw' }).expect(200);
    await request(ctx.app).get(await feedPath(again)).expect(200);
  });

  it('a verification link opened in another browser (the takeover): the old URL answers 404', async () => {
    const { agent, user } = await signUp(ctx.app);
    const old = await feedPath(agent);
    const token = await lastVerificationToken(ctx.deps, user.email);
    await request(ctx.app).post('/api/verify-email').send({ token }).expect(200);
    await request(ctx.app).get(old).expect(404);
  });

  it('a verification in the browser signed in to the account keeps the URL (no session ends)', async () => {
    const { agent, user } = await signUp(ctx.app);
    const old = await feedPath(agent);
    await agent.post('/api/verify-email').send({ token: await lastVerificationToken(ctx.deps, user.email) }).expect(200);
    await request(ctx.app).get(old).expect(200);
  });

  it('a user who never asked for a feed gets none issued by log out everywhere', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/logout-all').expect(200);
    expect(await ctx.deps.log.readStream(streams.calendarFeed(id))).toEqual([]);
  });

  it('a reset link that is not valid rotates nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const old = await feedPath(agent);
    await request(ctx.app).post('/api/reset-password').send({ token: 'A'.repeat(43), newPassword: 'brand-new-pw' }).expect(400);
    await request(ctx.app).get(old).expect(200);
    expect(await ctx.deps.log.readStream(streams.calendarFeed(id))).toHaveLength(1);
  });
});
