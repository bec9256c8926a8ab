import { vi } from 'vitest';

/**
 * "Now" for component specs that show anything relative to today: Wednesday 18 November 2026, noon in
 * New York (17:00 UTC). A Wednesday keeps the four weeks from this week's Monday clear of the weekend,
 * and noon keeps New York's date and the UTC date the same, so a screen that still takes "today" from the
 * browser's clock instead of the market's (issue 29) shows the same day. A spec never reads the wall
 * clock: at 00:30 UTC on a Saturday New York is still on Friday (docs/testing.md "Clock independence").
 */
export const MARKET_NOW = '2026-11-18T17:00:00.000Z';
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
