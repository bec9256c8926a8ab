import type { RouteObject } from 'react-router-dom';
import { marketApi } from '../../api/market-api.ts';
import { lazyRoute } from '../../lib/lazy-route.ts';
import type { RouteHandle } from '../../lib/route-prefetch.ts';

const calendarHandle: RouteHandle = {
  prefetch: (_params, dispatch) => {
    dispatch(marketApi.util.prefetch('getDividendCalendar', undefined, {}));
    dispatch(marketApi.util.prefetch('getMarketHolidays', undefined, {}));
  },
};

export const routes: RouteObject[] = [
  { path: '/dividend-calendar', Component: lazyRoute(() => import('./routes/dividend-calendar-route.tsx')), handle: calendarHandle },
];
