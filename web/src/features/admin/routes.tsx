import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** The owner's dashboard: its own lazy chunk (never in the landing page's initial JavaScript). */
export const routes: RouteObject[] = [{ path: paths.admin, Component: lazyRoute(() => import('./routes/admin-route.tsx')) }];
