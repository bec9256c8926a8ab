import type { EtfListItem, User } from '../api/types.ts';

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
