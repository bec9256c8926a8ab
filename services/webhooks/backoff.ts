/**
 * When a failed delivery is tried again (docs/open-data.md "Retries"): 30 seconds after the first
 * failure, then twice as long after each next one (1, 2, 4, ... minutes), at most 4 hours apart, for
 * 24 hours from the event. An attempt that would fall later is not made: the delivery has failed.
 * No randomness (the schedule is a fact recorded in the log, and a spec pins it).
 */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_GAP_MS = 4 * 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** The wait after failed attempt number `attempt` (1 = the first attempt). */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_GAP_MS);
}

/** When the attempt after failed attempt `attempt` is due, or null when that would be past the 24 hours. */
export function nextAttemptAt(queuedAt: string, attempt: number, attemptedAt: string): string | null {
  const next = Date.parse(attemptedAt) + retryDelayMs(attempt);
  return next > Date.parse(queuedAt) + RETRY_WINDOW_MS ? null : new Date(next).toISOString();
}
