import type { ForgotPasswordBody, ResetPasswordBody, VerifyEmailAnswer, VerifyEmailBody } from '../../../../contracts/accounts.ts';
import type { MessageAnswer } from '../../../../contracts/errors.ts';
import { baseApi } from '../../api/base-api.ts';

/**
 * Password reset (`POST /api/forgot-password` {email}, `POST /api/reset-password` {token,
 * newPassword}). Login, register and logout
 * live in `lib/session` (they change the current user every feature reads).
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password {email}: always 200 (it never says whether the account exists). */
    forgotPassword: build.mutation<MessageAnswer, ForgotPasswordBody>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    /** POST /api/reset-password {token, newPassword}: 400 "This reset link is invalid or has expired." */
    resetPassword: build.mutation<MessageAnswer, ResetPasswordBody>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    /**
     * POST /api/verify-email {token}: 200 `{message, passwordToken}` (a token: every session ended and a
     * password must be chosen); 400 for a used, expired or unknown link. The current user is fetched
     * again either way (verified now, or signed out by the takeover rule).
     */
    verifyEmail: build.mutation<VerifyEmailAnswer, VerifyEmailBody>({
      query: (body) => ({ url: '/verify-email', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: 'CURRENT' }] : []),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation, useVerifyEmailMutation } = authApi;
