/// <reference lib="webworker" />
/**
 * The service worker, served at /sw.js (vite-plugin-pwa's injectManifest strategy compiles this file and
 * puts the build's precache list in `self.__WB_MANIFEST`). Workbox does the caching; docs/offline.md
 * explains every choice. In short:
 *
 * - the app shell (every built asset and index.html) is precached: a page and the chunks it loads come
 *   from one build, old or new, never a mix;
 * - navigations to the signed-in screens get the precached index.html (they open offline); other
 *   navigations go to the network (the server answers each page its own head) and fall back to it offline;
 * - the signed-in user's reads (lib/offline/personal-cache.ts) are network-first into one cache,
 *   dropped on logout and on any 401; nothing else of /api is kept;
 * - a new version waits until the page asks it to take over (the "Reload" prompt), never by itself.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  PERSONAL_CACHE,
  PERSONAL_CACHE_PREFIX,
  PERSONAL_MAX_AGE_SECONDS,
  clearPersonalCaches,
  endsSession,
  isPersonalRead,
  type WorkerMessage,
} from './lib/offline/personal-cache.ts';
import { SIGNED_IN_PATHS } from './lib/offline/signed-in-paths.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Changed by hand never: a new build changes the precache list, which changes this file's bytes. */
export const SW_NAME = 'weeklydiv-sw';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes the open pages at once (nothing older to mix with), so the personal answers
// of this very visit are kept. An update only takes over after SKIP_WAITING (below).
clientsClaim();

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('type' in data)) return;
  // workbox-window's messageSkipWaiting(): the user clicked "Reload" on "A new version is available".
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  // The update spec (and a curious developer) asks which worker answers.
  if (data.type === 'GET_VERSION') event.ports[0]?.postMessage({ name: SW_NAME });
});

self.addEventListener('activate', (event) => {
  // Personal caches of an older shape: nothing reads them any more.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(PERSONAL_CACHE_PREFIX) && n !== PERSONAL_CACHE).map((n) => caches.delete(n)))),
  );
});

const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(shell, {
    allowlist: SIGNED_IN_PATHS.map((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`)),
  }),
);
// Every other navigation: the network (the server answers each page its own head); the catch
// handler below answers with the shell when the network fails.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

/** Tells the page that made a personal read where its answer came from (lib/offline/offline-status.ts). */
async function tell(event: ExtendableEvent | undefined, message: WorkerMessage): Promise<void> {
  const clientId = event && 'clientId' in event ? (event as FetchEvent).clientId : '';
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

const personalAnswers: WorkboxPlugin = {
  // The session is gone (expired, ended elsewhere): drop every kept answer before the page sees the 401.
  async fetchDidSucceed({ response, request, event }) {
    const path = new URL(request.url).pathname;
    if (response.status === 401) await clearPersonalCaches();
    else if (response.ok) await tell(event, { type: 'weeklydiv:fresh-answer', path, date: response.headers.get('Date') });
    return response;
  },
  // The network failed (offline, or no answer within the timeout): the kept answer, and the page is told its age.
  async cachedResponseWillBeUsed({ cachedResponse, request, event }) {
    if (cachedResponse) await tell(event, { type: 'weeklydiv:cached-answer', path: new URL(request.url).pathname, date: cachedResponse.headers.get('Date') });
    return cachedResponse;
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isPersonalRead(url.pathname),
  new NetworkFirst({
    cacheName: PERSONAL_CACHE,
    // a train's dying connection: the kept answer after 5 s, the network answer still updates the cache
    networkTimeoutSeconds: 5,
    plugins: [
      personalAnswers,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: PERSONAL_MAX_AGE_SECONDS, maxEntries: 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Logout and log-out-everywhere: once the server ended the session, its answers go too.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && endsSession(request.method, url.pathname),
  new NetworkOnly({
    plugins: [
      {
        async fetchDidSucceed({ response }) {
          if (response.ok) await clearPersonalCaches();
          return response;
        },
      },
    ],
  }),
  'POST',
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});
