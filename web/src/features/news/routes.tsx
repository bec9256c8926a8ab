import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';

export const routes: RouteObject[] = [{ path: '/news', Component: lazyRoute(() => import('./routes/news-route.tsx')) }];
