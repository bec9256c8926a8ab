import type { EtfListItem } from '../../../contracts/market.ts';
import { toNumber } from './format.ts';
import { compareText } from './compare-text.ts';

/**
 * The ETF database's sort fields; yieldPercent by default, descending; a missing value counts as 0.
 * `trueIncomeRate` (issue 27): the distribution rate times the income share (docs/metrics.md "Return of capital").
 */
export const SORT_FIELDS = ['ticker', 'currentPrice', 'yieldPercent', 'oneYearReturn', 'dripReturn', 'trueIncomeRate'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: SortField;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { field: 'yieldPercent', direction: 'desc' };

export function isSortField(value: unknown): value is SortField {
  return typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value);
}

/** Clicking a header: the active field flips direction; a new field sorts descending. */
export function nextSort(current: SortState, clicked: SortField): SortState {
  if (current.field === clicked) return { field: clicked, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { field: clicked, direction: 'desc' };
}

/** Sorted copy; a missing value counts as 0; ties keep ticker order. */
export function sortEtfs(etfs: readonly EtfListItem[], { field, direction }: SortState): EtfListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...etfs].sort((a, b) => {
    let c: number;
    if (field === 'ticker') c = compareText(a.ticker, b.ticker);
    else c = (toNumber(a[field]) ?? 0) - (toNumber(b[field]) ?? 0);
    if (c !== 0) return c * sign;
    return compareText(a.ticker, b.ticker);
  });
}

/** Brands present in the list, sorted, without empty ones. */
export function brandsOf(etfs: readonly EtfListItem[]): string[] {
  return [...new Set(etfs.map((e) => e.brand).filter((b) => b && b.trim() !== ''))].sort(compareText);
}
