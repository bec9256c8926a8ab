import type { Decider, CommandContext } from '../core/decider.ts';
import { badRequest, conflict, unauthorized } from '../core/errors.ts';
import {
  assertNever,
  evolveEmailReservation,
  evolvePasswordReset,
  evolveUser,
  initialEmailReservationState,
  initialPasswordResetState,
  initialUserState,
  type EmailReservationEvent,
  type EmailReservationState,
  type PasswordResetEvent,
  type PasswordResetState,
  type SubscriptionTier,
  type UserEvent,
  type UserState,
} from './accounts.ts';

export const messages = {
  duplicateEmail: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  invalidResetLink: 'This reset link is invalid or has expired.',
  invalidVerificationLink: 'This verification link is invalid, has expired or was already used. Request a new one from My WeeklyDiv.',
  alreadyVerified: 'Your email address is already verified.',
  wrongCurrentPassword: 'Your current password is not correct',
  noPasswordToChange: 'Your account has no password yet: choose one with "Forgot password?" on the login page.',
} as const;

/** How long a password-reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** How long an e-mail verification link works (docs/accounts-and-security.md "E-mail verification"). */
export const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// user-<id>

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: { userId: string; email: string; firstName: string; lastName: string; passwordHash: string; verificationTokenHash: string };
    }
  | { type: 'RequestEmailVerification'; data: { tokenHash: string } }
  /** `takeover`: the answer "No, I didn't sign up" (or no answer from a browser not signed in to the account). */
  | { type: 'VerifyEmail'; data: { tokenHash: string; signedIn: boolean; takeover: boolean } }
  | { type: 'RecordLogin'; data: Record<string, never> }
  | { type: 'RecordLogout'; data: { sessionId?: string; sessionExpiresAt?: string } }
  | { type: 'RevokeSessions'; data: { reason: 'logout-everywhere' | 'password-change' } }
  | { type: 'ResetPassword'; data: { passwordHash: string; resetRequestedAt: string } }
  | { type: 'ChangePassword'; data: { passwordHash: string } }
  | { type: 'RenameUser'; data: { firstName: string; lastName: string } }
  | { type: 'ChangeSubscription'; data: { subscriptionTier: SubscriptionTier; subscriptionStatus: string | null } }
  | { type: 'DeleteAccount'; data: Record<string, never> };

export function decideUser(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  if (command.type === 'RegisterUser') {
    // a deleted account's id is never used again (its address gets a new account and id)
    if (state.status !== 'unregistered') throw conflict(messages.duplicateEmail);
    const { verificationTokenHash, ...registered } = command.data;
    return [
      { type: 'UserRegistered', data: { ...registered, registeredAt: ctx.now } },
      { type: 'EmailVerificationRequested', data: verificationRequest(registered.userId, verificationTokenHash, ctx) },
    ];
  }
  if (state.status !== 'registered') {
    // Every other command needs an account; the only callers that reach here unregistered are
    // sign-in paths, which must not tell whether the account exists.
    throw unauthorized(messages.invalidCredentials);
  }
  const { userId } = state;
  switch (command.type) {
    case 'RecordLogin':
      return [{ type: 'UserLoggedIn', data: { userId, sessionEpoch: state.sessionEpoch, loggedInAt: ctx.now } }];
    case 'RecordLogout':
      return [{ type: 'UserLoggedOut', data: { userId, loggedOutAt: ctx.now, ...command.data } }];
    case 'RevokeSessions':
      return [
        { type: 'SessionsRevoked', data: { userId, sessionEpoch: state.sessionEpoch + 1, reason: command.data.reason, revokedAt: ctx.now } },
      ];
    case 'ResetPassword':
      // A link requested before the last password change is stale, even if it has not expired.
      if (state.passwordChangedAt !== null && command.data.resetRequestedAt < state.passwordChangedAt) {
        throw badRequest(messages.invalidResetLink);
      }
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, reason: 'reset', changedAt: ctx.now } },
        { type: 'SessionsRevoked', data: { userId, sessionEpoch: state.sessionEpoch + 1, reason: 'password-reset', revokedAt: ctx.now } },
        // The reset link reached the mailbox: that proves the address too.
        ...(state.emailVerified ? [] : [{ type: 'EmailVerified' as const, data: { userId, email: state.email, via: 'password-reset' as const, verifiedAt: ctx.now } }]),
      ];
    case 'ChangePassword':
      // The current password was checked by the caller (it needs the hash and the clock of scrypt);
      // every session ends with the epoch, and the caller gives its own browser a cookie of the new one.
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, reason: 'change', changedAt: ctx.now } },
        { type: 'SessionsRevoked', data: { userId, sessionEpoch: state.sessionEpoch + 1, reason: 'password-change', revokedAt: ctx.now } },
      ];
    case 'RenameUser': {
      const { firstName, lastName } = command.data;
      if (state.firstName === firstName && state.lastName === lastName) return [];
      return [{ type: 'UserNameChanged', data: { userId, firstName, lastName, changedAt: ctx.now } }];
    }
    case 'RequestEmailVerification':
      if (state.emailVerified) throw conflict(messages.alreadyVerified);
      return [{ type: 'EmailVerificationRequested', data: verificationRequest(userId, command.data.tokenHash, ctx) }];
    case 'VerifyEmail': {
      const pending = state.pendingVerification;
      // Unknown, replaced by a newer link, already used (verified clears it) or expired: one answer.
      if (!pending || pending.tokenHash !== command.data.tokenHash || Date.parse(ctx.now) >= Date.parse(pending.expiresAt)) {
        throw badRequest(messages.invalidVerificationLink);
      }
      // "Yes, confirm my email" (W2): the holder of the mailbox says this sign-up was theirs, so the
      // sessions and the password stay, on whatever device the link was opened.
      if (!command.data.takeover) {
        return [{ type: 'EmailVerified', data: { userId, email: state.email, via: command.data.signedIn ? 'signed-in' : 'link', verifiedAt: ctx.now } }];
      }
      // "No, I didn't sign up": whoever chose the password at sign-up does not hold the mailbox (a
      // stranger who registered the owner's address), so every session ends and the password stops
      // working; the mailbox holder chooses a new one.
      return [
        { type: 'EmailVerified', data: { userId, email: state.email, via: 'link', verifiedAt: ctx.now } },
        { type: 'PasswordCleared', data: { userId, reason: 'email-verification', clearedAt: ctx.now } },
        { type: 'SessionsRevoked', data: { userId, sessionEpoch: state.sessionEpoch + 1, reason: 'email-verification', revokedAt: ctx.now } },
      ];
    }
    case 'ChangeSubscription': {
      const { subscriptionTier, subscriptionStatus } = command.data;
      if (state.subscriptionTier === subscriptionTier && state.subscriptionStatus === subscriptionStatus) return [];
      return [{ type: 'SubscriptionChanged', data: { userId, subscriptionTier, subscriptionStatus, changedAt: ctx.now } }];
    }
    case 'DeleteAccount':
      // the password was checked by the caller, and Stripe and SnapTrade were told first (account-deletion.ts)
      return [{ type: 'AccountDeleted', data: { userId, deletedAt: ctx.now } }];
    default:
      return assertNever(command);
  }
}

function verificationRequest(userId: string, tokenHash: string, ctx: CommandContext) {
  const expiresAt = new Date(Date.parse(ctx.now) + VERIFICATION_TOKEN_TTL_MS).toISOString();
  return { userId, tokenHash, requestedAt: ctx.now, expiresAt };
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
  folds: {
    UserRegistered: true,
    UserLoggedIn: true,
    UserLoggedOut: true,
    SessionsRevoked: true,
    PasswordChanged: true,
    SubscriptionChanged: true,
    EmailVerificationRequested: true,
    EmailVerified: true,
    PasswordCleared: true,
    UserNameChanged: true,
    AccountDeleted: true,
  },
};

// ---------------------------------------------------------------------------------------------
// useremail-<email>

export type EmailReservationCommand =
  | { type: 'ReserveEmail'; data: { email: string; userId: string } }
  /** The reserving account was deleted: the address is free again (no-op when it is not that account's). */
  | { type: 'ReleaseEmail'; data: { userId: string } };

export function decideEmailReservation(
  command: EmailReservationCommand,
  state: EmailReservationState,
  ctx: CommandContext,
): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.status === 'reserved') {
        // Re-reserving for the same user is a no-op (a retried registration); anyone else conflicts.
        if (state.userId === command.data.userId) return [];
        throw conflict(messages.duplicateEmail);
      }
      return [{ type: 'EmailReserved', data: { ...command.data, reservedAt: ctx.now } }];
    case 'ReleaseEmail':
      if (state.status !== 'reserved' || state.userId !== command.data.userId) return [];
      return [{ type: 'EmailReleased', data: { userId: command.data.userId, releasedAt: ctx.now } }];
    default:
      return assertNever(command);
  }
}

export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent> = {
  initialState: initialEmailReservationState,
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
  folds: { EmailReserved: true, EmailReleased: true },
};

// ---------------------------------------------------------------------------------------------
// reset-<tokenHash>

export type PasswordResetCommand =
  | { type: 'RequestPasswordReset'; data: { userId: string; tokenHash: string } }
  | { type: 'CompletePasswordReset'; data: { tokenHash: string } };

export function decidePasswordReset(command: PasswordResetCommand, state: PasswordResetState, ctx: CommandContext): PasswordResetEvent[] {
  switch (command.type) {
    case 'RequestPasswordReset': {
      // 32 random bytes never collide; a second request for the same hash is a bug, not a user error.
      if (state.status !== 'none') throw new Error(`reset token ${command.data.tokenHash} already exists`);
      const expiresAt = new Date(Date.parse(ctx.now) + RESET_TOKEN_TTL_MS).toISOString();
      return [{ type: 'PasswordResetRequested', data: { ...command.data, requestedAt: ctx.now, expiresAt } }];
    }
    case 'CompletePasswordReset': {
      if (state.status !== 'requested') throw badRequest(messages.invalidResetLink);
      if (Date.parse(ctx.now) >= Date.parse(state.expiresAt)) throw badRequest(messages.invalidResetLink);
      return [{ type: 'PasswordResetCompleted', data: { userId: state.userId, tokenHash: state.tokenHash, completedAt: ctx.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetState, PasswordResetEvent> = {
  initialState: initialPasswordResetState,
  evolve: evolvePasswordReset,
  decide: decidePasswordReset,
  folds: { PasswordResetRequested: true, PasswordResetCompleted: true },
};
