import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppRoot } from './app/app-root.tsx';
import { createAppRouter } from './app/router.tsx';
import { readSsrPayload, SSR_PAYLOAD_ID } from './app/ssr-payload.ts';
import { makeStore } from './app/store.ts';
import { prefetchOnNavigation } from './lib/route-prefetch.ts';
import { noteEarlyInput, replayEarlyInput, takeEarlyClicks } from './lib/early-input.ts';
import { markServed } from './lib/served-entries.ts';
import { settleServerLayouts } from './lib/use-media-query.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

/**
 * Start-up, each step in its own task so a slow phone's main thread is never blocked for long
 * (Total Blocking Time; docs/client.md, "Start-up work"). An async function, not top-level await:
 * top-level await in the entry would make the bundler split the shared modules into many chunks.
 *
 * A public page arrives rendered on the server (web/src/entry-server.tsx) with the RTK Query state it
 * was rendered with: the store starts from that state (so no read is made again) and React hydrates
 * the HTML instead of drawing it anew. Any other page (signed-in screens) is rendered here.
 */
async function start(container: HTMLElement): Promise<void> {
  if (document.getElementById(SSR_PAYLOAD_ID)) {
    // The server drew both layouts of a screen that depends on the viewport: the other one goes now,
    // before anything reads the page (lib/use-media-query.ts).
    settleServerLayouts(container);
    // The rendered page is painted before any start-up work (parsing the state, the store, hydration):
    // queued right behind the bundle, that work held the first paint of HTML that was already there.
    await afterNextPaint();
  }
  const payload = readSsrPayload(document);
  await yieldToMain();
  const store = makeStore(payload ? { preloadedState: payload.state } : {});
  if (payload) markServed(Object.values(payload.state.api.queries).flatMap((q) => (q?.endpointName ? [q.endpointName] : [])));
  await yieldToMain();
  const router = createAppRouter(payload !== null);
  if (payload) dropServerHeadOnNavigation(router);
  await yieldToMain();
  // The screen's reads start now, alongside its lazy chunk (lib/route-prefetch.ts); after a server
  // render they are in the store already: only later navigations prefetch.
  prefetchOnNavigation(router, store.dispatch, { current: !payload });
  await yieldToMain();
  const app = (
    <AppRoot store={store} clock={payload?.clock ?? null} serverState={payload?.state}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // What a visitor chose, typed or pressed on the rendered page before now (nothing heard it): given
  // again to each field, and each button clicked again, once React owns it (lib/early-input.ts).
  const early = payload ? noteEarlyInput(container) : [];
  // The first render (or hydration) as a transition: React renders it in time slices.
  startTransition(() => {
    if (payload) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // ...and what a person changed or pressed while React was hydrating (a lazy part's code still on its
  // way, React may not have heard it); the early-click holder stops once the page is React's
  if (payload) void replayEarlyInput(early, { root: container, clicks: takeEarlyClicks });
}

/**
 * Resolves once the browser has painted a frame (a task queued from the frame's animation callback runs
 * after its paint), or after 200 ms: a tab opened in the background paints nothing until shown.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * The server's head tags (canonical, Open Graph, JSON-LD: app/page-head.ts) describe the page it
 * rendered; at the first navigation to another page they go (each screen sets its own title and
 * canonical link).
 */
function dropServerHeadOnNavigation(router: ReturnType<typeof createAppRouter>): void {
  const first = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === first) return;
    for (const element of document.head.querySelectorAll('[data-ssr-head]')) element.remove();
    unsubscribe();
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
