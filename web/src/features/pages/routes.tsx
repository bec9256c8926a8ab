import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';

/** Any other path: the owner's managed page for that path, or "Page Not Found". */
export const routes: RouteObject[] = [{ path: '*', Component: lazyRoute(() => import('./routes/managed-page-route.tsx')) }];
