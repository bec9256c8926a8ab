// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Favorite } from '../../../../../contracts/favorites.ts';
import type { HoldingView, UserCalendarEntry } from '../../../../../contracts/portfolio.ts';
import { fixClock } from '../../../testing/clock.ts';
import { etf, holdingView, user, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import PersonalAreaRoute from './personal-area-route.tsx';

// Today is a fixed Wednesday in New York (the payouts card counts from it), never the wall clock's.
beforeEach(() => fixClock());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const nvdw = etf({ id: 'e1', ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', currentPrice: '50.00' });
const aapw = etf({ id: 'e2', ticker: 'AAPW', name: 'Roundhill AAPL WeeklyPay ETF', currentPrice: '20.00' });
const tslw = etf({ id: 'e3', ticker: 'TSLW', name: 'Roundhill TSLA WeeklyPay ETF', brand: 'Roundhill', currentPrice: '30.00' });

function holding(overrides: Partial<HoldingView> = {}): HoldingView {
  return holdingView({ etf: nvdw, ...overrides });
}

const dripHolding = holding({
  id: 'h1',
  shares: '10',
  sharesBought: '10',
  currentShares: '10.5',
  sharesReinvested: '0.5',
  isDrip: 1,
  purchasePrice: '40',
  currentPrice: '50.00',
  // The server's figures: 10.5 × 50; cost 10 × 40; $24 paid and reinvested into 0.5 shares, worth $25 now.
  currentValue: '525.00',
  costBasis: '400.00',
  incomeReceived: '24.00',
  gain: '125.00',
  gainPercent: '31.25',
  priceChange: '100.00',
  distributionReturn: '25.00',
  projectedAnnualIncome: '100.00',
});
const plainHolding = holding({ id: 'h2', etfId: 'e2', etf: aapw, shares: '5', currentPrice: '20.00', incomeReceived: '1.00', projectedAnnualIncome: '20.50' });

const extraRoutes = [
  { path: '/login', element: <p>login page</p> },
  { path: '/pricing', element: <p>pricing page</p> },
  { path: '/etfs/:brand/:ticker', element: <p>detail page</p> },
];

function renderArea(handlers: Record<string, unknown>, route = '/my-weeklydiv') {
  const calls = mockFetch({ 'GET /api/etfs': [nvdw, aapw, tslw], 'GET /api/user/dividends/calendar': [], ...handlers });
  const result = renderWithProviders(<PersonalAreaRoute />, { route, path: '/my-weeklydiv', routes: extraRoutes });
  return { ...result, calls };
}

const count = (calls: MockRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;

describe('personal area: access, loading, tabs', () => {
  it('signed out: off to /login, and no holdings or favorites are asked for', async () => {
    const { router, calls } = renderArea({ 'GET /api/user': { status: 401 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(count(calls, 'GET', '/api/user/portfolio')).toBe(0);
    expect(count(calls, 'GET', '/api/user/favorites')).toBe(0);
  });

  it('shows a loading state while the user loads', async () => {
    let release: (v: unknown) => void = () => {};
    const pending = new Promise((r) => (release = r));
    renderArea({ 'GET /api/user': async () => (await pending, user()), 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [] });
    expect(await screen.findByText('Loading your portfolio...')).toBeTruthy();
    release(null);
    expect(await screen.findByRole('heading', { name: 'My WeeklyDiv' })).toBeTruthy();
  });

  it('a tab shows its count only once the list is known (no "(0)" while it loads)', async () => {
    let release: (v: unknown) => void = () => {};
    const pending = new Promise((r) => (release = r));
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': async () => (await pending, []), 'GET /api/user/favorites': [{ id: 'f1', etfId: 'e3', etf: tslw }] });
    expect(await screen.findByRole('tab', { name: 'Favorites (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Portfolio' })).toBeTruthy();
    release(null);
    expect(await screen.findByRole('tab', { name: 'My Portfolio (0)' })).toBeTruthy();
  });

  it('tabs with counts, the portfolio first; the tab is kept in the URL', async () => {
    const { router } = renderArea({
      'GET /api/user': user(),
      'GET /api/user/portfolio': [dripHolding, plainHolding],
      'GET /api/user/favorites': [{ id: 'f1', etfId: 'e3', etf: tslw }],
    });
    const portfolioTab = await screen.findByRole('tab', { name: 'My Portfolio (2)' });
    expect(portfolioTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('tab', { name: 'Favorites (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Find ETFs' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=find'));
    expect(screen.getByPlaceholderText('Search by ticker or name...')).toBeTruthy();
  });
});

describe('portfolio tab', () => {
  it('free user: the upsell, both buttons to /pricing; no holdings: the empty text and no calendar request', async () => {
    const { calls } = renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [] });
    expect(await screen.findByText('No holdings yet. Add some from the Find ETFs tab!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'View Pricing Details' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText('Upcoming Dividend Payouts')).toBeNull();
    expect(count(calls, 'GET', '/api/user/dividends/calendar')).toBe(0);
    expect(screen.queryByTestId('tax-summary-link')).toBeNull();
  });

  it('premium with an active subscription: the brokerage sync card for the user id, no upsell', async () => {
    renderArea({
      'GET /api/user': user({ id: 'u-77', subscriptionTier: 'premium', subscriptionStatus: 'active' }),
      'GET /api/user/portfolio': [],
      'GET /api/user/favorites': [],
      'GET /api/brokerage/status': { available: true, registered: false, lastSyncedAt: null },
    });
    const card = await screen.findByTestId('brokerage-sync');
    expect(card.getAttribute('data-user-id')).toBe('u-77');
    expect(within(card).getByText('Brokerage sync')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Connect Brokerage' })).toBeTruthy();
    expect(screen.queryByText('Upgrade to Premium - $9.99/month')).toBeNull();
  });

  it('summary cards: value, gain (green with +), count, income; holdings with their fields', async () => {
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [dripHolding, plainHolding], 'GET /api/user/favorites': [] });
    // 525 (the server's value) + 5 × 20 = 625; the server's gain: value − cost = 525 − 400 = 125
    expect((await screen.findByTestId('total-value')).textContent).toBe('$625.00');
    const gain = screen.getByTestId('total-gain');
    expect(gain.textContent).toBe('+$125.00');
    expect(gain.getAttribute('data-tone')).toBe('positive');
    expect(screen.getByText('+31.3% on holdings with a purchase price')).toBeTruthy();
    expect(screen.getByTestId('total-gain-parts').textContent).toBe('Price +$100.00 · Distributions +$25.00');
    expect(screen.getByTestId('holdings-count').textContent).toBe('2');
    expect(screen.getByTestId('income-received').textContent).toBe('$25.00');
    expect(screen.getByTestId('income-reinvested').textContent).toBe('$24.00 reinvested: in Total Value, not added again');
    expect(screen.getByTestId('projected-income').textContent).toBe('$120.50');
    // issue 27: the tax-year summary, once something is held
    expect(within(screen.getByTestId('tax-summary-link')).getByRole('link', { name: 'Tax-year summary' }).getAttribute('href')).toBe('/my-weeklydiv/tax-summary');

    const [first, second] = screen.getAllByTestId('holding');
    expect(within(first!).getByText('NVDW')).toBeTruthy();
    expect(within(first!).getByText('Roundhill')).toBeTruthy();
    expect(within(first!).getByText('DRIP')).toBeTruthy();
    expect(within(first!).getByText('Roundhill NVDA WeeklyPay ETF')).toBeTruthy();
    expect(within(first!).getByText('10.5000')).toBeTruthy();
    expect(within(first!).getByTestId('drip-shares').textContent).toBe('10.0000 bought + 0.5000 reinvested');
    expect(within(first!).getByText('$525.00')).toBeTruthy();
    expect(within(first!).getByTestId('holding-gain').textContent).toBe('+$125.00 (+31.3%)');
    expect(within(first!).getByTestId('holding-gain-parts').textContent).toBe('Price +$100.00 · Dist. +$25.00');
    expect(within(first!).getByText('$24.00')).toBeTruthy();
    expect(within(first!).getByTestId('holding-income-note').textContent).toBe('Reinvested');
    // No purchase price: no gain/loss; no DRIP badge.
    expect(within(second!).queryByTestId('holding-gain')).toBeNull();
    expect(within(second!).queryByText('Gain/Loss')).toBeNull();
    expect(within(second!).queryByText('DRIP')).toBeNull();
    expect(within(second!).getByText('5.0000')).toBeTruthy();
  });

  it('a loss is red with a minus sign', async () => {
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [holding({ purchasePrice: '60', currentPrice: '50.00', costBasis: '600.00', currentValue: '500.00', gain: '-100.00', gainPercent: '-16.67', priceChange: '-100.00', distributionReturn: '0.00' })], 'GET /api/user/favorites': [] });
    const gain = await screen.findByTestId('total-gain');
    expect(gain.textContent).toBe('-$100.00');
    expect(gain.getAttribute('data-tone')).toBe('negative');
  });

  it('a holding click opens the fund page', async () => {
    const { router } = renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [dripHolding], 'GET /api/user/favorites': [] });
    fireEvent.click(within((await screen.findAllByTestId('holding'))[0]!).getByText('Roundhill NVDA WeeklyPay ETF'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/etfs/roundhill/NVDW'));
  });

  it('remove: DELETE, "Removed from portfolio", the holding leaves the cached list; only the calendar is read again', async () => {
    let holdings = [dripHolding, plainHolding];
    const { calls } = renderArea({
      'GET /api/user': user(),
      'GET /api/user/portfolio': () => holdings,
      'GET /api/user/favorites': [],
      'DELETE /api/user/portfolio/h2': () => {
        holdings = [dripHolding];
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove AAPW from portfolio' }));
    // it asks first (issue 29, W11)
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove AAPW from your portfolio?' })).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Removed from portfolio');
    await waitFor(() => expect(screen.getAllByTestId('holding')).toHaveLength(1));
    await waitFor(() => expect(count(calls, 'GET', '/api/user/dividends/calendar')).toBe(2));
    expect(count(calls, 'GET', '/api/user/portfolio')).toBe(1);
    expect(count(calls, 'GET', '/api/user/favorites')).toBe(1);
  });

  it('remove failure: "Failed to remove from portfolio" with the server message', async () => {
    renderArea({
      'GET /api/user': user(),
      'GET /api/user/portfolio': [dripHolding],
      'GET /api/user/favorites': [],
      'DELETE /api/user/portfolio/h1': { status: 404, body: { message: 'Holding not found' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove NVDW from portfolio' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to remove from portfolio');
    expect(toast.textContent).toContain('Holding not found');
  });
});

describe('upcoming dividend payouts', () => {
  const entry = (payoutDate: string, ticker: string, shares: string, amount: string, estimatedPayout: string, estimated = false, paid = false): UserCalendarEntry => ({
    etfId: `e-${ticker}`,
    ticker,
    payoutDate,
    shares,
    amount,
    estimatedPayout,
    estimated,
    kind: 'regular',
    paid,
    isDemo: false,
    distributionId: `e-${ticker}_${payoutDate}`,
    payoutStatus: estimated ? 'projected' : paid ? 'paid' : 'declared',
    receivedAmount: null,
    ...OWNER_ORIGIN,
  });
  const base = { 'GET /api/user': user(), 'GET /api/user/portfolio': [dripHolding], 'GET /api/user/favorites': [] };

  it('weekdays of the weeks with payouts, day counts and totals, shares × amount, estimates marked, today highlighted, dashes', async () => {
    fixClock('2026-11-18T15:00:00Z'); // Wednesday in New York
    renderArea({
      ...base,
      'GET /api/user/dividends/calendar': [
        entry('2026-11-20', 'NVDW', '10.5', '0.4', '4.20'),
        entry('2026-11-20', 'AAPW', '5', '0.25', '1.25', true),
        entry('2026-12-09', 'NVDW', '10.5', '0.41', '4.31', true),
        entry('2026-11-22', 'SUNW', '1', '1', '1.00'), // Sunday: not shown
      ],
    });
    const weeks = await screen.findAllByTestId('payout-week');
    expect(weeks).toHaveLength(2); // weeks 2 and 3 have nothing
    expect(within(weeks[0]!).getByRole('heading').textContent).toBe('Week 1 (Nov 16 - Nov 20)');
    expect(within(weeks[1]!).getByRole('heading').textContent).toBe('Week 4 (Dec 7 - Dec 11)');
    const days = within(weeks[0]!).getAllByTestId('payout-day');
    expect(days.map((d) => d.getAttribute('data-date'))).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(days[2]!.getAttribute('aria-current')).toBe('date');
    expect(within(days[2]!).getByText('Today')).toBeTruthy();
    expect(within(days[0]!).getByLabelText('No payouts').textContent).toBe('—');
    const friday = days[4]!;
    expect(within(friday).getByTestId('day-count').textContent).toBe('2 payouts');
    expect(within(friday).getByTestId('day-total').textContent).toBe('$5.45');
    expect(within(friday).getByText('10.5000 × $0.4000')).toBeTruthy();
    expect(within(friday).getByText('5.0000 × $0.2500')).toBeTruthy();
    expect(within(friday).getAllByText('Est.')).toHaveLength(1);
    expect(screen.queryByText('SUNW')).toBeNull();
  });

  it('a special beside the regular payout of one day is its own line, marked "Special" (N1)', async () => {
    fixClock('2026-11-23T15:00:00Z'); // Monday in New York
    renderArea({
      ...base,
      'GET /api/user/dividends/calendar': [
        entry('2026-11-27', 'N3SQ', '107.213535', '0.2', '21.44'),
        { ...entry('2026-11-27', 'N3SQ', '107.213535', '1', '107.21'), kind: 'special' as const },
      ],
    });
    const days = await screen.findAllByTestId('payout-day');
    const friday = days.find((d) => d.getAttribute('data-date') === '2026-11-27')!;
    const lines = within(friday).getAllByTestId('payout');
    expect(lines.map((l) => within(l).queryByTestId('kind-badge')?.textContent ?? null)).toEqual([null, 'Special']);
    expect(within(friday).getByTestId('day-total').textContent).toBe('$128.65');
  });

  it('payouts already paid this week are marked "Paid" and dimmed, not upcoming (F13)', async () => {
    fixClock('2026-11-25T15:00:00Z'); // Wednesday in New York
    renderArea({
      ...base,
      'GET /api/user/dividends/calendar': [entry('2026-11-23', 'BLOX', '10', '1.992', '19.92', false, true), entry('2026-11-27', 'NVDW', '10.5', '0.4', '4.20')],
    });
    const days = await screen.findAllByTestId('payout-day');
    const monday = days.find((d) => d.getAttribute('data-date') === '2026-11-23')!;
    const paid = within(monday).getByTestId('payout');
    expect(paid.getAttribute('data-paid')).toBe('true');
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('BLOX').closest('li')?.getAttribute('aria-label')).toBe('BLOX $19.92, paid');
    const friday = days.find((d) => d.getAttribute('data-date') === '2026-11-27')!;
    expect(within(friday).getByTestId('payout').getAttribute('data-paid')).toBe('false');
    expect(within(friday).queryByText('Paid')).toBeNull();
    // days keep their own height: an empty day is not stretched to the busiest (D27)
    expect(getComputedStyle(monday.parentElement!).alignItems).toBe('start');
  });

  it('no payouts in the four weeks', async () => {
    renderArea(base);
    expect(await screen.findByText('No upcoming dividend payouts in the next 4 weeks')).toBeTruthy();
  });

  it('a failed calendar read', async () => {
    renderArea({ ...base, 'GET /api/user/dividends/calendar': { status: 500, body: 'boom' } });
    expect(await screen.findByText('Failed to load dividend calendar. Please try again later.')).toBeTruthy();
  });
});

describe('favorites tab', () => {
  it('empty', async () => {
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [] }, '/my-weeklydiv?tab=favorites');
    expect(await screen.findByText('No favorites yet. Add some from the Find ETFs tab!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Favorites' })).toBeTruthy();
  });

  it('rows: ticker, brand, name, price, link, remove; "Add to Portfolio" only when not held', async () => {
    const { calls } = renderArea(
      {
        'GET /api/user': user(),
        'GET /api/user/portfolio': [dripHolding],
        'GET /api/user/favorites': [
          { id: 'f1', etfId: 'e1', etf: nvdw },
          { id: 'f2', etfId: 'e3', etf: tslw },
        ],
        'DELETE /api/user/favorites/e3': { status: 204 },
      },
      '/my-weeklydiv?tab=favorites',
    );
    await screen.findByRole('heading', { name: 'My Favorites' });
    await waitFor(() => expect(screen.getAllByTestId('etf-row')).toHaveLength(2));
    const [held, free] = screen.getAllByTestId('etf-row');
    expect(within(held!).getByRole('link', { name: 'NVDW' }).getAttribute('href')).toBe('/etfs/roundhill/NVDW');
    expect(within(held!).getByText('In Portfolio')).toBeTruthy();
    expect(within(held!).queryByRole('button', { name: 'Add to Portfolio' })).toBeNull();
    expect(within(free!).getByText('$30.00')).toBeTruthy();
    expect(within(free!).getByText('Roundhill TSLA WeeklyPay ETF')).toBeTruthy();
    expect(within(free!).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/etfs/roundhill/TSLW');
    expect(within(free!).getByRole('button', { name: 'Add to Portfolio' })).toBeTruthy();
    fireEvent.click(within(free!).getByRole('button', { name: 'Remove TSLW from favorites' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Removed from favorites');
    expect(count(calls, 'DELETE', '/api/user/favorites/e3')).toBe(1);
  });
});

describe('Find ETFs tab', () => {
  const search = () => screen.getByPlaceholderText('Search by ticker or name...');

  it('empty search, no match, case-insensitive match on ticker or name, at most 10', async () => {
    const many = Array.from({ length: 14 }, (_, i) => etf({ id: `m${i}`, ticker: `MX${i}`, name: `Max Income ${i}` }));
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [], 'GET /api/etfs': [nvdw, aapw, tslw, ...many] }, '/my-weeklydiv?tab=find');
    expect(await screen.findByText('Start typing to search ETFs')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'zzz' } });
    expect(await screen.findByText('No ETFs found')).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'aapl' } });
    await waitFor(() => expect(screen.getAllByTestId('etf-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'AAPW' })).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'tslw' } });
    await waitFor(() => expect(screen.getByRole('link', { name: 'TSLW' })).toBeTruthy());
    fireEvent.change(search(), { target: { value: 'INCOME' } });
    await waitFor(() => expect(screen.getAllByTestId('etf-row')).toHaveLength(10));
  });

  it('favorite toggle is optimistic; the free plan\'s refusal is shown in "Failed to add favorite"', async () => {
    let release: (v: unknown) => void = () => {};
    const refused = new Promise((r) => (release = r));
    renderArea(
      {
        'GET /api/user': user(),
        'GET /api/user/portfolio': [],
        'GET /api/user/favorites': [],
        'POST /api/user/favorites': async () => {
          await refused;
          return { status: 403, body: { message: 'The free plan allows up to 5 favorite ETFs.' } };
        },
      },
      '/my-weeklydiv?tab=find',
    );
    await screen.findByRole('tab', { name: 'Favorites (0)' });
    fireEvent.change(search(), { target: { value: 'nvdw' } });
    const star = await screen.findByRole('button', { name: 'Favorite NVDW' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favorite NVDW' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('tab', { name: 'Favorites (1)' })).toBeTruthy();
    release(null);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favorite NVDW' }).getAttribute('aria-pressed')).toBe('false'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to add favorite');
    expect(toast.textContent).toContain('The free plan allows up to 5 favorite ETFs.');
  });

  it('adding a favorite writes the answer into the cached favorites: nothing is read again', async () => {
    const answer: Favorite = { id: 'f1', etfId: 'e1', etf: nvdw };
    const { calls } = renderArea(
      {
        'GET /api/user': user(),
        'GET /api/user/portfolio': [],
        'GET /api/user/favorites': [],
        'POST /api/user/favorites': { status: 201, body: answer },
      },
      '/my-weeklydiv?tab=find',
    );
    await screen.findByRole('tab', { name: 'Favorites (0)' });
    fireEvent.change(search(), { target: { value: 'nvdw' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Favorite NVDW' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Added to favorites');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favorite NVDW' }).getAttribute('aria-pressed')).toBe('true'));
    expect(count(calls, 'GET', '/api/user/favorites')).toBe(1);
    expect(count(calls, 'GET', '/api/user/portfolio')).toBe(1);
  });

  it('"Add to Portfolio" only for funds not held', async () => {
    renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [dripHolding], 'GET /api/user/favorites': [] }, '/my-weeklydiv?tab=find');
    await screen.findByRole('tab', { name: 'My Portfolio (1)' });
    fireEvent.change(search(), { target: { value: 'weeklypay' } });
    await waitFor(() => expect(screen.getAllByTestId('etf-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('etf-row');
    expect(within(rows[0]!).queryByRole('button', { name: 'Add to Portfolio' })).toBeNull();
    expect(within(rows[0]!).getByText('In Portfolio')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Add to Portfolio' })).toBeTruthy();
  });
});

describe('Add to Portfolio dialog', () => {
  async function openFor(ticker: string, handlers: Record<string, unknown> = {}) {
    const rendered = renderArea({ 'GET /api/user': user(), 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [], ...handlers }, '/my-weeklydiv?tab=find');
    await screen.findByRole('tab', { name: 'My Portfolio (0)' });
    fireEvent.change(screen.getByPlaceholderText('Search by ticker or name...'), { target: { value: ticker } });
    const row = (await screen.findAllByTestId('etf-row'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Add to Portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Portfolio' });
    return { ...rendered, dialog };
  }
  const fieldIn = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

  it('shows the fund and the fields; no shares: "Please fill in required fields" and nothing is sent', async () => {
    const { dialog, calls } = await openFor('nvdw');
    expect(within(dialog).getByText('NVDW')).toBeTruthy();
    expect(within(dialog).getByText('Roundhill NVDA WeeklyPay ETF')).toBeTruthy();
    expect(fieldIn(dialog, 'Number of Shares *').value).toBe('');
    expect(fieldIn(dialog, 'Purchase Price (optional)').value).toBe('');
    expect(fieldIn(dialog, 'Purchase Date (optional)').value).toBe('');
    expect(within(dialog).getByRole('switch', { name: 'DRIP (Dividend Reinvestment Plan)' }).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).getByText('Automatically reinvest dividends')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Portfolio' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Please fill in required fields');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(count(calls, 'POST', '/api/user/portfolio')).toBe(0);
  });

  it('empty price and date are left out; DRIP as 1; "Adding..." while pending; success closes and resets', async () => {
    let release: (v: unknown) => void = () => {};
    const later = new Promise((r) => (release = r));
    const { dialog, calls } = await openFor('nvdw', {
      'POST /api/user/portfolio': async () => {
        await later;
        return { status: 201, body: { id: 'h9' } };
      },
    });
    fireEvent.change(fieldIn(dialog, 'Number of Shares *'), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Portfolio' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeTruthy();
    release(null);
    expect((await screen.findByTestId('toast')).textContent).toContain('Added to portfolio');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ etfId: 'e1', shares: '12.5', isDrip: 1 });
    // Opened again: a fresh form.
    fireEvent.click(within(screen.getAllByTestId('etf-row')[0]!).getByRole('button', { name: 'Add to Portfolio' }));
    const again = await screen.findByRole('dialog');
    expect(fieldIn(again, 'Number of Shares *').value).toBe('');
    expect(within(again).getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('price and date sent when given', async () => {
    const { dialog, calls } = await openFor('aapw', { 'POST /api/user/portfolio': { status: 201, body: { id: 'h9' } } });
    fireEvent.change(fieldIn(dialog, 'Number of Shares *'), { target: { value: '3' } });
    fireEvent.change(fieldIn(dialog, 'Purchase Price (optional)'), { target: { value: '19.5' } });
    fireEvent.change(fieldIn(dialog, 'Purchase Date (optional)'), { target: { value: '2026-01-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Portfolio' }));
    await waitFor(() => expect(count(calls, 'POST', '/api/user/portfolio')).toBe(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ etfId: 'e2', shares: '3', purchasePrice: '19.5', purchaseDate: '2026-01-05', isDrip: 0 });
  });

  it('Cancel closes and resets the form', async () => {
    const { dialog } = await openFor('nvdw');
    fireEvent.change(fieldIn(dialog, 'Number of Shares *'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(screen.getAllByTestId('etf-row')[0]!).getByRole('button', { name: 'Add to Portfolio' }));
    const again = await screen.findByRole('dialog');
    expect(fieldIn(again, 'Number of Shares *').value).toBe('');
    expect(within(again).getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('failure: "Failed to add to portfolio" with the server message; the dialog stays', async () => {
    const { dialog } = await openFor('nvdw', { 'POST /api/user/portfolio': { status: 409, body: { message: 'This ETF is already in your portfolio' } } });
    fireEvent.change(fieldIn(dialog, 'Number of Shares *'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Portfolio' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to add to portfolio');
    expect(toast.textContent).toContain('This ETF is already in your portfolio');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('success writes the 201 answer into the cached holdings (no second read), and so the calendar runs once one is held', async () => {
    let holdings: HoldingView[] = [];
    const { dialog, calls } = await openFor('nvdw', {
      'GET /api/user/portfolio': () => holdings,
      'POST /api/user/portfolio': () => {
        holdings = [holding()];
        return { status: 201, body: holdings[0] };
      },
    });
    expect(count(calls, 'GET', '/api/user/dividends/calendar')).toBe(0);
    fireEvent.change(fieldIn(dialog, 'Number of Shares *'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Portfolio' }));
    await screen.findByRole('tab', { name: 'My Portfolio (1)' });
    expect(count(calls, 'GET', '/api/user/portfolio')).toBe(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'My Portfolio (1)' }));
    });
    await waitFor(() => expect(count(calls, 'GET', '/api/user/dividends/calendar')).toBe(1));
  });
});

describe('personal area: e-mail not verified yet', () => {
  const lists = { 'GET /api/user/portfolio': [], 'GET /api/user/favorites': [] };

  it('says the address is not verified, with a resend button; a sent mail gets its toast', async () => {
    const { calls } = renderArea({
      ...lists,
      'GET /api/user': user({ emailVerified: false }),
      'POST /api/resend-verification': { message: 'We sent a new verification link to ann@example.com.' },
    });
    const notice = await screen.findByRole('region', { name: 'Your email address is not verified yet' });
    expect(notice.textContent).toContain('Open the link we sent to ann@example.com to confirm it is yours.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Resend verification email' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Verification email sent');
    expect(toast.textContent).toContain('We sent a new verification link to ann@example.com.');
    expect(toast.getAttribute('data-variant')).not.toBe('destructive');
    expect(count(calls, 'POST', '/api/resend-verification')).toBe(1);
  });

  it('a refused resend (429) shows the server message in a destructive toast', async () => {
    renderArea({
      ...lists,
      'GET /api/user': user({ emailVerified: false }),
      'POST /api/resend-verification': { status: 429, body: { message: 'Too many verification emails from your network. Try again in 40 minutes.' } },
    });
    const notice = await screen.findByRole('region', { name: 'Your email address is not verified yet' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Resend verification email' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Could not send the verification email');
    expect(toast.textContent).toContain('Too many verification emails from your network. Try again in 40 minutes.');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
  });

  it('shows no notice once the address is verified', async () => {
    renderArea({ ...lists, 'GET /api/user': user({ emailVerified: true }) });
    expect(await screen.findByRole('heading', { name: 'My WeeklyDiv' })).toBeTruthy();
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
  });
});
