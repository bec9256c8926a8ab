import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { clearPersonalCaches } from '../offline/personal-cache.ts';
import { paths } from '../paths.ts';
import { dropUserData, signedOut, useLogoutAllMutation, useLogoutMutation } from './api.ts';

export interface LogOut {
  /** POST /api/logout, then home, then the session is cleared. Rejects (nothing changed) when the server refuses. */
  logOut: () => Promise<void>;
  /**
   * The same with POST /api/logout-all: every session of the user ends (and the private calendar link is
   * replaced); with `revokeTokens`, every personal API token too.
   */
  logOutEverywhere: (options?: { revokeTokens: boolean }) => Promise<void>;
  isLoading: boolean;
}

/**
 * Logging out clears the current user; from any page, it ends on the landing page. The order matters:
 *
 * 1. the server ends the session;
 * 2. the router goes home synchronously (`flushSync`), so the screen the user was on is gone before
 *    it can see "signed out" (the personal area would redirect to /login) and its queries let go;
 * 3. the current user becomes null, rendered synchronously too, so the header offers Log In and any
 *    remaining `skip: !user` query unsubscribes;
 * 4. the per-user lists are dropped: with no subscriber left, nothing is refetched (each refetch
 *    would be a 401 now), and so are the service worker's kept answers (lib/offline/personal-cache.ts).
 */
export function useLogOut(): LogOut {
  const [logout, { isLoading }] = useLogoutMutation();
  const [logoutAll, { isLoading: isLoadingAll }] = useLogoutAllMutation();
  const navigate = useNavigate();
  const dispatch = useDispatch();

  const leave = useCallback(async () => {
    await navigate(paths.home, { flushSync: true });
    flushSync(() => {
      dispatch(signedOut());
    });
    dispatch(dropUserData());
    // again, once the screens let go: an answer that was on its way when the session ended is gone too
    await clearPersonalCaches();
  }, [navigate, dispatch]);

  // The service worker's kept answers go first, whether or not the server can be reached (offline):
  // whoever uses this browser next never sees them (docs/offline.md).
  const logOut = useCallback(async () => {
    await clearPersonalCaches();
    await logout().unwrap();
    await leave();
  }, [logout, leave]);

  const logOutEverywhere = useCallback(async (options?: { revokeTokens: boolean }) => {
    await clearPersonalCaches();
    await logoutAll(options?.revokeTokens ? { revokeTokens: true } : undefined).unwrap();
    await leave();
  }, [logoutAll, leave]);

  return { logOut, logOutEverywhere, isLoading: isLoading || isLoadingAll };
}
