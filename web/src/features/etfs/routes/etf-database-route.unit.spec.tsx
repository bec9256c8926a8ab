// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import EtfDatabaseRoute from './etf-database-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const H = { hidden: true } as const; // jsdom ignores media queries
// 45 ETFs: yields 1..45, tickers T01..T45, prices descending; one without a brand.
const etfs = Array.from({ length: 45 }, (_, i) =>
  etf({
    ticker: `T${String(i + 1).padStart(2, '0')}`,
    yieldPercent: String(i + 1),
    currentPrice: String(100 - i),
    brand: i === 0 ? '' : i % 2 ? 'YieldMax' : 'Roundhill',
    brandSlug: i === 0 ? '' : i % 2 ? 'yieldmax' : 'roundhill',
  }),
);
const firstTicker = () => within(screen.getAllByTestId('etf-row')[0]!).getAllByText(/^T\d\d$/)[0]!.textContent;

function setup(route = '/etfs') {
  const calls = mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': etfs });
  const r = renderWithProviders(<EtfDatabaseRoute />, { route, path: '/etfs', routes: [{ path: '/etfs/:brand/:ticker', element: <p>detail page</p> }] });
  return { ...r, calls };
}

describe('ETF database', () => {
  it('loads up to 100 ETFs and shows 20 per page, yield descending by default', async () => {
    const { calls } = setup();
    expect(screen.getByText('Loading ETFs...')).toBeTruthy();
    // no count before the list is here
    expect(screen.getByText('Browse all weekly dividend ETFs...')).toBeTruthy();
    await screen.findAllByTestId('etf-row');
    expect(calls.find((c) => c.url.pathname === '/api/top-performers')!.url.searchParams.get('limit')).toBe('100');
    expect(screen.getByText('Browse all 45 weekly dividend ETFs...')).toBeTruthy();
    expect(screen.getAllByTestId('etf-row')).toHaveLength(20);
    expect(firstTicker()).toBe('T45');
    expect(screen.getByRole('button', { name: 'Page 3', ...H })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4', ...H })).toBeNull();
  });

  it('clicking the active field flips; a new field sorts descending; sorting resets to page 1', async () => {
    setup();
    await screen.findAllByTestId('etf-row');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2', ...H }));
    expect(firstTicker()).toBe('T25');
    fireEvent.click(screen.getByRole('button', { name: /Yield %/, ...H }));
    expect(firstTicker()).toBe('T01'); // ascending now, back on page 1
    fireEvent.click(screen.getByRole('button', { name: /Ticker/, ...H }));
    expect(firstTicker()).toBe('T45'); // a new field sorts descending
    fireEvent.click(screen.getByRole('button', { name: /Price/, ...H }));
    expect(firstTicker()).toBe('T01'); // highest price first
  });

  it('the brand filter narrows the list and resets to page 1', async () => {
    setup('/etfs?page=2');
    await screen.findAllByTestId('etf-row');
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: 'Roundhill' } });
    expect(screen.getAllByTestId('etf-row')).toHaveLength(20);
    expect(firstTicker()).toBe('T45');
    expect(screen.getByText('Showing 1–20 of 22')).toBeTruthy();
  });

  it('a row opens /etfs/{brandSlug}/{ticker}; an ETF without a brand goes nowhere', async () => {
    const { router } = setup();
    await screen.findAllByTestId('etf-row');
    fireEvent.click(screen.getByRole('button', { name: /Yield %/, ...H })); // ascending: T01 (no brand) first
    fireEvent.click(screen.getAllByTestId('etf-row')[0]!);
    expect(router.state.location.pathname).toBe('/etfs');
    fireEvent.click(screen.getAllByTestId('etf-row')[1]!);
    expect(router.state.location.pathname).toBe('/etfs/yieldmax/T02');
  });

  it('a yield from fewer than three payouts says so in its cell (N15)', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': [etf({ ticker: 'N3ON', yieldBasis: { payouts: 1 } })] });
    renderWithProviders(<EtfDatabaseRoute />, { route: '/etfs', path: '/etfs' });
    const [row] = await screen.findAllByTestId('etf-row');
    expect(within(row!).getByTestId('yield-basis').textContent).toBe('based on 1 payout');
  });

  it('says "No ETFs found" when there are none', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': [] });
    renderWithProviders(<EtfDatabaseRoute />, { route: '/etfs', path: '/etfs' });
    expect(await screen.findByText('No ETFs found')).toBeTruthy();
  });

  it('phones get the fund name under the ticker (the Name column is hidden there) (D23)', async () => {
    setup();
    const row = (await screen.findAllByTestId('etf-row'))[0]!;
    const phoneName = within(row).getByTestId('phone-name');
    expect(phoneName.textContent).toBe('T45 WeeklyPay ETF');
    expect(phoneName.closest('td')).toBe(within(row).getByRole('link', { name: 'T45' }).closest('td'));
  });
});

describe('ETF database: the true income rate (issue 27)', () => {
  // the highest yield pays the least income: RCAW's payouts were all capital returned
  const funds = [
    etf({ ticker: 'RCAW', yieldPercent: '52.00', distributionRate: '52.00', rocShareTtm: '100.00', trueIncomeRate: '0.00' }),
    etf({ ticker: 'FINW', yieldPercent: '40.00', distributionRate: '130.00', rocShareTtm: '97.00', trueIncomeRate: '3.90' }),
    etf({ ticker: 'INCW', yieldPercent: '20.00', distributionRate: '20.00', rocShareTtm: '0.00', trueIncomeRate: '20.00' }),
    etf({ ticker: 'NEWW', yieldPercent: '10.00', distributionRate: null, rocShareTtm: null, trueIncomeRate: null }),
  ];
  const tickers = () => screen.getAllByTestId('etf-row').map((r) => within(r).getAllByText(/^[A-Z]{4}$/)[0]!.textContent);

  function show(route = '/etfs') {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': funds });
    return renderWithProviders(<EtfDatabaseRoute />, { route, path: '/etfs' });
  }

  it('a sortable column: the rate, 0.0% as a figure, the ROC share under it, N/A without a rate', async () => {
    const { router } = show();
    await screen.findAllByTestId('etf-row');
    expect(tickers()).toEqual(['RCAW', 'FINW', 'INCW', 'NEWW']);
    const cell = (ticker: string) => within(screen.getAllByTestId('etf-row').find((r) => r.textContent!.startsWith(ticker))!).getByTestId('true-income-rate').textContent;
    expect(cell('RCAW')).toBe('0.0%ROC 100.0%');
    expect(cell('FINW')).toBe('3.9%ROC 97.0%');
    expect(cell('NEWW')).toBe('N/A');
    const header = screen.getByRole('columnheader', { name: /True Income Rate/, ...H });
    fireEvent.click(within(header).getByRole('button', H));
    // a missing rate counts as 0 (the database's rule); ties keep ticker order
    expect(tickers()).toEqual(['INCW', 'FINW', 'NEWW', 'RCAW']);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('?sort=trueIncomeRate&dir=desc');
    fireEvent.click(within(header).getByRole('button', H));
    expect(tickers()).toEqual(['NEWW', 'RCAW', 'FINW', 'INCW']);
    expect(screen.getByText('True Income Rate', { selector: 'dt' })).toBeTruthy();
  });

  it('phones: the sort select offers it', async () => {
    show();
    await screen.findAllByTestId('etf-row');
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    const option = within(select).getByRole('option', { name: 'True Income Rate (high to low)', ...H }) as HTMLOptionElement;
    fireEvent.change(select, { target: { value: option.value } });
    expect(tickers()).toEqual(['INCW', 'FINW', 'NEWW', 'RCAW']);
    expect(within(select).getByRole('option', { name: 'True Income Rate (low to high)', ...H })).toBeTruthy();
  });
});
