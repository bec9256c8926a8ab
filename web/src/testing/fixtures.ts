import type { User } from '../../../contracts/accounts.ts';
import type { EtfDetail, EtfListItem } from '../../../contracts/market.ts';
import type { HoldingView } from '../../../contracts/portfolio.ts';

/** An ETF list item with sensible values; override what a test cares about. */
export function etf(overrides: Partial<EtfListItem> = {}): EtfListItem {
  const ticker = overrides.ticker ?? 'NVDW';
  return {
    id: `etf-${ticker}`,
    ticker,
    name: `${ticker} WeeklyPay ETF`,
    brand: 'Roundhill',
    brandSlug: 'roundhill',
    currentPrice: '50.00',
    dayChange: 0.25,
    dayChangePercent: 0.5,
    yieldPercent: '40.00',
    annualDripYield: '48.00',
    oneYearReturn: '12.00',
    dripReturn: '15.00',
    weeklyAverage: '0.3850',
    nextExDividend: '2026-11-26',
    nextExDividendEstimated: false,
    frequency: 'weekly',
    underlying: null,
    dataSource: 'manual',
    isDemo: false,
    asOf: '2026-11-18',
    priceAsOf: '2026-11-18',
    ...overrides,
  };
}

/** An ETF detail: the list item plus the detail fields; override what a test cares about. */
export function etfDetail(overrides: Partial<EtfDetail> = {}): EtfDetail {
  return {
    ...etf(overrides),
    description: '',
    inceptionDate: null,
    historicalPeriodDays: null,
    windowStart: null,
    previousClose: null,
    dividendHistory: [],
    similarEtfs: [],
    ...overrides,
  };
}

/**
 * A holding as `GET /api/user/portfolio` answers it, with nothing known beyond what was entered (no
 * price, no payments yet); override what a test cares about.
 */
export function holdingView(overrides: Partial<HoldingView> = {}): HoldingView {
  const shares = overrides.shares ?? '10';
  return {
    id: 'h1',
    etfId: 'e1',
    shares,
    purchasePrice: null,
    purchaseDate: null,
    isDrip: 0,
    etf: null,
    addedAt: '2026-11-02T15:00:00.000Z',
    heldSince: '2026-11-02',
    sharesBought: shares,
    currentShares: shares,
    sharesReinvested: '0',
    currentPrice: null,
    currentValue: null,
    costBasis: null,
    incomeReceived: '0.00',
    paymentsReceived: 0,
    projectedAnnualIncome: null,
    gain: null,
    gainPercent: null,
    priceChange: null,
    priceChangePercent: null,
    distributionReturn: null,
    distributionReturnPercent: null,
    isDemo: false,
    ...overrides,
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    subscriptionTier: 'free',
    subscriptionStatus: null,
    isOwner: false,
    ...overrides,
  };
}
