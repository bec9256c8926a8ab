import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../infra/mail/smtp-test-server.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { fastEnv, readOutbox, resetTokenFrom, signUp, uniqueEmail } from './test-helpers.ts';

/** Quoted-printable (what nodemailer uses for long text lines) back to text. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ ...fastEnv, SMTP_URL: smtp.url, MAIL_FROM: 'WeeklyDiv <no-reply@weeklydiv.test>', APP_URL: 'https://weeklydiv.test' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('password reset over SMTP (real local SMTP server)', () => {
  it('mails the reset link through SMTP_URL, and the link resets the password', async () => {
    const { user } = await signUp(ctx.app);
    // Sign-up mails the verification link first.
    const verification = decodeQuotedPrintable((await smtp.next()).raw);
    expect(verification).toContain('Subject: Verify your WeeklyDiv email address');
    expect(verification).toMatch(/https:\/\/weeklydiv\.test\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    const arrived = smtp.next();
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    const mail = await arrived;
    expect(mail.from).toBe('no-reply@weeklydiv.test');
    expect(mail.to).toEqual([user.email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Subject: Reset your WeeklyDiv password');
    expect(body).toMatch(/https:\/\/weeklydiv\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    const token = resetTokenFrom(body);
    await request(ctx.app).post('/api/reset-password').send({ token, newPassword: 'via-smtp-pw' }).expect(200);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: 'via-smtp-pw' }).expect(200);
    // With SMTP configured nothing goes to the outbox file.
    expect(readOutbox(ctx.dataDir)).toEqual([]);
  });

  it('sends nothing for an unknown address', async () => {
    const { user } = await signUp(ctx.app);
    expect((await smtp.next()).to).toEqual([user.email]); // its verification mail
    await request(ctx.app).post('/api/forgot-password').send({ email: uniqueEmail('ghost') }).expect(200);
    const arrived = smtp.next();
    await request(ctx.app).post('/api/forgot-password').send({ email: user.email }).expect(200);
    // The next mail the server receives is the known user's: the unknown address produced none.
    expect((await arrived).to).toEqual([user.email]);
  });
});
