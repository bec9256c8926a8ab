import { randomBytes } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { calendarFeedDecider } from './business-logic.ts';

/** A new random feed id: 16 bytes, base64url (22 characters). */
const newFeedId = () => randomBytes(16).toString('base64url');

export interface CalendarFeedCommandDeps {
  log: EventLog;
}

/** The user's current feed id, issuing the first one when there is none; `position` 0 when nothing was written. */
export async function ensureCalendarFeed({ log }: CalendarFeedCommandDeps, userId: string, ctx: CommandContext): Promise<{ feedId: string; position: number }> {
  const stream = streams.calendarFeed(userId);
  const result = await handleCommand(log, stream, calendarFeedDecider, { type: 'EnsureFeed', data: { userId, newFeedId: newFeedId() } }, ctx, WRITE_RETRIES);
  const { state } = await log.aggregate(stream, calendarFeedDecider);
  return { feedId: state.feedId!, position: result.position };
}

/** Replaces the user's feed id: the old URL stops working. */
export async function rotateCalendarFeed({ log }: CalendarFeedCommandDeps, userId: string, ctx: CommandContext): Promise<{ feedId: string; position: number }> {
  const feedId = newFeedId();
  const result = await handleCommand(log, streams.calendarFeed(userId), calendarFeedDecider, { type: 'RotateFeed', data: { userId, newFeedId: feedId } }, ctx, WRITE_RETRIES);
  return { feedId, position: result.position };
}

/**
 * Retires the user's feed URL when one was issued (a new id, which the user sees in the personal area);
 * nothing otherwise. Called by whatever ends every session of the user: log out everywhere, a password
 * reset, a verification link opened elsewhere (services/accounts/commands.ts; audit I1).
 */
export async function replaceIssuedCalendarFeed({ log }: CalendarFeedCommandDeps, userId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(
    log,
    streams.calendarFeed(userId),
    calendarFeedDecider,
    { type: 'ReplaceIssuedFeed', data: { userId, newFeedId: newFeedId() } },
    ctx,
    WRITE_RETRIES,
  );
  return { position: result.position };
}
