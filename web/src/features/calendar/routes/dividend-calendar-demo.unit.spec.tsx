// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoDate } from '../../../lib/format.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute from './dividend-calendar-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (ticker: string, isDemo: boolean) => ({
  etfId: `id-${ticker}`,
  ticker,
  name: `${ticker} Weekly Income ETF`,
  payoutDate: isoDate(new Date()),
  amount: '0.12345',
  estimated: false,
  exDate: isoDate(new Date()),
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
