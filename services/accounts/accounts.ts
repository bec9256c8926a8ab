import type {
  accountDeleted,
  emailReleased,
  emailReserved,
  emailVerificationRequested,
  emailVerified,
  passwordCleared,
  passwordChanged,
  passwordResetCompleted,
  passwordResetRequested,
  sessionsRevoked,
  subscriptionChanged,
  userLoggedIn,
  userLoggedOut,
  userNameChanged,
  userRegistered,
} from '../../events/accounts.ts';
import type { EventOf } from '../../events/define.ts';

/**
 * The accounts module keeps three kinds of streams:
 * - `user-<id>`: the account (registration, password, session epoch, subscription);
 * - `useremail-<keyed hash of the e-mail>`: the reservation that makes an e-mail unique (its existence is the lock;
 *   email-reservation.ts names it, and still reads the `useremail-<email>` streams of older logs);
 * - `reset-<sha256(token)>`: one password-reset token, requested then (at most once) completed.
 * Each has its own state and pure evolve here; decisions are in business-logic.ts.
 */

export type UserEvent =
  | EventOf<typeof userRegistered>
  | EventOf<typeof userLoggedIn>
  | EventOf<typeof userLoggedOut>
  | EventOf<typeof sessionsRevoked>
  | EventOf<typeof passwordChanged>
  | EventOf<typeof subscriptionChanged>
  | EventOf<typeof emailVerificationRequested>
  | EventOf<typeof emailVerified>
  | EventOf<typeof passwordCleared>
  | EventOf<typeof userNameChanged>
  | EventOf<typeof accountDeleted>;

/** The verification link that works now (only the latest one requested; none once verified). */
export interface PendingVerification {
  tokenHash: string;
  requestedAt: string;
  expiresAt: string;
}

export type SubscriptionTier = 'free' | 'premium';

export type UserState =
  | { status: 'unregistered' }
  /** The account was deleted: nothing of it is kept but its id (docs/accounts-and-security.md "Deleting an account"). */
  | { status: 'deleted'; userId: string }
  | {
      status: 'registered';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      /** null: no password (cleared by a verification from elsewhere) until a reset sets one. */
      passwordHash: string | null;
      /** The address is proven (verification link or password reset). */
      emailVerified: boolean;
      pendingVerification: PendingVerification | null;
      /** Cookies carry the epoch they were issued under; a revocation bumps it. */
      sessionEpoch: number;
      /** When the password last changed (null: never since registration). */
      passwordChangedAt: string | null;
      subscriptionTier: SubscriptionTier;
      subscriptionStatus: string | null;
    };

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      userId: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      passwordHash: d.passwordHash,
      emailVerified: false,
      pendingVerification: null,
      sessionEpoch: 0,
      passwordChangedAt: null,
      subscriptionTier: 'free',
      subscriptionStatus: null,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'UserLoggedIn':
    case 'UserLoggedOut':
      return state;
    case 'SessionsRevoked':
      return { ...state, sessionEpoch: event.data.sessionEpoch };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, passwordChangedAt: event.data.changedAt };
    case 'SubscriptionChanged':
      return { ...state, subscriptionTier: event.data.subscriptionTier, subscriptionStatus: event.data.subscriptionStatus };
    case 'EmailVerificationRequested': {
      const { tokenHash, requestedAt, expiresAt } = event.data;
      return { ...state, pendingVerification: { tokenHash, requestedAt, expiresAt } };
    }
    case 'EmailVerified':
      return { ...state, emailVerified: true, pendingVerification: null };
    case 'PasswordCleared':
      // Links to reset the password requested before this are dead too (see ResetPassword).
      return { ...state, passwordHash: null, passwordChangedAt: event.data.clearedAt };
    case 'UserNameChanged':
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    case 'AccountDeleted':
      return { status: 'deleted', userId: state.userId };
    default:
      return assertNever(event);
  }
}

export type EmailReservationEvent = EventOf<typeof emailReserved> | EventOf<typeof emailReleased>;

export type EmailReservationState = { status: 'free' } | { status: 'reserved'; email: string; userId: string };

export const initialEmailReservationState = (): EmailReservationState => ({ status: 'free' });

export function evolveEmailReservation(state: EmailReservationState, event: EmailReservationEvent): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      return state.status === 'reserved' ? state : { status: 'reserved', email: event.data.email, userId: event.data.userId };
    case 'EmailReleased':
      // the account was deleted: the address may be registered again (a new account)
      return state.status === 'reserved' && state.userId === event.data.userId ? { status: 'free' } : state;
    default:
      return assertNever(event);
  }
}

export type PasswordResetEvent = EventOf<typeof passwordResetRequested> | EventOf<typeof passwordResetCompleted>;

export type PasswordResetState =
  | { status: 'none' }
  | { status: 'requested'; userId: string; tokenHash: string; requestedAt: string; expiresAt: string }
  | { status: 'completed'; userId: string; tokenHash: string; requestedAt: string; completedAt: string };

export const initialPasswordResetState = (): PasswordResetState => ({ status: 'none' });

export function evolvePasswordReset(state: PasswordResetState, event: PasswordResetEvent): PasswordResetState {
  switch (event.type) {
    case 'PasswordResetRequested':
      return { status: 'requested', ...event.data };
    case 'PasswordResetCompleted':
      return {
        status: 'completed',
        userId: event.data.userId,
        tokenHash: event.data.tokenHash,
        requestedAt: state.status === 'none' ? event.data.completedAt : state.requestedAt,
        completedAt: event.data.completedAt,
      };
    default:
      return assertNever(event);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
