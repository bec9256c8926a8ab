/** Routes other code links to. Our product name is WeeklyDiv. */
export const PRODUCT_NAME = 'WeeklyDiv';
/** The personal area's name (its heading, and links to it). */
export const PERSONAL_AREA_LABEL = `My ${PRODUCT_NAME}`;
export const paths = {
  home: '/',
  pricing: '/pricing',
  login: '/login',
  signup: '/signup',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The link of the verification mail (`?token=…`). */
  verifyEmail: '/verify-email',
  personalArea: '/my-weeklydiv',
  personalAreaShort: '/my',
  /** The signed-in user's tax-year summary (issue 27); `?year=` picks the year. */
  taxSummary: '/my-weeklydiv/tax-summary',
  /** The signed-in user's income record and income goal (issue 28); `?by=week|month|year`. */
  income: '/my-weeklydiv/income',
  etfs: '/etfs',
  brand: (brandSlug: string) => `/etfs/${brandSlug}`,
  etf: (brandSlug: string, ticker: string) => `/etfs/${brandSlug}/${ticker}`,
  /** The public calendar's payout links: resolves the brand, then redirects. */
  etfByTicker: (ticker: string) => `/etf/${ticker}`,
  news: '/news',
  dividendCalendar: '/dividend-calendar',
  admin: '/admin',
  /** The account page (profile, plan, brokerage connections). */
  account: '/account',
  manageSubscription: '/account/subscription',
  /** The support form (issue 29; signed in). */
  support: '/support',
} as const;
