import type { RouteObject } from 'react-router-dom';
import { marketApi } from '../../api/market-api.ts';
import type { RouteHandle } from '../../lib/route-prefetch.ts';
import { LandingRoute } from './routes/landing-route.tsx';

/** The top performers (the default limit), which the table, the calculators and the features section read. */
const landingHandle: RouteHandle = {
  prefetch: (_params, dispatch) => {
    dispatch(marketApi.util.prefetch('getTopPerformers', undefined, {}));
  },
};

/** The landing page is in the entry chunk (it is the first screen most visitors see). */
export const routes: RouteObject[] = [{ index: true, Component: LandingRoute, handle: landingHandle }];
