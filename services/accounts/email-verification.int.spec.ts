import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { messages } from './business-logic.ts';
import { CLIENT_LIMITS } from './client-limit.ts';
import { fastEnv, lastResetToken, lastVerificationToken, OWNER_EMAIL, readOutbox, signUp, uniqueEmail } from './test-helpers.ts';

/**
 * E-mail verification (security audit H2): every account gets a single-use link at sign-up; owner
 * rights need a verified ADMIN_EMAIL; a stranger who registered the owner's address first loses the
 * account to the owner's verification or reset.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INVALID = { message: messages.invalidVerificationLink };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await ctx?.close();
});

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

describe('the verification mail', () => {
  it('is sent at sign-up with a single link APP_URL/verify-email?token=…; the log holds only the hash', async () => {
    const { agent, user } = await signUp(ctx.app);
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ emailVerified: false, isOwner: false });
    const token = await lastVerificationToken(ctx.deps, user.email);
    const mail = readOutbox(ctx.dataDir).find((m) => m.to === user.email)!;
    expect(mail.subject).toBe('Verify your WeeklyDiv email address');
    expect(mail.text).toContain(`http://localhost:3000/verify-email?token=${token}`);
    expect(mail.html).toContain(`http://localhost:3000/verify-email?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const log = JSON.stringify(await ctx.deps.log.readAll(0, 100_000));
    expect(log).not.toContain(token);
    expect(log).toContain('EmailVerificationRequested');
  });

  it('carries no text the person who signed up chose: no first name, in the sign-up mail and a resend (audit S4)', async () => {
    const { agent, user } = await signUp(ctx.app, { firstName: 'Zebedee', lastName: 'Quartermaine' });
    await lastVerificationToken(ctx.deps, user.email);
    await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(200);
    await ctx.deps.mailer.idle();
    const mails = readOutbox(ctx.dataDir).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html ?? '']) {
        expect(part).not.toContain('Zebedee');
        expect(part).not.toContain('Quartermaine');
      }
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
    }
  });

  it('a reset mail to an address nobody proved carries no first name either; once proven it greets by name', async () => {
    const { agent, user } = await signUp(ctx.app, { firstName: 'Zebedee' });
    await request(ctx.app).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    const unproven = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'Reset your WeeklyDiv password').at(-1)!;
    expect(unproven.text).not.toContain('Zebedee');
    expect(unproven.html).not.toContain('Zebedee');
    await agent.post('/api/verify-email').send({ token: await lastVerificationToken(ctx.deps, user.email) }).expect(200);
    await request(ctx.app).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(200);
    await ctx.deps.mailer.idle();
    const proven = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'Reset your WeeklyDiv password').at(-1)!;
    expect(proven.text.startsWith('Hello Zebedee,\n')).toBe(true);
  });
});

describe('POST /api/verify-email', () => {
  it('in a browser signed in to the account: verified, the session and the password keep working', async () => {
    const { agent, user, id } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    const res = await agent.post('/api/verify-email').send({ token }).expect(200);
    expect(res.body).toEqual({ message: 'Your email address is verified.', passwordToken: null });
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    const events = await ctx.deps.log.readStream(`user-${id}`);
    expect(events.filter((e) => e.type === 'EmailVerified').map((e) => (e.data as { via: string }).via)).toEqual(['signed-in']);
  });

  it('works once: a used link answers 400 with a clear message', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    await agent.post('/api/verify-email').send({ token }).expect(200);
    expect((await agent.post('/api/verify-email').send({ token }).expect(400)).body).toEqual(INVALID);
  });

  it('of two uses at the same moment exactly one succeeds', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    const answers = await Promise.all([agent.post('/api/verify-email').send({ token }), agent.post('/api/verify-email').send({ token })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses an unknown token and a missing one (400)', async () => {
    expect((await request(ctx.app).post('/api/verify-email').send({ token: 'x'.repeat(43) }).expect(400)).body).toEqual(INVALID);
    expect((await request(ctx.app).post('/api/verify-email').send({}).expect(400)).body).toEqual({ message: 'Required', errors: { token: 'Required' } });
  });

  it('expires after 48 hours', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    ctx.advance(48 * HOUR);
    // A fresh cookie (the old one passed its 12-hour lifetime), same account.
    const again = request.agent(ctx.app);
    await again.post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    expect((await again.post('/api/verify-email').send({ token }).expect(400)).body).toEqual(INVALID);
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await again.get('/api/user').expect(200)).body.emailVerified).toBe(false);
  });
});

describe('POST /api/resend-verification', () => {
  it('mails a new link and the previous one stops working; once verified it answers 409', async () => {
    const { agent, user } = await signUp(ctx.app);
    const first = await lastVerificationToken(ctx.deps, user.email);
    const res = await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(200);
    expect(res.body).toEqual({ message: `We sent a new verification link to ${user.email}.` });
    const second = await lastVerificationToken(ctx.deps, user.email);
    expect(second).not.toBe(first);
    expect((await agent.post('/api/verify-email').send({ token: first }).expect(400)).body).toEqual(INVALID);
    await agent.post('/api/verify-email').send({ token: second }).expect(200);
    const verified = await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(409);
    expect(verified.body).toEqual({ message: 'Your email address is already verified.' });
  });

  it('needs a signed-in user (401)', async () => {
    expect((await request(ctx.app).post('/api/resend-verification').expect(401)).body).toEqual({ message: 'Not authenticated' });
  });

  it('sends at most one mail a minute per account (429 with Retry-After)', async () => {
    const { agent, user } = await signUp(ctx.app);
    await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(200);
    ctx.advance(20_000);
    const refused = await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(429);
    expect(refused.body).toEqual({ message: 'Please wait 40 seconds before requesting another verification email.' });
    expect(refused.headers['retry-after']).toBe('40');
    await ctx.deps.mailer.idle();
    expect(readOutbox(ctx.dataDir).filter((m) => m.to === user.email)).toHaveLength(2); // sign-up + one resend
    ctx.advance(40_000);
    await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(200);
  });

  it(`the ${CLIENT_LIMITS.verificationMail.limit + 1}st request from one client address in an hour is 429 with Retry-After`, async () => {
    const ip = freshIp();
    const { agent } = await signUp(ctx.app);
    for (let i = 0; i < CLIENT_LIMITS.verificationMail.limit; i++) {
      await agent.post('/api/resend-verification').set('X-Forwarded-For', ip).expect(200);
      ctx.advance(MINUTE);
    }
    const res = await agent.post('/api/resend-verification').set('X-Forwarded-For', ip).expect(429);
    expect(res.body).toEqual({ message: 'Too many verification emails from your network. Try again in 40 minutes.' });
    expect(res.headers['retry-after']).toBe(String(40 * 60));
    // another address is not affected
    await agent.post('/api/resend-verification').set('X-Forwarded-For', freshIp()).expect(200);
  });
});

describe('the owner address needs proof (H2)', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext({ ...fastEnv });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('a stranger who registered ADMIN_EMAIL first has no admin rights and loses the account to the owner verifying from another browser', async () => {
    const stranger = await signUp(own.app, { email: OWNER_EMAIL, password: 'stranger-pw-1' });
    expect((await stranger.agent.get('/api/user').expect(200)).body).toMatchObject({ email: OWNER_EMAIL, emailVerified: false, isOwner: false });
    expect((await stranger.agent.get('/api/admin/ping').expect(403)).body).toEqual({ message: 'Admin access required' });
    await stranger.agent.post('/api/admin/clear-cache').expect(403);

    // The owner opens the mailed link in their own browser (not signed in).
    const owner = request.agent(own.app);
    const token = await lastVerificationToken(own.deps, OWNER_EMAIL);
    const verified = await owner.post('/api/verify-email').send({ token }).expect(200);
    expect(verified.body.message).toBe('Your email address is verified. Every session of this account has ended: choose a password to sign in.');
    expect(verified.body.passwordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token is in the answer only: never in the log, never mailed.
    expect(JSON.stringify(await own.deps.log.readAll(0, 100_000))).not.toContain(verified.body.passwordToken);

    // The stranger's session ends at once and the sign-up password no longer works.
    expect((await stranger.agent.get('/api/user').expect(401)).body).toEqual({ message: 'Not authenticated' });
    await stranger.agent.get('/api/admin/ping').expect(401);
    expect((await request(own.app).post('/api/login').send({ email: OWNER_EMAIL, password: 'stranger-pw-1' }).expect(401)).body).toEqual({
      message: 'Invalid email or password',
    });

    // The owner chooses a password with the answer's token, signs in, and has the admin rights.
    await owner.post('/api/reset-password').send({ token: verified.body.passwordToken, newPassword: 'owner-pw-2026' }).expect(200);
    await owner.post('/api/reset-password').send({ token: verified.body.passwordToken, newPassword: 'owner-pw-2027' }).expect(400);
    const login = await owner.post('/api/login').send({ email: OWNER_EMAIL, password: 'owner-pw-2026' }).expect(200);
    expect(login.body).toMatchObject({ email: OWNER_EMAIL, emailVerified: true, isOwner: true });
    expect((await owner.get('/api/admin/ping').expect(200)).body).toEqual({ ok: true, owner: OWNER_EMAIL });
    await request(own.app).post('/api/login').send({ email: OWNER_EMAIL, password: 'stranger-pw-1' }).expect(401);
  });
});

describe('the owner takes the account back by a password reset (H2, reset variant)', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestContext({ ...fastEnv });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('the reset proves the address: verified, the stranger is signed out and locked out, the owner has admin rights', async () => {
    const stranger = await signUp(own.app, { email: OWNER_EMAIL, password: 'stranger-pw-1' });
    await stranger.agent.get('/api/admin/ping').expect(403);
    const verificationToken = await lastVerificationToken(own.deps, OWNER_EMAIL);

    const owner = request.agent(own.app);
    await owner.post('/api/forgot-password').send({ email: OWNER_EMAIL }).expect(200);
    await own.deps.mailer.idle();
    await owner.post('/api/reset-password').send({ token: lastResetToken(own.dataDir, OWNER_EMAIL), newPassword: 'owner-pw-2026' }).expect(200);

    await stranger.agent.get('/api/user').expect(401);
    await request(own.app).post('/api/login').send({ email: OWNER_EMAIL, password: 'stranger-pw-1' }).expect(401);
    const login = await owner.post('/api/login').send({ email: OWNER_EMAIL, password: 'owner-pw-2026' }).expect(200);
    expect(login.body).toMatchObject({ emailVerified: true, isOwner: true });
    await owner.get('/api/admin/ping').expect(200);
    // The verification link of the sign-up is used up by the reset.
    expect((await owner.post('/api/verify-email').send({ token: verificationToken }).expect(400)).body).toEqual(INVALID);
  });
});

describe('a link opened while signed in to another account', () => {
  it('verifies the link\'s account the takeover way and leaves the other account signed in', async () => {
    const ann = await signUp(ctx.app);
    const bob = await signUp(ctx.app, { email: uniqueEmail('bob') });
    const token = await lastVerificationToken(ctx.deps, ann.user.email);
    const res = await bob.agent.post('/api/verify-email').send({ token }).expect(200);
    expect(res.body.passwordToken).toEqual(expect.any(String));
    await ann.agent.get('/api/user').expect(401);
    expect((await bob.agent.get('/api/user').expect(200)).body).toMatchObject({ email: bob.user.email, emailVerified: false });
  });
});

describe('"Was this you?": the answer decides (issue 29, W2)', () => {
  const CHOICE = 'Choice must be "confirm" or "takeover"';

  it('POST /api/verify-email/details says whose sign-up the link confirms (masked address, sign-up instant) and writes nothing', async () => {
    const { user, id } = await signUp(ctx.app, { email: uniqueEmail('jane') });
    const token = await lastVerificationToken(ctx.deps, user.email);
    const before = (await ctx.deps.log.readStream(`user-${id}`)).length;
    const res = await request(ctx.app).post('/api/verify-email/details').send({ token }).expect(200);
    const registered = (await ctx.deps.log.readStream(`user-${id}`)).find((e) => e.type === 'UserRegistered')!.data as { registeredAt: string };
    expect(res.body).toEqual({ maskedEmail: `j***@${user.email.split('@')[1]}`, registeredAt: registered.registeredAt, ownerAddress: false });
    expect(res.body.maskedEmail).not.toContain(user.email.split('@')[0]);
    expect((await ctx.deps.log.readStream(`user-${id}`)).length).toBe(before);
    // still usable afterwards
    await request(ctx.app).post('/api/verify-email').send({ token, choice: 'confirm' }).expect(200);
  });

  it('details: 400 for an unknown, used or expired link, a missing token and an unknown field', async () => {
    expect((await request(ctx.app).post('/api/verify-email/details').send({ token: 'x'.repeat(43) }).expect(400)).body).toEqual(INVALID);
    expect((await request(ctx.app).post('/api/verify-email/details').send({}).expect(400)).body).toEqual({ message: 'Required', errors: { token: 'Required' } });
    expect((await request(ctx.app).post('/api/verify-email/details').send({ token: 'x'.repeat(513) }).expect(400)).body.errors).toEqual({ token: 'Invalid verification token' });
    expect((await request(ctx.app).post('/api/verify-email/details').send({ token: 'abc', choice: 'confirm' }).expect(400)).body).toEqual({
      message: 'Unknown field: choice',
      errors: { choice: 'Unknown field' },
    });
    const used = await signUp(ctx.app);
    const usedToken = await lastVerificationToken(ctx.deps, used.user.email);
    await used.agent.post('/api/verify-email').send({ token: usedToken, choice: 'confirm' }).expect(200);
    expect((await request(ctx.app).post('/api/verify-email/details').send({ token: usedToken }).expect(400)).body).toEqual(INVALID);
    const late = await signUp(ctx.app);
    const lateToken = await lastVerificationToken(ctx.deps, late.user.email);
    ctx.advance(48 * HOUR);
    expect((await request(ctx.app).post('/api/verify-email/details').send({ token: lateToken }).expect(400)).body).toEqual(INVALID);
  });

  it('"Yes, confirm my email" on a second device: verified, and the first device stays signed in with the same password', async () => {
    const { agent: laptop, user, id } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    const phone = request.agent(ctx.app); // signed out
    const res = await phone.post('/api/verify-email').send({ token, choice: 'confirm' }).expect(200);
    expect(res.body).toEqual({ message: 'Your email address is verified.', passwordToken: null });
    expect((await laptop.get('/api/user').expect(200)).body).toMatchObject({ email: user.email, emailVerified: true });
    await phone.get('/api/user').expect(401); // confirming signs nobody in
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    const types = (await ctx.deps.log.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).not.toContain('SessionsRevoked');
    expect(types).not.toContain('PasswordCleared');
    expect((await laptop.post('/api/verify-email').send({ token, choice: 'confirm' }).expect(400)).body).toEqual(INVALID);
  });

  it('"No, I didn\'t sign up": a squatter who registered the victim\'s address cannot keep the account', async () => {
    const victimEmail = uniqueEmail('victim');
    const squatter = await signUp(ctx.app, { email: victimEmail, password: 'squatter-pw-1' });
    const token = await lastVerificationToken(ctx.deps, victimEmail);
    const victim = request.agent(ctx.app);
    expect((await victim.post('/api/verify-email/details').send({ token }).expect(200)).body.maskedEmail).toBe(`v***@${victimEmail.split('@')[1]}`);
    const res = await victim.post('/api/verify-email').send({ token, choice: 'takeover' }).expect(200);
    expect(res.body.message).toBe('Your email address is verified. Every session of this account has ended: choose a password to sign in.');
    expect(res.body.passwordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The squatter is signed out, their password is void, and the used link cannot be "confirmed" back.
    await squatter.agent.get('/api/user').expect(401);
    await request(ctx.app).post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: victimEmail, password: 'squatter-pw-1' }).expect(401);
    expect((await squatter.agent.post('/api/verify-email').send({ token, choice: 'confirm' }).expect(400)).body).toEqual(INVALID);
    // The victim chooses the password and holds the account.
    await victim.post('/api/reset-password').send({ token: res.body.passwordToken, newPassword: 'victim-pw-2026' }).expect(200);
    const login = await victim.post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: victimEmail, password: 'victim-pw-2026' }).expect(200);
    expect(login.body).toMatchObject({ email: victimEmail, emailVerified: true });
  });

  it('"No" from the browser signed in to the account takes over too (that session ends)', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    expect((await agent.post('/api/verify-email').send({ token, choice: 'takeover' }).expect(200)).body.passwordToken).toEqual(expect.any(String));
    await agent.get('/api/user').expect(401);
  });

  it('refuses another choice and an unknown field (400), and a refused answer leaves the link usable', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    expect((await request(ctx.app).post('/api/verify-email').send({ token, choice: 'maybe' }).expect(400)).body).toEqual({ message: CHOICE, errors: { choice: CHOICE } });
    expect((await request(ctx.app).post('/api/verify-email').send({ token, choice: null }).expect(400)).body).toEqual({ message: CHOICE, errors: { choice: CHOICE } });
    expect((await request(ctx.app).post('/api/verify-email').send({ token, wasMe: true }).expect(400)).body).toEqual({
      message: 'Unknown field: wasMe',
      errors: { wasMe: 'Unknown field' },
    });
    expect((await request(ctx.app).post('/api/verify-email').send({ token: 'x'.repeat(43), choice: 'confirm' }).expect(400)).body).toEqual(INVALID);
    await request(ctx.app).post('/api/verify-email').send({ token, choice: 'confirm' }).expect(200);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
  });

  it('the mail says what the screen asks and what each answer does', async () => {
    const { user } = await signUp(ctx.app);
    await lastVerificationToken(ctx.deps, user.email);
    const mail = readOutbox(ctx.dataDir).find((m) => m.to === user.email)!;
    expect(mail.text).toContain('Was this you?');
    expect(mail.text).toContain('"Yes, confirm my email". Your address is confirmed and you stay signed in');
    expect(mail.text).toContain('"No, I didn\'t\n  sign up" to take the account over: its sessions end and you choose its password.');
    expect(mail.html).toContain('<strong>Yes, confirm my email</strong>. Your address is confirmed and you stay signed in everywhere');
    expect(mail.html).toContain('<strong>No, I didn&#39;t sign up</strong> to take the account over');
  });

  describe("the owner's address (ADMIN_EMAIL)", () => {
    let own: TestContext;
    beforeAll(async () => {
      own = await createTestContext({ ...fastEnv });
    });
    afterAll(async () => {
      await own?.close();
    });

    it('away from a browser signed in to it, even "Yes" is the takeover: a stranger never gets the admin area from a mistaken answer', async () => {
      const stranger = await signUp(own.app, { email: OWNER_EMAIL, password: 'stranger-pw-1' });
      const token = await lastVerificationToken(own.deps, OWNER_EMAIL);
      const owner = request.agent(own.app);
      expect((await owner.post('/api/verify-email/details').send({ token }).expect(200)).body.ownerAddress).toBe(true);
      const res = await owner.post('/api/verify-email').send({ token, choice: 'confirm' }).expect(200);
      expect(res.body.passwordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await stranger.agent.get('/api/user').expect(401);
      await stranger.agent.get('/api/admin/ping').expect(401);
      await request(own.app).post('/api/login').send({ email: OWNER_EMAIL, password: 'stranger-pw-1' }).expect(401);
    });

    it('from the browser signed in to it, "Yes" only verifies: the owner keeps the session and gets the admin area', async () => {
      const fresh = await createTestContext({ ...fastEnv });
      try {
        const owner = await signUp(fresh.app, { email: OWNER_EMAIL });
        const token = await lastVerificationToken(fresh.deps, OWNER_EMAIL);
        expect((await owner.agent.post('/api/verify-email').send({ token, choice: 'confirm' }).expect(200)).body).toEqual({ message: 'Your email address is verified.', passwordToken: null });
        expect((await owner.agent.get('/api/admin/ping').expect(200)).body).toEqual({ ok: true, owner: OWNER_EMAIL });
      } finally {
        await fresh.close();
      }
    });
  });
});
