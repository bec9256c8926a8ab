import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { listenForOfflineStatus } from '../lib/offline/offline-status.ts';

/**
 * Registers /sw.js (web/src/sw.ts, built by vite-plugin-pwa) in a production build, and keeps whether a
 * new version is waiting (docs/offline.md, "Updates"). registerType 'prompt': a new version installs in
 * the background and waits; the page shows "A new version is available — Reload" (update-prompt.tsx);
 * Reload asks it to take over (SKIP_WAITING) and, once it controls the page, the page loads again from
 * the new build. Every other open tab of the app reloads too when it changes hands: a tab of the old
 * build must not go on loading chunks the new precache no longer holds.
 */

let waiting = false;
let workbox: Workbox | undefined;
const listeners = new Set<() => void>();

function setWaiting(next: boolean) {
  waiting = next;
  for (const listener of listeners) listener();
}

let started = false;

/**
 * Once per page; a no-op in development, in unit tests and where service workers are not available.
 * workbox-window is its own chunk, fetched after the first screen: the landing page's initial
 * JavaScript stays within its budget (web/scripts/size.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  listenForOfflineStatus();
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  workbox.addEventListener('waiting', () => setWaiting(true));
  // A new version took over (this tab's Reload, or another tab's): load this page from it. Not when the
  // first install takes a page that had no worker (nothing to mix).
  let controller = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (previous === null || reloading) return;
    reloading = true;
    window.location.reload();
  });
  // registered after the load event (workbox-window's default): it never competes with the first screen
  await workbox.register();
}

/** "Reload": the waiting version takes over; the 'controllerchange' listener above reloads the page. */
export function activateWaitingVersion(): void {
  workbox?.messageSkipWaiting();
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => waiting,
    () => false,
  );
}
