import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';

const isoInstant = z.iso.datetime({ offset: true });

export const userRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.uuid(),
    email: z.string().min(3),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    passwordHash: z.string().min(1),
    registeredAt: isoInstant,
  }),
);

/**
 * Written on `useremail-<keyed hash of the e-mail>` (older logs: `useremail-<email>`; docs/accounts-and-security.md
 * "The reservation stream's name"): the stream's existence reserves the e-mail for one user.
 */
export const emailReserved = defineEvent(
  'EmailReserved',
  z.object({ email: z.string().min(3), userId: z.uuid(), reservedAt: isoInstant }),
);

export const userLoggedIn = defineEvent(
  'UserLoggedIn',
  z.object({ userId: z.uuid(), sessionEpoch: z.number().int().nonnegative(), loggedInAt: isoInstant }),
);

export const userLoggedOut = defineEvent(
  'UserLoggedOut',
  z.object({
    userId: z.uuid(),
    loggedOutAt: isoInstant,
    /** The id of the session that ended (from the cookie) and when it would have expired anyway; absent on older events. */
    sessionId: z.string().min(1).max(64).optional(),
    sessionExpiresAt: isoInstant.optional(),
  }),
);

/** Every cookie issued before this event stops working: logout everywhere, password reset. */
export const sessionsRevoked = defineEvent(
  'SessionsRevoked',
  z.object({
    userId: z.uuid(),
    sessionEpoch: z.number().int().positive(),
    reason: z.enum(['logout-everywhere', 'password-reset', 'password-change', 'email-verification']),
    revokedAt: isoInstant,
  }),
);

/** Written on `reset-<tokenHash>`; only the hash of the token is ever stored. */
export const passwordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({
    userId: z.uuid(),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    requestedAt: isoInstant,
    expiresAt: isoInstant,
  }),
);

/** Written on `reset-<tokenHash>` when the token is used; a second use finds it and is refused. */
export const passwordResetCompleted = defineEvent(
  'PasswordResetCompleted',
  z.object({ userId: z.uuid(), tokenHash: z.string().regex(/^[0-9a-f]{64}$/), completedAt: isoInstant }),
);

export const passwordChanged = defineEvent(
  'PasswordChanged',
  z.object({
    userId: z.uuid(),
    passwordHash: z.string().min(1),
    reason: z.enum(['reset', 'change']),
    changedAt: isoInstant,
  }),
);

/**
 * Written on `user-<id>` at sign-up and on every resend: a verification link was mailed. Only the
 * SHA-256 of its token is stored; a newer request replaces the older one (its link stops working).
 */
export const emailVerificationRequested = defineEvent(
  'EmailVerificationRequested',
  z.object({
    userId: z.uuid(),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    requestedAt: isoInstant,
    expiresAt: isoInstant,
  }),
);

/**
 * The address of `user-<id>` is proven: by the verification link (`signed-in`: opened in a browser
 * signed in to this account; `link`: anywhere else, which also ends every session and the sign-up
 * password) or by a completed password reset (`password-reset`).
 */
export const emailVerified = defineEvent(
  'EmailVerified',
  z.object({
    userId: z.uuid(),
    email: z.string().min(3),
    via: z.enum(['signed-in', 'link', 'password-reset']),
    verifiedAt: isoInstant,
  }),
);

/**
 * The password stops working (no password until the next reset): the account was verified from a
 * browser not signed in to it, so only the holder of the mailbox chooses the password.
 */
export const passwordCleared = defineEvent(
  'PasswordCleared',
  z.object({ userId: z.uuid(), reason: z.enum(['email-verification']), clearedAt: isoInstant }),
);

export const subscriptionChanged = defineEvent(
  'SubscriptionChanged',
  z.object({
    userId: z.uuid(),
    subscriptionTier: z.enum(['free', 'premium']),
    /** Billing's status (`active`, `past_due`, `canceled` ...); null when there is no subscription. */
    subscriptionStatus: z.string().min(1).nullable(),
    changedAt: isoInstant,
  }),
);

/** The user changed their first and last name on /account (`PATCH /api/user`). */
export const userNameChanged = defineEvent(
  'UserNameChanged',
  z.object({ userId: z.uuid(), firstName: z.string().min(1), lastName: z.string().min(1), changedAt: isoInstant }),
);

/**
 * The account is deleted (`DELETE /api/user`, docs/accounts-and-security.md "Deleting an account"),
 * written on `user-<id>`: the user's read-model documents are purged, sign-in fails, and the user's
 * data key is destroyed right after, so the personal fields of the user's events stay unreadable.
 */
export const accountDeleted = defineEvent('AccountDeleted', z.object({ userId: z.uuid(), deletedAt: isoInstant }));

/**
 * Written on the reservation stream (`useremail-<keyed hash>`, or an older log's `useremail-<email>`) when its account was deleted: the address is free to register again
 * (a new account, a new id). It carries no address: the stream name is the reservation.
 */
export const emailReleased = defineEvent('EmailReleased', z.object({ userId: z.uuid(), releasedAt: isoInstant }));

export const accountEvents = [
  userRegistered,
  emailReserved,
  userLoggedIn,
  userLoggedOut,
  sessionsRevoked,
  passwordResetRequested,
  passwordResetCompleted,
  passwordChanged,
  subscriptionChanged,
  emailVerificationRequested,
  emailVerified,
  passwordCleared,
  userNameChanged,
  accountDeleted,
  emailReleased,
] as const;

export type AccountEvent = EventsOf<typeof accountEvents>;
/** The event every read model keyed by user handles: the user's documents go. */
export type AccountDeletedEvent = Extract<AccountEvent, { type: 'AccountDeleted' }>;
