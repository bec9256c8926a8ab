import { vi } from 'vitest';

/**
 * "Now" for component specs that show anything relative to today: Wednesday 18 November 2026, 07:00 in
 * New York (12:00 UTC): a weekday in the middle of the calendars' first week.
 * Noon UTC is 18 November from UTC-12 to UTC+11, so a screen that still takes "today" from the browser's
 * local date instead of New York's (the public calendar; issue 29) shows the same day wherever the specs
 * run. A spec never reads the wall clock: at 00:30 UTC on a Saturday New York is still on Friday
 * (docs/testing.md "Clock independence").
 */
export const MARKET_NOW = '2026-11-18T12:00:00.000Z';
/** New York's date at {@link MARKET_NOW}. */
export const MARKET_TODAY = '2026-11-18';

/**
 * Fixes `Date` (only `Date`: timers and `performance` stay real, so testing-library's waits still run)
 * at `instant`. Undo it with `vi.useRealTimers()` in the spec's `afterEach`.
 */
export function fixClock(instant: string = MARKET_NOW): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}
