import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { MessageAnswer } from './errors.ts';

/** Accounts (`/api/register`, `/api/login`, `/api/user`, password reset) and the owner's ping. */

export const SubscriptionTier = z.enum(['free', 'premium']);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

/** The user as the API shows it (never the password hash or the session epoch). */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** 'premium' while the user has Premium rights (services/billing/premium.ts: status and paid period), else 'free'. */
  subscriptionTier: SubscriptionTier,
  /** Stripe's status of the subscription (`active`, `trialing`, `past_due`, `canceled`, ...); null without one. */
  subscriptionStatus: z.string().nullable(),
  /** End of the current billing period (ISO instant): the renewal date, or the end date when it is cancelled. Null without one. */
  currentPeriodEnd: z.string().nullable(),
  /** The subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** The address is proven (verification link or password reset). */
  emailVerified: z.boolean(),
  /** ADMIN_EMAIL and verified. */
  isOwner: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * `POST /api/verify-email` 200. `passwordToken` is set when the link was opened anywhere but a browser
 * signed in to the account: the sign-up password stopped working and this single-use token (a reset
 * token, 60 minutes) lets the holder of the mailbox choose one (`POST /api/reset-password`).
 */
export const VerifyEmailAnswer = z.object({ message: z.string(), passwordToken: z.string().nullable() });
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswer>;

/** `GET /api/admin/ping`: the owner guard let the request through. */
export const AdminPing = z.object({ ok: z.literal(true), owner: z.string() });
export type AdminPing = z.infer<typeof AdminPing>;

// ---------------------------------------------------------------------------------------------------
// Requests: the account forms' rules, messages word for word (web/src/features/auth/validation.ts
// checks the same ones in the browser). A new password must also not be one of the very common ones:
// that rule needs the dictionary, so the server checks it beside these (services/accounts/api.ts).

export const accountMessages = {
  required: 'Required',
  email: 'Invalid email address',
  passwordShort: 'Password must be at least 6 characters',
  passwordLong: 'Password must be at most 256 characters',
  nameRequired: (label: string) => `${label} is required`,
  nameLong: (label: string) => `${label} must be at most 100 characters`,
  nameLink: (label: string) => `${label} cannot contain a link or an email address`,
  resetToken: 'Invalid reset token',
  currentPassword: 'Enter your current password',
  verificationToken: 'Invalid verification token',
  verificationChoice: 'Choice must be "confirm" or "takeover"',
  deletePassword: 'Enter your password to delete your account',
} as const;

const email = z.string().trim().toLowerCase().max(254, accountMessages.email).pipe(z.email(accountMessages.email));
const password = z.string().min(6, accountMessages.passwordShort).max(256, accountMessages.passwordLong);
/**
 * What makes a name a link or an address in a mail client or a page: `://`, `www.` (any case) or `@`
 * (audit S4: a name is shown to whoever owns the address typed at sign-up, proven or not).
 */
export const LINK_IN_NAME = /:\/\/|www\.|@/i;
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, accountMessages.nameRequired(label))
    .max(100, accountMessages.nameLong(label))
    .refine((value) => !LINK_IN_NAME.test(value), accountMessages.nameLink(label));

/** `POST /api/register`. */
export const RegisterRequest = z.object({ firstName: name('First name'), lastName: name('Last name'), email, password });
/** `POST /api/login`. */
export const LoginRequest = z.object({ email, password });
/** `POST /api/forgot-password`. */
export const ForgotPasswordRequest = z.object({ email });
/** `POST /api/reset-password`: the token of the link `APP_URL/reset-password?token=...` (or of a verification takeover). */
export const ResetPasswordRequest = z.object({
  token: z.string().min(1, accountMessages.required).max(512, accountMessages.resetToken),
  newPassword: password,
  /** Revoke every personal API token too (issue 31): true when left out (the account may have been someone else's). */
  revokeTokens: z.boolean({ error: 'revokeTokens must be true or false' }).optional(),
});
/** `POST /api/logout-all`: revoke every personal API token too (issue 31); false when left out (scripts keep working). */
export const LogoutAllRequest = z.object({ revokeTokens: z.boolean({ error: 'revokeTokens must be true or false' }).optional() });
/** `POST /api/user/password`: the current password (checked against the log), then the new one under the sign-up rules. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, accountMessages.currentPassword).max(256, accountMessages.passwordLong),
  newPassword: password,
});
/** `PATCH /api/user`: the names under the sign-up rules. */
export const UpdateProfileRequest = z.object({ firstName: name('First name'), lastName: name('Last name') });
const verificationToken = z.string().min(1, accountMessages.required).max(512, accountMessages.verificationToken);
/**
 * The answer to the verification screen's "Was this you?" (issue 29, W2): `confirm` ("Yes, confirm my
 * email") only verifies, on any device; `takeover` ("No, I didn't sign up") verifies, ends every
 * session and voids the sign-up password. Left out (a client that did not ask): `confirm` from a
 * browser signed in to the account, `takeover` from anywhere else (the safe answer when nobody was asked).
 */
export const VerificationChoice = z.enum(['confirm', 'takeover'], { error: accountMessages.verificationChoice });
export type VerificationChoice = z.infer<typeof VerificationChoice>;
/** `POST /api/verify-email`: the token of the link `APP_URL/verify-email?token=...` and the answer to "Was this you?". */
export const VerifyEmailRequest = z.object({ token: verificationToken, choice: VerificationChoice.optional() });
/** `POST /api/verify-email/details`: the same token; nothing is written. */
export const VerificationDetailsRequest = z.object({ token: verificationToken });
/**
 * `POST /api/verify-email/details` 200: whose sign-up the link confirms, for the question "Confirm the
 * WeeklyDiv account for j***@example.com created on November 28, 2026?". The address is masked (the
 * link may be forwarded) and no text the person who signed up chose (a name) is shown (audit S4).
 */
export const VerificationDetails = z.object({
  maskedEmail: z.string(),
  registeredAt: z.string(),
  /**
   * The address is the site owner's (ADMIN_EMAIL): away from a browser signed in to the account, any
   * answer is the takeover (a mistaken "Yes" must not hand the admin area to whoever signed up with it).
   */
  ownerAddress: z.boolean(),
});
export type VerificationDetails = z.infer<typeof VerificationDetails>;
/** `DELETE /api/user`: the password confirms the deletion. */
export const DeleteAccountRequest = z.object({ password: z.string().min(1, accountMessages.deletePassword).max(256, accountMessages.passwordLong) });

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Accounts'];

export const register = endpoint({
  method: 'post',
  path: '/api/register',
  access: 'public',
  summary: 'Create an account and sign in (sets the session cookie).',
  description: 'At most SIGNUP_LIMIT_PER_HOUR sign-ups an hour per client address (429 with `Retry-After` beyond).',
  tags,
  body: RegisterRequest,
  responses: { 201: { description: 'The new user.', json: User } },
  errors: [400, 409, 429],
  reads: ['users'],
  waitsFor: 'all',
});

export const login = endpoint({
  method: 'post',
  path: '/api/login',
  access: 'public',
  summary: 'Sign in (sets the session cookie).',
  tags,
  body: LoginRequest,
  responses: { 200: { description: 'The user.', json: User } },
  errors: [400, 401, 429],
  reads: ['users'],
  waitsFor: 'all',
});

export const logout = endpoint({
  method: 'post',
  path: '/api/logout',
  access: 'public',
  summary: 'Sign out of this browser.',
  description: 'Clears the session cookie; a copy of the cookie stops working before the answer leaves. Signed out already: the same answer.',
  tags,
  responses: { 200: { description: 'Signed out.', json: MessageAnswer } },
  errors: [400],
  waitsFor: 'all',
});

export const logoutAll = endpoint({
  method: 'post',
  path: '/api/logout-all',
  access: 'user',
  summary: 'Sign out on every device (every session cookie issued so far stops working).',
  description: 'With `revokeTokens: true`, every personal API token stops working too (left out: they keep working).',
  tags,
  body: LogoutAllRequest,
  responses: { 200: { description: 'Signed out everywhere.', json: MessageAnswer } },
  errors: [400],
  waitsFor: 'all',
});

export const getCurrentUser = endpoint({
  method: 'get',
  path: '/api/user',
  access: 'user',
  summary: 'The signed-in user.',
  tags,
  responses: { 200: { description: 'The user.', json: User } },
  errors: [],
  reads: ['users'],
});

export const forgotPassword = endpoint({
  method: 'post',
  path: '/api/forgot-password',
  access: 'public',
  summary: 'Mail a password reset link (the same answer whether or not the account exists).',
  description: 'The answer takes the same minimum time, account or not. At most FORGOT_PASSWORD_LIMIT_PER_HOUR requests an hour per client address (429 with `Retry-After` beyond).',
  tags,
  body: ForgotPasswordRequest,
  responses: { 200: { description: 'Always the same sentence.', json: MessageAnswer } },
  errors: [400, 429],
});

export const resetPassword = endpoint({
  method: 'post',
  path: '/api/reset-password',
  access: 'public',
  summary: 'Choose a new password with a reset link (ends every session).',
  description: 'Also revokes every personal API token unless `revokeTokens: false`.',
  tags,
  body: ResetPasswordRequest,
  responses: { 200: { description: 'Password changed.', json: MessageAnswer } },
  errors: [400],
  waitsFor: 'all',
});

export const verificationDetails = endpoint({
  method: 'post',
  path: '/api/verify-email/details',
  access: 'public',
  summary: 'Whose sign-up a verification link confirms (the masked address and the sign-up date), for the question "Was this you?"; writes nothing.',
  description: 'A POST so the token never sits in a URL the request log keeps. 400 for an unknown, replaced, used or expired link (the message of POST /api/verify-email).',
  tags,
  body: VerificationDetailsRequest,
  responses: { 200: { description: 'The account the link confirms.', json: VerificationDetails } },
  errors: [400],
});

export const verifyEmail = endpoint({
  method: 'post',
  path: '/api/verify-email',
  access: 'public',
  summary:
    'Use the e-mail verification link (48 hours, single use) with the answer to "Was this you?": `confirm` only verifies (sessions and password stay, on any device); `takeover` also ends every session and the sign-up password, and answers a single-use token to choose a password (POST /api/reset-password).',
  description:
    'Without `choice` (a client that did not ask): `confirm` from a browser signed in to the account, `takeover` from anywhere else. The owner\'s address (ADMIN_EMAIL) away from a browser signed in to it: always `takeover` (docs/accounts-and-security.md "The takeover rule").',
  tags,
  body: VerifyEmailRequest,
  responses: { 200: { description: 'Verified; `passwordToken` is set when a password must be chosen.', json: VerifyEmailAnswer } },
  errors: [400],
  waitsFor: 'all',
});

export const resendVerification = endpoint({
  method: 'post',
  path: '/api/resend-verification',
  access: 'user',
  summary: 'Mail a new verification link (the previous one stops working). One a minute per account, 20 an hour per client address.',
  tags,
  responses: { 200: { description: 'Sent.', json: MessageAnswer } },
  errors: [400, 409, 429],
  waitsFor: 'all',
});

export const changePassword = endpoint({
  method: 'post',
  path: '/api/user/password',
  access: 'user',
  summary: 'Change the password (the current one required). Every other session ends; this browser stays signed in.',
  description:
    'A wrong current password answers 400 on `currentPassword`. Five attempts per account in 15 minutes (429 with `Retry-After` beyond); a success clears the count. The private calendar link is replaced, as on every sign-out everywhere. A mail tells the user.',
  tags,
  body: ChangePasswordRequest,
  responses: { 200: { description: 'Changed; this browser has a new session cookie.', json: MessageAnswer } },
  errors: [400, 429],
  waitsFor: 'all',
});

export const deleteAccount = endpoint({
  method: 'delete',
  path: '/api/user',
  access: 'user',
  summary: 'Delete the account (the password required): subscription cancelled at Stripe, brokerage user removed at SnapTrade, every document of the user purged, the personal fields of the log made unreadable, a confirmation mailed. This session ends, and every other one.',
  description:
    'A wrong password answers 400 on `password` and changes nothing. Five attempts per account in 15 minutes (429 with `Retry-After` beyond). 502 when SnapTrade or Stripe could not be told (the account is not deleted). docs/accounts-and-security.md "Deleting an account".',
  tags,
  body: DeleteAccountRequest,
  responses: { 200: { description: 'Deleted; the session cookie is cleared.', json: MessageAnswer } },
  errors: [400, 429, 502, 503],
  waitsFor: 'all',
});

export const updateProfile = endpoint({
  method: 'patch',
  path: '/api/user',
  access: 'user',
  summary: 'Change the first and last name.',
  tags,
  body: UpdateProfileRequest,
  responses: { 200: { description: 'The user with the new name.', json: User } },
  errors: [400],
  reads: ['users'],
  waitsFor: 'all',
});
