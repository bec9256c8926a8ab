import { baseApi } from '../../api/base-api.ts';

/**
 * Password reset (spec §2 "Forgot password", "Reset password"; §7). Login, register and logout
 * live in `lib/session` (they change the current user every feature reads).
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password {email}: always 200 (it never says whether the account exists). */
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    /** POST /api/reset-password {token, newPassword}: 400 "This reset link is invalid or has expired." */
    resetPassword: build.mutation<unknown, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = authApi;
