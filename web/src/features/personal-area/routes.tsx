import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** The personal area (`/my` → here is declared by the app) the tax-year summary and the income page, each its own chunk. */
export const routes: RouteObject[] = [
  { path: paths.personalArea, Component: lazyRoute(() => import('./routes/personal-area-route.tsx')) },
  { path: paths.taxSummary, Component: lazyRoute(() => import('./routes/tax-summary-route.tsx')) },
  { path: paths.income, Component: lazyRoute(() => import('./routes/income-route.tsx')) },
];
