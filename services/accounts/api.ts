import { setTimeout as delay } from 'node:timers/promises';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { User, VerifyEmailAnswer } from '../../contracts/accounts.ts';
import type { MessageAnswer } from '../../contracts/errors.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { conflict, unauthorized } from '../core/errors.ts';
import { messages } from './business-logic.ts';
import type { Config } from '../http/config.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { currentAuth, endSession, isOwner, requireUser, startSession, authOf } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import {
  completePasswordReset,
  logIn,
  recordLogout,
  registerUser,
  requestPasswordReset,
  resendVerification,
  revokeSessions,
  verifyEmail,
} from './commands.ts';
import { isCommonPassword, TOO_COMMON_PASSWORD } from './common-passwords.ts';
import { dummyPasswordHash, scryptParams } from './password.ts';
import { CLIENT_LIMITS, clientLimiter } from './client-limit.ts';

// ---------------------------------------------------------------------------------------------
// Request schemas: the client's account-form rules, same messages word for word
// (web/src/features/auth/validation.ts)

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));
const password = z.string().min(6, 'Password must be at least 6 characters').max(256, 'Password must be at most 256 characters');
/** A password being chosen (sign-up, reset): also not one of the very common ones. */
const newPassword = password.refine((value) => !isCommonPassword(value), TOO_COMMON_PASSWORD);
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const registerSchema = z.object({ firstName: name('First name'), lastName: name('Last name'), email, password: newPassword });
export const loginSchema = z.object({ email, password });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'Required').max(512, 'Invalid reset token'),
  newPassword,
});
export const verifyEmailSchema = z.object({ token: z.string().min(1, 'Required').max(512, 'Invalid verification token') });

// ---------------------------------------------------------------------------------------------
// Answers

/** Forgot-password answers never come sooner than this, account or not. */
export const FORGOT_PASSWORD_MIN_MS = 300;

export const FORGOT_PASSWORD_ANSWER = "If an account exists with the email you provided, you'll receive a password reset link shortly.";

// ---------------------------------------------------------------------------------------------
// The user as the API shows it

/** The user as the API shows it: the contract (contracts/accounts.ts). */
export type UserJson = User;

export function toUserJson(user: UserDoc, config: Config, now: Date): UserJson {
  return {
    id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    // The tier the user has rights to now (docs/billing.md), not merely the plan on record.
    subscriptionTier: hasPremiumRights(user, now) ? 'premium' : 'free',
    subscriptionStatus: user.subscriptionStatus,
    currentPeriodEnd: user.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd ?? false,
    emailVerified: user.emailVerified === true,
    isOwner: isOwner(user, config),
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Accounts API (mounted at /api): register, login, logout, logout-all, user, forgot-password,
 * reset-password. The writes are the commands of commands.ts; answers wait until the read models
 * reflect the write.
 */
export function accountsRouter(deps: AppDeps): Router {
  const router = Router();
  const { config, log, readModels } = deps;
  const passwordParams = scryptParams(config.passwordScryptLogN);
  const commandDeps = { log, attempts: deps.attempts, passwordParams, now: () => deps.now() };
  // Per-client limits count through the attempt-counters port (survive a restart; expired by index).
  const throttle = deps.attempts;
  const registerLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.register, limit: config.clientLimits.registerPerHour });
  const forgotPasswordLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.forgotPassword, limit: config.clientLimits.forgotPasswordPerHour });
  const verificationMailLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.verificationMail, limit: config.clientLimits.verificationMailPerHour });
  const clientOf = (req: Request) => req.ip ?? 'unknown';
  const mailDeps = { ...commandDeps, mailer: deps.mailer, logger: deps.logger, appUrl: config.appUrl };
  // Computed in the background now, so the first unknown-e-mail login is not slower than the rest.
  void dummyPasswordHash(passwordParams);
  const userContext = (req: Request) => (userId: string) => commandContext(req, deps, actors.user(userId));

  /** Waits for the read models to reach `position`, then answers with the user from the read model. */
  async function userAnswer(userId: string, position: number): Promise<UserJson> {
    if (position > 0) await readModels.waitFor(position);
    const user = await findUserById(readModels, userId);
    if (!user) throw new Error(`user ${userId} is missing from the users read model at position ${position}`);
    return toUserJson(user, config, deps.now());
  }

  router.post('/register', async (req, res) => {
    const input = validate(registerSchema, req.body);
    await registerLimit.hit(clientOf(req), deps.now());
    const { userId, position } = await registerUser(mailDeps, input, userContext(req));
    await startSession(req, res, deps, { userId, epoch: 0 });
    res.status(201).json(await userAnswer(userId, position));
  });

  router.post('/login', async (req, res) => {
    const input = validate(loginSchema, req.body);
    const { userId, epoch, position } = await logIn(commandDeps, { ...input, ip: req.ip ?? 'unknown' }, userContext(req));
    await startSession(req, res, deps, { userId, epoch });
    res.json(await userAnswer(userId, position));
  });

  router.post('/logout', async (req, res) => {
    const auth = await currentAuth(req, res, deps);
    if (auth) {
      const { sessionId, issuedAt } = auth.session;
      const sessionExpiresAt = new Date(Date.parse(issuedAt) + config.session.ttlSeconds * 1000).toISOString();
      const { position } = await recordLogout(log, auth.user._id, { sessionId, sessionExpiresAt }, commandContext(req, deps, actors.user(auth.user._id)));
      // A copy of the cookie stops working before the answer leaves.
      await readModels.waitFor(position);
    }
    await endSession(req, res, deps);
    res.json({ message: 'Logged out' } satisfies MessageAnswer);
  });

  /** Logout everywhere: bumps the session epoch, so every cookie issued so far stops working. */
  router.post('/logout-all', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const { position } = await revokeSessions(log, user._id, commandContext(req, deps, actors.user(user._id)));
    await readModels.waitFor(position);
    await endSession(req, res, deps);
    res.json({ message: 'Logged out on every device' } satisfies MessageAnswer);
  });

  router.get('/user', async (req, res) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    res.json(toUserJson(auth.user, config, deps.now()));
  });

  router.post('/forgot-password', async (req, res) => {
    const started = performance.now();
    const input = validate(forgotPasswordSchema, req.body);
    await forgotPasswordLimit.hit(clientOf(req), deps.now());
    await requestPasswordReset(mailDeps, input.email, commandContext(req, deps, actors.visitor));
    // The answer is held until FORGOT_PASSWORD_MIN_MS have passed, account or not.
    await holdUntil(started + FORGOT_PASSWORD_MIN_MS);
    res.json({ message: FORGOT_PASSWORD_ANSWER } satisfies MessageAnswer);
  });

  router.post('/reset-password', async (req, res) => {
    const input = validate(resetPasswordSchema, req.body);
    const { position } = await completePasswordReset(commandDeps, input, userContext(req));
    await readModels.waitFor(position);
    await endSession(req, res, deps);
    res.json({ message: 'Your password has been reset successfully' } satisfies MessageAnswer);
  });

  router.post('/verify-email', async (req, res) => {
    const input = validate(verifyEmailSchema, req.body);
    const auth = await currentAuth(req, res, deps);
    const result = await verifyEmail({ log, readModels }, { token: input.token, signedInAs: auth?.user._id ?? null }, userContext(req));
    await readModels.waitFor(result.position);
    const message = result.passwordToken
      ? 'Your email address is verified. Every session of this account has ended: choose a password to sign in.'
      : 'Your email address is verified.';
    res.json({ message, passwordToken: result.passwordToken } satisfies VerifyEmailAnswer);
  });

  router.post('/resend-verification', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    if (user.emailVerified === true) throw conflict(messages.alreadyVerified);
    await verificationMailLimit.hit(clientOf(req), deps.now());
    const { position } = await resendVerification(mailDeps, user._id, commandContext(req, deps, actors.user(user._id)));
    await readModels.waitFor(position);
    res.json({ message: `We sent a new verification link to ${user.email}.` } satisfies MessageAnswer);
  });

  return router;
}

async function holdUntil(deadline: number): Promise<void> {
  const wait = deadline - performance.now();
  if (wait > 0) await delay(wait);
}
