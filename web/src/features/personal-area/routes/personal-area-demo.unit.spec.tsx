// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserCalendarEntry } from '../../../../../contracts/portfolio.ts';
import { MARKET_TODAY, fixClock } from '../../../testing/clock.ts';
import { etf, holdingView, user, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import PersonalAreaRoute from './personal-area-route.tsx';

/** The demo notice in the personal area (docs/client.md "Demo data"): wherever the figures shown rest on demo data. */

// "Upcoming Dividend Payouts" shows New York's four weeks from this week's Monday, weekdays only: the
// payout falls on today of a fixed Wednesday (a wall-clock "today" was a Saturday at 00:30 UTC).
beforeEach(() => fixClock());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const real = etf({ id: 'e1', ticker: 'NVDW', isDemo: false });
const demo = etf({ id: 'e2', ticker: 'DEMW', isDemo: true });
const payout = (isDemo: boolean): UserCalendarEntry => ({
  etfId: 'e1',
  ticker: 'NVDW',
  payoutDate: MARKET_TODAY,
  amount: '0.5',
  shares: '10',
  estimatedPayout: '5.00',
  estimated: false,
  kind: 'regular',
  paid: false,
  isDemo,
  distributionId: 'e1_2026-01-20',
  payoutStatus: 'declared',
  receivedAmount: null,
  ...OWNER_ORIGIN,
});

function renderArea(handlers: Record<string, unknown>, route = '/my-weeklydiv') {
  mockFetch({ 'GET /api/user': user(), 'GET /api/etfs': [real, demo], 'GET /api/user/favorites': [], 'GET /api/user/dividends/calendar': [], ...handlers });
  return renderWithProviders(<PersonalAreaRoute />, { route, path: '/my-weeklydiv' });
}

function card(titleId: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[aria-labelledby="${titleId}"]`);
  if (!el) throw new Error(`no card ${titleId} yet`);
  return el;
}

describe('personal area: demo notice', () => {
  it('portfolio: shown above the totals when a holding’s own figures are demo, not when only its fund has demo history', async () => {
    renderArea({ 'GET /api/user/portfolio': [holdingView({ id: 'h1', etfId: 'e1', etf: { ...real, isDemo: true }, isDemo: false })] });
    await screen.findByText('My Holdings');
    await waitFor(() => expect(card('upcoming-payouts-title')).toBeTruthy());
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    renderArea({ 'GET /api/user/portfolio': [holdingView({ id: 'h1', etfId: 'e1', etf: real, isDemo: true })] });
    await screen.findByText('My Holdings');
    const notices = await screen.findAllByTestId('demo-data-notice');
    expect(notices).toHaveLength(1);
    // before the summary cards and the holdings
    expect(notices[0]!.compareDocumentPosition(screen.getByText('My Holdings')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('upcoming payouts: shown in the card when a payout is demo', async () => {
    renderArea({ 'GET /api/user/portfolio': [holdingView({ etf: real })], 'GET /api/user/dividends/calendar': [payout(false)] });
    await screen.findByText('My Holdings');
    await within(await waitFor(() => card('upcoming-payouts-title'))).findByText('NVDW');
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    renderArea({ 'GET /api/user/portfolio': [holdingView({ etf: real })], 'GET /api/user/dividends/calendar': [payout(true)] });
    await screen.findByText('My Holdings');
    const payouts = await waitFor(() => card('upcoming-payouts-title'));
    expect(await within(payouts).findByTestId('demo-data-notice')).toBeTruthy();
  });

  it('favorites: shown when a favorite fund’s figures are demo', async () => {
    renderArea({ 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [{ id: 'f1', etfId: 'e1', etf: real }] }, '/my-weeklydiv?tab=favorites');
    await within(await waitFor(() => card('favorites-title'))).findByText('NVDW');
    expect(screen.queryByTestId('demo-data-notice')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    renderArea({ 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [{ id: 'f1', etfId: 'e1', etf: real }, { id: 'f2', etfId: 'e2', etf: demo }] }, '/my-weeklydiv?tab=favorites');
    const favorites = await waitFor(() => card('favorites-title'));
    await within(favorites).findByText('DEMW');
    expect(within(favorites).getByTestId('demo-data-notice')).toBeTruthy();
  });

  it('find ETFs: shown when a result is demo', async () => {
    renderArea({ 'GET /api/user/portfolio': [] }, '/my-weeklydiv?tab=find');
    const find = await waitFor(() => card('find-etfs-title'));
    fireEvent.change(within(find).getByLabelText('Search ETFs by ticker or name'), { target: { value: 'NVD' } });
    await within(find).findByText('NVDW');
    expect(within(find).queryByTestId('demo-data-notice')).toBeNull();
    fireEvent.change(within(find).getByLabelText('Search ETFs by ticker or name'), { target: { value: 'DEM' } });
    await within(find).findByText('DEMW');
    expect(within(find).getByTestId('demo-data-notice')).toBeTruthy();
  });
});
