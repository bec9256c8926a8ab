import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoDate } from './catalog.ts';

/**
 * Written on the single stream `market-clock` by a daily job (every calendar day, weekends included).
 * Projections have no clock: "today" in America/New_York enters the log as this event, and metrics and
 * calendars are computed as of the latest such date, so a rebuild gives the same documents.
 */
export const marketDayBegan = defineEvent('MarketDayBegan', z.object({ date: isoDate }));

export const marketClockEvents = [marketDayBegan] as const;

export type MarketClockEvent = EventsOf<typeof marketClockEvents>;
export type MarketDayBegan = Extract<MarketClockEvent, { type: 'MarketDayBegan' }>;
