import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { Dispatch } from '@reduxjs/toolkit';
import type { LiveEndEvent, LiveMarketEvent } from '../../../contracts/live.ts';
import { useCurrentUser } from './session/use-current-user.ts';
import { API_ROOT, baseApi } from '../api/base-api.ts';

/** `GET /api/user/live`: the Premium user's live updates (docs/live-updates.md). */
export const LIVE_URL = `${API_ROOT}/user/live`;

const LIST = 'LIST';

/**
 * The one EventSource of this tab, shared by every screen that mounts `useLiveUpdates` (the personal
 * area, a fund's page): opened by the first, closed when the last unmounts. EventSource reconnects by
 * itself after a dropped connection and sends `Last-Event-ID`, so the server replays what was missed.
 */
let shared: { source: EventSource; users: number; dispatch: Dispatch } | null = null;

function invalidate(dispatch: Dispatch, tags: Parameters<typeof baseApi.util.invalidateTags>[0]): void {
  if (tags.length > 0) dispatch(baseApi.util.invalidateTags(tags));
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

function connect(dispatch: Dispatch): EventSource {
  const source = new EventSource(LIVE_URL, { withCredentials: true });
  // A fund's figures changed: its detail and history (tag Etf/<TICKER>), the lists, the public calendar.
  source.addEventListener('market', (event) => {
    const data = parse<LiveMarketEvent>(event);
    if (!data) return;
    invalidate(dispatch, [
      ...data.tickers.map((ticker) => ({ type: 'Etf' as const, id: ticker })),
      ...(data.lists ? [{ type: 'Etf' as const, id: LIST }] : []),
      ...(data.calendar ? [{ type: 'Calendar' as const, id: LIST }] : []),
    ]);
  });
  // The user's own figures changed: holdings (values, income), the payout calendar and the payout
  // ledger with its income record and goal are read again.
  source.addEventListener('portfolio', () => {
    invalidate(dispatch, [
      { type: 'Holding', id: LIST },
      { type: 'UserCalendar', id: LIST },
      'Payout',
    ]);
  });
  // Too far behind to say what changed: everything live is read again.
  source.addEventListener('resync', () => {
    invalidate(dispatch, ['Etf', 'Calendar', 'Holding', 'UserCalendar', 'Payout']);
  });
  // The server ended the stream: after a shutdown EventSource reconnects (to another instance); after a
  // sign-out, an expired session or the end of Premium there is nothing to reconnect to.
  source.addEventListener('end', (event) => {
    const data = parse<LiveEndEvent>(event);
    if (data?.reason !== 'shutdown') source.close();
  });
  return source;
}

function acquire(dispatch: Dispatch): void {
  if (shared && shared.source.readyState === EventSource.CLOSED) {
    shared.source.close();
    shared = { source: connect(dispatch), users: shared.users, dispatch };
  }
  if (!shared) shared = { source: connect(dispatch), users: 0, dispatch };
  shared.users += 1;
}

function release(): void {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.source.close();
    shared = null;
  }
}

/**
 * Live updates for a Premium user: while a screen using this is mounted, new quotes and distributions
 * refresh the fund pages, the portfolio and the payout calendar without a reload (the RTK Query
 * entries they show are invalidated, so the queries in use refetch). Free users and visitors open no
 * stream: their figures are the hourly ones, read on each visit.
 */
export function useLiveUpdates(): void {
  const dispatch = useDispatch();
  const { hasActivePremium } = useCurrentUser();
  const enabled = hasActivePremium && typeof EventSource !== 'undefined';
  useEffect(() => {
    if (!enabled) return;
    acquire(dispatch);
    return release;
  }, [enabled, dispatch]);
}
