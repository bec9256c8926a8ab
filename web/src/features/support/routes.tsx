import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** `/support`: the support form (issue 29; lazy: not in the landing page's bundle). */
export const routes: RouteObject[] = [{ path: paths.support, Component: lazyRoute(() => import('./routes/support-route.tsx')) }];
