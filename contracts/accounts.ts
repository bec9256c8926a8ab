import { z } from 'zod';

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

export const LoginBody = z.object({ email: z.string(), password: z.string() });
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = LoginBody.extend({ firstName: z.string(), lastName: z.string() });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.object({ email: z.string() });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({ token: z.string(), newPassword: z.string() });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** `POST /api/verify-email`: the token of the link `APP_URL/verify-email?token=...`. */
export const VerifyEmailBody = z.object({ token: z.string() });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

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
