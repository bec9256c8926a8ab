import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Account screens. `/login`, `/signup` and `/register` are children of one pathless route, so the
 * auth screen stays mounted while its tabs switch the route (spec §2).
 */
export const routes: RouteObject[] = [
  {
    Component: lazyRoute(() => import('./routes/auth-route.tsx')),
    children: [{ path: paths.login }, { path: paths.signup }, { path: paths.register }],
  },
  { path: paths.forgotPassword, Component: lazyRoute(() => import('./routes/forgot-password-route.tsx')) },
  { path: paths.resetPassword, Component: lazyRoute(() => import('./routes/reset-password-route.tsx')) },
];
