import { baseApi, call, LIST, type ApiError } from '../../api/base-api.ts';
import type { getCurrentUser, login, logout, logoutAll, register, resendVerification } from '../../../../contracts/accounts.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import { clearPersonalCaches } from '../offline/personal-cache.ts';

/**
 * The session: the current user is fetched at start; a 401 means signed out and
 * yields `null` (and drops the service worker's kept answers: docs/offline.md, as login and register do). Login and register put the returned user in the cache and drop the per-user data
 * (favorites, portfolio, payout calendar) of the previous session. Logging out goes through
 * `useLogOut()` (use-log-out.ts), which clears the session in a safe order with `signedOut()` and
 * `dropUserData()` below.
 *
 * Shared, not a feature: the header, the auth screens, ETF detail, pricing and the personal area all
 * need to know who is signed in (bulletproof-react keeps auth in `lib/` for the same reason); it
 * imports nothing but the shared layer.
 */

const userScoped = [
  { type: 'Favorite', id: LIST },
  { type: 'Holding', id: LIST },
  { type: 'UserCalendar', id: LIST },
  // the private feed URL: another user's, or one that log out everywhere retired, must not be shown
  { type: 'CalendarFeed', id: 'CURRENT' },
] as const;

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user; 401 → null (signed out). */
    getCurrentUser: build.query<AnswerOf<typeof getCurrentUser> | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(call<typeof getCurrentUser>('GET /api/user'));
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status === 401) {
            // signed out (expired, ended elsewhere): no answer of that session stays on this device
            await clearPersonalCaches();
            return { data: null };
          }
          return { error };
        }
        return { data: result.data as AnswerOf<typeof getCurrentUser> };
      },
      providesTags: [{ type: 'User', id: 'CURRENT' }],
    }),
    /** POST /api/login. */
    login: build.mutation<AnswerOf<typeof login>, BodyIn<typeof login>>({
      query: (body) => call<typeof login>('POST /api/login', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data));
          // a new session: nothing kept from an earlier one on this device (docs/offline.md)
          await clearPersonalCaches();
        } catch {
          // the caller shows "Login failed"
        }
      },
      invalidatesTags: (result) => (result ? [...userScoped] : []),
    }),
    /** POST /api/register. */
    register: build.mutation<AnswerOf<typeof register>, BodyIn<typeof register>>({
      query: (body) => call<typeof register>('POST /api/register', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data));
          await clearPersonalCaches();
        } catch {
          // the caller shows "Registration failed"
        }
      },
      invalidatesTags: (result) => (result ? [...userScoped] : []),
    }),
    /**
     * POST /api/logout (no body). Changes nothing in the cache by itself: invalidating the per-user
     * tags here would refetch them for the screen still showing them, and the server now answers
     * 401. `useLogOut()` clears the session once the signed-in screen is gone.
     */
    logout: build.mutation<AnswerOf<typeof logout>, void>({
      query: () => call<typeof logout>('POST /api/logout'),
    }),
    /**
     * POST /api/logout-all (no body): every session of the user ends, this one included, and the private
     * calendar link is replaced. Like logout, it leaves the cache to `useLogOut()`.
     */
    logoutAll: build.mutation<AnswerOf<typeof logoutAll>, BodyIn<typeof logoutAll> | void>({
      // `revokeTokens: true` ends the personal API tokens too (docs/open-data.md)
      query: (body) => call<typeof logoutAll>('POST /api/logout-all', { body: body ?? {} }),
    }),
    /**
     * POST /api/resend-verification (signed in, address not verified): a new link by mail, the previous
     * one stops working. 409 already verified, 429 (one a minute per account, 20 an hour per network).
     * Shared: the personal area's notice and the /verify-email screen's "request a new link" both use it.
     */
    resendVerification: build.mutation<AnswerOf<typeof resendVerification>, void>({
      query: () => call<typeof resendVerification>('POST /api/resend-verification'),
      invalidatesTags: (_result, error) => (error && 'status' in error && error.status === 409 ? [{ type: 'User', id: 'CURRENT' }] : []),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation, useLogoutAllMutation, useResendVerificationMutation } =
  sessionApi;

/**
 * After a logout: the current user is null (no request: the answer is known). Every query run with
 * `skip: !user` stops its subscription when its component renders this.
 */
export function signedOut() {
  return sessionApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: null }]);
}

/**
 * Drops the previous user's favorites, portfolio, payout calendar and feed URL. Invalidating a tag removes an
 * entry nobody subscribes to (and refetches one still subscribed): dispatch it once the user's
 * screens and queries have let go (after `signedOut()` rendered).
 */
export function dropUserData() {
  return baseApi.util.invalidateTags([...userScoped]);
}
