import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Router } from 'express';
import { z } from 'zod';
import { streams } from '../../events/streams.ts';
import { ConcurrencyError } from '../../infra/event-store/port.ts';
import type { MailMessage } from '../../infra/mail/mailer.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { handleCommand } from '../core/decider.ts';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../core/errors.ts';
import type { Config } from '../gateway/config.ts';
import type { AppDeps } from '../gateway/deps.ts';
import { actors, commandContext } from '../gateway/http/context.ts';
import { currentAuth, endSession, isOwner, requireUser, startSession, authOf } from '../gateway/http/session.ts';
import { validate } from '../gateway/http/validation.ts';
import type { UserState } from './accounts.ts';
import { emailReservationDecider, messages, passwordResetDecider, userDecider } from './business-logic.ts';
import { dummyPasswordHash, hashPassword, scryptParams, verifyPassword } from './password.ts';
import { hashResetToken, newResetToken } from './reset-token.ts';
import { Throttle, type ThrottleRule } from './throttle.ts';

// ---------------------------------------------------------------------------------------------
// Request schemas (spec: public site §5; messages word for word)

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));
const password = z.string().min(6, 'Password must be at least 6 characters').max(256, 'Password must be at most 256 characters');
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const registerSchema = z.object({ firstName: name('First name'), lastName: name('Last name'), email, password });
export const loginSchema = z.object({ email, password });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'Required').max(512, 'Invalid reset token'),
  newPassword: password,
});

// ---------------------------------------------------------------------------------------------
// Limits

/** Login throttling: failures per account (e-mail) and per client IP within one window. */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000 } as const;
/** Reset e-mails per address per hour; more requests are answered the same but send nothing. */
export const RESET_MAIL_LIMIT = { perAccount: 5, windowMs: 60 * 60 * 1000 } as const;
/** Forgot-password answers never come sooner than this, account or not. */
export const FORGOT_PASSWORD_MIN_MS = 300;

export const FORGOT_PASSWORD_ANSWER = "If an account exists with the email you provided, you'll receive a password reset link shortly.";

const accountLoginKey = (emailAddress: string) => `login:account:${emailAddress}`;

function loginRules(emailAddress: string, ip: string): [ThrottleRule, ThrottleRule] {
  return [
    { key: accountLoginKey(emailAddress), limit: LOGIN_LIMITS.perAccount, windowMs: LOGIN_LIMITS.windowMs },
    { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.perIp, windowMs: LOGIN_LIMITS.windowMs },
  ];
}

function tooManyLogins(blockedMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(blockedMs / 60_000));
  return tooManyRequests(`Too many login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, blockedMs / 1000);
}

// ---------------------------------------------------------------------------------------------
// The user as the API shows it

export interface UserJson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  subscriptionTier: 'free' | 'premium';
  subscriptionStatus: string | null;
  isOwner: boolean;
}

export function toUserJson(user: UserDoc, config: Config): UserJson {
  return {
    id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    isOwner: isOwner(user, config),
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Accounts API (mounted at /api): register, login, logout, logout-all, user, forgot-password,
 * reset-password. Writes go to the event log (e-mail reservation, user and reset streams); answers
 * wait until the read models reflect the write.
 */
export function accountsRouter(deps: AppDeps): Router {
  const router = Router();
  const { config, log } = deps;
  const params = scryptParams(config.passwordScryptLogN);
  const throttle = new Throttle(deps.docs);
  const mailer = deps.mailer;
  // Computed in the background now, so the first unknown-e-mail login is not slower than the rest.
  void dummyPasswordHash(params);

  /** The account registered under an e-mail, read from the log (the source of truth), or null. */
  async function accountByEmail(emailAddress: string): Promise<Extract<UserState, { status: 'registered' }> | null> {
    const reservation = (await log.aggregate(streams.userEmail(emailAddress), emailReservationDecider)).state;
    if (reservation.status !== 'reserved') return null;
    const user = await readUser(reservation.userId);
    return user.status === 'registered' ? user : null;
  }

  async function readUser(userId: string): Promise<UserState> {
    return (await log.aggregate(streams.user(userId), userDecider)).state;
  }

  /** Waits for the read models to reach `position`, then answers with the user from the read model. */
  async function userAnswer(userId: string, position: number): Promise<UserJson> {
    if (position > 0) await deps.readModels.waitFor(position);
    const user = await findUserById(deps.readModels, userId);
    if (!user) throw new Error(`user ${userId} is missing from the users read model at position ${position}`);
    return toUserJson(user, config);
  }

  router.post('/register', async (req, res) => {
    const input = validate(registerSchema, req.body);
    const reservation = (await log.aggregate(streams.userEmail(input.email), emailReservationDecider)).state;
    let userId: string = randomUUID();
    if (reservation.status === 'reserved') {
      if ((await readUser(reservation.userId)).status === 'registered') throw conflict(messages.duplicateEmail);
      // The reservation exists but its account was never written (interrupted registration): reuse
      // its id. Appending to that user stream with 'no_stream' still lets only one request win.
      userId = reservation.userId;
    }
    const passwordHash = await hashPassword(input.password, params);
    const ctx = commandContext(req, deps, actors.user(userId));
    await handleCommand(log, streams.userEmail(input.email), emailReservationDecider, { type: 'ReserveEmail', data: { email: input.email, userId } }, ctx);
    const registered = await handleCommand(
      log,
      streams.user(userId),
      userDecider,
      { type: 'RegisterUser', data: { userId, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash } },
      ctx,
    );
    await startSession(req, res, deps, { userId, epoch: 0 });
    res.status(201).json(await userAnswer(userId, registered.position));
  });

  router.post('/login', async (req, res) => {
    const input = validate(loginSchema, req.body);
    const now = deps.now();
    const rules = loginRules(input.email, req.ip ?? 'unknown');
    const blockedMs = await throttle.blockedForMs(rules, now);
    if (blockedMs > 0) throw tooManyLogins(blockedMs);
    const account = await accountByEmail(input.email);
    // Unknown e-mail: verify against a dummy hash anyway, so both failures take the same time.
    const valid = account
      ? await verifyPassword(input.password, account.passwordHash)
      : (await verifyPassword(input.password, await dummyPasswordHash(params))) && false;
    if (!account || !valid) {
      await throttle.record(rules, now);
      throw unauthorized(messages.invalidCredentials);
    }
    await throttle.clear(rules[0].key);
    const ctx = commandContext(req, deps, actors.user(account.userId));
    const result = await handleCommand(log, streams.user(account.userId), userDecider, { type: 'RecordLogin', data: {} }, ctx);
    const loggedIn = result.events.find((e) => e.type === 'UserLoggedIn');
    const epoch = loggedIn?.type === 'UserLoggedIn' ? loggedIn.data.sessionEpoch : account.sessionEpoch;
    await startSession(req, res, deps, { userId: account.userId, epoch });
    res.json(await userAnswer(account.userId, result.position));
  });

  router.post('/logout', async (req, res) => {
    const auth = await currentAuth(req, res, deps);
    if (auth) {
      const ctx = commandContext(req, deps, actors.user(auth.user._id));
      await handleCommand(log, streams.user(auth.user._id), userDecider, { type: 'RecordLogout', data: {} }, ctx);
    }
    await endSession(req, res, deps);
    res.json({ message: 'Logged out' });
  });

  /** Logout everywhere: bumps the session epoch, so every cookie issued so far stops working. */
  router.post('/logout-all', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const ctx = commandContext(req, deps, actors.user(user._id));
    const result = await handleCommand(log, streams.user(user._id), userDecider, { type: 'RevokeSessions', data: { reason: 'logout-everywhere' } }, ctx);
    await deps.readModels.waitFor(result.position);
    await endSession(req, res, deps);
    res.json({ message: 'Logged out on every device' });
  });

  router.get('/user', async (req, res) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    res.json(toUserJson(auth.user, config));
  });

  router.post('/forgot-password', async (req, res) => {
    const started = performance.now();
    const input = validate(forgotPasswordSchema, req.body);
    // The same work whether or not the account exists: a token and its hash, the account lookup,
    // the mail-limit bookkeeping; then the answer is held until FORGOT_PASSWORD_MIN_MS have passed.
    const { token, tokenHash } = newResetToken();
    const now = deps.now();
    const mailRule: ThrottleRule = { key: `reset:account:${input.email}`, limit: RESET_MAIL_LIMIT.perAccount, windowMs: RESET_MAIL_LIMIT.windowMs };
    const withinMailLimit = (await throttle.blockedForMs([mailRule], now)) === 0;
    if (withinMailLimit) await throttle.record([mailRule], now);
    const account = await accountByEmail(input.email);
    if (account && withinMailLimit) {
      const ctx = commandContext(req, deps, actors.visitor);
      await handleCommand(log, streams.passwordReset(tokenHash), passwordResetDecider, { type: 'RequestPasswordReset', data: { userId: account.userId, tokenHash } }, ctx);
      mailer.sendLater(resetMail(config, account, token));
    } else if (account) {
      deps.logger.warn({ userId: account.userId }, 'password reset mail limit reached: nothing sent');
    }
    await holdUntil(started + FORGOT_PASSWORD_MIN_MS);
    res.json({ message: FORGOT_PASSWORD_ANSWER });
  });

  router.post('/reset-password', async (req, res) => {
    const input = validate(resetPasswordSchema, req.body);
    const tokenHash = hashResetToken(input.token);
    const resetStream = streams.passwordReset(tokenHash);
    const reset = (await log.aggregate(resetStream, passwordResetDecider)).state;
    const visitorCtx = commandContext(req, deps, actors.visitor);
    // Throws 400 unless the token was requested, is unused and has not expired.
    const completion = passwordResetDecider.decide({ type: 'CompletePasswordReset', data: { tokenHash } }, reset, visitorCtx);
    if (reset.status !== 'requested') throw badRequest(messages.invalidResetLink);
    const userId = reset.userId;
    const ctx = commandContext(req, deps, actors.user(userId));
    const passwordHash = await hashPassword(input.newPassword, params);
    const command = { type: 'ResetPassword', data: { passwordHash, resetRequestedAt: reset.requestedAt } } as const;
    const user = await readUser(userId);
    if (user.status !== 'registered') throw badRequest(messages.invalidResetLink);
    userDecider.decide(command, user, ctx); // refuses a link requested before the last password change
    try {
      // Single use: the completion must land right after the request (revision 0).
      await log.append(resetStream, completion, 0, ctx);
    } catch (error) {
      if (error instanceof ConcurrencyError) throw badRequest(messages.invalidResetLink);
      throw error;
    }
    const result = await handleCommand(log, streams.user(userId), userDecider, command, ctx);
    await throttle.clear(accountLoginKey(user.email)); // a locked-out owner can sign in right away
    await deps.readModels.waitFor(result.position);
    await endSession(req, res, deps);
    res.json({ message: 'Your password has been reset successfully' });
  });

  return router;
}

function resetMail(config: Config, user: { email: string; firstName: string }, token: string): MailMessage {
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${user.firstName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your WeeklyDiv account.',
    'Open this link within 60 minutes to choose a new password:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your WeeklyDiv account. Open this link within 60 minutes to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to: user.email, subject: 'Reset your WeeklyDiv password', text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function holdUntil(deadline: number): Promise<void> {
  const wait = deadline - performance.now();
  if (wait > 0) await delay(wait);
}
