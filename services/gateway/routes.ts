import { accountsApi } from '../accounts/api.ts';
import { adminPingApi } from '../http/admin.ts';
import { marketApi } from '../market/api.ts';
import { favoritesApi } from '../favorites/api.ts';
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
import { brokerageApi } from '../brokerage/api.ts';
import { calendarFeedsApi } from '../calendar-feeds/api.ts';
import { imagesApi } from '../images/api.ts';
import { supportApi } from '../support/api.ts';
import { billingApi } from '../billing/api.ts';
import { liveApi } from '../live/api.ts';
import { alertsApi } from '../alerts/api.ts';
import { declarationsApi } from '../declarations/api.ts';
import { payoutsApi } from '../payouts/api.ts';
import { accountExportApi } from '../accounts/export.ts';
import { tokensApi } from '../tokens/api.ts';
import { webhooksApi } from '../webhooks/api.ts';

/**
 * Every module's endpoints (contracts/endpoint.ts definitions handled in the module's api.ts), mounted
 * with their full paths in this order after the common middleware (security headers, request log, JSON
 * body, same-origin guard, the owner guard on /api/admin) and before the `/api` 404 and the client.
 * A new module adds one line here.
 */
export const apiModules: readonly ApiModule[] = [
  // the public market reads are the hottest routes: matched first
  marketApi,
  portfolioApi,
  payoutsApi,
  accountsApi,
  favoritesApi,
  alertsApi,
  calendarFeedsApi,
  billingApi,
  brokerageApi,
  liveApi,
  settingsApi,
  newsApi,
  pagesApi,
  imagesApi,
  supportApi,
  adminPingApi,
  catalogApi,
  pricesApi,
  dividendsApi,
  splitsApi,
  dataOperationsApi,
  jobsApi,
  declarationsApi,
  accountExportApi,
  tokensApi,
  webhooksApi,
];
