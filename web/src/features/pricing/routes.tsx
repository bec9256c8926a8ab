import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';

export const routes: RouteObject[] = [{ path: '/pricing', Component: lazyRoute(() => import('./routes/pricing-route.tsx')) }];
