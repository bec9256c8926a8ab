import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { PASSWORD_CHANGE_LIMITS } from './commands.ts';
import { fastEnv, readOutbox, sessionCookie, signUp } from './test-helpers.ts';

/**
 * Issue 29: the account is the user's. `POST /api/user/password` (current password required; every
 * other session ends, this one stays) and `PATCH /api/user` (first and last name under sign-up's rules).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

const changed = { message: 'Your password has been changed. Every other device is signed out.' };

describe('POST /api/user/password', () => {
  it('changes the password: this browser stays signed in, every other session ends, the old password is refused', async () => {
    const { agent, user, id, cookie } = await signUp(ctx.app);
    const phone = request.agent(ctx.app);
    await phone.post('/api/login').send({ email: user.email, password: user.password }).expect(200);

    const res = await agent.post('/api/user/password').send({ currentPassword: user.password, newPassword: 'a-new-secret' }).expect(200);
    expect(res.body).toEqual(changed);
    // a new cookie of the new epoch for this browser
    expect(sessionCookie(res.headers['set-cookie'])).not.toBe(cookie);

    await agent.get('/api/user').expect(200);
    await phone.get('/api/user').expect(401);
    await request(ctx.app).get('/api/user').set('Cookie', cookie).expect(401);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: 'a-new-secret' }).expect(200);

    const events = await ctx.deps.log.readStream(streams.user(id));
    // (the last event is the new login)
    expect(events.slice(-3, -1).map((e) => [e.type, (e.data as { reason: string }).reason])).toEqual([
      ['PasswordChanged', 'change'],
      ['SessionsRevoked', 'password-change'],
    ]);
    expect(JSON.stringify(events)).not.toContain('a-new-secret');
  });

  it('mails the address that its password changed, with the way back if it was not the owner', async () => {
    const { agent, user } = await signUp(ctx.app);
    await agent.post('/api/user/password').send({ currentPassword: user.password, newPassword: 'a-new-secret' }).expect(200);
    await ctx.deps.mailer.idle();
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'Your WeeklyDiv password was changed');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Every other device was\nsigned out');
    expect(mail[0]!.text).toContain('If you did not change it, reset your password now');
    expect(mail[0]!.text).toContain('/forgot-password');
    // the address is not proven: no name in the mail (audit S4)
    expect(mail[0]!.text.startsWith('Hello,')).toBe(true);
  });

  it('retires the private calendar link, as every sign-out everywhere does', async () => {
    const { agent, user } = await signUp(ctx.app);
    const old = new URL(((await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string }).url).pathname;
    await agent.post('/api/user/password').send({ currentPassword: user.password, newPassword: 'a-new-secret' }).expect(200);
    await request(ctx.app).get(old).expect(404);
  });

  it('refuses a wrong current password with 400 on that field; nothing changes', async () => {
    const { agent, user, id } = await signUp(ctx.app);
    const res = await agent.post('/api/user/password').send({ currentPassword: 'not-my-password', newPassword: 'a-new-secret' }).expect(400);
    expect(res.body).toEqual({ message: 'Your current password is not correct', errors: { currentPassword: 'Your current password is not correct' } });
    await agent.get('/api/user').expect(200);
    const events = await ctx.deps.log.readStream(streams.user(id));
    expect(events.map((e) => e.type)).not.toContain('PasswordChanged');
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it("applies sign-up's password rules and messages to the new one", async () => {
    const { agent, user } = await signUp(ctx.app);
    const cases: [unknown, Record<string, string>][] = [
      [{ currentPassword: '', newPassword: 'a-new-secret' }, { currentPassword: 'Enter your current password' }],
      [{ currentPassword: user.password, newPassword: 'short' }, { newPassword: 'Password must be at least 6 characters' }],
      [{ currentPassword: user.password, newPassword: 'x'.repeat(257) }, { newPassword: 'Password must be at most 256 characters' }],
      [{ currentPassword: user.password, newPassword: 'password1' }, { newPassword: 'This password is too common. Choose one that is harder to guess.' }],
      [{ newPassword: 'a-new-secret' }, { currentPassword: 'Required' }],
      [{ currentPassword: user.password }, { newPassword: 'Required' }],
    ];
    for (const [body, errors] of cases) {
      const res = await agent.post('/api/user/password').send(body as object).expect(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]);
    }
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('needs a signed-in user (401)', async () => {
    const res = await request(ctx.app).post('/api/user/password').send({ currentPassword: 'secret-pw', newPassword: 'a-new-secret' }).expect(401);
    expect(res.body).toEqual({ message: 'Not authenticated' });
  });

  it('takes 5 attempts per account in 15 minutes, the right password included, then 429 with Retry-After', async () => {
    const { agent, user } = await signUp(ctx.app);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perAccount; i++) {
      await agent.post('/api/user/password').send({ currentPassword: `wrong-${i}-pw`, newPassword: 'a-new-secret' }).expect(400);
    }
    const res = await agent.post('/api/user/password').send({ currentPassword: user.password, newPassword: 'a-new-secret' }).expect(429);
    expect(res.body.message).toBe('Too many password attempts. Try again in 15 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('a success clears the count', async () => {
    const { agent, user } = await signUp(ctx.app);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perAccount - 1; i++) {
      await agent.post('/api/user/password').send({ currentPassword: `wrong-${i}-pw`, newPassword: 'a-new-secret' }).expect(400);
    }
    await agent.post('/api/user/password').send({ currentPassword: user.password, newPassword: 'a-new-secret' }).expect(200);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perAccount; i++) {
      await agent.post('/api/user/password').send({ currentPassword: `wrong-${i}-pw`, newPassword: 'a-third-secret' }).expect(400);
    }
  });
});

describe('PATCH /api/user', () => {
  it('changes the name (trimmed) and answers the user as GET /api/user then shows it', async () => {
    const { agent, id } = await signUp(ctx.app);
    const res = await agent.patch('/api/user').send({ firstName: ' Mary-Ann J. ', lastName: "O'Brien St. John" }).expect(200);
    expect(res.body).toMatchObject({ id, firstName: 'Mary-Ann J.', lastName: "O'Brien St. John" });
    expect((await agent.get('/api/user').expect(200)).body).toEqual(res.body);
    const events = await ctx.deps.log.readStream(streams.user(id));
    expect(events.at(-1)).toMatchObject({ type: 'UserNameChanged', data: { userId: id, firstName: 'Mary-Ann J.', lastName: "O'Brien St. John" } });
  });

  it('the same name again appends nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const before = (await ctx.deps.log.readStream(streams.user(id))).length;
    await agent.patch('/api/user').send({ firstName: 'Ann', lastName: 'Lee' }).expect(200);
    expect(await ctx.deps.log.readStream(streams.user(id))).toHaveLength(before);
  });

  it("refuses names as sign-up does, with sign-up's messages", async () => {
    const { agent } = await signUp(ctx.app);
    const cases: [unknown, Record<string, string>][] = [
      [{ firstName: '  ', lastName: 'Lee' }, { firstName: 'First name is required' }],
      [{ firstName: 'Ann', lastName: '' }, { lastName: 'Last name is required' }],
      [{ firstName: 'A'.repeat(101), lastName: 'Lee' }, { firstName: 'First name must be at most 100 characters' }],
      [{ firstName: 'Ann', lastName: 'L'.repeat(101) }, { lastName: 'Last name must be at most 100 characters' }],
      [{ firstName: 'see https://evil.example', lastName: 'Lee' }, { firstName: 'First name cannot contain a link or an email address' }],
      [{ firstName: 'Ann', lastName: 'www.evil.example' }, { lastName: 'Last name cannot contain a link or an email address' }],
      [{ firstName: 'Ann', lastName: 'me@evil.example' }, { lastName: 'Last name cannot contain a link or an email address' }],
      [{ lastName: 'Lee' }, { firstName: 'Required' }],
    ];
    for (const [body, errors] of cases) {
      const res = await agent.patch('/api/user').send(body as object).expect(400);
      expect(res.body.errors).toEqual(errors);
    }
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('refuses other fields (the e-mail is not changed here)', async () => {
    const { agent } = await signUp(ctx.app);
    const res = await agent.patch('/api/user').send({ firstName: 'Ann', lastName: 'Lee', email: 'other@example.com' }).expect(400);
    expect(res.body.message).toBe('Unknown field: email');
  });

  it('needs a signed-in user (401)', async () => {
    await request(ctx.app).patch('/api/user').send({ firstName: 'Ann', lastName: 'Lee' }).expect(401);
  });
});
