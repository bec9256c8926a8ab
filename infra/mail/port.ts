/**
 * Outgoing mail: the types services use. Adapters (infra/mail/mailer.ts): SMTP, or the outbox file
 * when SMTP_URL is unset.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra header fields, by name (`List-Unsubscribe`, `List-Unsubscribe-Post`: RFC 2369 and 8058).
   * Plain ASCII, one line each: the adapters refuse a name or value with a line break (header injection).
   */
  headers?: Readonly<Record<string, string>>;
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

/** One line of the outbox file (JSON Lines): the message as sent (with `headers` when it has any), sender and time. */
export interface OutboxRecord extends MailMessage {
  from: string;
  at: string;
}
