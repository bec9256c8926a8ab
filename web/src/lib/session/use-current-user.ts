import type { User } from '../../../../contracts/accounts.ts';
import { useGetCurrentUserQuery } from './api.ts';

export interface CurrentUser {
  /** The signed-in user, or null when signed out (or not known yet: see isLoading). */
  user: User | null;
  /** True until the first answer of GET /api/user. */
  isLoading: boolean;
  /** A failure other than 401 (the server is down): treat as signed out, maybe say so. */
  isError: boolean;
  /** subscriptionTier is premium: the server says the user has Premium rights now (pricing page buttons). */
  isPremium: boolean;
  /**
   * Premium rights (it unlocks brokerage sync in the personal area): the same as isPremium, since the
   * server's `subscriptionTier` already follows the one rule (active, trialing, retrying a failed
   * payment, or canceled within the paid period: docs/billing.md).
   */
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
    hasActivePremium: user !== null && user.subscriptionTier === 'premium',
  };
}
