import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, readOutbox, signUp, signUpOwner, signUpVerified } from '../accounts/test-helpers.ts';
import { makePremium } from '../brokerage/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { SUPPORT_LIMIT, SUPPORT_PROMISE } from './commands.ts';

/** Issue 29: the support form (everyone signed in), the owner's inbox with Premium requests first, the acknowledgement mail. */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
  owner = await signUpOwner(ctx.app, ctx.deps);
});
afterAll(async () => {
  await ctx?.close();
});

const request1 = { subject: 'Where is my payout?', message: 'The NVDW payout of last week is not in my calendar.' };

describe('POST /api/support', () => {
  it('stores the request and mails a standard acknowledgement to a free user (no text they typed in it)', async () => {
    const { agent, user, id } = await signUp(ctx.app);
    const res = await agent.post('/api/support').send(request1).expect(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), priority: false, message: `Thank you, we received your request. ${SUPPORT_PROMISE.standard}` });
    const events = await ctx.deps.log.readStream(streams.support(res.body.id));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['SupportRequested', expect.objectContaining({ userId: id, email: user.email, name: 'Ann Lee', priority: false, ...request1 })],
    ]);
    await ctx.deps.mailer.idle();
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject.startsWith('We received your request'));
    expect(mail.map((m) => m.subject)).toEqual(['We received your request']);
    expect(mail[0]!.text).toContain(SUPPORT_PROMISE.standard);
    expect(mail[0]!.text).not.toContain(request1.subject);
    expect(mail[0]!.text.startsWith('Hello,')).toBe(true);
  });

  it('marks a Premium user\'s request priority, and the mail promises one business day', async () => {
    const { agent, user, id } = await signUpVerified(ctx.app, ctx.deps, { firstName: 'Pia' });
    await makePremium(ctx, id);
    const res = await agent.post('/api/support').send(request1).expect(201);
    expect(res.body.priority).toBe(true);
    expect(res.body.message).toContain('we answer within one business day');
    await ctx.deps.mailer.idle();
    const mail = readOutbox(ctx.dataDir).filter((m) => m.to === user.email && m.subject === 'We received your request (priority support)');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Hello Pia,');
    expect(mail[0]!.text).toContain('As a Premium member you have priority support: we answer within one business day.');
  });

  it('refuses an empty or too long subject or message with the form\'s messages', async () => {
    const { agent } = await signUp(ctx.app);
    const cases: [unknown, Record<string, string>][] = [
      [{ subject: '  ', message: 'x' }, { subject: 'Subject is required' }],
      [{ subject: 'x', message: '' }, { message: 'Message is required' }],
      [{ subject: 'x'.repeat(151), message: 'x' }, { subject: 'Subject must be at most 150 characters' }],
      [{ subject: 'x', message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters' }],
      [{ message: 'x' }, { subject: 'Required' }],
    ];
    for (const [body, errors] of cases) {
      const res = await agent.post('/api/support').send(body as object).expect(400);
      expect(res.body.errors).toEqual(errors);
    }
  });

  it('needs a signed-in user (401)', async () => {
    await request(ctx.app).post('/api/support').send(request1).expect(401);
  });

  it(`takes ${SUPPORT_LIMIT.perAccount} requests an hour per account, then 429`, async () => {
    const { agent } = await signUp(ctx.app);
    for (let i = 0; i < SUPPORT_LIMIT.perAccount; i++) await agent.post('/api/support').send(request1).expect(201);
    const res = await agent.post('/api/support').send(request1).expect(429);
    expect(res.body.message).toBe('Too many support requests. Try again in 60 minutes.');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the owner\'s support inbox', () => {
  it('lists open requests, Premium (priority) first then the oldest; answered ones last; mark answered once', async () => {
    const free = await signUp(ctx.app, { firstName: 'Fred' });
    const premium = await signUp(ctx.app, { firstName: 'Pat' });
    await makePremium(ctx, premium.id);
    const first = (await free.agent.post('/api/support').send({ subject: 'Free first', message: 'm' }).expect(201)).body.id as string;
    const second = (await premium.agent.post('/api/support').send({ subject: 'Premium second', message: 'm' }).expect(201)).body.id as string;
    const third = (await free.agent.post('/api/support').send({ subject: 'Free third', message: 'm' }).expect(201)).body.id as string;

    const inbox = (await owner.agent.get('/api/admin/support').expect(200)).body as { id: string; priority: boolean; answeredAt: string | null; name: string }[];
    const mine = inbox.filter((r) => [first, second, third].includes(r.id));
    expect(mine.map((r) => [r.id, r.priority])).toEqual([
      [second, true],
      [first, false],
      [third, false],
    ]);
    expect(mine[0]!.name).toBe('Pat Lee');

    const answered = await owner.agent.post(`/api/admin/support/${second}/answered`).expect(200);
    expect(answered.body).toMatchObject({ id: second, answeredAt: expect.any(String) });
    const again = await owner.agent.post(`/api/admin/support/${second}/answered`).expect(409);
    expect(again.body).toEqual({ message: 'This request is already marked answered' });
    const after = ((await owner.agent.get('/api/admin/support').expect(200)).body as { id: string }[]).filter((r) => [first, second, third].includes(r.id));
    expect(after.map((r) => r.id)).toEqual([first, third, second]);
  });

  it('answers 404 for an unknown request, 400 for an id that is none, 403 for a user, 401 signed out', async () => {
    const unknown = await owner.agent.post('/api/admin/support/11111111-1111-4111-8111-111111111111/answered').expect(404);
    expect(unknown.body).toEqual({ message: 'Support request not found' });
    await owner.agent.post('/api/admin/support/not-a-uuid/answered').expect(400);
    const user = await signUp(ctx.app);
    await user.agent.get('/api/admin/support').expect(403);
    await request(ctx.app).get('/api/admin/support').expect(401);
  });
});
