// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaleData } from '../../../../../contracts/market.ts';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { TopPerformers } from './top-performers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The metrics audit's N3CL (N5): the last close Wednesday 2026-09-30, the market date 2026-11-27.
const stale: StaleData = { since: '2026-09-30', reason: 'no-recent-price' };
const closed = { ticker: 'N3CL', currentPrice: '10.00', asOf: '2026-11-27', priceAsOf: '2026-09-30', stale, nextExDividend: null };
const NOTE = 'Stale data: no new price since Sep 30, 2026, so the figures use that price. No payout is projected for this fund until data resumes.';

describe('stale data in the top performers (audit N5)', () => {
  it('the top performers: the badge on the stale row, "as of Sep 30" under its price', async () => {
    mockFetch({ 'GET /api/top-performers': [etf({ ticker: 'NVDW' }), etf(closed)] });
    renderWithProviders(<TopPerformers />);
    const rows = await screen.findAllByTestId('top-performer-row', undefined, { timeout: 5000 });
    expect(within(rows[0]!).queryByTestId('stale-data-badge')).toBeNull();
    expect(within(rows[1]!).getByTestId('stale-data-badge').getAttribute('title')).toBe(NOTE);
    expect(rows[1]!.textContent).toContain('$10.00as of Sep 30');
  });
});
