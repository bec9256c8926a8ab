// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf, etfDetail } from '../../../testing/fixtures.ts';
import { mockFetch, type MockAnswer } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView } from '../components/etf-detail-view.tsx';
import BrandRoute from './brand-route.tsx';
import EtfDatabaseRoute from './etf-database-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Issue 29, W8: a server or network failure is not "not found". The fund page, the brand page and the
 * database say the read failed and offer "Try again"; no count reads 0 on an error.
 */

/** Answers `first` once, then `then` (a request that fails, then works once asked again). */
function failOnce(first: MockAnswer | 'network', then: MockAnswer) {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls > 1) return then;
    if (first === 'network') throw new TypeError('Failed to fetch');
    return first;
  };
}

const ULTY = etfDetail({ id: 'e1', ticker: 'ULTY', name: 'YieldMax Ultra Option Income Strategy ETF', brand: 'YieldMax', brandSlug: 'yieldmax' });

describe('fund page (W8)', () => {
  for (const failure of [{ status: 500 }, 'network'] as const) {
    it(`${failure === 'network' ? 'a network failure' : 'a 500'} reads "Failed to load ETF details" with "Try again", never "ETF not found"; Try again loads the fund`, async () => {
      const calls = mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/detail/ULTY': failOnce(failure, ULTY), 'GET /api/etfs/detail/ULTY/history': [], 'GET /api/news/ticker/ULTY': [] });
      renderWithProviders(<EtfDetailView ticker="ULTY" brandSlug="yieldmax" />);
      expect(await screen.findByText('Failed to load ETF details')).toBeTruthy();
      expect(screen.queryByText('ETF not found')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'ULTY' })).toBeTruthy();
      expect(calls.filter((c) => c.url.pathname === '/api/etfs/detail/ULTY')).toHaveLength(2);
    });
  }

  it('a 404 is still "ETF not found" (the spec), with nothing to retry', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/detail/NOPE': { status: 404, body: { message: 'ETF not found' } } });
    renderWithProviders(<EtfDetailView ticker="NOPE" brandSlug={null} />);
    expect(await screen.findByText('ETF not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('brand page (W8)', () => {
  const render = () => renderWithProviders(<BrandRoute />, { route: '/etfs/yieldmax', path: '/etfs/:brand' });

  it('a 500 is not "Brand not found": the slug titles the page, the table says the read failed, Try again loads the funds', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/by-brand/yieldmax': failOnce({ status: 500 }, [etf({ id: 'e1', ticker: 'TSLY', brand: 'YieldMax', brandSlug: 'yieldmax' })]) });
    render();
    expect(await screen.findByText('Failed to load ETFs')).toBeTruthy();
    expect(screen.queryByText('Brand not found')).toBeNull();
    expect(screen.queryByText('No ETFs found for this brand')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Yieldmax ETFs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('brand-etf-row')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'YieldMax ETFs' })).toBeTruthy();
  });
});

describe('ETF database (W8)', () => {
  it('a 500: "Failed to load data" with Try again, and the subtitle never counts 0', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': failOnce('network', [etf({ ticker: 'T01', brand: 'YieldMax', brandSlug: 'yieldmax' })]) });
    renderWithProviders(<EtfDatabaseRoute />, { route: '/etfs', path: '/etfs' });
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    expect(screen.getByText('Browse all weekly dividend ETFs...')).toBeTruthy();
    expect(screen.queryByText(/Browse all 0/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('etf-row')).toBeTruthy();
    expect(screen.getByText('Browse all 1 weekly dividend ETFs...')).toBeTruthy();
  });
});
