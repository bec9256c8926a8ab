/**
 * Lets the browser breathe between two pieces of start-up work: resolves in a new task, so what
 * came before and what comes after are two tasks, not one long one (a slow phone's Total Blocking
 * Time counts every task over 50 ms). `scheduler.yield()` where the browser has it (it resumes ahead
 * of other queued work), otherwise a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
