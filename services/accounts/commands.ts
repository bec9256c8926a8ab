import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { streams } from '../../events/streams.ts';
import type { Mailer, MailMessage } from '../../infra/mail/port.ts';
import { handleCommand } from '../core/command-handler.ts';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../core/errors.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import type { UserState } from './accounts.ts';
import { emailReservationDecider, messages, passwordResetDecider, userDecider } from './business-logic.ts';
import { dummyPasswordHash, hashPassword, verifyPassword, type ScryptParams } from './password.ts';
import { hashResetToken, newResetToken } from './reset-token.ts';
import type { AttemptCounters, CounterRule } from '../../infra/attempt-counters/port.ts';
import { deviceEntry, type Device } from './known-device.ts';
import { readReservation, type EmailIndex } from './email-reservation.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { findUserByVerificationTokenHash } from '../../read-models/users/queries.ts';
import { replaceIssuedCalendarFeed } from '../calendar-feeds/commands.ts';
import type { VerificationChoice } from '../../contracts/accounts.ts';

/**
 * Accounts commands: registration (the `useremail-<hash of the address>` reservation, then `user-<id>`), sign-in
 * and sign-out bookkeeping, and the password reset (`reset-<sha256(token)>`). Called by the router;
 * each answers what the caller needs to answer (the user id, the session epoch, the position to wait for).
 */

/**
 * Login throttling (docs/accounts-and-security.md "Login throttling", audit S2): an attempt is counted
 * before its password is checked, on the counters of who is asking.
 * - A browser the account knows (its device cookie, known-device.ts): only that device's own counter,
 *   a hard limit. Nothing a stranger does elsewhere delays it.
 * - Any other client: hard limits per (account, client IP) and per client IP, and two account-wide
 *   counters that all unknown clients of the account share: growing delays (2 s after the 5th
 *   failure, doubling, at most 60 s) against bursts, and a budget of 100 attempts a day, which makes
 *   guessing from many addresses impractical (at most 100 guesses a day).
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: 5,
  perIp: 20,
  perDevice: 5,
  windowMs: 15 * 60 * 1000,
  accountFreeFailures: 5,
  /** Attempts of unknown clients on one account per burst window (fixed, not renewed by each attempt). */
  accountBurst: 5,
  accountBurstWindowMs: 10_000,
  accountFirstDelayMs: 2000,
  accountMaxDelayMs: 60_000,
  /** Attempts an account takes from clients it does not know, per window (NIST SP 800-63B §5.2.2: at most 100 failures). */
  accountUnknownBudget: 100,
  accountBudgetWindowMs: 24 * 60 * 60 * 1000,
} as const;

/** The wait after the n-th failure of an account's window: none for the first 4, then 2 s doubling, at most 60 s. */
export function accountDelayMs(failures: number): number {
  if (failures < LOGIN_LIMITS.accountFreeFailures) return 0;
  return Math.min(LOGIN_LIMITS.accountFirstDelayMs * 2 ** (failures - LOGIN_LIMITS.accountFreeFailures), LOGIN_LIMITS.accountMaxDelayMs);
}
/** Reset e-mails per address per hour; more requests are answered the same but send nothing. */
export const RESET_MAIL_LIMIT = { perAccount: 5, windowMs: 60 * 60 * 1000 } as const;

export interface AccountCommandDeps {
  log: EventLog;
  /** Login, reset-mail and verification-mail counters (SQLite in DATA_DIR on the embedded default; the document store with MongoDB). */
  attempts: AttemptCounters;
  /** The scrypt cost of new password hashes. */
  passwordParams: ScryptParams;
  /** The names of the address reservation streams (email-reservation.ts). */
  emailIndex: EmailIndex;
  now: () => Date;
}

export interface PasswordResetMailDeps {
  log: EventLog;
  emailIndex: EmailIndex;
  attempts: AttemptCounters;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** The public address of the web app: the reset link points there. */
  appUrl: string;
}

/** The context of the commands of a user the handler works out itself (its actor is that user). */
export type ContextFor = (userId: string) => CommandContext;

export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

const accountLoginKey = (emailAddress: string) => `login:account:${emailAddress}`;
const accountBudgetKey = (emailAddress: string) => `login:account-day:${emailAddress}`;
const accountBurstKey = (emailAddress: string) => `login:account-burst:${emailAddress}`;
const pairLoginKey = (emailAddress: string, ip: string) => `login:account-ip:${emailAddress}:${ip}`;

/**
 * The login counters of an attempt from a client the account does not know: (account, IP) and IP with
 * a hard limit; the account with growing delays, which hold back only a client with failures of its own
 * (a stranger's guesses never make a fresh client wait: security audit S2), and a daily budget shared by
 * every unknown client (NIST SP 800-63B: at most 100 failures).
 */
export function loginRules(
  emailAddress: string,
  ip: string,
): [pair: CounterRule, ip: CounterRule, accountDelay: CounterRule, accountBurst: CounterRule, accountBudget: CounterRule] {
  return [
    { key: pairLoginKey(emailAddress, ip), limit: LOGIN_LIMITS.perAccountAndIp, windowMs: LOGIN_LIMITS.windowMs },
    { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.perIp, windowMs: LOGIN_LIMITS.windowMs },
    // the account-wide growing wait binds only a client with failures of its own on this account (its
    // pair row): a stranger renewing it never holds back a fresh client (security audit S2)
    { key: accountLoginKey(emailAddress), limit: null, windowMs: LOGIN_LIMITS.windowMs, sliding: true, delayAfterMs: accountDelayMs, waitsOnlyIfCounted: pairLoginKey(emailAddress, ip) },
    // a burst of parallel guesses from many addresses checks at most 5 passwords per 10 s (a fixed window:
    // a guess does not push it on; to hold it shut a stranger spends 5 guesses a window of the day's budget)
    { key: accountBurstKey(emailAddress), limit: LOGIN_LIMITS.accountBurst, windowMs: LOGIN_LIMITS.accountBurstWindowMs },
    { key: accountBudgetKey(emailAddress), limit: LOGIN_LIMITS.accountUnknownBudget, windowMs: LOGIN_LIMITS.accountBudgetWindowMs },
  ];
}

/** The login counter of an attempt from a browser the account knows: that device's own, with a hard limit. */
export function knownDeviceRules(deviceId: string): [device: CounterRule] {
  return [{ key: `login:device:${deviceId}`, limit: LOGIN_LIMITS.perDevice, windowMs: LOGIN_LIMITS.windowMs }];
}

function tooManyLogins(blockedMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(blockedMs / 1000));
  const minutes = Math.max(1, Math.ceil(blockedMs / 60_000));
  const hours = Math.max(1, Math.ceil(blockedMs / 3_600_000));
  if (blockedMs > LOGIN_LIMITS.windowMs) {
    // Longer than any per-client lock: the account's daily budget for unknown clients is spent.
    return tooManyRequests(
      `Too many login attempts on this account. Try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}, sign in from a browser you signed in with before, or reset your password.`,
      blockedMs / 1000,
    );
  }
  const wait = seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return tooManyRequests(`Too many login attempts. Try again in ${wait}.`, blockedMs / 1000);
}

export async function readUser(log: EventLog, userId: string): Promise<UserState> {
  return (await log.aggregate(streams.user(userId), userDecider)).state;
}

/**
 * The account registered under an e-mail, read from the log (the source of truth), or null: the
 * reservation on the hashed stream, else on the legacy `useremail-<address>` one of an older log.
 */
export async function accountByEmail(deps: Pick<AccountCommandDeps, 'log' | 'emailIndex'>, emailAddress: string): Promise<RegisteredUser | null> {
  const { log } = deps;
  const { holder } = await readReservation(log, await deps.emailIndex.streamsFor(emailAddress));
  if (holder.status !== 'reserved') return null;
  const user = await readUser(log, holder.userId);
  return user.status === 'registered' ? user : null;
}

/**
 * Registers an account: reserves the e-mail, then writes the user (409 when the e-mail is taken). A
 * reservation whose account was never written (an interrupted registration) is completed under its id.
 */
export async function registerUser(
  deps: Pick<AccountCommandDeps, 'log' | 'passwordParams' | 'emailIndex'> & Pick<PasswordResetMailDeps, 'mailer' | 'appUrl'>,
  input: { firstName: string; lastName: string; email: string; password: string },
  contextFor: ContextFor,
): Promise<{ userId: string; position: number }> {
  const { log } = deps;
  const names = await deps.emailIndex.streamsFor(input.email);
  const found = await readReservation(log, names);
  let userId: string = randomUUID();
  // The legacy stream first (a log written before the hashed names), then the hashed one: an address
  // is taken while a live account holds it under either name. Only the hashed stream is reserved.
  for (const [stream, reservation] of [[names.legacy, found.legacy], [names.hashed, found.hashed]] as const) {
    if (reservation.status !== 'reserved') continue;
    const holder = await readUser(log, reservation.userId);
    if (holder.status === 'registered') throw conflict(messages.duplicateEmail);
    if (holder.status === 'deleted') {
      // A deleted account whose address was not released yet (the deletion stopped in between): release it now; a new account gets a new id.
      await handleCommand(log, stream, emailReservationDecider, { type: 'ReleaseEmail', data: { userId: holder.userId } }, contextFor(userId));
    } else {
      // The reservation exists but its account was never written (interrupted registration): reuse
      // its id. Appending to that user stream with 'no_stream' still lets only one request win.
      userId = reservation.userId;
    }
  }
  const passwordHash = await hashPassword(input.password, deps.passwordParams);
  const ctx = contextFor(userId);
  // Expected revision from the read (no_stream for a new address): of concurrent registrations one appends.
  await handleCommand(log, names.hashed, emailReservationDecider, { type: 'ReserveEmail', data: { email: input.email, userId } }, ctx);
  // Every account gets a verification link at once (security audit H2); only its hash is stored.
  const verification = newResetToken();
  const data = { userId, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, verificationTokenHash: verification.tokenHash };
  const registered = await handleCommand(log, streams.user(userId), userDecider, { type: 'RegisterUser', data }, ctx);
  deps.mailer.sendLater(verificationMail(deps.appUrl, input, verification.token));
  return { userId, position: registered.position };
}

/**
 * Signs in: 429 while this client is throttled (a known browser: its own counter; any other client:
 * its own and the account-wide counters of unknown clients), 401 for a wrong e-mail or password
 * (counted), else records the login and answers the session epoch the cookie must carry. `device` is
 * the request's device cookie (known-device.ts), if any.
 */
export async function logIn(
  deps: AccountCommandDeps,
  input: { email: string; password: string; ip: string; device: Device | null },
  contextFor: ContextFor,
): Promise<{ userId: string; epoch: number; position: number }> {
  const { log, attempts } = deps;
  const nowMs = deps.now().getTime();
  // A known browser: its cookie names this account at the account's current session epoch. Only then
  // is the account read before the attempt is counted (a cookie that names it costs one read more).
  const entry = deviceEntry(input.device, input.email);
  let account: RegisteredUser | null | undefined;
  if (entry) account = await accountByEmail(deps, input.email);
  const known = input.device !== null && entry !== null && account?.userId === entry.userId && account.sessionEpoch === entry.epoch;
  const rules = known ? knownDeviceRules(input.device!.id) : loginRules(input.email, input.ip);
  // The attempt is counted before the password is checked (atomically, on every rule or none), so a
  // burst of parallel guesses gets at most the allowed number of checks; the rest answer 429.
  const slot = await attempts.take(rules, nowMs);
  if (!slot.ok) throw tooManyLogins(slot.retryAfterMs);
  if (account === undefined) account = await accountByEmail(deps, input.email);
  // Unknown e-mail: verify against a dummy hash anyway, so both failures take the same time.
  // No password (cleared by a verification from elsewhere): the same dummy check, then 401.
  const valid =
    account && account.passwordHash !== null
      ? await verifyPassword(input.password, account.passwordHash)
      : (await verifyPassword(input.password, await dummyPasswordHash(deps.passwordParams))) && false;
  if (!account || !valid) throw unauthorized(messages.invalidCredentials); // the attempt stays counted
  if (known) {
    // This device's failures are forgiven; the account-wide counters of unknown clients are not
    // touched: the owner signing in must not give an attacker fresh guesses.
    await attempts.clear(rules.map((r) => r.key));
  } else {
    // This client's pair, the account's delays and its burst window are forgiven (the owner is in); the
    // client IP and the account's daily budget get this attempt back (they count failures).
    const [pair, ip, accountDelay, accountBurst, accountBudget] = loginRules(input.email, input.ip);
    await attempts.clear([pair.key, accountDelay.key, accountBurst.key]);
    await attempts.giveBack([ip.key, accountBudget.key], nowMs);
  }
  const result = await handleCommand(log, streams.user(account.userId), userDecider, { type: 'RecordLogin', data: {} }, contextFor(account.userId));
  const loggedIn = result.events.find((e) => e.type === 'UserLoggedIn');
  const epoch = loggedIn?.type === 'UserLoggedIn' ? loggedIn.data.sessionEpoch : account.sessionEpoch;
  return { userId: account.userId, epoch, position: result.position };
}

/** Logout of one session: records its id as ended (refused until it would have expired anyway). */
export async function recordLogout(
  log: EventLog,
  userId: string,
  session: { sessionId: string; sessionExpiresAt: string },
  ctx: CommandContext,
): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.user(userId), userDecider, { type: 'RecordLogout', data: session }, ctx);
  return { position: result.position };
}

/**
 * Logout everywhere: bumps the session epoch, so every cookie issued so far stops working, and
 * retires the private calendar feed URL (audit I1: a copy of it must not outlive the sessions). The
 * feed goes first: should the revocation then fail, the user merely has a new feed link and tries again.
 */
export async function revokeSessions(log: EventLog, userId: string, ctx: CommandContext): Promise<{ position: number }> {
  const feed = await replaceIssuedCalendarFeed({ log }, userId, ctx);
  const result = await handleCommand(log, streams.user(userId), userDecider, { type: 'RevokeSessions', data: { reason: 'logout-everywhere' } }, ctx);
  return { position: Math.max(feed.position, result.position) };
}

/**
 * Forgot password: the same work whether or not the account exists (a token and its hash, the account
 * lookup, the mail-limit bookkeeping); for an account within the mail limit, records the request and
 * mails the link. Answers nothing, so the caller cannot tell either.
 */
export async function requestPasswordReset(deps: PasswordResetMailDeps, emailAddress: string, ctx: CommandContext): Promise<void> {
  const { log } = deps;
  const { token, tokenHash } = newResetToken();
  const mailRule: CounterRule = { key: `reset:account:${emailAddress}`, limit: RESET_MAIL_LIMIT.perAccount, windowMs: RESET_MAIL_LIMIT.windowMs };
  const withinMailLimit = (await deps.attempts.take([mailRule], deps.now().getTime())).ok;
  const account = await accountByEmail(deps, emailAddress);
  if (account && withinMailLimit) {
    await handleCommand(log, streams.passwordReset(tokenHash), passwordResetDecider, { type: 'RequestPasswordReset', data: { userId: account.userId, tokenHash } }, ctx);
    deps.mailer.sendLater(resetMail(deps.appUrl, account, token));
  } else if (account) {
    deps.logger.warn({ userId: account.userId }, 'password reset mail limit reached: nothing sent');
  }
}

/**
 * Completes a password reset (400 for a link that is unknown, used, expired, or older than the last
 * password change): marks the token used, then changes the password and revokes every session.
 */
export async function completePasswordReset(
  deps: Pick<AccountCommandDeps, 'log' | 'attempts' | 'passwordParams'>,
  input: { token: string; newPassword: string },
  contextFor: ContextFor,
): Promise<{ userId: string; position: number }> {
  const { log } = deps;
  const tokenHash = hashResetToken(input.token);
  const resetStream = streams.passwordReset(tokenHash);
  const reset = (await log.aggregate(resetStream, passwordResetDecider)).state;
  if (reset.status !== 'requested') throw badRequest(messages.invalidResetLink);
  const userId = reset.userId;
  const ctx = contextFor(userId);
  const passwordHash = await hashPassword(input.newPassword, deps.passwordParams);
  const command = { type: 'ResetPassword', data: { passwordHash, resetRequestedAt: reset.requestedAt } } as const;
  const user = await readUser(log, userId);
  if (user.status !== 'registered') throw badRequest(messages.invalidResetLink);
  // Refuses a link requested before the last password change, before the token is used up.
  userDecider.decide(command, user, ctx);
  // A reset ends every session, and the private feed URL with them (audit I1). First, as in
  // revokeSessions: if what follows fails, the user has a new feed link and the reset link still works.
  const feed = await replaceIssuedCalendarFeed({ log }, userId, ctx);
  // Single use: of two concurrent completions one appends; the other is decided again on the
  // completed token and answered 400. Expiry is checked here too.
  await handleCommand(log, resetStream, passwordResetDecider, { type: 'CompletePasswordReset', data: { tokenHash } }, ctx);
  const result = await handleCommand(log, streams.user(userId), userDecider, command, ctx);
  // The owner can sign in right away, also from a browser the account does not know.
  await deps.attempts.clear([accountLoginKey(user.email), accountBurstKey(user.email), accountBudgetKey(user.email)]);
  return { userId, position: Math.max(feed.position, result.position) };
}

/**
 * Password changes per account: 5 attempts in 15 minutes, counted before the current password is
 * checked (as a login is), cleared by a success. A stolen session cookie cannot guess the password
 * here faster than at the login.
 */
export const PASSWORD_CHANGE_LIMITS = { perAccount: 5, windowMs: 15 * 60 * 1000 } as const;

const passwordChangeRule = (userId: string): CounterRule => ({
  key: `password-change:account:${userId}`,
  limit: PASSWORD_CHANGE_LIMITS.perAccount,
  windowMs: PASSWORD_CHANGE_LIMITS.windowMs,
});

function tooManyPasswordChanges(blockedMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(blockedMs / 1000));
  const minutes = Math.max(1, Math.ceil(blockedMs / 60_000));
  const wait = seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return tooManyRequests(`Too many password attempts. Try again in ${wait}.`, blockedMs / 1000);
}

/**
 * Changes the password of a signed-in user: 429 while the account's attempts are spent, 400 on
 * `currentPassword` when it is wrong (counted), else the new hash, a new session epoch (every session
 * ends; the caller gives its own browser a cookie of the new epoch), a new private calendar link (as on
 * every sign-out everywhere, audit I1) and a mail to the address. Answers the epoch and the position.
 */
export async function changePassword(
  deps: AccountCommandDeps & Pick<PasswordResetMailDeps, 'mailer' | 'appUrl'>,
  input: { userId: string; currentPassword: string; newPassword: string },
  ctx: CommandContext,
): Promise<{ epoch: number; position: number }> {
  const { log, attempts } = deps;
  const rule = passwordChangeRule(input.userId);
  const slot = await attempts.take([rule], deps.now().getTime());
  if (!slot.ok) throw tooManyPasswordChanges(slot.retryAfterMs);
  const user = await readUser(log, input.userId);
  if (user.status !== 'registered') throw unauthorized();
  if (user.passwordHash === null) throw badRequest(messages.noPasswordToChange, { currentPassword: messages.noPasswordToChange });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest(messages.wrongCurrentPassword, { currentPassword: messages.wrongCurrentPassword }); // the attempt stays counted
  }
  await attempts.clear([rule.key]);
  const passwordHash = await hashPassword(input.newPassword, deps.passwordParams);
  // The feed first, as in revokeSessions: should the change then fail, the user merely has a new feed link.
  const feed = await replaceIssuedCalendarFeed({ log }, input.userId, ctx);
  const result = await handleCommand(log, streams.user(input.userId), userDecider, { type: 'ChangePassword', data: { passwordHash } }, ctx);
  const revoked = result.events.find((e) => e.type === 'SessionsRevoked');
  if (revoked?.type !== 'SessionsRevoked') throw new Error(`password change of ${input.userId} revoked no session`);
  deps.mailer.sendLater(passwordChangedMail(deps.appUrl, user));
  return { epoch: revoked.data.sessionEpoch, position: Math.max(feed.position, result.position) };
}

/** Renames a signed-in user (the names already passed the sign-up rules); the same names append nothing. */
export async function renameUser(log: EventLog, userId: string, names: { firstName: string; lastName: string }, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.user(userId), userDecider, { type: 'RenameUser', data: names }, ctx);
  return { position: result.position };
}

/** Per account: one verification mail a minute (the per-client limit is the route's ClientLimiter). */
export const VERIFICATION_MAIL_LIMIT = { perAccount: 1, windowMs: 60 * 1000 } as const;

function tooManyVerificationMails(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return tooManyRequests(`Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting another verification email.`, waitMs / 1000);
}

/**
 * Resend (signed in): 409 when the address is already verified, 429 within a minute of the last
 * resend; else a new link replaces the old one (which stops working) and is mailed.
 */
export async function resendVerification(
  deps: Pick<AccountCommandDeps, 'log' | 'attempts' | 'now'> & Pick<PasswordResetMailDeps, 'mailer' | 'appUrl'>,
  userId: string,
  ctx: CommandContext,
): Promise<{ position: number }> {
  const user = await readUser(deps.log, userId);
  if (user.status !== 'registered') throw unauthorized();
  if (user.emailVerified) throw conflict(messages.alreadyVerified);
  const rule: CounterRule = { key: `verify:account:${userId}`, limit: VERIFICATION_MAIL_LIMIT.perAccount, windowMs: VERIFICATION_MAIL_LIMIT.windowMs };
  const slot = await deps.attempts.take([rule], deps.now().getTime());
  if (!slot.ok) throw tooManyVerificationMails(slot.retryAfterMs);
  const { token, tokenHash } = newResetToken();
  const result = await handleCommand(deps.log, streams.user(userId), userDecider, { type: 'RequestEmailVerification', data: { tokenHash } }, ctx);
  deps.mailer.sendLater(verificationMail(deps.appUrl, user, token));
  return { position: result.position };
}

/**
 * `j***@example.com`: enough for the holder of the mailbox to recognise the address on the
 * verification screen, not the whole address for whoever a link was forwarded to.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/**
 * Whose sign-up a verification link confirms (the "Was this you?" screen, W2): the masked address
 * and the sign-up instant. 400 for a link `verifyEmail` would refuse (unknown, replaced, used or
 * expired), checked on the user stream as the use itself is. Writes nothing.
 */
export async function verificationDetails(
  deps: Pick<AccountCommandDeps, 'log'> & { readModels: ReadModels },
  input: { token: string; ownerEmail: string },
  now: Date,
): Promise<{ maskedEmail: string; registeredAt: string; ownerAddress: boolean }> {
  const { token } = input;
  const tokenHash = hashResetToken(token);
  const doc = await findUserByVerificationTokenHash(deps.readModels, tokenHash);
  if (!doc) throw badRequest(messages.invalidVerificationLink);
  const { state } = await deps.log.aggregate(streams.user(doc._id), userDecider);
  const pending = state.status === 'registered' ? state.pendingVerification : null;
  if (!pending || pending.tokenHash !== tokenHash || now.getTime() >= Date.parse(pending.expiresAt)) throw badRequest(messages.invalidVerificationLink);
  return { maskedEmail: maskEmail(doc.email), registeredAt: doc.registeredAt, ownerAddress: doc.email === input.ownerEmail };
}

/**
 * Uses a verification link (400 when unknown, replaced, used or expired) with the answer to "Was this
 * you?" (W2). `confirm` verifies and nothing else, on any device. `takeover` ("No, I didn't sign up")
 * ends every session, stops the sign-up password and answers a fresh single-use password-setting token
 * (a reset token) for the holder of the mailbox. No answer (a client that did not ask): `confirm` from
 * a browser signed in to the account (`signedInAs`), `takeover` from anywhere else. The owner's address
 * (`ownerEmail`, ADMIN_EMAIL) away from a browser signed in to it is always the takeover.
 */
export async function verifyEmail(
  deps: Pick<AccountCommandDeps, 'log'> & { readModels: ReadModels },
  input: { token: string; signedInAs: string | null; choice?: VerificationChoice | undefined; ownerEmail: string },
  contextFor: ContextFor,
): Promise<{ userId: string; position: number; passwordToken: string | null }> {
  const tokenHash = hashResetToken(input.token);
  const doc = await findUserByVerificationTokenHash(deps.readModels, tokenHash);
  if (!doc) throw badRequest(messages.invalidVerificationLink);
  const userId = doc._id;
  const ctx = contextFor(userId);
  const signedIn = input.signedInAs === userId;
  // The owner's address away from its own session: always the takeover (security audit H2). A stranger
  // who registered it first must not get the admin area from a mistaken "Yes".
  const ownerAway = doc.email === input.ownerEmail && !signedIn;
  const takeover = ownerAway || (input.choice ?? (signedIn ? 'confirm' : 'takeover')) === 'takeover';
  // The takeover ends every session, and the private feed URL with them (audit I1), first as in revokeSessions.
  const feed = takeover ? await replaceIssuedCalendarFeed({ log: deps.log }, userId, ctx) : { position: 0 };
  // Decided on the user stream (the log): of two concurrent uses one appends, the other finds the link used.
  const result = await handleCommand(deps.log, streams.user(userId), userDecider, { type: 'VerifyEmail', data: { tokenHash, signedIn, takeover } }, ctx);
  if (!takeover) return { userId, position: result.position, passwordToken: null };
  const reset = newResetToken();
  const requested = await handleCommand(
    deps.log,
    streams.passwordReset(reset.tokenHash),
    passwordResetDecider,
    { type: 'RequestPasswordReset', data: { userId, tokenHash: reset.tokenHash } },
    ctx,
  );
  return { userId, position: Math.max(feed.position, requested.position), passwordToken: reset.token };
}

/**
 * The greeting of a mail: by first name only once the address is proven. Whoever signs up chooses the
 * name and may type anybody's address, so a mail to an unproven address carries no text they chose
 * (audit S4; docs/accounts-and-security.md "Mail").
 */
function greeting(user: { firstName: string; emailVerified: boolean }): { text: string; html: string } {
  return user.emailVerified ? { text: `Hello ${user.firstName},`, html: `Hello ${escapeHtml(user.firstName)},` } : { text: 'Hello,', html: 'Hello,' };
}

/**
 * The verification mail goes to an address nobody has proven yet: no name in it. It says what the
 * link's screen will ask ("Was this you?", W2) and what each answer does, so the real owner opening it
 * on a phone knows that confirming keeps them signed in, and a stranger's victim knows how to take the
 * account over.
 */
function verificationMail(appUrl: string, user: { email: string }, token: string): MailMessage {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const text = [
    'Hello,',
    '',
    'Please confirm that this is your e-mail address for WeeklyDiv.',
    'Open this link within 48 hours, on any device:',
    '',
    link,
    '',
    'The page asks whether you created this account (Was this you?):',
    '- If you signed up, choose "Yes, confirm my email". Your address is confirmed and you stay signed in',
    '  everywhere, with the password you chose.',
    '- If you did not sign up, someone else typed your address. Ignore this e-mail, or choose "No, I didn\'t',
    '  sign up" to take the account over: its sessions end and you choose its password.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Please confirm that this is your e-mail address for WeeklyDiv. Open this link within 48 hours, on any device:</p>
<p><a href="${escapeHtml(link)}">Verify my email address</a></p>
<p>The page asks whether you created this account (<strong>Was this you?</strong>):</p>
<ul>
<li>If you signed up, choose <strong>Yes, confirm my email</strong>. Your address is confirmed and you stay signed in everywhere, with the password you chose.</li>
<li>If you did not sign up, someone else typed your address. Ignore this e-mail, or choose <strong>No, I didn&#39;t sign up</strong> to take the account over: its sessions end and you choose its password.</li>
</ul>`;
  return { to: user.email, subject: 'Verify your WeeklyDiv email address', text, html };
}

function resetMail(appUrl: string, user: { email: string; firstName: string; emailVerified: boolean }, token: string): MailMessage {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const hello = greeting(user);
  const text = [
    hello.text,
    '',
    'Someone (hopefully you) asked to reset the password of your WeeklyDiv account.',
    'Open this link within 60 minutes to choose a new password:',
    '',
    link,
    '',
    'A new password signs you out on every device and replaces your private calendar link: a calendar',
    'subscribed to the old link stops updating; add the new one from My WeeklyDiv.',
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>${hello.html}</p>
<p>Someone (hopefully you) asked to reset the password of your WeeklyDiv account. Open this link within 60 minutes to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>A new password signs you out on every device and replaces your private calendar link: a calendar subscribed to the old link stops updating; add the new one from My WeeklyDiv.</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to: user.email, subject: 'Reset your WeeklyDiv password', text, html };
}

/** Tells the address that its password changed: the one sign a thief's change cannot hide from the owner. */
function passwordChangedMail(appUrl: string, user: { email: string; firstName: string; emailVerified: boolean }): MailMessage {
  const link = `${appUrl}/forgot-password`;
  const hello = greeting(user);
  const text = [
    hello.text,
    '',
    'The password of your WeeklyDiv account was just changed from My Account. Every other device was',
    'signed out, and your private calendar link was replaced: add the new one from My WeeklyDiv.',
    '',
    'If you did not change it, reset your password now (this signs out every device, including the one',
    'that changed it):',
    '',
    link,
  ].join('\n');
  const html = `<p>${hello.html}</p>
<p>The password of your WeeklyDiv account was just changed from My Account. Every other device was signed out, and your private calendar link was replaced: add the new one from My WeeklyDiv.</p>
<p>If you did not change it, reset your password now (this signs out every device, including the one that changed it):</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>`;
  return { to: user.email, subject: 'Your WeeklyDiv password was changed', text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
