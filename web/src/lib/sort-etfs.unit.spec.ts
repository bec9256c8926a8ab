import { describe, expect, it } from 'vitest';
import { etf } from '../testing/fixtures.ts';
import { DEFAULT_SORT, brandsOf, isSortField, nextSort, sortEtfs } from './sort-etfs.ts';

const a = etf({ ticker: 'AAA', currentPrice: '10', yieldPercent: '30', oneYearReturn: '-5', dripReturn: null, brand: 'YieldMax' });
const b = etf({ ticker: 'BBB', currentPrice: '', yieldPercent: null, oneYearReturn: '12', dripReturn: '3', brand: 'Roundhill' });
const c = etf({ ticker: 'CCC', currentPrice: '25.5', yieldPercent: '55.2', oneYearReturn: null, dripReturn: '-2', brand: '' });
const tickers = (list: { ticker: string }[]) => list.map((e) => e.ticker);

describe('ETF database sorting', () => {
  it('defaults to yield, descending', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'yieldPercent', direction: 'desc' });
    expect(tickers(sortEtfs([a, b, c], DEFAULT_SORT))).toEqual(['CCC', 'AAA', 'BBB']);
  });

  it('missing values count as 0', () => {
    expect(tickers(sortEtfs([a, b, c], { field: 'currentPrice', direction: 'asc' }))).toEqual(['BBB', 'AAA', 'CCC']);
    expect(tickers(sortEtfs([a, b, c], { field: 'oneYearReturn', direction: 'desc' }))).toEqual(['BBB', 'CCC', 'AAA']);
    expect(tickers(sortEtfs([a, b, c], { field: 'dripReturn', direction: 'desc' }))).toEqual(['BBB', 'AAA', 'CCC']);
  });

  it('sorts by true income rate (issue 27): a fund paying mostly capital back ranks below one paying less but all income', () => {
    const roc = etf({ ticker: 'ROCW', distributionRate: '130.00', trueIncomeRate: '3.90' });
    const income = etf({ ticker: 'INCW', distributionRate: '12.00', trueIncomeRate: '12.00' });
    const unknown = etf({ ticker: 'NONW', trueIncomeRate: null });
    expect(isSortField('trueIncomeRate')).toBe(true);
    expect(tickers(sortEtfs([roc, unknown, income], { field: 'trueIncomeRate', direction: 'desc' }))).toEqual(['INCW', 'ROCW', 'NONW']);
  });

  it('sorts tickers alphabetically', () => {
    expect(tickers(sortEtfs([b, c, a], { field: 'ticker', direction: 'asc' }))).toEqual(['AAA', 'BBB', 'CCC']);
    expect(tickers(sortEtfs([b, c, a], { field: 'ticker', direction: 'desc' }))).toEqual(['CCC', 'BBB', 'AAA']);
  });

  it('clicking the active field flips; a new field sorts descending', () => {
    expect(nextSort(DEFAULT_SORT, 'yieldPercent')).toEqual({ field: 'yieldPercent', direction: 'asc' });
    expect(nextSort({ field: 'yieldPercent', direction: 'asc' }, 'yieldPercent')).toEqual({ field: 'yieldPercent', direction: 'desc' });
    expect(nextSort({ field: 'yieldPercent', direction: 'asc' }, 'ticker')).toEqual({ field: 'ticker', direction: 'desc' });
  });

  it('lists the brands present, sorted, without empty ones', () => {
    expect(brandsOf([a, b, c, a])).toEqual(['Roundhill', 'YieldMax']);
  });
});
