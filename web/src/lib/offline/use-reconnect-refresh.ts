import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from '../../api/base-api.ts';
import { useOfflineStatus } from './offline-status.ts';

/**
 * While the browser says it is online but answers on screen still came from the worker's cache (a
 * connection that carries nothing, a read that timed out), they are read again this often.
 */
export const RETRY_MS = 10_000;

/**
 * Back online: the signed-in screens read their data again (the API never refetches by itself:
 * base-api.ts), so the kept answers the worker served are replaced and "Offline — as of" goes away.
 * Invalidating a tag refetches only what a screen still shows; a read the network still fails is
 * answered from the cache again, and tried again every RETRY_MS.
 */
export function useReconnectRefresh(): void {
  const { online, offline } = useOfflineStatus();
  const dispatch = useDispatch();
  const wasOnline = useRef(online);
  useEffect(() => {
    const refresh = () => dispatch(baseApi.util.invalidateTags(['User', 'Holding', 'Favorite', 'UserCalendar', 'Payout', 'Settings']));
    if (online && !wasOnline.current) refresh();
    wasOnline.current = online;
    if (!online || !offline) return;
    const timer = setInterval(refresh, RETRY_MS);
    return () => clearInterval(timer);
  }, [online, offline, dispatch]);
}
