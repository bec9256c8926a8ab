import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';

export const routes: RouteObject[] = [
  { path: '/etfs', Component: lazyRoute(() => import('./routes/etf-database-route.tsx')) },
  { path: '/etfs/:brand', Component: lazyRoute(() => import('./routes/brand-route.tsx')) },
  { path: '/etfs/:brand/:ticker', Component: lazyRoute(() => import('./routes/etf-detail-route.tsx')) },
  { path: '/etf/:ticker', Component: lazyRoute(() => import('./routes/etf-redirect-route.tsx')) },
];
