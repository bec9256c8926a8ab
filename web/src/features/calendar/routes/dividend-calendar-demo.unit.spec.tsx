// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_TODAY, fixClock } from '../../../testing/clock.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute from './dividend-calendar-route.tsx';

// the payouts fall on a fixed today, inside the four weeks the calendar shows
beforeEach(() => fixClock());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const entry = (ticker: string, isDemo: boolean) => ({
  etfId: `id-${ticker}`,
  ticker,
  name: `${ticker} Weekly Income ETF`,
  payoutDate: MARKET_TODAY,
  amount: '0.12345',
  estimated: false,
  exDate: MARKET_TODAY,
  isDemo,
});

describe('dividend calendar: demo notice', () => {
  it('none when every payout is real', async () => {
    mockFetch({ 'GET /api/dividends/calendar': [entry('NVDW', false)] });
    renderWithProviders(<DividendCalendarRoute />);
    expect(await screen.findAllByText('NVDW')).not.toHaveLength(0);
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
  });

  it('shown above the weeks when a payout is demo', async () => {
    mockFetch({ 'GET /api/dividends/calendar': [entry('NVDW', false), entry('DEMW', true)] });
    renderWithProviders(<DividendCalendarRoute />);
    expect(await screen.findAllByText('DEMW')).not.toHaveLength(0);
    expect(screen.getByTestId('demo-data-notice').textContent).toContain('simulated sample values');
  });
});
