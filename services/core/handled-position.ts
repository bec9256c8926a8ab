/**
 * How far a reactor (alerts, webhooks) has handled the log, and promises that resolve once it reaches a
 * position: a reactor's `waitFor`, like a read model's. `advance` only moves forward.
 */
export interface HandledPosition {
  readonly current: () => number;
  advance(to: number): void;
  /** Resolves once every event up to `target` is handled; rejects after `timeoutMs`, naming `label`. */
  waitFor(target: number, timeoutMs?: number): Promise<void>;
}

export function handledPosition(label: string, start: number): HandledPosition {
  let handled = start;
  const waiters: { target: number; resolve: () => void }[] = [];
  return {
    current: () => handled,
    advance(to) {
      handled = Math.max(handled, to);
      for (const w of waiters.filter((x) => x.target <= handled)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
    waitFor(target, timeoutMs = 10_000) {
      if (handled >= target) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${label} did not reach ${target} within ${timeoutMs} ms (at ${handled})`)), timeoutMs);
        timer.unref?.();
        waiters.push({
          target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}
