// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PriceHistoryCard } from './price-history-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Never reports an intersection: the chart stays a placeholder (jsdom cannot draw it). */
class FarAwayObserver {
  observe() {}
  disconnect() {}
}

describe('price history card', () => {
  it('shows the change over the range in dollars and a 1-decimal percentage, the chart waiting until it is near', async () => {
    vi.stubGlobal('IntersectionObserver', FarAwayObserver);
    mockFetch({
      'GET /api/etfs/detail/HOOW/history': [
        { timestamp: '2025-11-21', price: 10 },
        { timestamp: '2026-05-21', price: 11.2 },
        { timestamp: '2026-11-20', price: 10.4567 },
      ],
    });
    renderWithProviders(<PriceHistoryCard ticker="HOOW" />);
    expect(await screen.findByText('+$0.46 (+4.6%)')).toBeTruthy();
    expect(screen.getByText(/over 1Y/)).toBeTruthy();
    expect(document.querySelector('canvas')).toBeNull();
    expect(screen.getByTestId('chart-attribution').textContent).toContain('TradingView');
  });

  it('a fall is signed with a minus', async () => {
    vi.stubGlobal('IntersectionObserver', FarAwayObserver);
    mockFetch({
      'GET /api/etfs/detail/HOOW/history': [
        { timestamp: '2026-10-20', price: 20 },
        { timestamp: '2026-11-20', price: 18.5 },
      ],
    });
    renderWithProviders(<PriceHistoryCard ticker="HOOW" />);
    expect(await screen.findByText('-$1.50 (-7.5%)')).toBeTruthy();
  });
});
