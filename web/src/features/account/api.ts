import type { changePassword, deleteAccount, updateProfile } from '../../../../contracts/accounts.ts';
import type { createPortalSession } from '../../../../contracts/billing.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/**
 * The account page: the Stripe billing portal (`POST /api/subscription/portal-session` → {url}), the
 * name (`PATCH /api/user`), the password (`POST /api/user/password`) and the deletion of the account
 * (`DELETE /api/user`).
 */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPortalSession: build.mutation<AnswerOf<typeof createPortalSession>, void>({
      query: () => call<typeof createPortalSession>('POST /api/subscription/portal-session'),
    }),
    /** The current user is fetched again: the header's greeting and the profile show the new name without a reload. */
    updateProfile: build.mutation<AnswerOf<typeof updateProfile>, BodyIn<typeof updateProfile>>({
      query: (body) => call<typeof updateProfile>('PATCH /api/user', { body }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: 'CURRENT' }] : []),
    }),
    /** This browser stays signed in (the server re-issues its cookie); the private calendar link was replaced. */
    changePassword: build.mutation<AnswerOf<typeof changePassword>, BodyIn<typeof changePassword>>({
      query: (body) => call<typeof changePassword>('POST /api/user/password', { body }),
      invalidatesTags: (result) => (result ? [{ type: 'CalendarFeed', id: 'CURRENT' }] : []),
    }),
    /** Nothing is invalidated here: the caller leaves for the landing page and drops the user's data (as a logout does). */
    deleteAccount: build.mutation<AnswerOf<typeof deleteAccount>, BodyIn<typeof deleteAccount>>({
      query: (body) => call<typeof deleteAccount>('DELETE /api/user', { body }),
    }),
  }),
});

export const { useCreatePortalSessionMutation, useUpdateProfileMutation, useChangePasswordMutation, useDeleteAccountMutation } = accountApi;
