import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Account screens. `/login`, `/signup` and `/register` are children of one pathless route, so the
 * auth screen stays mounted while its tabs switch the route. The parent draws the whole
 * screen (the tab follows the path), so each child renders nothing of its own: `element: null`
 * says so explicitly (a leaf route with neither `element` nor `Component` makes react-router warn
 * "Matched leaf route … does not have an element or Component").
 */
export const routes: RouteObject[] = [
  {
    Component: lazyRoute(() => import('./routes/auth-route.tsx')),
    children: [paths.login, paths.signup, paths.register].map((path) => ({ path, element: null })),
  },
  { path: paths.forgotPassword, Component: lazyRoute(() => import('./routes/forgot-password-route.tsx')) },
  { path: paths.resetPassword, Component: lazyRoute(() => import('./routes/reset-password-route.tsx')) },
  { path: paths.verifyEmail, Component: lazyRoute(() => import('./routes/verify-email-route.tsx')) },
];
