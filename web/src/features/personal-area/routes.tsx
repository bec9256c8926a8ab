import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import { paths } from '../../lib/paths.ts';

/** The personal area (`/my` → here is declared by the app). */
export const routes: RouteObject[] = [{ path: paths.personalArea, Component: lazyRoute(() => import('./routes/personal-area-route.tsx')) }];
