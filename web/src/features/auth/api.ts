import type { forgotPassword, resetPassword, verificationDetails, verifyEmail } from '../../../../contracts/accounts.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/**
 * Password reset (`POST /api/forgot-password` {email}, `POST /api/reset-password` {token,
 * newPassword}). Login, register and logout
 * live in `lib/session` (they change the current user every feature reads).
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password {email}: always 200 (it never says whether the account exists). */
    forgotPassword: build.mutation<AnswerOf<typeof forgotPassword>, BodyIn<typeof forgotPassword>>({
      query: (body) => call<typeof forgotPassword>('POST /api/forgot-password', { body }),
    }),
    /** POST /api/reset-password {token, newPassword}: 400 "This reset link is invalid or has expired." */
    resetPassword: build.mutation<AnswerOf<typeof resetPassword>, BodyIn<typeof resetPassword>>({
      query: (body) => call<typeof resetPassword>('POST /api/reset-password', { body }),
    }),
    /**
     * POST /api/verify-email/details {token}: whose sign-up the link confirms (`{maskedEmail,
     * registeredAt}`), for "Was this you?"; 400 for a used, expired or unknown link. Writes nothing (a
     * mutation only so it runs when the screen asks, never from a cache).
     */
    verificationDetails: build.mutation<AnswerOf<typeof verificationDetails>, BodyIn<typeof verificationDetails>>({
      query: (body) => call<typeof verificationDetails>('POST /api/verify-email/details', { body }),
    }),
    /**
     * POST /api/verify-email {token, choice}: 200 `{message, passwordToken}` (a token after "No, I didn't
     * sign up": every session ended and a password must be chosen); 400 for a used, expired or unknown
     * link. The current user is fetched again either way (verified now, or signed out by the takeover).
     */
    verifyEmail: build.mutation<AnswerOf<typeof verifyEmail>, BodyIn<typeof verifyEmail>>({
      query: (body) => call<typeof verifyEmail>('POST /api/verify-email', { body }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: 'CURRENT' }] : []),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation, useVerificationDetailsMutation, useVerifyEmailMutation } = authApi;
