/**
 * Stream names are `category-id`; the category never contains a dash, so the first dash splits them.
 */
export type StreamCategory =
  | 'user'
  | 'favorites'
  | 'portfolio'
  | 'billing'
  | 'useremail'
  | 'reset'
  | 'etf'
  | 'catalog'
  | 'prices'
  | 'dividends'
  | 'splits'
  | 'news'
  | 'newskeywords'
  | 'page'
  | 'pagepath'
  | 'image'
  | 'settings'
  | 'market'
  | 'job'
  | 'calendarfeed'
  | 'brokerage'
  | 'alerts'
  | 'alertsreactor'
  | 'releases'
  | 'payouts'
  | 'support'
  | 'apitokens'
  | 'webhooks'
  | 'webhookdelivery'
  | 'webhooksreactor';

export function streamName(category: StreamCategory, id: string): string {
  if (!id) throw new Error(`stream id for ${category} is empty`);
  return `${category}-${id}`;
}

export const streams = {
  user: (userId: string) => streamName('user', userId),
  /** One support request (issue 29): sent, then at most once answered. */
  support: (requestId: string) => streamName('support', requestId),
  /** A user's personal API tokens (issue 31): created, revoked. */
  apiTokens: (userId: string) => streamName('apitokens', userId),
  /** A user's signed webhooks and their deliveries (issue 31, Premium). */
  webhooks: (userId: string) => streamName('webhooks', userId),
  /** One webhook delivery: queued, then its attempts (bounded: at most a day of retries). */
  webhookDelivery: (deliveryId: string) => streamName('webhookdelivery', deliveryId),
  /** The checkpoint of the webhook reactor (services/webhooks/reactor.ts). */
  webhooksReactor: () => streamName('webhooksreactor', 'deliveries'),
  /** A user's favorite ETFs (beside `user-<id>`, so account writes and favorites never contend). */
  favorites: (userId: string) => streamName('favorites', userId),
  /** A user's manually tracked holdings (beside `user-<id>`, same reason). */
  portfolio: (userId: string) => streamName('portfolio', userId),
  /** A user's billing facts from Stripe (customer, subscription, invoices): docs/billing.md. */
  billing: (userId: string) => streamName('billing', userId),
  /**
   * Reservation stream per address: enforces unique e-mails with an expected revision. Named by the
   * keyed hash of the normalised address (services/accounts/email-reservation.ts), never the address.
   */
  userEmail: (emailHash: string) => streamName('useremail', emailHash),
  /** The reservation's name in logs written before issue 29: `useremail-<normalised address>` (read, released, never created). */
  legacyUserEmail: (email: string) => streamName('useremail', email),
  passwordReset: (tokenHash: string) => streamName('reset', tokenHash),
  etf: (etfId: string) => streamName('etf', etfId),
  /** Reservation stream per ticker: enforces unique tickers. */
  ticker: (ticker: string) => streamName('catalog', ticker.toUpperCase()),
  /** Bars and quotes of one fund for one calendar year (bounded streams): `prices-<etfId>_<year>`. */
  prices: (etfId: string, year: number | string) => streamName('prices', `${etfId}_${year}`),
  dividends: (etfId: string) => streamName('dividends', etfId),
  /** A fund's share splits and reverse splits (one per ex-date). */
  splits: (etfId: string) => streamName('splits', etfId),
  news: (articleId: string) => streamName('news', articleId),
  /** The owner's auto-publish keywords (one list for the site). */
  newsKeywords: () => streamName('newskeywords', 'site'),
  page: (pageId: string) => streamName('page', pageId),
  /** Reservation stream per normalised page path (`pagepath-/about/team`): enforces unique paths. */
  pagePath: (path: string) => streamName('pagepath', path),
  image: (imageId: string) => streamName('image', imageId),
  settings: (key: string) => streamName('settings', key),
  job: (jobId: string) => streamName('job', jobId),
  /** A user's private calendar feed (its current id; rotations). */
  calendarFeed: (userId: string) => streamName('calendarfeed', userId),
  /** A Premium user's read-only brokerage link (SnapTrade) and its syncs. */
  brokerage: (userId: string) => streamName('brokerage', userId),
  /** A user's payout-alert settings and the record of every alert mail (docs/alerts.md). */
  alerts: (userId: string) => streamName('alerts', userId),
  /** The checkpoint of the distribution-change alert reactor (services/alerts/reactor.ts). */
  alertsReactor: () => streamName('alertsreactor', 'distribution-change'),
  /** An issuer's release read by ingest-declarations (docs/declarations.md): read, then applied or dismissed. */
  releases: (releaseId: string) => streamName('releases', releaseId),
  /** A user's payout ledger: payouts marked received, brokerage dividend records, the income goal (docs/payouts.md). */
  payouts: (userId: string) => streamName('payouts', userId),
  /** The single stream of `MarketDayBegan` events: the market's "today" as a fact in the log. */
  marketClock: () => streamName('market', 'clock'),
};
