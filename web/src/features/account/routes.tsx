import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** The account page and its subscription screen (lazy: not in the landing page's bundle). */
export const routes: RouteObject[] = [
  { path: paths.account, Component: lazyRoute(() => import('./routes/account-route.tsx')) },
  { path: paths.manageSubscription, Component: lazyRoute(() => import('./routes/subscription-route.tsx')) },
];
