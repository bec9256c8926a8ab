// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import BrandRoute from './brand-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (slug: string) => renderWithProviders(<BrandRoute />, { route: `/etfs/${slug}`, path: '/etfs/:brand' });

describe('brand page (D20, D25)', () => {
  it('titles the brand as the issuer writes it, and links each fund at its canonical URL /etfs/{brand}/{TICKER}', async () => {
    mockFetch({
      'GET /api/etfs/by-brand/yieldmax': [etf({ id: 'e1', ticker: 'TSLY', name: 'YieldMax TSLA Option Income Strategy ETF', brand: 'YieldMax', brandSlug: 'yieldmax' })],
    });
    render('yieldmax');
    expect(await screen.findByRole('heading', { level: 1, name: 'YieldMax ETFs' }, { timeout: 5000 })).toBeTruthy();
    const row = screen.getByTestId('brand-etf-row');
    expect(within(row).getByRole('link', { name: 'TSLY' })).toHaveProperty('pathname', '/etfs/yieldmax/TSLY');
  });

  it('"REX ETFs", not "Rex ETFs"', async () => {
    mockFetch({ 'GET /api/etfs/by-brand/rex': [etf({ id: 'e1', ticker: 'NVII', brand: 'REX', brandSlug: 'rex' })] });
    render('rex');
    expect(await screen.findByRole('heading', { level: 1, name: 'REX ETFs' }, { timeout: 5000 })).toBeTruthy();
  });

  it('an unknown brand is a not-found state, not "Foo Bar ETFs"', async () => {
    mockFetch({ 'GET /api/etfs/by-brand/foo-bar': [] });
    render('foo-bar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No ETFs found for this brand')).toBeTruthy();
    expect(screen.queryByText(/Foo Bar/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to all brands' })).toHaveProperty('pathname', '/etfs');
  });
});
