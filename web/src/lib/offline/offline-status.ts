import { useSyncExternalStore } from 'react';
import { isWorkerMessage } from './personal-cache.ts';

/**
 * Whether the personal area shows answers the network did not give just now (docs/offline.md):
 * the browser says it is offline, or the service worker answered a personal read from its cache (it
 * tells the page so: web/src/sw.ts). `asOf` is when the shown answers were made: the oldest Date
 * header among the kept answers in use, else the newest fresh answer's.
 */
export interface OfflineStatus {
  /** The browser says it is offline, or some answer on screen came from the worker's cache. */
  offline: boolean;
  /** What the browser says (navigator.onLine and its events). */
  online: boolean;
  /** An ISO instant, or null when no answer's time is known. */
  asOf: string | null;
}

interface State {
  online: boolean;
  /** Path → Date header of each personal read last answered from the cache. */
  cached: ReadonlyMap<string, string | null>;
  /** Date header of the newest personal read answered by the network. */
  freshAt: string | null;
}

function isoOf(httpDate: string | null): string | null {
  const ms = httpDate ? Date.parse(httpDate) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The offline state of one page: fed by the window's online/offline events and the worker's messages. */
export function createOfflineStore(initiallyOnline: boolean) {
  let state: State = { online: initiallyOnline, cached: new Map(), freshAt: null };
  let snapshot: OfflineStatus = derive(state);
  const listeners = new Set<() => void>();

  function derive(s: State): OfflineStatus {
    const kept = [...s.cached.values()].map(isoOf).filter((d): d is string => d !== null).sort();
    return { offline: !s.online || s.cached.size > 0, online: s.online, asOf: kept[0] ?? s.freshAt };
  }

  function set(next: State) {
    state = next;
    const derived = derive(next);
    if (derived.offline === snapshot.offline && derived.online === snapshot.online && derived.asOf === snapshot.asOf) return;
    snapshot = derived;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /**
     * The browser's online/offline events. Back online, the kept answers on screen are read again
     * (use-reconnect-refresh.ts) and are forgotten here: a read that still fails is reported again.
     */
    setOnline(online: boolean) {
      set({ ...state, online, cached: online && !state.online ? new Map() : state.cached });
    },
    /** A message from the service worker (anything else is ignored). */
    receive(data: unknown) {
      if (!isWorkerMessage(data)) return;
      const cached = new Map(state.cached);
      if (data.type === 'weeklydiv:cached-answer') {
        cached.set(data.path, data.date);
        set({ ...state, cached });
      } else {
        cached.delete(data.path);
        const at = isoOf(data.date);
        set({ ...state, cached, freshAt: at && (!state.freshAt || at > state.freshAt) ? at : state.freshAt });
      }
    },
  };
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

let pageStore: OfflineStore | undefined;

/** The page's one store, listening from its first use. */
function offlineStore(): OfflineStore {
  if (pageStore) return pageStore;
  const store = createOfflineStore(typeof navigator === 'undefined' ? true : navigator.onLine);
  pageStore = store;
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => store.setOnline(true));
    window.addEventListener('offline', () => store.setOnline(false));
    const container = navigator.serviceWorker;
    if (container) {
      container.addEventListener('message', (event) => store.receive(event.data));
      // deliver the worker's messages now (not only after DOMContentLoaded)
      container.startMessages();
    }
  }
  return store;
}

/** Starts listening before the first screen renders: a worker message that arrives early is not lost. */
export function listenForOfflineStatus(): void {
  offlineStore();
}

export function useOfflineStatus(): OfflineStatus {
  const store = offlineStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
