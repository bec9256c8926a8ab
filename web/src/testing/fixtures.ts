import type { User } from '../../../contracts/accounts.ts';
import type { EtfDetail, EtfListItem } from '../../../contracts/market.ts';
import type { HoldingView } from '../../../contracts/portfolio.ts';

/** An ETF list item with sensible values; override what a test cares about. */
/** Overrides of a fixture; `exact` may give only some unrounded figures (the rest follow the rounded ones). */
type Overrides<T> = Partial<Omit<T, 'exact'>> & { exact?: Partial<EtfListItem['exact']> };

export function etf(overrides: Overrides<EtfListItem> = {}): EtfListItem {
  const ticker = overrides.ticker ?? 'NVDW';
  const { exact: exactOverrides, ...rest } = overrides;
  const item: Omit<EtfListItem, 'exact'> = {
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
    distributionRate: '38.50',
    ttmYield: '41.00',
    historicalPeriodDays: 400,
    priceAsOfTime: '2026-11-18T21:00:00.000Z',
    ...rest,
  };
  // The unrounded figures default to the rounded ones (so overriding a rounded figure is what the client shows).
  const exact: EtfListItem['exact'] = {
    weeklyAverage: item.weeklyAverage,
    yieldPercent: item.yieldPercent,
    distributionRate: item.distributionRate,
    ttmYield: item.ttmYield,
    annualDripYield: item.annualDripYield,
    oneYearReturn: item.oneYearReturn,
    dripReturn: item.dripReturn,
    ...exactOverrides,
  };
  return { ...item, exact };
}

/** An ETF detail: the list item plus the detail fields; override what a test cares about. */
export function etfDetail(overrides: Overrides<EtfDetail> = {}): EtfDetail {
  const { exact: _exact, ...rest } = overrides;
  return {
    ...etf(overrides),
    description: '',
    inceptionDate: null,
    windowStart: null,
    previousClose: null,
    dividendHistory: [],
    splits: [],
    similarEtfs: [],
    ...rest,
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
    emailVerified: true,
    isOwner: false,
    ...overrides,
  };
}
