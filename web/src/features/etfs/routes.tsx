import type { RouteObject } from 'react-router-dom';
import { marketApi } from '../../api/market-api.ts';
import { lazyRoute } from '../../lib/lazy-route.ts';
import type { RouteHandle } from '../../lib/route-prefetch.ts';
import { etfPagesApi } from './api.ts';
import { DATABASE_LIMIT } from './database-limit.ts';

const databaseHandle: RouteHandle = {
  prefetch: (_params, dispatch) => {
    dispatch(marketApi.util.prefetch('getTopPerformers', { limit: DATABASE_LIMIT }, {}));
  },
};

const brandHandle: RouteHandle = {
  prefetch: ({ brand }, dispatch) => {
    if (brand) dispatch(marketApi.util.prefetch('getEtfsByBrand', brand, {}));
  },
};

const detailHandle: RouteHandle = {
  prefetch: ({ ticker }, dispatch) => {
    if (!ticker) return;
    const upper = ticker.toUpperCase();
    dispatch(marketApi.util.prefetch('getEtfDetail', upper, {}));
    dispatch(marketApi.util.prefetch('getPriceHistory', { ticker: upper, range: '1Y' }, {}));
    dispatch(etfPagesApi.util.prefetch('getTickerNews', upper, {}));
  },
};

export const routes: RouteObject[] = [
  { path: '/etfs', Component: lazyRoute(() => import('./routes/etf-database-route.tsx')), handle: databaseHandle },
  { path: '/etfs/:brand', Component: lazyRoute(() => import('./routes/brand-route.tsx')), handle: brandHandle },
  { path: '/etfs/:brand/:ticker', Component: lazyRoute(() => import('./routes/etf-detail-route.tsx')), handle: detailHandle },
  { path: '/etf/:ticker', Component: lazyRoute(() => import('./routes/etf-redirect-route.tsx')) },
];
