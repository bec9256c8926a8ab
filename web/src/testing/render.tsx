import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers.tsx';
import { makeStore, type AppStore } from '../app/store.ts';

export interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern the element is mounted at (`/etfs/:brand`); `*` by default. */
  path?: string;
  /** Extra routes (targets of navigation, to assert where a click went). */
  routes?: RouteObject[];
  store?: AppStore;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders a screen or component with the real store, theme, toasts and a memory router — what a
 * component spec needs (use with `// @vitest-environment jsdom` and `mockFetch`).
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const store = options.store ?? makeStore();
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.route ?? '/'],
  });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
