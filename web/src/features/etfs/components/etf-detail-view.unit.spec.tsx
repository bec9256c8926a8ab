// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView } from './etf-detail-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function detail(overrides: Parameters<typeof etfDetail>[0] = {}): EtfDetail {
  return etfDetail({
    id: 'e1',
    ticker: 'NVDW',
    brand: 'YieldMax',
    brandSlug: 'yieldmax',
    currentPrice: '12.78',
    yieldPercent: '65.2',
    annualDripYield: '91.14',
    weeklyAverage: '0.1600',
    description: 'Seeks 1.2 times the weekly return of NVDA.',
    historicalPeriodDays: 120,
    dividendHistory: Array.from({ length: 12 }, (_, i) => ({
      id: `d${i}`,
      exDividendDate: `2026-10-${String(20 - i).padStart(2, '0')}`,
      payoutDate: `2026-10-${String(21 - i).padStart(2, '0')}`,
      amount: '0.14501',
      estimated: false,
      kind: 'regular' as const,
      splitAdjusted: false,
      declaredAmount: '0.14501',
      isDemo: false,
      ...OWNER_ORIGIN,
    })),
    similarEtfs: [{ id: 'e2', ticker: 'NVDY', name: 'YieldMax NVDA Option Income', brand: 'YieldMax', brandSlug: 'yieldmax', currentPrice: '9.03', yieldPercent: '38.1', exactYieldPercent: '38.1', isDemo: false }],
    ...overrides,
  });
}

/** The ROC and Source cells of a distribution the owner loaded: no estimate published, the owner's label. */
const OWNER_ROW_END = 'not publishedSet by the site owner';

const reads = (d: EtfDetail | { status: number }) => ({
  'GET /api/user': { status: 401 },
  'GET /api/etfs/detail/NVDW': d,
  'GET /api/etfs/detail/NVDW/history': [],
  'GET /api/news/ticker/NVDW': [],
});

describe('ETF detail', () => {
  it('loading, then the header, cards, period label, about, dividend history (10 rows, 4 decimals), news and similar ETFs', async () => {
    mockFetch(reads(detail()));
    renderWithProviders(<EtfDetailView ticker="nvdw" brandSlug="yieldmax" />);
    expect(screen.getByText('Loading ETF details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'NVDW', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to YieldMax ETFs' })).toHaveProperty('pathname', '/etfs/yieldmax');
    for (const label of ['Annual Yield Calculations', 'Actual Performance', 'About This ETF', 'Dividend History', 'NVDW News', 'Similar ETFs']) {
      expect(screen.getByRole('heading', { name: label })).toBeTruthy();
    }
    expect(screen.getByText('$12.78')).toBeTruthy();
    expect(screen.getByText('65.2%')).toBeTruthy();
    expect(screen.getByText('91.1%')).toBeTruthy();
    expect(screen.getByText('$0.160')).toBeTruthy();
    expect(screen.getAllByText('since inception')).toHaveLength(2);
    const history = screen.getByRole('table');
    expect(within(history).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(within(history).getAllByText('$0.1450')).toHaveLength(10);
    expect(within(history).getAllByRole('row')[1]!.textContent).toBe(`Oct 20, 2026Oct 21, 2026$0.1450${OWNER_ROW_END}`);
    expect(await screen.findByText('No news available for this ETF')).toBeTruthy();
    expect(await screen.findByText('No price history available')).toBeTruthy();
    expect(screen.getByRole('link', { name: /NVDY/ })).toHaveProperty('pathname', '/etfs/yieldmax/NVDY');
    for (const r of ['1M', '3M', '6M', '1Y', 'All']) expect(screen.getByRole('button', { name: r })).toBeTruthy();
  });

  it('a 1-year label, no About without a description, and the empty dividend history', async () => {
    mockFetch(reads(detail({ historicalPeriodDays: 366, description: '', dividendHistory: [] })));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('No dividend history available')).toBeTruthy();
    expect(screen.getAllByText('1-year')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'About This ETF' })).toBeNull();
  });

  it('lists the splits under the dividend history and marks split-adjusted amounts', async () => {
    const history = [
      { id: 'd1', exDividendDate: '2026-11-10', payoutDate: '2026-11-11', amount: '0.2', estimated: false, kind: 'regular' as const, splitAdjusted: false, declaredAmount: '0.2', isDemo: false, ...OWNER_ORIGIN },
      { id: 'd2', exDividendDate: '2026-11-03', payoutDate: '2026-11-04', amount: '0.2', estimated: false, kind: 'regular' as const, splitAdjusted: true, declaredAmount: '0.02', isDemo: false, ...OWNER_ORIGIN },
    ];
    const splits = [{ exDate: '2026-11-09', oldRate: '10', newRate: '1', description: '1-for-10 reverse split', upcoming: false }];
    mockFetch(reads(detail({ dividendHistory: history, splits })));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('1-for-10 reverse split on Nov 9, 2026')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]!.textContent).toBe(`Nov 10, 2026Nov 11, 2026$0.2000${OWNER_ROW_END}`);
    expect(rows[2]!.textContent).toBe(`Nov 3, 2026Nov 4, 2026$0.2000 adj.${OWNER_ROW_END}`);
    expect(within(rows[2]!).getByTitle('Split-adjusted; declared $0.02 per share before the split')).toBeTruthy();
    expect(screen.getByText(/adjusted for the split to today's shares/)).toBeTruthy();
  });

  it('shows no split list for a fund that never split', async () => {
    mockFetch(reads(detail()));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByRole('heading', { name: 'Dividend History' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Splits' })).toBeNull();
  });

  it('shows the distribution rate beside the yield with its explainer, and rounds the unrounded figures once (F3, F4, F7)', async () => {
    mockFetch(
      reads(
        detail({
          // AUDC: $0.50 weekly cut to $0.10 at $20: spec yield 95.33, distribution rate 26.00
          frequency: 'four-weekly',
          yieldPercent: '95.33',
          distributionRate: '26.00',
          weeklyAverage: '0.6795',
          exact: { yieldPercent: '128.849', distributionRate: '26', weeklyAverage: '0.679467', ttmYield: '66.95' },
          dividendHistory: [
            { id: 'd1', exDividendDate: '2026-11-24', payoutDate: '2026-11-25', amount: '0.90', estimated: true, kind: 'regular', splitAdjusted: false, declaredAmount: '0.90', isDemo: false, ...OWNER_ORIGIN },
            { id: 'd2', exDividendDate: '2026-11-17', payoutDate: '2026-11-18', amount: '0.10', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.10', isDemo: false, ...OWNER_ORIGIN },
          ],
        }),
      ),
    );
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect((await screen.findByTestId('distribution-rate', {}, { timeout: 5000 })).textContent).toBe('26.0%');
    expect(screen.getByTestId('ttm-yield').textContent).toBe('67.0%'); // 66.95 rounded once
    // the issuer estimate is not the latest declaration; a four-weekly fund pays 13 times a year
    expect(screen.getByText(/Latest declared regular distribution \(\$0\.1000\) × 13 payouts a year ÷ price/)).toBeTruthy();
    expect(screen.getByText('With each of 13 payouts a year reinvested')).toBeTruthy();
    expect(screen.getByText('128.8%')).toBeTruthy(); // not 128.9 from "128.85"
    expect(screen.getByText('$0.679')).toBeTruthy(); // not $0.680 from "0.6795"
  });

  it('shows a special as a special and keeps the distribution rate at the regular payout (N1)', async () => {
    const history = [
      { id: 'd1', exDividendDate: '2026-11-25', payoutDate: '2026-11-27', amount: '0.20', estimated: false, kind: 'regular' as const, splitAdjusted: false, declaredAmount: '0.20', isDemo: false, ...OWNER_ORIGIN },
      { id: 'd1s', exDividendDate: '2026-11-25', payoutDate: '2026-11-27', amount: '1.00', estimated: false, kind: 'special' as const, splitAdjusted: false, declaredAmount: '1.00', isDemo: false, ...OWNER_ORIGIN },
      { id: 'd2', exDividendDate: '2026-11-19', payoutDate: '2026-11-20', amount: '0.20', estimated: false, kind: 'regular' as const, splitAdjusted: false, declaredAmount: '0.20', isDemo: false, ...OWNER_ORIGIN },
    ];
    mockFetch(reads(detail({ distributionRate: '52.00', exact: { distributionRate: '52' }, dividendHistory: history })));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    const rows = within(await screen.findByRole('table', {}, { timeout: 5000 })).getAllByRole('row');
    expect(rows[1]!.textContent).toBe(`Nov 25, 2026Nov 27, 2026$0.2000${OWNER_ROW_END}`);
    expect(rows[2]!.textContent).toBe(`Nov 25, 2026Nov 27, 2026Special $1.0000${OWNER_ROW_END}`);
    expect(within(rows[2]!).getByTestId('kind-badge').textContent).toBe('Special');
    expect(screen.getByText(/Latest declared regular distribution \(\$0\.2000\) × 52 payouts a year ÷ price/)).toBeTruthy();
  });

  it('a yield from fewer than three payouts says so beside it (N15); a fund annualised at an inferred frequency uses its payouts a year (N9)', async () => {
    mockFetch(reads(detail({ yieldBasis: { payouts: 1 }, frequency: 'weekly', frequencyUsed: 'four-weekly' })));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findAllByText('based on 1 payout', {}, { timeout: 5000 })).toHaveLength(2); // the yield and the DRIP yield
    expect(screen.getByText('With each of 13 payouts a year reinvested')).toBeTruthy();
  });

  it('"ETF not found"', async () => {
    mockFetch(reads({ status: 404 }));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('ETF not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Yieldmax ETFs' })).toBeTruthy();
  });

  it('phones: a similar fund\'s name may shrink (ellipsis) and keeps its full name as a title (D8)', async () => {
    mockFetch(reads(detail()));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    const name = await screen.findByText('YieldMax NVDA Option Income', {}, { timeout: 5000 });
    expect(name.getAttribute('title')).toBe('YieldMax NVDA Option Income');
  });

  it('one URL per fund: a wrong brand or a lower-case ticker is replaced by /etfs/{brand}/{TICKER}, with a canonical link (D25)', async () => {
    mockFetch(reads(detail()));
    const { router, unmount } = renderWithProviders(<EtfDetailView ticker="nvdw" brandSlug="granite" />, { route: '/etfs/granite/nvdw', path: '/etfs/:brand/:ticker' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/etfs/yieldmax/NVDW'), { timeout: 5000 });
    expect(router.state.historyAction).toBe('REPLACE');
    const canonical = document.head.querySelector('link[rel="canonical"]');
    expect(canonical?.getAttribute('href')).toBe(`${window.location.origin}/etfs/yieldmax/NVDW`);
    unmount();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('without news the news card sits under the dividend history, full width, instead of leaving a tall empty column (D27)', async () => {
    mockFetch(reads(detail()));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('No news available for this ETF', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('detail-columns').getAttribute('data-layout')).toBe('stacked');
  });
});
