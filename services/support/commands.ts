import { randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import type { AttemptCounters } from '../../infra/attempt-counters/port.ts';
import type { Mailer, MailMessage } from '../../infra/mail/port.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { tooManyRequests } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { supportDecider } from './business-logic.ts';

/** Support requests per account: 10 an hour (a form sent twice by mistake passes; a loop does not fill the inbox). */
export const SUPPORT_LIMIT = { perAccount: 10, windowMs: 60 * 60 * 1000 } as const;

/** The acknowledgement's promise, by plan (docs/billing.md "Priority support"). */
export const SUPPORT_PROMISE = {
  priority: 'As a Premium member you have priority support: we answer within one business day.',
  standard: 'We answer every request by email, usually within three business days.',
} as const;

export interface SupportDeps {
  log: EventLog;
  attempts: AttemptCounters;
  mailer: Mailer;
  now: () => Date;
}

export interface Requester {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  /** Premium rights now. */
  premium: boolean;
}

/**
 * Stores a support request (`support-<id>`) and mails the acknowledgement. 429 beyond SUPPORT_LIMIT.
 * The mail never repeats what was typed: the address may not be proven yet, and text a stranger chose
 * must not reach its owner (audit S4), so it names neither the subject nor, unverified, the person.
 */
export async function requestSupport(
  deps: SupportDeps,
  requester: Requester,
  input: { subject: string; message: string },
  ctx: CommandContext,
): Promise<{ requestId: string; position: number }> {
  const rule = { key: `support:account:${requester.userId}`, limit: SUPPORT_LIMIT.perAccount, windowMs: SUPPORT_LIMIT.windowMs };
  const slot = await deps.attempts.take([rule], deps.now().getTime());
  if (!slot.ok) {
    const minutes = Math.max(1, Math.ceil(slot.retryAfterMs / 60_000));
    throw tooManyRequests(`Too many support requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, slot.retryAfterMs / 1000);
  }
  const requestId = randomUUID();
  const data = {
    requestId,
    userId: requester.userId,
    email: requester.email,
    name: `${requester.firstName} ${requester.lastName}`,
    priority: requester.premium,
    subject: input.subject,
    message: input.message,
  };
  const result = await handleCommand(deps.log, streams.support(requestId), supportDecider, { type: 'RequestSupport', data }, ctx);
  deps.mailer.sendLater(acknowledgement(requester));
  return { requestId, position: result.position };
}

/** The owner marks a request answered (404 unknown, 409 already). */
export async function markAnswered(log: EventLog, requestId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.support(requestId), supportDecider, { type: 'MarkAnswered', data: {} }, ctx);
  return { position: result.position };
}

function acknowledgement(requester: Requester): MailMessage {
  const hello = requester.emailVerified ? `Hello ${requester.firstName},` : 'Hello,';
  const promise = requester.premium ? SUPPORT_PROMISE.priority : SUPPORT_PROMISE.standard;
  const text = [hello, '', 'We received your support request sent from WeeklyDiv.', promise, '', 'If you did not send it, you can ignore this e-mail.'].join('\n');
  const html = `<p>${escapeHtml(hello)}</p>
<p>We received your support request sent from WeeklyDiv. ${promise}</p>
<p>If you did not send it, you can ignore this e-mail.</p>`;
  const subject = requester.premium ? 'We received your request (priority support)' : 'We received your request';
  return { to: requester.email, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
