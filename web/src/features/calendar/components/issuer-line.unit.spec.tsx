// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCalendarEntry } from '../../../../../contracts/market.ts';
import { MARKET_TODAY, fixClock } from '../../../testing/clock.ts';
import { OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute, { COMPACT_QUERY } from '../routes/dividend-calendar-route.tsx';

/**
 * Issue 26 on the public calendar: a payout the issuer declared in a release we read shows "Declared by
 * YieldMax, …" under it, a link to the release beside (never inside) the payout's own link, on the week
 * grid and on a phone's day list. Other payouts show no source line.
 */

beforeEach(() => fixClock());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const RELEASE = 'https://www.globenewswire.com/news-release/2026/11/17/1/0/en/YieldMax-ETFs-Announces-Weekly-Distributions.html';

function entry(ticker: string, name: string, overrides: Partial<PublicCalendarEntry> = {}): PublicCalendarEntry {
  return {
    etfId: `id-${ticker}`,
    ticker,
    name,
    payoutDate: MARKET_TODAY,
    amount: '0.0908',
    estimated: false,
    exDate: '2026-11-17',
    kind: 'regular',
    isDemo: false,
    distributionId: `id-${ticker}_2026-11-17`,
    ...OWNER_ORIGIN,
    ...overrides,
  };
}

const ENTRIES = [
  entry('ULTY', 'YieldMax Ultra Option Income Strategy ETF', { source: 'issuer', issuer: 'yieldmax', sourceUrl: RELEASE, declaredAt: '2026-11-17T14:05:00.000Z', rocEstimatePercent: '92.00' }),
  // recorded before a declaration kept its issuer: the fund's name says whose it is
  entry('TSYY', 'GraniteShares YieldBOOST TSLA ETF', { source: 'issuer', sourceUrl: `${RELEASE}?g`, declaredAt: '2026-11-16T21:30:00.000Z' }),
  // the declaration says whose release it is, whatever the fund's name
  entry('FEPI', 'Tech Innovators Premium Income ETF', { source: 'issuer', issuer: 'rex', sourceUrl: `${RELEASE}?r`, declaredAt: '2026-11-16T22:00:00.000Z' }),
  entry('NVDW', 'Roundhill NVDA WeeklyPay ETF', { source: 'provider' }),
  // a projection repeating an issuer's amount: no release of its own
  entry('YMAX', 'YieldMax Universe Fund of Option Income ETFs', { source: 'issuer', estimated: true }),
];

function expectDeclaredLines() {
  const lines = screen.getAllByTestId('declared-by');
  expect(lines.map((l) => l.textContent)).toEqual(['Declared by YieldMax, Nov 17, 2026, 9:05 AM ET', 'Declared by GraniteShares, Nov 16, 2026, 4:30 PM ET', 'Declared by REX, Nov 16, 2026, 5:00 PM ET']);
  const ulty = screen.getByRole('link', { name: "Declared by YieldMax, Nov 17, 2026, 9:05 AM ET (ULTY's release)" });
  expect(ulty.getAttribute('href')).toBe(RELEASE);
  expect(ulty.getAttribute('target')).toBe('_blank');
  expect(ulty.getAttribute('rel')).toBe('noopener noreferrer');
  // beside the payout's link, not inside it (no link in a link)
  expect(ulty.closest('a')).toBe(ulty);
  expect(ulty.parentElement!.closest('a')).toBeNull();
  const item = ulty.closest('li')!;
  expect(within(item).getByRole('link', { name: /^ULTY/ })).toHaveProperty('pathname', '/etf/ULTY');
}

describe('the public calendar: issuer declarations with their release', () => {
  it('on the week grid', async () => {
    mockFetch({ 'GET /api/dividends/calendar': ENTRIES });
    renderWithProviders(<DividendCalendarRoute />);
    await screen.findByRole('link', { name: /^ULTY/ }, { timeout: 5000 });
    expectDeclaredLines();
  });

  it('on a phone, in the open day', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === COMPACT_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    mockFetch({ 'GET /api/dividends/calendar': ENTRIES });
    renderWithProviders(<DividendCalendarRoute />);
    // today is open by itself (it has payouts)
    await screen.findByRole('link', { name: /^ULTY/ }, { timeout: 5000 });
    expectDeclaredLines();
    fireEvent.click(screen.getByRole('button', { name: /5 payouts/ }));
    expect(screen.queryAllByTestId('declared-by')).toHaveLength(0);
  });
});
