// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { etfDetail } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView } from './etf-detail-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function detail(overrides: Partial<EtfDetail> = {}): EtfDetail {
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
      isDemo: false,
    })),
    similarEtfs: [{ id: 'e2', ticker: 'NVDY', name: 'YieldMax NVDA Option Income', brand: 'YieldMax', brandSlug: 'yieldmax', currentPrice: '9.03', yieldPercent: '38.1', isDemo: false }],
    ...overrides,
  });
}

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
    expect(within(history).getAllByRole('row')[1]!.textContent).toBe('Oct 20, 2026Oct 21, 2026$0.1450');
    expect(await screen.findByText('No news available for this ETF')).toBeTruthy();
    expect(await screen.findByText('No price history available')).toBeTruthy();
    expect(screen.getByRole('link', { name: /NVDY/ })).toHaveProperty('pathname', '/etfs/yieldmax/NVDY');
    for (const r of ['1M', '3M', '6M', '1Y', 'All']) expect(screen.getByRole('button', { name: r })).toBeTruthy();
  });

  it('a 1-year label, no About without a description, and the empty dividend history', async () => {
    mockFetch(reads(detail({ historicalPeriodDays: 400, description: '', dividendHistory: [] })));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('No dividend history available')).toBeTruthy();
    expect(screen.getAllByText('1-year')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'About This ETF' })).toBeNull();
  });

  it('"ETF not found"', async () => {
    mockFetch(reads({ status: 404 }));
    renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
    expect(await screen.findByText('ETF not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Yieldmax ETFs' })).toBeTruthy();
  });
});
