import type { Logger } from 'pino';
import { streams } from '../../events/streams.ts';
import type { AttemptCounters, CounterRule } from '../../infra/attempt-counters/port.ts';
import type { Brokerage } from '../../infra/brokerage/port.ts';
import type { Mailer, MailMessage } from '../../infra/mail/port.ts';
import type { KeyStore } from '../../infra/personal-data/port.ts';
import { cancelSubscriptionsForDeletion } from '../billing/account-deletion.ts';
import { removeBrokerageUserForDeletion } from '../brokerage/account-deletion.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import type { Config } from '../http/config.ts';
import { emailReservationDecider, userDecider } from './business-logic.ts';
import { readUser } from './commands.ts';
import type { EmailIndex } from './email-reservation.ts';
import { verifyPassword } from './password.ts';

/**
 * Deleting an account (`DELETE /api/user {password}`; docs/accounts-and-security.md "Deleting an
 * account"). The steps, in this order so that a failure leaves an account the user can still delete:
 * 1. the password (400 when wrong; five attempts per account in 15 minutes, then 429);
 * 2. SnapTrade: the user removed; then Stripe: every running subscription cancelled at once (a failure
 *    of either is a 502 and the account is not deleted);
 * 3. the confirmation mail, queued while the address is still readable;
 * 4. `AccountDeleted` on `user-<id>` (every read model drops the user's documents; sign-in fails;
 *    every session answers 401), then `EmailReleased` on the address's reservation (it can register again);
 * 5. the user's data key destroyed: the personal fields of the user's events become unreadable.
 */
export const ACCOUNT_DELETION_LIMITS = { perAccount: 5, windowMs: 15 * 60 * 1000 } as const;

export const deletionMessages = {
  wrongPassword: 'Your password is not correct',
  noPassword: 'Your account has no password yet: choose one with "Forgot password?" on the login page, then delete the account.',
  deleted: 'Your account was deleted. We sent a confirmation to your email address.',
} as const;

export interface AccountDeletionDeps {
  log: EventLog;
  attempts: AttemptCounters;
  keys: KeyStore;
  emailIndex: EmailIndex;
  mailer: Mailer;
  logger: Logger;
  config: Config;
  brokerage: Brokerage | undefined;
  now: () => Date;
}

const deletionRule = (userId: string): CounterRule => ({
  key: `account-deletion:account:${userId}`,
  limit: ACCOUNT_DELETION_LIMITS.perAccount,
  windowMs: ACCOUNT_DELETION_LIMITS.windowMs,
});

function tooManyAttempts(blockedMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(blockedMs / 1000));
  const minutes = Math.max(1, Math.ceil(blockedMs / 60_000));
  const wait = seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return tooManyRequests(`Too many password attempts. Try again in ${wait}.`, blockedMs / 1000);
}

/** Deletes the signed-in user's account (see above). Answers the position the read models must reach. */
export async function deleteAccount(deps: AccountDeletionDeps, input: { userId: string; password: string }, ctx: CommandContext): Promise<{ position: number }> {
  const { log, attempts } = deps;
  const rule = deletionRule(input.userId);
  const slot = await attempts.take([rule], deps.now().getTime());
  if (!slot.ok) throw tooManyAttempts(slot.retryAfterMs);
  const user = await readUser(log, input.userId);
  if (user.status !== 'registered') throw unauthorized();
  if (user.passwordHash === null) throw badRequest(deletionMessages.noPassword, { password: deletionMessages.noPassword });
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw badRequest(deletionMessages.wrongPassword, { password: deletionMessages.wrongPassword }); // the attempt stays counted
  }
  await attempts.clear([rule.key]);

  // SnapTrade first: its removal can be repeated (a user it no longer knows is done), so should Stripe
  // then fail, the retry goes through both again
  await removeBrokerageUserForDeletion({ log, logger: deps.logger, brokerage: deps.brokerage }, input.userId);
  await cancelSubscriptionsForDeletion({ log, config: deps.config, logger: deps.logger }, input.userId);

  // queued with the address in hand: after step 5 nothing can read it any more
  deps.mailer.sendLater(deletionMail(user.email));
  const deleted = await handleCommand(log, streams.user(input.userId), userDecider, { type: 'DeleteAccount', data: {} }, ctx);
  const released = await releaseEmail(deps, user.email, input.userId, ctx);
  await deps.keys.destroy(input.userId, ctx.now);
  deps.logger.info({ userId: input.userId }, 'account deleted');
  return { position: Math.max(deleted.position, released) };
}

/**
 * Frees the address of a deleted account for a new registration (idempotent): on the hashed stream, and
 * on the legacy `useremail-<address>` one when the account was registered before the hashed names (the
 * release appends nothing where the user holds no reservation, so no stream is made). Answers the
 * position (0: nothing written). `scrub-deleted` later removes a released legacy stream from the
 * embedded log, its name with it.
 */
export async function releaseEmail(deps: Pick<AccountDeletionDeps, 'log' | 'emailIndex'>, emailAddress: string, userId: string, ctx: CommandContext): Promise<number> {
  const names = await deps.emailIndex.streamsFor(emailAddress);
  let position = 0;
  for (const stream of [names.hashed, names.legacy]) {
    const result = await handleCommand(deps.log, stream, emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, ctx);
    if (result.events.length > 0) position = Math.max(position, result.position);
  }
  return position;
}

function deletionMail(to: string): MailMessage {
  const text = [
    'Hello,',
    '',
    'Your WeeklyDiv account was deleted at your request: your portfolio, favorites, alerts, payout',
    'records and support requests are gone, your Premium subscription (if you had one) was cancelled at',
    'Stripe, and your brokerage connection (if any) was removed at SnapTrade. You are signed out everywhere.',
    '',
    'This address is no longer stored with us, so this is the last mail you get from WeeklyDiv. You can',
    'create a new account with it at any time.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Your WeeklyDiv account was deleted at your request: your portfolio, favorites, alerts, payout records and support requests are gone, your Premium subscription (if you had one) was cancelled at Stripe, and your brokerage connection (if any) was removed at SnapTrade. You are signed out everywhere.</p>
<p>This address is no longer stored with us, so this is the last mail you get from WeeklyDiv. You can create a new account with it at any time.</p>`;
  return { to, subject: 'Your WeeklyDiv account was deleted', text, html };
}
