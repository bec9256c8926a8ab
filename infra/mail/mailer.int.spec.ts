import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import type { OutboxRecord } from './port.ts';
import { startSmtpServer } from './smtp-test-server.ts';

const logger = pino({ level: 'silent' });

const UNSUBSCRIBE_HEADERS = {
  'List-Unsubscribe': '<https://weeklydiv.test/api/alerts/unsubscribe?token=4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f.dc.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEf>',
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

/** The header lines of a raw message, unfolded (RFC 5322 §2.2.3). */
function headerLines(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
}

describe('mailer over SMTP (real local SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a message with sender, recipient, subject and body', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'WeeklyDiv <no-reply@weeklydiv.test>', outboxFile: '/nonexistent/outbox.jsonl' }, logger);
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'ann@example.com', subject: 'Hello Ann', text: 'First line\nhttps://weeklydiv.test/x?token=abc' });
    const mail = await smtp.next();
    expect(mail.from).toBe('no-reply@weeklydiv.test');
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.raw).toContain('Subject: Hello Ann');
    expect(mail.raw).toContain('https://weeklydiv.test/x?token=abc');
    await mailer.close();
  });

  it('sends in the background with sendLater, and idle() waits for it', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, logger);
    const arrived = smtp.next();
    mailer.sendLater({ to: 'bob@example.com', subject: 'Later', text: 'body' });
    await mailer.idle();
    expect((await arrived).to).toEqual(['bob@example.com']);
    await mailer.close();
  });

  it('carries extra headers: List-Unsubscribe and List-Unsubscribe-Post arrive as sent (RFC 8058)', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, logger);
    await mailer.send({ to: 'ann@example.com', subject: 'Alert', text: 'body', headers: UNSUBSCRIBE_HEADERS });
    const headers = headerLines((await smtp.next()).raw);
    expect(headers).toContain(`List-Unsubscribe: ${UNSUBSCRIBE_HEADERS['List-Unsubscribe']}`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await mailer.close();
  });

  it('refuses a header with a line break (no header injection), over SMTP and in the outbox', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-outbox-'));
    try {
      const injected = { to: 'ann@example.com', subject: 'Alert', text: 'body', headers: { 'List-Unsubscribe': '<https://x.test/u>\r\nBcc: victim@example.com' } };
      const overSmtp = createMailer({ smtpUrl: smtp.url, from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, logger);
      await expect(overSmtp.send(injected)).rejects.toThrow('Mail header List-Unsubscribe holds a line break');
      const outbox = createMailer({ smtpUrl: undefined, from: 'no-reply@weeklydiv.test', outboxFile: path.join(dir, 'outbox.jsonl') }, logger);
      await expect(outbox.send({ ...injected, headers: { 'X-A\nB': 'v' } })).rejects.toThrow('holds a line break');
      expect(smtp.received).toEqual([]);
      await overSmtp.close();
      await outbox.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs instead of throwing when the server cannot be reached in the background', async () => {
    const errors: unknown[] = [];
    const recording = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) });
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, recording);
    mailer.sendLater({ to: 'x@example.com', subject: 'Nope', text: 'body' });
    await mailer.idle();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'sending mail failed', mail: { to: 'x@example.com', subject: 'Nope' } });
    await expect(mailer.send({ to: 'x@example.com', subject: 'Nope', text: 'body' })).rejects.toThrow();
  });
});

describe('mail in the logs (audit M1)', () => {
  const link = 'https://weeklydiv.test/reset-password?token=secret-token-123';
  const message = { to: 'ann@example.com', subject: 'Reset your password', text: `Hello Ann\n${link}\n`, html: `<a href="${link}">reset</a>` };

  function recordingLogger() {
    const lines: string[] = [];
    return { lines, logger: pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }) };
  }

  it('the outbox mailer keeps the body in the file and logs only recipient and subject, at every level', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-outbox-'));
    try {
      const { lines, logger: recording } = recordingLogger();
      const outboxFile = path.join(dir, 'outbox.jsonl');
      const mailer = createMailer({ smtpUrl: undefined, from: 'no-reply@weeklydiv.test', outboxFile }, recording);
      await mailer.send(message);
      expect(readFileSync(outboxFile, 'utf8')).toContain(link);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ mail: { to: 'ann@example.com', subject: 'Reset your password' } });
      for (const line of lines) {
        expect(line).not.toContain('secret-token-123');
        expect(line).not.toContain('Hello Ann');
      }
      await mailer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the SMTP mailer logs neither body nor link, sent or failed', async () => {
    const smtp = await startSmtpServer();
    try {
      const { lines, logger: recording } = recordingLogger();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, recording);
      await mailer.send(message);
      expect((await smtp.next()).raw).toContain('secret-token-123');
      const failing = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@weeklydiv.test', outboxFile: '/nonexistent/outbox.jsonl' }, recording);
      failing.sendLater(message);
      await failing.idle();
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['mail sent', 'sending mail failed']);
      for (const line of lines) {
        expect(line).not.toContain('secret-token-123');
        expect(line).not.toContain('Hello Ann');
      }
      await mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe('mailer without SMTP (outbox file)', () => {
  it('appends each message as one JSON line, synchronously', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-outbox-'));
    try {
      const outboxFile = path.join(dir, 'nested', 'outbox.jsonl');
      const mailer = createMailer({ smtpUrl: undefined, from: 'no-reply@weeklydiv.test', outboxFile }, logger);
      expect(mailer.kind).toBe('outbox');
      mailer.sendLater({ to: 'ann@example.com', subject: 'One', text: 'first' });
      // No await: the line is in the file as soon as sendLater returns.
      expect(readFileSync(outboxFile, 'utf8').trim().split('\n')).toHaveLength(1);
      await mailer.send({ to: 'bob@example.com', subject: 'Two', text: 'second', html: '<p>second</p>' });
      const records = readFileSync(outboxFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as OutboxRecord);
      expect(records.map((r) => [r.to, r.subject, r.text, r.from])).toEqual([
        ['ann@example.com', 'One', 'first', 'no-reply@weeklydiv.test'],
        ['bob@example.com', 'Two', 'second', 'no-reply@weeklydiv.test'],
      ]);
      expect(records[1]!.html).toBe('<p>second</p>');
      expect(Date.parse(records[0]!.at)).not.toBeNaN();
      // extra headers are part of the record (the outbox format), absent when a mail has none
      await mailer.send({ to: 'cat@example.com', subject: 'Three', text: 'third', headers: UNSUBSCRIBE_HEADERS });
      const third = readFileSync(outboxFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as OutboxRecord)[2]!;
      expect(third.headers).toEqual(UNSUBSCRIBE_HEADERS);
      expect(records[0]!.headers).toBeUndefined();
      await mailer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
