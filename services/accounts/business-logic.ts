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
} as const;

/** How long a password-reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// user-<id>

export type UserCommand =
  | { type: 'RegisterUser'; data: { userId: string; email: string; firstName: string; lastName: string; passwordHash: string } }
  | { type: 'RecordLogin'; data: Record<string, never> }
  | { type: 'RecordLogout'; data: { sessionId?: string; sessionExpiresAt?: string } }
  | { type: 'RevokeSessions'; data: { reason: 'logout-everywhere' | 'password-change' } }
  | { type: 'ResetPassword'; data: { passwordHash: string; resetRequestedAt: string } }
  | { type: 'ChangeSubscription'; data: { subscriptionTier: SubscriptionTier; subscriptionStatus: string | null } };

export function decideUser(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.status === 'registered') throw conflict(messages.duplicateEmail);
    return [{ type: 'UserRegistered', data: { ...command.data, registeredAt: ctx.now } }];
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
      ];
    case 'ChangeSubscription': {
      const { subscriptionTier, subscriptionStatus } = command.data;
      if (state.subscriptionTier === subscriptionTier && state.subscriptionStatus === subscriptionStatus) return [];
      return [{ type: 'SubscriptionChanged', data: { userId, subscriptionTier, subscriptionStatus, changedAt: ctx.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
  folds: { UserRegistered: true, UserLoggedIn: true, UserLoggedOut: true, SessionsRevoked: true, PasswordChanged: true, SubscriptionChanged: true },
};

// ---------------------------------------------------------------------------------------------
// useremail-<email>

export type EmailReservationCommand = { type: 'ReserveEmail'; data: { email: string; userId: string } };

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
    default:
      return assertNever(command.type);
  }
}

export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent> = {
  initialState: initialEmailReservationState,
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
  folds: { EmailReserved: true },
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
