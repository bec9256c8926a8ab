import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';

export const routes: RouteObject[] = [{ path: '/dividend-calendar', Component: lazyRoute(() => import('./routes/dividend-calendar-route.tsx')) }];
