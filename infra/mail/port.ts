/**
 * Outgoing mail: the types services use. Adapters (infra/mail/mailer.ts): SMTP, or the outbox file
 * when SMTP_URL is unset.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mail port. `send` waits for delivery; `sendLater` hands the message over without making the
 * caller wait (a request must not answer faster or slower depending on the mail server) and logs
 * failures; `idle` resolves once everything handed over so far has settled (graceful shutdown).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  sendLater(message: MailMessage): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** One line of the outbox file (JSON Lines). */
export interface OutboxRecord extends MailMessage {
  from: string;
  at: string;
}
