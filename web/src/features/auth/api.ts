import type { ForgotPasswordBody, ResetPasswordBody } from '../../../../contracts/accounts.ts';
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
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = authApi;
