/**
 * Every cache and memo table the server keeps in its process, in one registry: what an entry is found
 * by, how large the table can grow, what leaves it, and why a kept entry is never wrong (turn-3
 * architecture review A3-06). docs/architecture.md "Caches" is this registry as a table
 * (`npx node scripts/caches-table.ts` writes it; scripts/caches-table.unit.spec.ts compares them).
 *
 * The owner's "clear cache" (job `clear-cache`, services/jobs/data-jobs.ts) calls `clearCaches()`: it
 * empties every cache of derived data. A table that holds something else (a queue of running commands,
 * open connections) is registered with `clearable: false` and the reason, so that it is listed too.
 *
 * Registration costs nothing per call of the cache:
 * - a module-level table registers when its module loads (`registerCache`);
 * - a table that every instance of a class holds is described once, when its module loads
 *   (`registerCacheKind`), and each instance is tracked from its constructor (`track`) until it is
 *   closed. The registry holds instances weakly: one never closed (a spec, a bench, a job run's
 *   provider) is not kept alive by it.
 *
 * A file with no imports, so that every layer may register here: `events/` (its one memo) and the
 * kernel in `domain/` included (.dependency-cruiser.cjs).
 */

/** What a cache holds and why it is safe to keep: one row of the table in docs/architecture.md. */
export interface CacheDescription {
  /** Unique, kebab-case: the clear-cache job reports caches by name. */
  name: string;
  /** The file that holds the table, from the repository root. */
  owner: string;
  /** What an entry is found by. */
  key: string;
  /** What limits how many entries (or bytes) it holds. */
  bound: string;
  /** What leaves the table, and when. */
  eviction: string;
  /** Why a kept entry is never wrong, or what brings it up to date. */
  coherence: string;
}

/** How the owner's clear-cache treats a cache; `T` is what holds the table (void for a module). */
export type CacheClearing<T> =
  | {
      clearable: true;
      /** Empties the table (it fills again on demand); must leave every answer as it was. */
      clear: (holder: T) => void | Promise<void>;
    }
  | {
      clearable: false;
      /** Why clear-cache leaves it alone. */
      reason: string;
    };

export type CacheEntry<T> = CacheDescription &
  CacheClearing<T> & {
    /** Entries held now (a WeakMap cannot tell: leave it out). */
    size?: (holder: T) => number;
  };

/** A cache that instances of a class hold: each instance is tracked while it lives. */
export interface CacheKind<T extends object> {
  /** Tracks one holder (from its constructor); call the answer when the holder closes. */
  track(holder: T): () => void;
}

/** What the registry tells about a cache now. */
export type RegisteredCache = CacheDescription & {
  clearable: boolean;
  /** Why clear-cache leaves it alone (caches it does not clear). */
  reason?: string;
  /** Entries held now, summed over live holders; null when the cache cannot tell. */
  size: number | null;
  /** Live holders of a per-instance cache; null for a module-level one. */
  holders: number | null;
};

interface Registration {
  entry: CacheEntry<never>;
  /** null: a module-level table (one holder, the module). */
  holders: Set<WeakRef<object>> | null;
}

const registrations = new Map<string, Registration>();

function add(entry: CacheEntry<never>, holders: Set<WeakRef<object>> | null): Registration {
  const known = registrations.get(entry.name);
  if (known) throw new Error(`A cache named "${entry.name}" is registered already (${known.entry.owner})`);
  const registration = { entry, holders };
  registrations.set(entry.name, registration);
  return registration;
}

/** Registers a module-level cache (at module load); answers a function that unregisters it (specs). */
export function registerCache(entry: CacheEntry<void>): () => void {
  const registration = add(entry as CacheEntry<never>, null);
  return () => {
    if (registrations.get(entry.name) === registration) registrations.delete(entry.name);
  };
}

/** Describes a cache that instances of a class hold (at module load); each instance then calls `track`. */
export function registerCacheKind<T extends object>(entry: CacheEntry<T>): CacheKind<T> {
  const holders = new Set<WeakRef<object>>();
  add(entry as unknown as CacheEntry<never>, holders);
  return {
    track(holder) {
      const ref = new WeakRef<object>(holder);
      holders.add(ref);
      return () => void holders.delete(ref);
    },
  };
}

/** The live holders of a registration (dropping those collected); [undefined] for a module-level table. */
function holdersOf(registration: Registration): (object | undefined)[] {
  if (registration.holders === null) return [undefined];
  const live: object[] = [];
  for (const ref of registration.holders) {
    const holder = ref.deref();
    if (holder === undefined) registration.holders.delete(ref);
    else live.push(holder);
  }
  return live;
}

function sorted(): Registration[] {
  return [...registrations.values()].sort((a, b) => (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0));
}

/**
 * Empties every clearable cache, by name, every live holder of each. One failing cache does not stop
 * the others. Answers the names cleared, the names left alone (not clearable) and the failures.
 */
export async function clearCaches(): Promise<{ cleared: string[]; kept: string[]; failed: { name: string; reason: string }[] }> {
  const cleared: string[] = [];
  const kept: string[] = [];
  const failed: { name: string; reason: string }[] = [];
  for (const registration of sorted()) {
    const { entry } = registration;
    if (!entry.clearable) {
      kept.push(entry.name);
      continue;
    }
    try {
      for (const holder of holdersOf(registration)) await entry.clear(holder as never);
      cleared.push(entry.name);
    } catch (error) {
      failed.push({ name: entry.name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { cleared, kept, failed };
}

/** Every registered cache, by name, with its size now (docs, status, specs). */
export function registeredCaches(): RegisteredCache[] {
  return sorted().map((registration) => {
    const { entry } = registration;
    const holders = holdersOf(registration);
    const size = entry.size ? holders.reduce((sum: number, holder) => sum + entry.size!(holder as never), 0) : null;
    return {
      name: entry.name,
      owner: entry.owner,
      key: entry.key,
      bound: entry.bound,
      eviction: entry.eviction,
      coherence: entry.coherence,
      clearable: entry.clearable,
      ...(entry.clearable ? {} : { reason: entry.reason }),
      size,
      holders: registration.holders === null ? null : holders.length,
    };
  });
}
