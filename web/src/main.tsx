import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { makeStore } from './app/store.ts';
import { prefetchOnNavigation } from './lib/route-prefetch.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

/**
 * Start-up, each step in its own task so a slow phone's main thread is never blocked for long
 * (Total Blocking Time; docs/client.md, "Start-up work"). An async function, not top-level await:
 * top-level await in the entry would make the bundler split the shared modules into many chunks.
 */
async function start(container: HTMLElement): Promise<void> {
  await yieldToMain();
  const store = makeStore();
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  // The screen's reads start now, alongside its lazy chunk (lib/route-prefetch.ts).
  prefetchOnNavigation(router, store.dispatch);
  await yieldToMain();
  // The first render as a transition: React renders it in time slices.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders store={store}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
