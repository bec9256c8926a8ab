import { setTimeout as delay } from 'node:timers/promises';
import type { Request } from 'express';
import {
  changePassword,
  deleteAccount,
  forgotPassword,
  getCurrentUser,
  login,
  logout,
  logoutAll,
  register,
  resendVerification,
  resetPassword,
  updateProfile,
  verificationDetails,
  verifyEmail,
  type User,
  type VerifyEmailAnswer,
} from '../../contracts/accounts.ts';
import type { EndpointSpec } from '../../contracts/endpoint.ts';
import type { MessageAnswer } from '../../contracts/errors.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { conflict } from '../core/errors.ts';
import { messages } from './business-logic.ts';
import type { Config } from '../http/config.ts';
import { actors } from '../http/context.ts';
import { apiModule, handle, type Call } from '../http/endpoints.ts';
import { endSession, isOwner, startSession } from '../http/session.ts';
import { hasPremiumRights, shownSubscription } from '../billing/premium.ts';
import * as commands from './commands.ts';
import { revokeAllTokens } from '../tokens/commands.ts';
import { isCommonPassword, TOO_COMMON_PASSWORD } from './common-passwords.ts';
import { dummyPasswordHash, scryptParams } from './password.ts';
import { CLIENT_LIMITS, clientLimiter } from './client-limit.ts';
import { KnownDevices } from './known-device.ts';
import { deleteAccount as deleteAccountCommand, deletionMessages } from './account-deletion.ts';
import { EmailIndex } from './email-reservation.ts';

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
  const shown = shownSubscription(user, now);
  return {
    id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    // The tier the user has rights to now (docs/billing.md), not merely the plan on record; the status
    // and dates of the subscription that gives them (a user may hold several), else of the newest.
    subscriptionTier: hasPremiumRights(user, now) ? 'premium' : 'free',
    subscriptionStatus: shown?.status ?? null,
    // an ended subscription's date is when it ended (at once, or at the period end)
    currentPeriodEnd: shown ? (shown.endedAt ?? shown.currentPeriodEnd) : null,
    cancelAtPeriodEnd: shown?.cancelAtPeriodEnd ?? false,
    emailVerified: user.emailVerified === true,
    isOwner: isOwner(user, config),
  };
}

// ---------------------------------------------------------------------------------------------

/** A new password (sign-up, reset) is not one of the very common ones: one 400 names it beside the form's rules. */
const notCommon = (password: string) => (isCommonPassword(password) ? TOO_COMMON_PASSWORD : null);

/**
 * Accounts (definitions in contracts/accounts.ts): register, login, logout, logout-all, user,
 * forgot-password, reset-password, verify-email, resend-verification. The writes are the commands of
 * commands.ts; answers wait until the read models reflect the write.
 */
export const accountsApi = apiModule('accounts', (deps) => {
  const { config, log, readModels } = deps;
  const passwordParams = scryptParams(config.passwordScryptLogN);
  // The reservation streams' names (a keyed hash of the address, its key in the key store).
  const emailIndex = new EmailIndex(deps.keys);
  const commandDeps = { log, attempts: deps.attempts, passwordParams, emailIndex, now: () => deps.now() };
  // Per-client limits count through the attempt-counters port (survive a restart; expired by index).
  const throttle = deps.attempts;
  const registerLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.register, limit: config.clientLimits.registerPerHour });
  const forgotPasswordLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.forgotPassword, limit: config.clientLimits.forgotPasswordPerHour });
  const verificationMailLimit = clientLimiter(throttle, { ...CLIENT_LIMITS.verificationMail, limit: config.clientLimits.verificationMailPerHour });
  const clientOf = (req: Request) => req.ip ?? 'unknown';
  // The device cookie of browsers that signed in before (audit S2: their logins never wait behind a stranger's guesses).
  const devices = new KnownDevices(config.session.secret, config.session.secure);
  const mailDeps = { ...commandDeps, mailer: deps.mailer, logger: deps.logger, appUrl: config.appUrl };
  // Computed in the background now, so the first unknown-e-mail login is not slower than the rest.
  void dummyPasswordHash(passwordParams);
  const userContext = (call: Call<EndpointSpec>) => (userId: string) => call.context(actors.user(userId));

  /** Waits for the read models to reach `position`, then answers with the user from the read model. */
  async function userAnswer(call: Call<typeof register | typeof login | typeof updateProfile>, userId: string, position: number): Promise<UserJson> {
    await call.waitFor(position);
    const user = await findUserById(readModels, userId);
    if (!user) throw new Error(`user ${userId} is missing from the users read model at position ${position}`);
    return toUserJson(user, config, deps.now());
  }

  return [
    handle(
      register,
      async ({ body }, call) => {
        await registerLimit.hit(clientOf(call.req), deps.now());
        const { userId, position } = await commands.registerUser(mailDeps, body, userContext(call));
        await startSession(call.req, call.res, deps, { userId, epoch: 0 });
        await devices.remember(call.res, await devices.read(call.req), { email: body.email, userId, epoch: 0 });
        return userAnswer(call, userId, position);
      },
      { checks: { password: notCommon } },
    ),

    handle(login, async ({ body }, call) => {
      const device = await devices.read(call.req);
      const { userId, epoch, position } = await commands.logIn(commandDeps, { ...body, ip: clientOf(call.req), device }, userContext(call));
      await startSession(call.req, call.res, deps, { userId, epoch });
      await devices.remember(call.res, device, { email: body.email, userId, epoch });
      return userAnswer(call, userId, position);
    }),

    handle(logout, async (_input, call) => {
      const auth = await call.currentAuth();
      if (auth) {
        const { sessionId, issuedAt } = auth.session;
        const sessionExpiresAt = new Date(Date.parse(issuedAt) + config.session.ttlSeconds * 1000).toISOString();
        const { position } = await commands.recordLogout(log, auth.user._id, { sessionId, sessionExpiresAt }, call.context(actors.user(auth.user._id)));
        // A copy of the cookie stops working before the answer leaves.
        await call.waitFor(position);
      }
      await endSession(call.req, call.res, deps);
      return { message: 'Logged out' } satisfies MessageAnswer;
    }),

    /** Logout everywhere: bumps the session epoch, so every cookie issued so far stops working. */
    handle(logoutAll, async ({ body }, call) => {
      const { user } = call.auth;
      const ctx = call.context(actors.user(user._id));
      const { position } = await commands.revokeSessions(log, user._id, ctx);
      const tokens = body.revokeTokens === true ? await revokeAllTokens(log, user._id, 'logout-all', ctx) : { position: 0 };
      await call.waitFor(Math.max(position, tokens.position));
      await endSession(call.req, call.res, deps);
      return { message: 'Logged out on every device' } satisfies MessageAnswer;
    }),

    handle(getCurrentUser, (_input, call) => toUserJson(call.auth.user, config, deps.now())),

    /**
     * Password change: every session ends with the new epoch, then this browser gets a cookie of that
     * epoch (a new session: the current password was just proven), so only the other devices are out.
     */
    handle(
      changePassword,
      async ({ body }, call) => {
        const { user } = call.auth;
        const { epoch, position } = await commands.changePassword(mailDeps, { userId: user._id, ...body }, call.context(actors.user(user._id)));
        await call.waitFor(position);
        await startSession(call.req, call.res, deps, { userId: user._id, epoch });
        return { message: 'Your password has been changed. Every other device is signed out.' } satisfies MessageAnswer;
      },
      { checks: { newPassword: notCommon } },
    ),

    /**
     * Account deletion (account-deletion.ts): once the read models dropped the user, every cookie of
     * the user answers 401 (no user document); this browser's cookie is cleared and the user's live
     * streams end now rather than at their next check.
     */
    handle(deleteAccount, async ({ body }, call) => {
      const { user } = call.auth;
      const deletionDeps = { log, attempts: deps.attempts, keys: deps.keys, emailIndex, mailer: deps.mailer, logger: deps.logger, config, brokerage: deps.brokerage, now: () => deps.now() };
      const { position } = await deleteAccountCommand(deletionDeps, { userId: user._id, password: body.password }, call.context(actors.user(user._id)));
      await call.waitFor(position);
      deps.live.endUser(user._id);
      await endSession(call.req, call.res, deps);
      return { message: deletionMessages.deleted } satisfies MessageAnswer;
    }),

    handle(updateProfile, async ({ body }, call) => {
      const { user } = call.auth;
      const { position } = await commands.renameUser(log, user._id, body, call.context(actors.user(user._id)));
      return userAnswer(call, user._id, position);
    }),

    handle(forgotPassword, async ({ body }, call) => {
      const started = performance.now();
      await forgotPasswordLimit.hit(clientOf(call.req), deps.now());
      await commands.requestPasswordReset(mailDeps, body.email, call.context(actors.visitor));
      // The answer is held until FORGOT_PASSWORD_MIN_MS have passed, account or not.
      await holdUntil(started + FORGOT_PASSWORD_MIN_MS);
      return { message: FORGOT_PASSWORD_ANSWER } satisfies MessageAnswer;
    }),

    handle(
      resetPassword,
      async ({ body }, call) => {
        const { revokeTokens, ...reset } = body;
        const { userId, position } = await commands.completePasswordReset(commandDeps, reset, userContext(call));
        const tokens = revokeTokens === false ? { position: 0 } : await revokeAllTokens(log, userId, 'password-reset', userContext(call)(userId));
        await call.waitFor(Math.max(position, tokens.position));
        await endSession(call.req, call.res, deps);
        return { message: 'Your password has been reset successfully' } satisfies MessageAnswer;
      },
      { checks: { newPassword: notCommon } },
    ),

    handle(verificationDetails, async ({ body }) => commands.verificationDetails({ log, readModels }, { token: body.token, ownerEmail: config.adminEmail }, deps.now())),

    handle(verifyEmail, async ({ body }, call) => {
      const auth = await call.currentAuth();
      const result = await commands.verifyEmail({ log, readModels }, { token: body.token, signedInAs: auth?.user._id ?? null, choice: body.choice, ownerEmail: config.adminEmail }, userContext(call));
      await call.waitFor(result.position);
      const message = result.passwordToken
        ? 'Your email address is verified. Every session of this account has ended: choose a password to sign in.'
        : 'Your email address is verified.';
      return { message, passwordToken: result.passwordToken } satisfies VerifyEmailAnswer;
    }),

    handle(resendVerification, async (_input, call) => {
      const { user } = call.auth;
      if (user.emailVerified === true) throw conflict(messages.alreadyVerified);
      await verificationMailLimit.hit(clientOf(call.req), deps.now());
      const { position } = await commands.resendVerification(mailDeps, user._id, call.context(actors.user(user._id)));
      await call.waitFor(position);
      return { message: `We sent a new verification link to ${user.email}.` } satisfies MessageAnswer;
    }),
  ];
});

async function holdUntil(deadline: number): Promise<void> {
  const wait = deadline - performance.now();
  if (wait > 0) await delay(wait);
}
