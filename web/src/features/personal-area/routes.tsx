import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** The personal area (`/my` → here is declared by the app) and the tax-year summary, each its own chunk. */
export const routes: RouteObject[] = [
  { path: paths.personalArea, Component: lazyRoute(() => import('./routes/personal-area-route.tsx')) },
  { path: paths.taxSummary, Component: lazyRoute(() => import('./routes/tax-summary-route.tsx')) },
];
