import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { FORGOT_PASSWORD_ANSWER } from './api.ts';
import { EmailIndex } from './email-reservation.ts';
import { fastEnv, lastResetToken, lastVerificationToken, newUser, OWNER_EMAIL, readOutbox, signUp, uniqueEmail } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

/** The address's reservation stream (`useremail-<keyed hash>`). */
const reservationOf = async (email: string) => (await new EmailIndex(ctx.deps.keys).streamsFor(email)).hashed;

describe('POST /api/register', () => {
  it('creates the account, signs in and answers 201 with the user (never the hash)', async () => {
    const agent = request.agent(ctx.app);
    const res = await agent.post('/api/register').send({ firstName: ' Ann ', lastName: 'Lee', email: '  Ann.Lee@Example.COM ', password: 'secret-pw' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      subscriptionTier: 'free',
      subscriptionStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      emailVerified: false,
      isOwner: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    const me = await agent.get('/api/user').expect(200);
    expect(me.body).toEqual(res.body);
  });

  it('writes the reservation and the user to the log, the password only as a scrypt hash', async () => {
    const { id, user } = await signUp(ctx.app);
    const reservation = await ctx.deps.log.readStream(await reservationOf(user.email));
    expect(reservation.map((e) => [e.type, e.data])).toEqual([['EmailReserved', expect.objectContaining({ email: user.email, userId: id })]]);
    const events = await ctx.deps.log.readStream(streams.user(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
    const data = events[0]!.data as { passwordHash: string };
    expect(data.passwordHash).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(JSON.stringify(events)).not.toContain(user.password);
    expect(events[0]!.metadata).toMatchObject({ actor: `user:${id}` });
  });

  it('answers 409 for an e-mail that is taken, whatever its case and spacing', async () => {
    const { user } = await signUp(ctx.app);
    const res = await request(ctx.app)
      .post('/api/register')
      .send(newUser({ email: `  ${user.email.toUpperCase()}  ` }))
      .expect(409);
    expect(res.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('lets exactly one of many concurrent registrations of the same e-mail win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => request(ctx.app).post('/api/register').send(newUser({ email, firstName: `N${i}` }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const reservation = await ctx.deps.log.readStream(await reservationOf(email));
    expect(reservation).toHaveLength(1);
    expect((reservation[0]!.data as { userId: string }).userId).toBe(winner.body.id);
  });

  it('completes a registration whose reservation was written but not its account', async () => {
    const email = uniqueEmail('orphan');
    const orphanId = '11111111-2222-4333-8444-555555555555';
    await ctx.deps.log.append(await reservationOf(email), [{ type: 'EmailReserved', data: { email, userId: orphanId, reservedAt: new Date().toISOString() } }], 'no_stream', {
      actor: 'test',
      correlationId: 'test',
      now: new Date().toISOString(),
    });
    const res = await request(ctx.app).post('/api/register').send(newUser({ email })).expect(201);
    expect(res.body.id).toBe(orphanId);
    await request(ctx.app).post('/api/register').send(newUser({ email })).expect(409);
  });

  it.each([
    ['everything missing', {}, 'Required', { firstName: 'Required', lastName: 'Required', email: 'Required', password: 'Required' }],
    ['empty first name', { firstName: '' }, 'First name is required', { firstName: 'First name is required' }],
    ['blank first name', { firstName: '   ' }, 'First name is required', { firstName: 'First name is required' }],
    ['empty last name', { lastName: '' }, 'Last name is required', { lastName: 'Last name is required' }],
    ['invalid e-mail', { email: 'not-an-email' }, 'Invalid email address', { email: 'Invalid email address' }],
    ['short password', { password: '12345' }, 'Password must be at least 6 characters', { password: 'Password must be at least 6 characters' }],
    ['missing password', { password: undefined }, 'Required', { password: 'Required' }],
    // A name goes into pages and mails: no link and no address in it (audit S4).
    ['a link in the first name', { firstName: 'there. Confirm your bank at https://evil.example/login' }, 'First name cannot contain a link or an email address', { firstName: 'First name cannot contain a link or an email address' }],
    ['www. in the first name', { firstName: 'Visit WWW.evil.example' }, 'First name cannot contain a link or an email address', { firstName: 'First name cannot contain a link or an email address' }],
    ['an address in the last name', { lastName: 'write to help@evil.example' }, 'Last name cannot contain a link or an email address', { lastName: 'Last name cannot contain a link or an email address' }],
  ])('answers 400 with per-field messages: %s', async (_name, patch, message, errors) => {
    const body = Object.keys(patch).length === 0 ? {} : { ...newUser(), ...patch };
    const res = await request(ctx.app).post('/api/register').send(body).expect(400);
    expect(res.body).toEqual({ message, errors });
  });

  it('reports the first field in the form order as the message when several are wrong', async () => {
    const res = await request(ctx.app).post('/api/register').send({ firstName: '', lastName: '', email: 'x', password: '1' }).expect(400);
    expect(res.body).toEqual({
      message: 'First name is required',
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        password: 'Password must be at least 6 characters',
      },
    });
  });

  it('refuses a name with a link or an address and writes nothing (audit S4); ordinary names with dots, hyphens and apostrophes pass', async () => {
    const user = newUser({ firstName: 'there. Your payout is on hold: confirm your bank at https://evil.example/login' });
    await request(ctx.app).post('/api/register').send(user).expect(400);
    expect(await ctx.deps.log.readStream(await reservationOf(user.email))).toEqual([]);
    expect(readOutbox(ctx.dataDir).filter((m) => m.to === user.email)).toEqual([]);
    await request(ctx.app).post('/api/register').send(newUser({ firstName: 'Mary-Ann J.', lastName: "O'Brien St. John" })).expect(201);
  });

  it('accepts a password of exactly 6 characters', async () => {
    await request(ctx.app).post('/api/register').send(newUser({ password: 'k7#qz!' })).expect(201);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password (e-mail in any case) and answers the user', async () => {
    const { user, id } = await signUp(ctx.app);
    const agent = request.agent(ctx.app);
    const res = await agent.post('/api/login').send({ email: ` ${user.email.toUpperCase()}`, password: user.password }).expect(200);
    expect(res.body).toMatchObject({ id, email: user.email, firstName: 'Ann', lastName: 'Lee', isOwner: false });
    await agent.get('/api/user').expect(200);
    const events = await ctx.deps.log.readStream(streams.user(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationRequested', 'UserLoggedIn']);
  });

  it('answers 401 with the same message for a wrong password and for an unknown e-mail', async () => {
    const { user } = await signUp(ctx.app);
    const wrong = await request(ctx.app).post('/api/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
    const unknown = await request(ctx.app).post('/api/login').send({ email: uniqueEmail('nobody'), password: 'wrong-password' }).expect(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['missing fields', {}, 'Required', { email: 'Required', password: 'Required' }],
    ['invalid e-mail', { email: 'ann@', password: 'secret-pw' }, 'Invalid email address', { email: 'Invalid email address' }],
    ['short password', { email: 'ann@example.com', password: 'abc' }, 'Password must be at least 6 characters', { password: 'Password must be at least 6 characters' }],
  ])('answers 400 with per-field messages: %s', async (_name, body, message, errors) => {
    const res = await request(ctx.app).post('/api/login').send(body).expect(400);
    expect(res.body).toEqual({ message, errors });
  });
});

describe('GET /api/user', () => {
  it('answers 401 "Not authenticated" when signed out', async () => {
    const res = await request(ctx.app).get('/api/user').expect(401);
    expect(res.body).toEqual({ message: 'Not authenticated' });
  });

  it('says whether the user is the owner (ADMIN_EMAIL, once the address is verified)', async () => {
    const owner = await signUp(ctx.app, { email: OWNER_EMAIL.toUpperCase() });
    expect((await owner.agent.get('/api/user').expect(200)).body).toMatchObject({ email: OWNER_EMAIL, emailVerified: false, isOwner: false });
    const token = await lastVerificationToken(ctx.deps, OWNER_EMAIL);
    await owner.agent.post('/api/verify-email').send({ token }).expect(200);
    expect((await owner.agent.get('/api/user').expect(200)).body).toMatchObject({ email: OWNER_EMAIL, emailVerified: true, isOwner: true });
    const other = await signUp(ctx.app);
    expect((await other.agent.get('/api/user').expect(200)).body.isOwner).toBe(false);
  });

  it('shows subscription changes once they are in the log', async () => {
    const { agent, id } = await signUp(ctx.app);
    const at = new Date().toISOString();
    const { position } = await ctx.deps.log.append(
      streams.user(id),
      [{ type: 'SubscriptionChanged', data: { userId: id, subscriptionTier: 'premium', subscriptionStatus: 'active', changedAt: at } }],
      'any',
      { actor: 'test', correlationId: 'test', now: at },
    );
    await ctx.deps.readModels.waitFor(position);
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the cookie is cleared and /api/user answers 401', async () => {
    const { agent, id } = await signUp(ctx.app);
    const res = await agent.post('/api/logout').expect(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/weeklydiv_session=;.*Max-Age=0/i);
    await agent.get('/api/user').expect(401);
    const events = await ctx.deps.log.readStream(streams.user(id));
    expect(events.map((e) => e.type)).toContain('UserLoggedOut');
  });

  it('answers 200 when nobody is signed in', async () => {
    await request(ctx.app).post('/api/logout').expect(200);
  });
});

describe('POST /api/forgot-password and POST /api/reset-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the account', async () => {
    const { user } = await signUp(ctx.app);
    const unknownEmail = uniqueEmail('ghost');
    const known = await request(ctx.app).post('/api/forgot-password').send({ email: user.email.toUpperCase() }).expect(200);
    const unknown = await request(ctx.app).post('/api/forgot-password').send({ email: unknownEmail }).expect(200);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.body).toEqual(known.body);
    const mails = readOutbox(ctx.dataDir);
    expect(mails.filter((m) => m.to === unknownEmail)).toEqual([]);
    const mail = mails.filter((m) => m.to === user.email).at(-1)!;
    expect(mail.subject).toBe('Reset your WeeklyDiv password');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('resets the password with the mailed token: the new password works, the old one does not', async () => {
    const { user } = await signUp(ctx.app);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    const token = lastResetToken(ctx.dataDir, user.email);
    const res = await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'brand-new-pw' }).expect(200);
    expect(res.body).toEqual({ message: 'Your password has been reset successfully' });
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: 'brand-new-pw' }).expect(200);
  });

  it('refuses an unknown token with 400', async () => {
    const res = await request(ctx.app).post('/api/reset-password').send({ token: 'A'.repeat(43), newPassword: 'brand-new-pw' }).expect(400);
    expect(res.body).toEqual({ message: 'This reset link is invalid or has expired.' });
  });

  it.each([
    ['/api/forgot-password', {}, 'Required', { email: 'Required' }],
    ['/api/forgot-password', { email: 'nope' }, 'Invalid email address', { email: 'Invalid email address' }],
    ['/api/reset-password', {}, 'Required', { token: 'Required', newPassword: 'Required' }],
    ['/api/reset-password', { token: '', newPassword: 'long-enough' }, 'Required', { token: 'Required' }],
    ['/api/reset-password', { token: 'abc', newPassword: '12345' }, 'Password must be at least 6 characters', { newPassword: 'Password must be at least 6 characters' }],
  ])('%s answers 400 with per-field messages for %j', async (path, body, message, errors) => {
    const res = await request(ctx.app).post(path).send(body).expect(400);
    expect(res.body).toEqual({ message, errors });
  });
});

describe('a body field the endpoint does not name: 400 naming it, nothing written', () => {
  const unknown = { message: 'Unknown field: note', errors: { note: 'Unknown field' } };
  const head = () => ctx.deps.log.store.headPosition();

  it('register: no account (the address is still free), no cookie', async () => {
    const user = newUser();
    const before = await head();
    const res = await request(ctx.app).post('/api/register').send({ ...user, note: 'x' }).expect(400, unknown);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await head()).toBe(before);
    await request(ctx.app).post('/api/register').send(user).expect(201);
  });

  it('login: not signed in, no login recorded', async () => {
    const { user } = await signUp(ctx.app);
    const before = await head();
    const res = await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password, note: 'x' }).expect(400, unknown);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await head()).toBe(before);
  });

  it('logout and logout-all: the session still works', async () => {
    const { agent } = await signUp(ctx.app);
    const before = await head();
    await agent.post('/api/logout').send({ note: 'x' }).expect(400, unknown);
    await agent.post('/api/logout-all').send({ note: 'x' }).expect(400, unknown);
    expect(await head()).toBe(before);
    await agent.get('/api/user').expect(200);
  });

  it('forgot-password and reset-password: no link requested, the password unchanged', async () => {
    const { user } = await signUp(ctx.app);
    const before = await head();
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email, note: 'x' }).expect(400, unknown);
    expect(await head()).toBe(before);
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    const token = lastResetToken(ctx.dataDir, user.email);
    const afterRequest = await head();
    await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'brand-new-pw', note: 'x' }).expect(400, unknown);
    expect(await head()).toBe(afterRequest);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('verify-email and resend-verification: still unverified, no new link', async () => {
    const { agent, user } = await signUp(ctx.app);
    const token = await lastVerificationToken(ctx.deps, user.email);
    const before = await head();
    await agent.post('/api/verify-email').send({ token, note: 'x' }).expect(400, unknown);
    await agent.post('/api/resend-verification').send({ note: 'x' }).expect(400, unknown);
    expect(await head()).toBe(before);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
  });
});
