/**
 * In-process caches (pre-serialized JSON views, ETag tables) register a way to empty themselves here,
 * so the owner's "clear cache" (`POST /api/admin/clear-cache`, job `clear-cache`) can drop them all.
 * A cache that rebuilds lazily on the next request only needs `clear`; it must not throw.
 *
 * Process-wide on purpose: a cache is per process, and every process that serves reads registers
 * its own. (On the gateway/worker split the clear-cache job runs in the worker; gateways drop their
 * caches when they see the job's `JobSucceeded` event, see services/jobs.)
 */

type Clear = () => void | Promise<void>;

const caches = new Map<string, Clear>();

/** Registers (or replaces) the cache called `name`; returns a function that unregisters it. */
export function registerCache(name: string, clear: Clear): () => void {
  caches.set(name, clear);
  return () => {
    if (caches.get(name) === clear) caches.delete(name);
  };
}

/** Empties every registered cache; answers the names it cleared. One failing cache does not stop the others. */
export async function clearCaches(): Promise<{ cleared: string[]; failed: { name: string; reason: string }[] }> {
  const cleared: string[] = [];
  const failed: { name: string; reason: string }[] = [];
  for (const [name, clear] of [...caches.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    try {
      await clear();
      cleared.push(name);
    } catch (error) {
      failed.push({ name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { cleared, failed };
}

/** The registered cache names (for status pages and tests). */
export function registeredCaches(): string[] {
  return [...caches.keys()].sort();
}
