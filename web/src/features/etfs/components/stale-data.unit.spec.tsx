// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaleData } from '../../../../../contracts/market.ts';
import { etf, etfDetail } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDatabaseTable } from './etf-database-table.tsx';
import { EtfDetailView } from './etf-detail-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The metrics audit's N3CL (N5): the last close Wednesday 2026-09-30, the market date 2026-11-27.
const stale: StaleData = { since: '2026-09-30', reason: 'no-recent-price' };
const closed = { ticker: 'N3CL', currentPrice: '10.00', asOf: '2026-11-27', priceAsOf: '2026-09-30', stale, nextExDividend: null };
const NOTE = 'Stale data: no new price since Sep 30, 2026, so the figures use that price. No payout is projected for this fund until data resumes.';

describe('stale data on the fund screens (audit N5): the price with its date, and a badge that says why', () => {
  it('the detail: "as of Sep 30" under the price, the badge beside the ticker and the note under the header', async () => {
    mockFetch({
      'GET /api/user': { status: 401 },
      'GET /api/etfs/detail/N3CL': etfDetail({ ...closed, brand: 'Audit', brandSlug: 'audit' }),
      'GET /api/etfs/detail/N3CL/history': [],
      'GET /api/news/ticker/N3CL': [],
    });
    renderWithProviders(<EtfDetailView ticker="n3cl" brandSlug="audit" />);
    await screen.findByRole('heading', { name: 'N3CL', level: 1 }, { timeout: 5000 });
    expect(screen.getByTestId('price-as-of').textContent).toBe('as of Sep 30');
    expect(screen.getByTestId('stale-data-badge').textContent).toBe('Stale data');
    expect(screen.getByTestId('stale-data-badge').getAttribute('title')).toBe(NOTE);
    expect(screen.getByTestId('stale-data-notice').textContent).toBe(NOTE);
  });
  it('a current fund: its price date, no badge, no note', async () => {
    mockFetch({
      'GET /api/user': { status: 401 },
      'GET /api/etfs/detail/NVDW': etfDetail({ ticker: 'NVDW' }),
      'GET /api/etfs/detail/NVDW/history': [],
      'GET /api/news/ticker/NVDW': [],
    });
    renderWithProviders(<EtfDetailView ticker="nvdw" brandSlug="roundhill" />);
    await screen.findByRole('heading', { name: 'NVDW', level: 1 }, { timeout: 5000 });
    expect(screen.getByTestId('price-as-of').textContent).toBe('as of Nov 18');
    expect(screen.queryByTestId('stale-data-badge')).toBeNull();
    expect(screen.queryByTestId('stale-data-notice')).toBeNull();
  });
  it('the ETF database: the badge on the stale row, "as of Sep 30" under its price', () => {
    renderWithProviders(<EtfDatabaseTable rows={[etf({ ticker: 'NVDW' }), etf(closed)]} sort={{ field: 'yieldPercent', direction: 'desc' }} pending={false} isError={false} onRetry={() => {}} onSort={() => {}} />);
    const dbRows = screen.getAllByTestId('etf-row');
    expect(within(dbRows[0]!).queryByTestId('stale-data-badge')).toBeNull();
    expect(dbRows[0]!.textContent).not.toContain('as of');
    expect(within(dbRows[1]!).getByTestId('stale-data-badge').textContent).toBe('Stale data');
    expect(dbRows[1]!.textContent).toContain('$10.00as of Sep 30');
  });
});
