import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { makeStore } from './app/store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const store = makeStore();
const router = createAppRouter();

// The first render as a transition: React renders it in time slices, so a slow phone's main thread
// is never blocked for long (Total Blocking Time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
