import type { Router } from 'express';
import { accountsApi } from '../accounts/api.ts';
import type { AppDeps } from '../http/deps.ts';
import { adminPingRouter } from '../http/admin.ts';
import { marketApi } from '../market/api.ts';
import { favoritesApi } from '../favorites/api.ts';
import { portfolioApi } from '../portfolio/api.ts';
import type { ApiModule } from '../http/endpoints.ts';
import { settingsRouter } from '../settings/api.ts';
import { newsRouter } from '../news/api.ts';
import { newsAdminRouter } from '../news/admin-api.ts';
import { catalogAdminRouter, etfCreateRouter } from '../catalog/api.ts';
import { marketAdminRouter } from '../jobs/admin-api.ts';
import { splitsAdminRouter } from '../splits/api.ts';
import { jobsRouter } from '../jobs/api.ts';
import { pagesAdminRouter, pagesRouter } from '../pages/api.ts';
import { brokerageApi } from '../brokerage/api.ts';
import { calendarFeedsApi } from '../calendar-feeds/api.ts';
import { imagesAdminRouter, imagesRouter } from '../images/api.ts';
import { settingsAdminRouter } from '../settings/admin-api.ts';
import { billingApi } from '../billing/api.ts';
import { liveApi } from '../live/api.ts';
import { alertsApi } from '../alerts/api.ts';

/**
 * Every module's endpoints (contracts/endpoint.ts definitions handled in the module's api.ts), mounted
 * with their full paths in this order, before the routers below. A new module adds one line here.
 */
export const apiModules: readonly ApiModule[] = [
  // the public market reads are the hottest routes: matched first
  marketApi,
  portfolioApi,
  accountsApi,
  favoritesApi,
  alertsApi,
  calendarFeedsApi,
  billingApi,
  brokerageApi,
  liveApi,
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
  { path: '/api/admin', router: adminPingRouter },
  { path: '/api', router: etfCreateRouter },
  { path: '/api/admin', router: catalogAdminRouter },
  { path: '/api/admin', router: marketAdminRouter },
  { path: '/api/admin', router: splitsAdminRouter },
  { path: '/api/admin', router: jobsRouter },
  { path: '/api', router: settingsRouter },
  { path: '/api', router: newsRouter },
  { path: '/api', router: pagesRouter },
  { path: '/api/admin', router: pagesAdminRouter },
  { path: '/api/admin', router: imagesAdminRouter },
  { path: '/api/admin', router: settingsAdminRouter },
  { path: '/api', router: imagesRouter },
  { path: '/api/admin', router: newsAdminRouter },
];
