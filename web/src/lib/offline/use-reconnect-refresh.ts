import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from '../../api/base-api.ts';
import { useOfflineStatus } from './offline-status.ts';

/**
 * Back online: the signed-in screens read their data again (the API never refetches by itself:
 * base-api.ts), so the kept answers the worker served are replaced and "Offline — as of" goes away.
 * Invalidating a tag refetches only what a screen still shows.
 */
export function useReconnectRefresh(): void {
  const { online } = useOfflineStatus();
  const dispatch = useDispatch();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) dispatch(baseApi.util.invalidateTags(['User', 'Holding', 'Favorite', 'UserCalendar', 'Payout', 'Settings']));
    wasOnline.current = online;
  }, [online, dispatch]);
}
