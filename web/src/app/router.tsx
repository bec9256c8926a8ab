import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * Routes. Each feature declares its own in `features/<feature>/routes.tsx`
 * (`export const routes: RouteObject[]`), picked up here: adding a feature never edits this file.
 * Route components are `React.lazy` (see lib/lazy-route.ts) so each screen is its own chunk; only
 * the landing page is in the entry. Everything renders inside the root layout (header, footer).
 */
type RouteModule = { routes?: RouteObject[] };
const featureRoutes = Object.values(import.meta.glob<RouteModule>('../features/*/routes.tsx', { eager: true })).flatMap(
  (module) => module.routes ?? [],
);

export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [{ path: paths.personalAreaShort, element: <Navigate to={paths.personalArea} replace /> }, ...featureRoutes],
  },
];

/**
 * `hydrating`: the page arrived rendered on the server. The router then starts as hydrated (no route
 * has a loader, so there is no data to hand over): its first render keeps the scroll position a
 * visitor may already have reached on the rendered page, where a fresh router resets it to the top.
 * A reload still restores the position saved when the page was left (ScrollRestoration).
 */
export function createAppRouter(hydrating = false) {
  return createBrowserRouter(appRoutes, hydrating ? { hydrationData: {} } : undefined);
}
