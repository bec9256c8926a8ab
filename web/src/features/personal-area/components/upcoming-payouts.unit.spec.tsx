// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserCalendarEntry } from '../../../../../contracts/portfolio.ts';
import { MARKET_NOW, MARKET_TODAY } from '../../../testing/clock.ts';
import { etf, holdingView, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UpcomingPayouts } from './upcoming-payouts.tsx';

/** Issue 26 on the personal payout calendar: a payout the issuer declared links to its release, named by the holding's fund. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RELEASE = 'https://www.prnewswire.com/news-releases/roundhill-investments-announces-weekly-distributions-302611111.html';

function payout(etfId: string, ticker: string, overrides: Partial<UserCalendarEntry> = {}): UserCalendarEntry {
  return {
    etfId,
    ticker,
    payoutDate: MARKET_TODAY,
    amount: '0.4000',
    shares: '10',
    estimatedPayout: '4.00',
    estimated: false,
    kind: 'regular',
    paid: false,
    isDemo: false,
    distributionId: `${etfId}_2026-11-17`,
    payoutStatus: 'declared',
    receivedAmount: null,
    ...OWNER_ORIGIN,
    ...overrides,
  };
}

describe('upcoming payouts: the issuer declarations', () => {
  it('"Declared by Roundhill, …" under the payout, a link to the release; nothing for other sources or an estimate', async () => {
    mockFetch({
      'GET /api/user/dividends/calendar': [
        payout('e1', 'NVDW', { source: 'issuer', sourceUrl: RELEASE, declaredAt: '2026-11-17T20:15:00.000Z' }),
        payout('e2', 'XDTE', { source: 'issuer', sourceUrl: null, estimated: true }),
        payout('e3', 'TSYY', { source: 'provider' }),
      ],
    });
    const holdings = [
      holdingView({ id: 'h1', etfId: 'e1', etf: etf({ id: 'e1', ticker: 'NVDW', brand: 'Roundhill' }) }),
      holdingView({ id: 'h2', etfId: 'e2', etf: etf({ id: 'e2', ticker: 'XDTE', brand: 'Roundhill' }) }),
    ];
    renderWithProviders(<UpcomingPayouts now={new Date(MARKET_NOW)} holdings={holdings} />);
    const link = await screen.findByRole('link', { name: "Declared by Roundhill, Nov 17, 2026, 3:15 PM ET (NVDW's release)" }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(RELEASE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const nvdw = link.closest('li')!;
    expect(within(nvdw).getByText('NVDW')).toBeTruthy();
    expect(screen.getAllByTestId('declared-by')).toHaveLength(1);
  });

  it('"Declared by the issuer" when the holding\'s fund names none of the six', async () => {
    mockFetch({ 'GET /api/user/dividends/calendar': [payout('e9', 'ZZZW', { source: 'issuer', sourceUrl: RELEASE, declaredAt: '2026-11-17T20:15:00.000Z' })] });
    renderWithProviders(<UpcomingPayouts now={new Date(MARKET_NOW)} />);
    expect((await screen.findByTestId('declared-by', {}, { timeout: 5000 })).textContent).toBe('Declared by the issuer, Nov 17, 2026, 3:15 PM ET');
  });
});
