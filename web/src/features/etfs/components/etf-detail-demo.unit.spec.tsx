// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView } from './etf-detail-view.tsx';
import { PriceHistoryCard } from './price-history-card.tsx';

/** The demo notice on the ETF detail (docs/client.md "Demo data"): the fund, its dividend history, similar funds, the chart. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

class FarAwayObserver {
  observe() {}
  disconnect() {}
}

const history = { id: 'd1', exDividendDate: '2026-10-20', payoutDate: '2026-10-21', amount: '0.145', estimated: false, kind: 'regular' as const, splitAdjusted: false, declaredAmount: '0.145', isDemo: false, ...OWNER_ORIGIN };
const similar = { id: 'e2', ticker: 'NVDY', name: 'YieldMax NVDA Option Income', brand: 'YieldMax', brandSlug: 'yieldmax', currentPrice: '9.03', yieldPercent: '38.1', exactYieldPercent: '38.1', isDemo: false };

function show(d: EtfDetail, points: unknown[] = []) {
  vi.stubGlobal('IntersectionObserver', FarAwayObserver);
  mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/detail/NVDW': d, 'GET /api/etfs/detail/NVDW/history': points, 'GET /api/news/ticker/NVDW': [] });
  renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="yieldmax" />);
}

describe('ETF detail: demo notice', () => {
  it('none when every figure is real', async () => {
    show(etfDetail({ dividendHistory: [history], similarEtfs: [similar] }), [{ timestamp: '2026-10-20', price: 10, isDemo: false }]);
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    await screen.findByTestId('chart-attribution');
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
  });

  it('shown when only a dividend history entry is demo', async () => {
    show(etfDetail({ dividendHistory: [{ ...history, isDemo: true }], similarEtfs: [similar] }));
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    expect(screen.getAllByTestId('demo-data-notice')).toHaveLength(1);
  });

  it('shown when only a similar fund is demo', async () => {
    show(etfDetail({ dividendHistory: [history], similarEtfs: [{ ...similar, isDemo: true }] }));
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    expect(screen.getAllByTestId('demo-data-notice')).toHaveLength(1);
  });

  it('the chart says so when its points are demo and the page does not already', async () => {
    show(etfDetail({ dividendHistory: [history] }), [
      { timestamp: '2024-06-03', price: 8, isDemo: true },
      { timestamp: '2026-10-20', price: 10, isDemo: false },
    ]);
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    const chartCard = (await screen.findByTestId('chart-attribution')).closest('[aria-labelledby="price-history-title"]') as HTMLElement;
    // The card (and its attribution) shows before the price points arrive: wait for the notice they bring.
    expect(await within(chartCard).findByTestId('demo-data-notice')).toBeTruthy();
    expect(screen.getAllByTestId('demo-data-notice')).toHaveLength(1);
  });

  it('the chart alone: no second notice when the page shows one', async () => {
    vi.stubGlobal('IntersectionObserver', FarAwayObserver);
    mockFetch({ 'GET /api/etfs/detail/HOOW/history': [{ timestamp: '2026-10-20', price: 10, isDemo: true }, { timestamp: '2026-10-21', price: 11, isDemo: true }] });
    renderWithProviders(<PriceHistoryCard ticker="HOOW" pageShowsDemoNotice />);
    await screen.findByTestId('chart-attribution');
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
  });
});
