import type { User } from '../../../contracts/accounts.ts';
import type { DistributionOrigin, DistributionReturnOfCapital, EtfDetail, EtfListItem } from '../../../contracts/market.ts';
import type { HoldingView } from '../../../contracts/portfolio.ts';

/**
 * A distribution the owner loaded (no issuer's release, no return-of-capital figure): the origin and
 * return-of-capital fields of a history item or calendar entry.
 */
export const OWNER_ORIGIN: DistributionOrigin & DistributionReturnOfCapital = {
  source: 'owner',
  issuer: null,
  sourceUrl: null,
  declaredAt: null,
  statedRate: null,
  secYield: null,
  rocEstimatePercent: null,
  character: null,
  characterFinal: false,
  rocBasis: 'not-published',
  rocPercent: null,
};

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
    priceReturn: '-30.00',
    dripReturn: '15.00',
    weeklyAverage: '0.3850',
    nextExDividend: '2026-11-26',
    nextExDividendEstimated: false,
    frequency: 'weekly',
    frequencyUsed: overrides.frequency ?? 'weekly',
    inferredFrequency: null,
    yieldBasis: { payouts: 3 },
    underlying: null,
    dataSource: 'manual',
    isDemo: false,
    asOf: '2026-11-18',
    priceAsOf: '2026-11-18',
    distributionRate: '38.50',
    ttmYield: '41.00',
    historicalPeriodDays: 366,
    windowStart: '2025-11-17',
    windowBasis: 'one-year',
    priceAsOfTime: '2026-11-18T21:00:00.000Z',
    stale: null,
    rocShareTtm: null,
    rocShareTtmBasis: null,
    trueIncomeRate: null,
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
    priceReturn: item.priceReturn,
    dripReturn: item.dripReturn,
    rocShareTtm: item.rocShareTtm,
    trueIncomeRate: item.trueIncomeRate,
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
    previousClose: null,
    dividendHistory: [],
    splits: [],
    similarEtfs: [],
    returnBreakdown: null,
    navErosion: null,
    returnOfCapitalTtm: null,
    explain: {
      yieldPercent: { formula: 'weeklyAverage × 52 / currentPrice × 100', inputs: { weeklyAverage: '0.385', currentPrice: '50' } },
      distributionRate: { formula: 'latestDistribution × payoutsPerYear / currentPrice × 100', inputs: { latestDistribution: '0.37', payoutsPerYear: 52, currentPrice: '50' } },
      annualDripYield: { formula: '((1 + payout / currentPrice) ^ payoutsPerYear − 1) × 100', inputs: { weeklyAverage: '0.385', payout: '0.385', payoutsPerYear: 52, currentPrice: '50' } },
      oneYearReturn: { formula: '(currentPrice − startPrice + windowDistributions) / startPrice × 100', inputs: { currentPrice: '50', startPrice: '71.43', windowStart: '2025-11-18', windowDistributions: '30', historicalPeriodDays: 365 } },
      dripReturn: { formula: '(dripShares × currentPrice / startPrice − 1) × 100', inputs: { currentPrice: '50', startPrice: '71.43', windowStart: '2025-11-18', dripShares: '1.643', historicalPeriodDays: 365 } },
      weeklyAverage: { formula: 'Mean of the last 3 distributions', inputs: { distributions: [], frequency: 'weekly' } },
      rocShareTtm: { formula: 'Σ amount × ROC % / Σ amount', inputs: { payouts: 0, distributions: [] } },
      trueIncomeRate: { formula: 'distributionRate × (100 − rocShareTtm) / 100', inputs: { distributionRate: '38.5', rocShareTtm: null } },
    },
    sameUnderlying: [],
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
    source: 'manual',
    account: null,
    heldSince: '2026-11-02',
    sharesBought: shares,
    currentShares: shares,
    sharesReinvested: '0',
    currentPrice: null,
    currentValue: null,
    costBasis: null,
    incomeReceived: '0.00',
    incomeConfirmed: '0.00',
    incomeUnconfirmed: '0.00',
    incomeMissing: '0.00',
    incomeShortfall: '0.00',
    paymentsReceived: 0,
    projectedAnnualIncome: null,
    gain: null,
    gainPercent: null,
    priceChange: null,
    priceChangePercent: null,
    distributionReturn: null,
    distributionReturnPercent: null,
    houseMoneyPercent: null,
    houseMoneyDate: null,
    houseMoneyReached: false,
    capitalReturned: '0.00',
    incomeReceivedNet: '0.00',
    capitalReturnedBasis: { payouts: 0, final: 0, estimated: 0, notPublished: 0 },
    reinvestedCost: '0.00',
    adjustedCostBasis: null,
    capitalGainFromRoc: null,
    gainOnAdjustedCost: null,
    gainOnAdjustedCostPercent: null,
    houseMoneyOnAdjustedCostPercent: null,
    projectedAnnualIncomeNet: null,
    yieldOnCost: null,
    yieldOnAdjustedCost: null,
    explain: {
      capitalReturned: { formula: 'Σ cash × ROC % / 100', inputs: {} },
      adjustedCostBasis: { formula: 'Σ max(0, lot cost − capital returned)', inputs: {} },
      gainOnAdjustedCost: { formula: 'currentValue − adjustedCostBasis', inputs: {} },
      houseMoneyOnAdjustedCost: { formula: 'incomeReceivedNet / adjustedCostBasis × 100', inputs: {} },
      yieldOnCost: { formula: 'projectedAnnualIncome / costBasis × 100', inputs: {} },
      yieldOnAdjustedCost: { formula: 'projectedAnnualIncomeNet / adjustedCostBasis × 100', inputs: {} },
    },
    isDemo: false,
    latestPayout: null,
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
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    emailVerified: true,
    isOwner: false,
    ...overrides,
  };
}
