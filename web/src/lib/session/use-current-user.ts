import type { User } from '../../../../contracts/accounts.ts';
import { useGetCurrentUserQuery } from './api.ts';

export interface CurrentUser {
  /** The signed-in user, or null when signed out (or not known yet: see isLoading). */
  user: User | null;
  /** True until the first answer of GET /api/user. */
  isLoading: boolean;
  /** A failure other than 401 (the server is down): treat as signed out, maybe say so. */
  isError: boolean;
  /** subscriptionTier is premium (pricing page buttons). */
  isPremium: boolean;
  /** Premium with an active subscription (it unlocks brokerage sync in the personal area). */
  hasActivePremium: boolean;
}

/** Who is signed in. One request per page load; login, register and logout update it. */
export function useCurrentUser(): CurrentUser {
  const { data, isLoading, isError } = useGetCurrentUserQuery();
  const user = data ?? null;
  return {
    user,
    isLoading,
    isError,
    isPremium: user !== null && user.subscriptionTier === 'premium',
    hasActivePremium: user !== null && user.subscriptionTier === 'premium' && user.subscriptionStatus === 'active',
  };
}
