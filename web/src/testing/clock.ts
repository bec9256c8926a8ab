import { vi } from 'vitest';

/**
 * "Now" for component specs that show anything relative to today: Wednesday 18 November 2026, 07:00 in
 * New York (12:00 UTC): a weekday in the middle of the calendars' first week.
 * Noon UTC is 18 November from UTC-12 to UTC+11. Screens take "today" from New York's date
 * (`marketToday()`); `setBrowserZone` shows them in a zone where the local date differs. A spec never
 * reads the wall clock: at 00:30 UTC on a Saturday New York is still on Friday (docs/testing.md
 * "Clock independence").
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

/**
 * Puts the "browser" (jsdom runs in Node) in another time zone, so a spec can show a screen where the
 * local date and New York's differ (e.g. UTC at 00:30 on a Saturday, New York on Friday evening).
 * Node reads `TZ` again on every change. Returns the undo, for the spec's `afterEach`.
 */
export function setBrowserZone(zone: string): () => void {
  const before = process.env['TZ'];
  process.env['TZ'] = zone;
  return () => {
    if (before === undefined) delete process.env['TZ'];
    else process.env['TZ'] = before;
  };
}
