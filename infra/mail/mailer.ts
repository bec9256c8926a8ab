import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { MailMessage, Mailer, OutboxRecord } from './port.ts';

export interface MailConfig {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: write to the outbox file. */
  smtpUrl: string | undefined;
  from: string;
  outboxFile: string;
}

export function createMailer(config: MailConfig, logger: Logger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from, logger) : createOutboxMailer(config.outboxFile, config.from, logger);
}

/** A header name or value with a line break would start a header of its own (injection): refused. */
function checkHeaders(message: MailMessage): void {
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`Mail header ${name.replace(/[\r\n]/g, ' ')} holds a line break`);
  }
}

function withBackground(kind: Mailer['kind'], deliver: (message: MailMessage) => Promise<void>, logger: Logger, close: () => Promise<void>): Mailer {
  const inFlight = new Set<Promise<void>>();
  const send = async (message: MailMessage) => {
    checkHeaders(message);
    await deliver(message);
  };
  return {
    kind,
    send,
    sendLater(message) {
      const pending = send(message)
        .catch((error: unknown) => logger.error({ err: error, mail: { to: message.to, subject: message.subject } }, 'sending mail failed'))
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await close();
    },
  };
}

/** nodemailer over SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  // loaded with SMTP_URL only: the embedded default writes the outbox file
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return withBackground(
    'smtp',
    async (message) => {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      logger.info({ mail: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'mail sent');
    },
    logger,
    async () => transport.close(),
  );
}

/**
 * No SMTP configured (the embedded default; production refuses to start without SMTP_URL): every
 * message is appended to a JSON Lines file, so flows like password reset work on a laptop. The log
 * line names recipient and subject only, never the body or its links. The write is synchronous so the file has the
 * message by the time the request that caused it has answered.
 */
export function createOutboxMailer(outboxFile: string, from: string, logger: Logger): Mailer {
  return withBackground(
    'outbox',
    async (message) => {
      const record: OutboxRecord = { at: new Date().toISOString(), from, ...message };
      mkdirSync(path.dirname(outboxFile), { recursive: true });
      appendFileSync(outboxFile, `${JSON.stringify(record)}\n`, 'utf8');
      // Recipient and subject only: a body can hold a reset link, which must never reach a log (audit M1).
      logger.info({ mail: { to: message.to, subject: message.subject }, outboxFile }, 'mail written to the outbox (SMTP_URL not set)');
    },
    logger,
    async () => {},
  );
}
