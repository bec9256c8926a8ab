import { describe, expect, it } from 'vitest';
import { fold, type CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { EmailReservationEvent, PasswordResetEvent, UserEvent } from './accounts.ts';
import { emailReservationDecider, messages, passwordResetDecider, userDecider } from './business-logic.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const otherUserId = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const now = '2026-01-05T15:00:00.000Z';
const later = '2026-01-05T15:30:00.000Z';
const ctx = (at = now): CommandContext => ({ actor: `user:${userId}`, correlationId: 'req-1', now: at });
const hash = 'scrypt$131072$8$1$c2FsdA$a2V5';
const tokenHash = 'a'.repeat(64);

const givenUser = deciderSpec(userDecider, ctx());
const givenReservation = deciderSpec(emailReservationDecider, ctx());
const givenReset = deciderSpec(passwordResetDecider, ctx());

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', passwordHash: hash, registeredAt: '2026-01-01T00:00:00.000Z' },
};

describe('user decider', () => {
  it('registers a new user and requests the verification of the address (48 hours)', () => {
    const data = { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', passwordHash: hash };
    givenUser().when({ type: 'RegisterUser', data: { ...data, verificationTokenHash: tokenHash } }).then([
      { type: 'UserRegistered', data: { ...data, registeredAt: now } },
      { type: 'EmailVerificationRequested', data: { userId, tokenHash, requestedAt: now, expiresAt: '2026-01-07T15:00:00.000Z' } },
    ]);
  });

  it('refuses to register the same account twice (409)', () => {
    givenUser([registered])
      .when({ type: 'RegisterUser', data: { ...registered.data, verificationTokenHash: tokenHash } })
      .thenThrows({ status: 409, message: messages.duplicateEmail });
  });

  it('records a login with the current session epoch', () => {
    const revoked: UserEvent = { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'logout-everywhere', revokedAt: now } };
    givenUser([registered, revoked]).when({ type: 'RecordLogin', data: {} }).then([
      { type: 'UserLoggedIn', data: { userId, sessionEpoch: 1, loggedInAt: now } },
    ]);
  });

  it('refuses a login for an account that does not exist with the generic credentials message (401)', () => {
    givenUser().when({ type: 'RecordLogin', data: {} }).thenThrows({ status: 401, message: 'Invalid email or password' });
  });

  it('records a logout', () => {
    givenUser([registered]).when({ type: 'RecordLogout', data: {} }).then([{ type: 'UserLoggedOut', data: { userId, loggedOutAt: now } }]);
  });

  it('revokes sessions by moving to the next epoch', () => {
    const first: UserEvent = { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'logout-everywhere', revokedAt: now } };
    givenUser([registered, first]).when({ type: 'RevokeSessions', data: { reason: 'logout-everywhere' } }).then([
      { type: 'SessionsRevoked', data: { userId, sessionEpoch: 2, reason: 'logout-everywhere', revokedAt: now } },
    ]);
  });

  it('changes the password and moves the session epoch on (issue 29: the caller re-issues its own cookie)', () => {
    const first: UserEvent = { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'logout-everywhere', revokedAt: now } };
    givenUser([registered, first]).when({ type: 'ChangePassword', data: { passwordHash: 'scrypt$new' } }, ctx(later)).then([
      { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$new', reason: 'change', changedAt: later } },
      { type: 'SessionsRevoked', data: { userId, sessionEpoch: 2, reason: 'password-change', revokedAt: later } },
    ]);
  });

  it('renames the user; the same names again decide nothing', () => {
    givenUser([registered]).when({ type: 'RenameUser', data: { firstName: 'Ann', lastName: 'Lee-Park' } }).then([
      { type: 'UserNameChanged', data: { userId, firstName: 'Ann', lastName: 'Lee-Park', changedAt: now } },
    ]);
    givenUser([registered]).when({ type: 'RenameUser', data: { firstName: 'Ann', lastName: 'Lee' } }).then([]);
  });

  it('resets the password and revokes every session', () => {
    givenUser([registered]).when({ type: 'ResetPassword', data: { passwordHash: 'scrypt$new', resetRequestedAt: now } }, ctx(later)).then([
      { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$new', reason: 'reset', changedAt: later } },
      { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'password-reset', revokedAt: later } },
      { type: 'EmailVerified', data: { userId, email: 'ann@example.com', via: 'password-reset', verifiedAt: later } },
    ]);
  });

  it('refuses a reset link requested before the last password change (400)', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$x', reason: 'reset', changedAt: later } };
    givenUser([registered, changed]).when({ type: 'ResetPassword', data: { passwordHash: 'scrypt$y', resetRequestedAt: now } }).thenThrows({ status: 400, message: 'This reset link is invalid or has expired.' });
  });

  it('uses the latest password hash after a change', () => {
    const changed: UserEvent = { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$x', reason: 'reset', changedAt: later } };
    const state = fold(userDecider, [registered, changed]);
    expect(state.status === 'registered' && state.passwordHash).toBe('scrypt$x');
  });

  it('changes the subscription, and does nothing when it is unchanged', () => {
    givenUser([registered]).when({ type: 'ChangeSubscription', data: { subscriptionTier: 'premium', subscriptionStatus: 'active' } }).then([
      { type: 'SubscriptionChanged', data: { userId, subscriptionTier: 'premium', subscriptionStatus: 'active', changedAt: now } },
    ]);
    givenUser([registered]).when({ type: 'ChangeSubscription', data: { subscriptionTier: 'free', subscriptionStatus: null } }).then([]);
  });
});

describe('e-mail reservation decider', () => {
  const reserved: EmailReservationEvent = { type: 'EmailReserved', data: { email: 'ann@example.com', userId, reservedAt: now } };

  it('reserves a free e-mail', () => {
    givenReservation().when({ type: 'ReserveEmail', data: { email: 'ann@example.com', userId } }).then([
      { type: 'EmailReserved', data: { email: 'ann@example.com', userId, reservedAt: now } },
    ]);
  });

  it('refuses an e-mail reserved by another user (409)', () => {
    givenReservation([reserved]).when({ type: 'ReserveEmail', data: { email: 'ann@example.com', userId: otherUserId } }).thenThrows({ status: 409, message: 'An account with this email already exists' });
  });

  it('is a no-op when the same user reserves again (retried registration)', () => {
    givenReservation([reserved]).when({ type: 'ReserveEmail', data: { email: 'ann@example.com', userId } }).then([]);
  });
});

describe('password reset decider', () => {
  const requested: PasswordResetEvent = {
    type: 'PasswordResetRequested',
    data: { userId, tokenHash, requestedAt: now, expiresAt: '2026-01-05T16:00:00.000Z' },
  };

  it('requests a reset that expires after 60 minutes', () => {
    givenReset().when({ type: 'RequestPasswordReset', data: { userId, tokenHash } }).then([requested]);
  });

  it('completes a requested reset within the hour', () => {
    givenReset([requested]).when({ type: 'CompletePasswordReset', data: { tokenHash } }, ctx(later)).then([
      { type: 'PasswordResetCompleted', data: { userId, tokenHash, completedAt: later } },
    ]);
  });

  it('refuses an unknown token (400)', () => {
    givenReset().when({ type: 'CompletePasswordReset', data: { tokenHash } }).thenThrows({ status: 400, message: 'This reset link is invalid or has expired.' });
  });

  it('refuses a token used once already (400)', () => {
    const completed: PasswordResetEvent = { type: 'PasswordResetCompleted', data: { userId, tokenHash, completedAt: later } };
    givenReset([requested, completed]).when({ type: 'CompletePasswordReset', data: { tokenHash } }, ctx(later)).thenThrows({ status: 400, message: 'This reset link is invalid or has expired.' });
  });

  it('accepts a token one millisecond before expiry and refuses it at expiry (400)', () => {
    expect(givenReset([requested]).when({ type: 'CompletePasswordReset', data: { tokenHash } }, ctx('2026-01-05T15:59:59.999Z')).events()).toHaveLength(1);
    givenReset([requested]).when({ type: 'CompletePasswordReset', data: { tokenHash } }, ctx('2026-01-05T16:00:00.000Z')).thenThrows({ status: 400, message: 'This reset link is invalid or has expired.' });
  });
});

describe('user decider: e-mail verification', () => {
  const requested: UserEvent = {
    type: 'EmailVerificationRequested',
    data: { userId, tokenHash, requestedAt: now, expiresAt: '2026-01-07T15:00:00.000Z' },
  };
  const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'ann@example.com', via: 'signed-in', verifiedAt: later } };

  it('"Yes, confirm my email" from a browser signed in to the account: verified, nothing else changes', () => {
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }, ctx(later)).then([verified]);
  });

  it('"Yes, confirm my email" on another device (W2): verified by the link, sessions and password untouched', () => {
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: false, takeover: false } }, ctx(later)).then([
      { type: 'EmailVerified', data: { userId, email: 'ann@example.com', via: 'link', verifiedAt: later } },
    ]);
  });

  it('"No, I didn\'t sign up": every session ends and the sign-up password stops working, from any browser', () => {
    const takeover = [
      { type: 'EmailVerified', data: { userId, email: 'ann@example.com', via: 'link', verifiedAt: later } },
      { type: 'PasswordCleared', data: { userId, reason: 'email-verification', clearedAt: later } },
      { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'email-verification', revokedAt: later } },
    ] satisfies UserEvent[];
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: true } }, ctx(later)).then(takeover);
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: false, takeover: true } }, ctx(later)).then(takeover);
    const state = fold(userDecider, [registered, requested, { type: 'PasswordCleared', data: { userId, reason: 'email-verification', clearedAt: later } }]);
    expect(state.status === 'registered' && state.passwordHash).toBeNull();
  });

  it('refuses a used, replaced, unknown or expired link with one message (400)', () => {
    const invalid = { status: 400, message: messages.invalidVerificationLink };
    givenUser([registered, requested, verified]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }).thenThrows(invalid);
    const newer: UserEvent = { ...requested, data: { ...requested.data, tokenHash: 'b'.repeat(64) } };
    givenUser([registered, requested, newer]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }).thenThrows(invalid);
    givenUser([registered]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }).thenThrows(invalid);
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }, ctx('2026-01-07T15:00:00.000Z')).thenThrows(invalid);
    givenUser([registered, requested]).when({ type: 'VerifyEmail', data: { tokenHash, signedIn: true, takeover: false } }, ctx('2026-01-07T14:59:59.999Z')).then([
      { ...verified, data: { ...verified.data, verifiedAt: '2026-01-07T14:59:59.999Z' } },
    ]);
  });

  it('a new link replaces the old one; once verified, a resend is a conflict (409)', () => {
    givenUser([registered, requested]).when({ type: 'RequestEmailVerification', data: { tokenHash: 'c'.repeat(64) } }).then([
      { type: 'EmailVerificationRequested', data: { userId, tokenHash: 'c'.repeat(64), requestedAt: now, expiresAt: '2026-01-07T15:00:00.000Z' } },
    ]);
    givenUser([registered, requested, verified]).when({ type: 'RequestEmailVerification', data: { tokenHash } }).thenThrows({ status: 409, message: messages.alreadyVerified });
  });

  it('a reset of a verified account does not verify it again', () => {
    givenUser([registered, requested, verified]).when({ type: 'ResetPassword', data: { passwordHash: 'scrypt$new', resetRequestedAt: later } }, ctx(later)).then([
      { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$new', reason: 'reset', changedAt: later } },
      { type: 'SessionsRevoked', data: { userId, sessionEpoch: 1, reason: 'password-reset', revokedAt: later } },
    ]);
  });
});

describe('account deletion (docs/accounts-and-security.md "Deleting an account")', () => {
  const deleted: UserEvent = { type: 'AccountDeleted', data: { userId, deletedAt: now } };

  it('deletes a registered account; the state keeps nothing but the id', () => {
    givenUser([registered]).when({ type: 'DeleteAccount', data: {} }).then([deleted]);
    expect(fold(userDecider, [registered, deleted])).toEqual({ status: 'deleted', userId });
  });

  it('a deleted account takes no command (401, as an unknown one) and is never registered again under its id (409)', () => {
    givenUser([registered, deleted]).when({ type: 'RecordLogin', data: {} }).thenThrows({ status: 401, message: messages.invalidCredentials });
    givenUser([registered, deleted]).when({ type: 'DeleteAccount', data: {} }).thenThrows({ status: 401, message: messages.invalidCredentials });
    givenUser([registered, deleted])
      .when({ type: 'RegisterUser', data: { ...registered.data, verificationTokenHash: tokenHash } })
      .thenThrows({ status: 409, message: messages.duplicateEmail });
  });

  it("releases the address of the deleted account only: then anyone may reserve it; another user's reservation stays", () => {
    const reserved: EmailReservationEvent = { type: 'EmailReserved', data: { email: 'ann@example.com', userId, reservedAt: now } };
    const released: EmailReservationEvent = { type: 'EmailReleased', data: { userId, releasedAt: later } };
    deciderSpec(emailReservationDecider, ctx(later))([reserved]).when({ type: 'ReleaseEmail', data: { userId } }).then([released]);
    givenReservation([reserved]).when({ type: 'ReleaseEmail', data: { userId: otherUserId } }).then([]);
    givenReservation([reserved, released]).when({ type: 'ReleaseEmail', data: { userId } }).then([]);
    givenReservation([reserved, released]).when({ type: 'ReserveEmail', data: { email: 'ann@example.com', userId: otherUserId } }).then([
      { type: 'EmailReserved', data: { email: 'ann@example.com', userId: otherUserId, reservedAt: now } },
    ]);
  });
});
