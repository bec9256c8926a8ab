import type { Router } from 'express';
import { accountsRouter } from '../accounts/api.ts';
import type { AppDeps } from '../http/deps.ts';
import { adminPingApi } from '../http/admin.ts';
import { marketApi } from '../market/api.ts';
import { favoritesRouter } from '../favorites/api.ts';
import { portfolioApi } from '../portfolio/api.ts';
import type { ApiModule } from '../http/endpoints.ts';
import { settingsApi } from '../settings/api.ts';
import { newsApi } from '../news/api.ts';
import { catalogApi } from '../catalog/api.ts';
import { dataOperationsApi } from '../jobs/admin-api.ts';
import { pricesApi } from '../prices/api.ts';
import { dividendsApi } from '../dividends/api.ts';
import { splitsApi } from '../splits/api.ts';
import { jobsApi } from '../jobs/api.ts';
import { pagesApi } from '../pages/api.ts';
import { brokerageRouter } from '../brokerage/api.ts';
import { calendarFeedsRouter } from '../calendar-feeds/api.ts';
import { imagesApi } from '../images/api.ts';
import { billingRouter } from '../billing/api.ts';
import { liveRouter } from '../live/api.ts';
import { alertsRouter } from '../alerts/api.ts';

/**
 * Every module's endpoints (contracts/endpoint.ts definitions handled in the module's api.ts), mounted
 * with their full paths in this order, before the routers below. A new module adds one line here.
 */
export const apiModules: readonly ApiModule[] = [
  // the public market reads are the hottest routes: matched first
  marketApi,
  portfolioApi,
  settingsApi,
  newsApi,
  pagesApi,
  imagesApi,
  adminPingApi,
  catalogApi,
  pricesApi,
  dividendsApi,
  splitsApi,
  dataOperationsApi,
  jobsApi,
];

export interface RouteModule {
  /** Where the router is mounted. Everything under `/api/admin` is owner-only (guarded in app.ts). */
  path: string;
  /** Router factory taking the app's dependencies. */
  router: (deps: AppDeps) => Router;
}

/**
 * Every module's HTTP API, mounted in this order after the common middleware (security headers,
 * request log, JSON body, same-origin guard) and before the `/api` 404 and the client.
 * A new module adds one line here.
 */
export const routeModules: readonly RouteModule[] = [
  { path: '/api', router: accountsRouter },
  { path: '/api', router: favoritesRouter },
  { path: '/api', router: calendarFeedsRouter },
  { path: '/api', router: brokerageRouter },
  { path: '/api', router: billingRouter },
  { path: '/api', router: liveRouter },
  { path: '/api', router: alertsRouter },
];
