import { StrictMode, type ReactNode } from 'react';
import { RenderClockProvider, type RenderClock } from '../lib/render-clock.tsx';
import { AppProviders } from './providers.tsx';
import type { AppState, AppStore } from './store.ts';

/**
 * The tree above the router, one for the three ways the app starts: rendered in the browser
 * (main.tsx, no clock), rendered on the server (entry-server.tsx, the render's clock) and hydrated
 * over that HTML (main.tsx, the clock the HTML carries). One tree, so hydration sees what the
 * server drew.
 */
export function AppRoot({ store, clock, serverState, children }: { store: AppStore; clock: RenderClock | null; serverState?: AppState; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders store={store} serverState={serverState}>
        <RenderClockProvider clock={clock}>{children}</RenderClockProvider>
      </AppProviders>
    </StrictMode>
  );
}
