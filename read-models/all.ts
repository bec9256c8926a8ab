import type { Projection } from './runtime/projection.ts';
import { usersProjection } from './users/projection.ts';
import { marketProjection } from './market/projection.ts';
import { jobsProjection } from './jobs/projection.ts';
import { catalogIndexProjection } from './catalog/catalog-index.ts';
import { favoritesProjection } from './favorites/projection.ts';
import { portfolioProjection } from './portfolio/projection.ts';
import { settingsProjection } from './settings/projection.ts';
import { calendarFeedsProjection } from './calendar-feeds/projection.ts';
import { pagesProjection } from './pages/projection.ts';
import { imagesProjection } from './images/projection.ts';
import { newsKeywordsProjection, newsProjection } from './news/projection.ts';
import { brokerageProjection } from './brokerage/projection.ts';
import { alertsProjection } from './alerts/projection.ts';
import { releasesProjection } from './releases/projection.ts';
import { payoutsProjection } from './payouts/projection.ts';
import { supportProjection } from './support/projection.ts';
import { apiTokensProjection } from './api-tokens/projection.ts';
import { webhooksProjection } from './webhooks/projection.ts';

/** Every read model of the product. A module adds its projection here. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  jobsProjection,
  catalogIndexProjection,
  marketProjection,
  favoritesProjection,
  portfolioProjection,
  settingsProjection,
  newsProjection,
  calendarFeedsProjection,
  pagesProjection,
  imagesProjection,
  newsKeywordsProjection,
  brokerageProjection,
  alertsProjection,
  releasesProjection,
  payoutsProjection,
  supportProjection,
  apiTokensProjection,
  webhooksProjection,
];

