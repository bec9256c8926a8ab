import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { isCommonPassword, TOO_COMMON_PASSWORD } from './common-passwords.ts';
import { fastEnv, lastResetToken, newUser, signUp } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

describe('very common passwords are refused', () => {
  it('knows the list of @zxcvbn-ts/language-common, case-insensitively', () => {
    expect(TOO_COMMON_PASSWORD).toBe('This password is too common. Choose one that is harder to guess.');
    for (const common of ['123456', 'password', 'PassWord', 'qwerty123', 'iloveyou', 'Dragon']) expect(isCommonPassword(common)).toBe(true);
    for (const fine of ['secret-pw', 'right-password-1', 'k7#qz!', 'brand-new-pw']) expect(isCommonPassword(fine)).toBe(false);
  });

  it('on sign-up: 400 with the message on the password field, and no account', async () => {
    const user = newUser({ password: 'Password1' });
    const res = await request(ctx.app).post('/api/register').send(user).expect(400);
    expect(res.body).toEqual({ message: TOO_COMMON_PASSWORD, errors: { password: TOO_COMMON_PASSWORD } });
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
  });

  it('on reset: 400 with the message on the new password, and the link still works for a better one', async () => {
    const { user } = await signUp(ctx.app);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    const token = lastResetToken(ctx.dataDir, user.email);
    const res = await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'qwerty123' }).expect(400);
    expect(res.body).toEqual({ message: TOO_COMMON_PASSWORD, errors: { newPassword: TOO_COMMON_PASSWORD } });
    await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'a-much-rarer-one' }).expect(200);
  });

});
