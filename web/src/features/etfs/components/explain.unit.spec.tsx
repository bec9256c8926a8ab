// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { etf, etfDetail } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView } from './etf-detail-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sibling = etf({ id: 'e2', ticker: 'NVDY', brand: 'YieldMax', brandSlug: 'yieldmax', underlying: 'NVDA', historicalPeriodDays: 366, exact: { yieldPercent: '70.1', distributionRate: '72.3', priceReturn: '-20.44', oneYearReturn: '31.06' } });
const self = etf({ id: 'e1', ticker: 'NVDW', brand: 'Roundhill', brandSlug: 'roundhill', underlying: 'NVDA', historicalPeriodDays: 200, exact: { yieldPercent: '65.2', distributionRate: '60', priceReturn: '-24.5', oneYearReturn: '-19.4' } });
const pick = (e: typeof self) => ({ id: e.id, ticker: e.ticker, name: e.name, brand: e.brand, brandSlug: e.brandSlug, frequency: e.frequency, yieldPercent: e.yieldPercent, distributionRate: e.distributionRate, priceReturn: e.priceReturn, oneYearReturn: e.oneYearReturn, historicalPeriodDays: e.historicalPeriodDays, windowStart: e.windowStart, windowBasis: e.windowBasis, exact: e.exact, isDemo: e.isDemo });

function detail(overrides: Partial<EtfDetail> = {}): EtfDetail {
  return etfDetail({
    ...self,
    exact: self.exact,
    oneYearReturn: '-19.40',
    returnBreakdown: { priceReturn: '-24.50', distributionReturn: '5.10', exact: { priceReturn: '-24.5', distributionReturn: '5.1' } },
    navErosion: { since: '2024-06-26', startPrice: '19.00', currentPrice: '15.10', percent: '-20.53', exact: '-20.526315789474' },
    sameUnderlying: [pick(self), pick(sibling)].sort((a, b) => (a.ticker < b.ticker ? -1 : 1)),
    ...overrides,
  });
}

function renderDetail(d: EtfDetail) {
  mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/detail/NVDW': d, 'GET /api/etfs/detail/NVDW/history': [], 'GET /api/news/ticker/NVDW': [] });
  renderWithProviders(<EtfDetailView ticker="NVDW" brandSlug="roundhill" />);
}

describe('metrics that explain themselves', () => {
  it('each headline card has "How is this computed?" opening its formula and exact inputs', async () => {
    renderDetail(detail());
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    const button = await screen.findByRole('button', { name: 'How is this computed? (Annual Non-DRIP Yield)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('weeklyAverage × 52 / currentPrice × 100')).toBeTruthy();
    expect(panel.textContent).toContain('Weekly average weeklyAverage0.385');
    expect(panel.textContent).toContain('Current price currentPrice50');
    for (const label of ['Annual DRIP Yield', 'Weekly Average', 'Actual Non-DRIP', 'Actual DRIP', 'Distribution Rate']) {
      expect(screen.getByRole('button', { name: `How is this computed? (${label})` })).toBeTruthy();
    }
    fireEvent.click(button);
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toBeNull();
  });

  it('the stacked bar splits the 1-year return into price and distributions that add up, with NAV erosion', async () => {
    renderDetail(detail());
    const card = await screen.findByTestId('return-breakdown');
    expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('1-year total return -19.40%: price -24.50%, distributions +5.10%');
    expect(card.textContent).toContain('Price -24.50%');
    expect(card.textContent).toContain('Distributions +5.10%');
    expect(card.textContent).toContain('Total -19.40%');
    // bar from -24.5 to 0: price spans all of it; distributions from -24.5 up to -19.4 (5.1 / 24.5 = 20.8 % of the width)
    const price = card.querySelector<HTMLElement>('[data-part="price"]')!;
    const dist = card.querySelector<HTMLElement>('[data-part="distributions"]')!;
    expect(price.style.left).toBe('0%');
    expect(price.style.width).toBe('100%');
    expect(parseFloat(dist.style.width)).toBeCloseTo((5.1 / 24.5) * 100, 6);
    // opposite signs: the distributions go back over the price fall, so each has its own half of the bar
    expect([price.dataset['lane'], dist.dataset['lane']]).toEqual(['top', 'bottom']);
    const erosion = within(card).getByTestId('nav-erosion');
    expect(erosion.textContent).toContain('NAV Erosion Since Inception');
    expect(erosion.textContent).toContain('-20.53%');
    expect(erosion.textContent).toContain(', $19.00) to $15.10, split-adjusted');
  });

  it('funds on the same underlying side by side, the fund itself marked, the others linked', async () => {
    renderDetail(detail());
    const table = (await screen.findByRole('heading', { name: 'Funds on NVDA' })).closest('section')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent))).toEqual([
      ['NVDWRoundhill', '65.2%', '60.0%', '-24.5%since inception', '-19.4%since inception'],
      ['NVDYYieldMax', '70.1%', '72.3%', '-20.4%', '31.1%'],
    ]);
    expect(rows[0]!.getAttribute('aria-current')).toBe('page');
    expect(within(rows[1]!).getByRole('link', { name: 'NVDY' })).toHaveProperty('pathname', '/etfs/yieldmax/NVDY');
  });

  it('parts of the same sign stack end to end on the full height of the bar', async () => {
    // price +4, distributions +6: 0..4 price, 4..10 distributions (bar from 0 to 10)
    renderDetail(detail({ oneYearReturn: '10.00', exact: { ...self.exact, oneYearReturn: '10' }, returnBreakdown: { priceReturn: '4.00', distributionReturn: '6.00', exact: { priceReturn: '4', distributionReturn: '6' } } }));
    const card = await screen.findByTestId('return-breakdown');
    const price = card.querySelector<HTMLElement>('[data-part="price"]')!;
    const dist = card.querySelector<HTMLElement>('[data-part="distributions"]')!;
    expect([price.dataset['lane'], dist.dataset['lane']]).toEqual(['full', 'full']);
    expect([price.style.left, price.style.width, dist.style.left, dist.style.width]).toEqual(['0%', '40%', '40%', '60%']);
  });

  it('no breakdown card without figures, no table for a fund alone on its underlying', async () => {
    renderDetail(detail({ returnBreakdown: null, navErosion: null, sameUnderlying: [] }));
    await screen.findByRole('heading', { name: 'NVDW', level: 1 });
    expect(screen.queryByTestId('return-breakdown')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Funds on/ })).toBeNull();
  });
});
