/**
 * Attempt counters (login throttling): operational state, not a read model. The one operation that
 * matters is `take`: it counts an attempt on every rule at once, or on none when any rule refuses,
 * atomically, so N parallel attempts can never all see a free slot.
 */
export interface CounterRule {
  key: string;
  /** Attempts allowed in the window; the next one is refused until the window ends. null: no hard limit. */
  limit: number | null;
  /** The window lasts this long from its first attempt (or from the last one when `sliding`). */
  windowMs: number;
  /** The window is extended to `windowMs` after every attempt (a counter that stays while attempts go on). */
  sliding?: boolean;
  /** After the n-th attempt of the window (n counted with this one), the next attempt waits this long; 0: none. */
  delayAfterMs?: (count: number) => number;
  /**
   * The key of another rule of the same `take`: this rule's wait binds only a client whose row there
   * holds attempts already (its own failures). The attempt is counted here either way. So an account-wide
   * back-off that a stranger's guesses renew never holds back a client with no failures of its own
   * (security audit S2).
   */
  waitsOnlyIfCounted?: string;
}

export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export interface AttemptCounters {
  /** Counts one attempt against every rule, or refuses (counting nothing) with the wait until the first slot. */
  take(rules: readonly CounterRule[], nowMs: number): Promise<TakeResult>;
  /** Gives one counted attempt back on these keys (a successful login does not use up the client's budget). */
  giveBack(keys: readonly string[], nowMs: number): Promise<void>;
  /** Forgets these keys. */
  clear(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface CounterRow {
  count: number;
  windowEndMs: number;
  nextAtMs: number;
}

/** The decision of `take` on one rule's current row (expired rows are passed as undefined). */
export function refusal(rule: CounterRule, row: CounterRow | undefined, nowMs: number): number {
  if (!row) return 0;
  let wait = 0;
  if (rule.limit !== null && row.count >= rule.limit) wait = Math.max(wait, row.windowEndMs - nowMs);
  if (row.nextAtMs > nowMs) wait = Math.max(wait, row.nextAtMs - nowMs);
  return wait;
}

/** The wait before the next attempt under these rules (0: it may go now), `rows[i]` being rule i's current row. */
export function waitOf(rules: readonly CounterRule[], rows: readonly (CounterRow | undefined)[], nowMs: number): number {
  let wait = 0;
  rules.forEach((rule, i) => {
    if (rule.waitsOnlyIfCounted !== undefined) {
      const own = rows[rules.findIndex((r) => r.key === rule.waitsOnlyIfCounted)];
      if (!own || own.count === 0) return;
    }
    wait = Math.max(wait, refusal(rule, rows[i], nowMs));
  });
  return wait;
}

/** The row after one more attempt. */
export function counted(rule: CounterRule, row: CounterRow | undefined, nowMs: number): CounterRow {
  const count = (row?.count ?? 0) + 1;
  const windowEndMs = !row || rule.sliding ? nowMs + rule.windowMs : row.windowEndMs;
  const delay = rule.delayAfterMs?.(count) ?? 0;
  return { count, windowEndMs, nextAtMs: delay > 0 ? nowMs + delay : 0 };
}
