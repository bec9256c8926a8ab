import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { createMailer } from '../../infra/mail/mailer.ts';
import { startSmtpServer } from '../../infra/mail/smtp-test-server.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { unsubscribeMessages } from './api.ts';
import { correctionMail } from './mails.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * Audit I2, RFC 8058: an alert mail names its unsubscribe link in `List-Unsubscribe` and asks for the
 * one-click POST in `List-Unsubscribe-Post`. Opening the link (GET: a person, or a scanner that
 * prefetches links) only shows a page with a button; the POST (the button's form, or the mail
 * provider's server-to-server request: form-encoded `List-Unsubscribe=One-Click`, no cookie, no Origin)
 * turns the alerts off.
 */

const SECRET = 'a-one-click-spec-session-secret-of-32-characters';
const tokens = new UnsubscribeTokens(SECRET);
const ONE_CLICK = 'List-Unsubscribe=One-Click';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET });
});
afterAll(async () => {
  await ctx?.close();
});

/** The header lines of a raw message, unfolded (RFC 5322 §2.2.3), by lower-cased name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

async function settingsOf(agent: Awaited<ReturnType<typeof signUp>>['agent']) {
  return (await agent.get('/api/user/alerts').expect(200)).body as { distributionChangeAlerts: boolean; exDateReminder: boolean };
}

const unsubscribeEvents = async (userId: string) => (await ctx.deps.log.readStream(streams.alerts(userId))).filter((e) => e.type === 'AlertSettingsChanged');

describe('one-click unsubscribe (audit I2, RFC 8058)', () => {
  it('an alert mail sent over SMTP carries List-Unsubscribe (the link of the mail) and List-Unsubscribe-Post; a provider\'s POST to it turns the alerts off', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, pino({ level: 'silent' }));
    try {
      const { agent, id, user } = await signUp(ctx.app);
      const links = { appUrl: ctx.deps.config.appUrl, unsubscribeToken: tokens.token(id, 'distribution-change') };
      const fund = { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF' };
      const message = correctionMail(user.email, 'Ann', { fund, exDate: '2026-11-25', payDate: null, amount: '0.11', told: { amount: '0.12', on: '2026-11-23', withdrawn: false }, todayBasis: null }, links);
      await mailer.send(message);
      const headers = headersOf((await smtp.next()).raw);
      const link = `${ctx.deps.config.appUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(links.unsubscribeToken)}`;
      expect(headers.get('list-unsubscribe')).toBe(`<${link}>`);
      expect(headers.get('list-unsubscribe-post')).toBe(ONE_CLICK);
      expect(message.text).toContain(link);
      // The mail provider: POST, form-encoded, no cookie, no Origin, no Sec-Fetch-Site.
      const path = new URL(link).pathname + new URL(link).search;
      const answer = await request(ctx.app).post(path).type('form').send(ONE_CLICK).expect(200);
      expect(answer.text).toContain(unsubscribeMessages.done('distribution-change'));
      expect(await settingsOf(agent)).toMatchObject({ distributionChangeAlerts: false });
      expect((await unsubscribeEvents(id)).map((e) => e.data)).toEqual([expect.objectContaining({ distributionChangeAlerts: false, via: 'unsubscribe' })]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('opening the link (GET) changes nothing: a page with a button that posts to the same address', async () => {
    const { agent, id } = await signUp(ctx.app);
    const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(tokens.token(id, 'distribution-change'))}`;
    for (let i = 0; i < 3; i++) {
      const page = await request(ctx.app).get(path).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.text).toContain('<h1>Stop distribution-change alerts?</h1>');
      expect(page.text).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
      expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    }
    // a client that asks for JSON is told the same, and nothing changes either
    expect((await request(ctx.app).get(path).set('Accept', 'application/json').expect(200)).body).toEqual({ message: unsubscribeMessages.confirm('distribution-change') });
    expect(await settingsOf(agent)).toMatchObject({ distributionChangeAlerts: true });
    expect(await unsubscribeEvents(id)).toEqual([]);
  });

  it('the page\'s button (a same-origin form POST from the browser) turns that kind off and says so; again is harmless', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true }).expect(200);
    const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(tokens.token(id, 'ex-date-reminder'))}`;
    const browserForm = () =>
      request(ctx.app).post(path).set('Origin', 'http://localhost:3000').set('Sec-Fetch-Site', 'same-origin').set('Accept', 'text/html').type('form').send({ 'List-Unsubscribe': 'One-Click' });
    const page = await browserForm().expect(200);
    expect(page.text).toContain('<h1>Unsubscribed</h1>');
    expect(page.text).toContain('You will get no more ex-date reminders from WeeklyDiv.');
    expect(await settingsOf(agent)).toMatchObject({ distributionChangeAlerts: true, exDateReminder: false });
    await browserForm().expect(200);
    expect((await unsubscribeEvents(id)).filter((e) => (e.data as { via: string }).via === 'unsubscribe')).toHaveLength(1);
  });

  it('a provider that posts multipart/form-data (RFC 8058 allows it) unsubscribes too', async () => {
    const { agent, id } = await signUp(ctx.app);
    const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(tokens.token(id, 'distribution-change'))}`;
    await request(ctx.app).post(path).field('List-Unsubscribe', 'One-Click').expect(200);
    expect(await settingsOf(agent)).toMatchObject({ distributionChangeAlerts: false });
  });

  it('a POST that does not say List-Unsubscribe=One-Click, a cross-site POST, or a tampered token change nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const token = tokens.token(id, 'distribution-change');
    const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    const noBody = await request(ctx.app).post(path).set('Accept', 'application/json').expect(400);
    expect(noBody.body).toEqual({ message: unsubscribeMessages.notConfirmed });
    await request(ctx.app).post(path).type('form').send('List-Unsubscribe=Yes').expect(400);
    await request(ctx.app).post(path).set('Sec-Fetch-Site', 'cross-site').type('form').send(ONE_CLICK).expect(403);
    await request(ctx.app).post(path).set('Origin', 'https://evil.example').type('form').send(ONE_CLICK).expect(403);
    const tampered = `/api/alerts/unsubscribe?token=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`;
    const bad = await request(ctx.app).post(tampered).type('form').send(ONE_CLICK).expect(400);
    expect(bad.text).toContain('This unsubscribe link is not valid.');
    expect(await settingsOf(agent)).toMatchObject({ distributionChangeAlerts: true });
    expect(await unsubscribeEvents(id)).toEqual([]);
  });
});
