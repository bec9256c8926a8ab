import { baseApi, LIST, type ApiError } from '../../api/base-api.ts';
import type { User } from '../../api/types.ts';

/**
 * The session (spec §4 "Auth"): the current user is fetched at start; a 401 means signed out and
 * yields `null`. Login and register put the returned user in the cache; logout sets it to null.
 * Both also drop the per-user data (favorites, portfolio, payout calendar) of the previous session.
 *
 * This is the one feature other features may import (header, auth screens, ETF detail, personal
 * area all need to know who is signed in); it imports nothing but the shared layer.
 */

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  firstName: string;
  lastName: string;
}

const userScoped = [
  { type: 'Favorite', id: LIST },
  { type: 'Holding', id: LIST },
  { type: 'UserCalendar', id: LIST },
] as const;

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user; 401 → null (signed out). */
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/user');
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status === 401) return { data: null };
          return { error };
        }
        return { data: result.data as User };
      },
      providesTags: [{ type: 'User', id: 'CURRENT' }],
    }),
    /** POST /api/login. */
    login: build.mutation<User, LoginInput>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // the caller shows "Login failed"
        }
      },
      invalidatesTags: (result) => (result ? [...userScoped] : []),
    }),
    /** POST /api/register. */
    register: build.mutation<User, RegisterInput>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // the caller shows "Registration failed"
        }
      },
      invalidatesTags: (result) => (result ? [...userScoped] : []),
    }),
    /** POST /api/logout (no body). */
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, null));
        } catch {
          // the caller shows "Logout failed"
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [...userScoped]),
    }),
  }),
});

export const { useGetCurrentUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } = sessionApi;
