// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_TODAY, fixClock } from '../../../testing/clock.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute, { COMPACT_QUERY } from './dividend-calendar-route.tsx';

// Today is a fixed Wednesday, 18 November 2026 (week 1 runs Nov 16–22), never the wall clock's.
beforeEach(() => fixClock());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A phone: the compact query matches (jsdom has no matchMedia; without one the wide grid renders). */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === COMPACT_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const entry = (ticker: string, payoutDate: string, extra: Record<string, unknown> = {}) => ({
  etfId: `id-${ticker}`,
  ticker,
  name: `${ticker} Weekly Income ETF`,
  payoutDate,
  amount: '0.12345',
  ...extra,
});

describe('public dividend calendar', () => {
  it('20 skeletons, then 4 weeks of 7 days with payouts linking to /etf/{ticker}; today is marked', async () => {
    const today = MARKET_TODAY;
    mockFetch({ 'GET /api/dividends/calendar': [{ etfId: 'e1', ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', payoutDate: today, amount: '0.14501' }] });
    renderWithProviders(<DividendCalendarRoute />);
    expect(screen.getAllByTestId('calendar-skeleton')).toHaveLength(20);
    expect(await screen.findByRole('link', { name: /NVDW/ })).toHaveProperty('pathname', '/etf/NVDW');
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(28);
    expect(screen.getByText('$0.1450')).toBeTruthy();
    expect(screen.getByText(/^Week 1 \(/)).toBeTruthy();
    expect(screen.getByText(/^Week 4 \(/)).toBeTruthy();
    const todayCard = document.querySelector(`[data-date="${today}"]`)!;
    expect(todayCard.getAttribute('aria-current')).toBe('date');
    expect(todayCard.textContent).toContain('1 payout');
    expect(screen.getAllByText('No payouts').length).toBe(27);
    expect(screen.getByText('Week 1 (Nov 16 - Nov 22)')).toBeTruthy();
  });

  it('"Add to calendar" downloads the same four weeks as an iCalendar file', async () => {
    mockFetch({ 'GET /api/dividends/calendar': [] });
    renderWithProviders(<DividendCalendarRoute />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/dividends/calendar.ics');
    expect(link.getAttribute('download')).toBe('weeklydiv-dividend-calendar.ics');
  });

  it('wide screens: a day is as tall as its own payouts (not the busiest day\'s), and names wrap instead of being cut at ~12 characters (D27)', async () => {
    const today = MARKET_TODAY;
    mockFetch({ 'GET /api/dividends/calendar': [{ etfId: 'e1', ticker: 'YBST', name: 'GraniteShares YieldBOOST SPY ETF', payoutDate: today, amount: '0.2' }] });
    renderWithProviders(<DividendCalendarRoute />);
    const name = await screen.findByText('GraniteShares YieldBOOST SPY ETF');
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
    const grid = document.querySelector(`[data-date="${today}"]`)!.parentElement!;
    expect(getComputedStyle(grid).alignItems).toBe('start');
  });

  it('error: "Failed to load dividend calendar" and "Please try again later"', async () => {
    mockFetch({ 'GET /api/dividends/calendar': { status: 500 } });
    renderWithProviders(<DividendCalendarRoute />);
    expect(await screen.findByText('Failed to load dividend calendar')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
  });

  describe('on a phone (below md): one line per day, a day opens to its payouts', () => {
    it('compact skeletons while loading; every day a line with its count; today open, other days closed', async () => {
      onPhone();
      mockFetch({
        'GET /api/dividends/calendar': [
          entry('PAST', '2026-11-17'),
          entry('NVDW', '2026-11-18'),
          entry('TSLW', '2026-11-18', { estimated: true }),
          entry('LATR', '2026-11-25'),
        ],
      });
      renderWithProviders(<DividendCalendarRoute />);
      expect(screen.getAllByTestId('calendar-skeleton')).toHaveLength(20);
      expect(getComputedStyle(screen.getAllByTestId('calendar-skeleton')[0]!).height).toBe('48px');
      const nvdw = await screen.findByRole('link', { name: /NVDW/ });
      expect(nvdw).toHaveProperty('pathname', '/etf/NVDW');
      expect(nvdw.textContent).toContain('NVDW Weekly Income ETF');
      expect(nvdw.textContent).toContain('$0.1235');
      expect(screen.getByRole('link', { name: /TSLW/ }).textContent).toContain('Est.');
      expect(screen.getAllByTestId('calendar-day')).toHaveLength(28);
      expect(screen.getAllByRole('heading', { name: /^Week \d \(/ })).toHaveLength(4);

      const today = document.querySelector('[data-date="2026-11-18"]')!;
      expect(today.getAttribute('aria-current')).toBe('date');
      expect(within(today as HTMLElement).getByText('Today')).toBeTruthy();
      expect(within(today as HTMLElement).getByRole('button', { name: /Wednesday.*Nov 18.*2 payouts/ }).getAttribute('aria-expanded')).toBe('true');
      // past and later days with payouts are closed: their links are not rendered
      expect(screen.queryByRole('link', { name: /PAST/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /LATR/ })).toBeNull();
      expect(screen.getByRole('button', { name: /Tuesday.*Nov 17.*1 payout/ }).getAttribute('aria-expanded')).toBe('false');
      // a day without payouts is one line, nothing to open
      const empty = document.querySelector('[data-date="2026-11-19"]') as HTMLElement;
      expect(empty.textContent).toBe('ThursdayNov 19No payouts');
      expect(within(empty).queryByRole('button')).toBeNull();
      expect(screen.getAllByText('No payouts')).toHaveLength(25);
    });

    it('a tap opens or closes a day; the open list is the one the button controls', async () => {
      onPhone();
      mockFetch({ 'GET /api/dividends/calendar': [entry('PAST', '2026-11-17'), entry('NVDW', '2026-11-18'), entry('LATR', '2026-11-25')] });
      renderWithProviders(<DividendCalendarRoute />);
      await screen.findByRole('link', { name: /NVDW/ });
      const later = screen.getByRole('button', { name: /Wednesday.*Nov 25/ });
      fireEvent.click(later);
      expect(later.getAttribute('aria-expanded')).toBe('true');
      const link = screen.getByRole('link', { name: /LATR/ });
      expect(link.closest('ul')!.id).toBe(later.getAttribute('aria-controls'));
      fireEvent.click(screen.getByRole('button', { name: /Tuesday.*Nov 17/ }));
      expect(screen.getByRole('link', { name: /PAST/ })).toHaveProperty('pathname', '/etf/PAST');
      // closing today's day
      const todayButton = screen.getByRole('button', { name: /Wednesday.*Nov 18/ });
      fireEvent.click(todayButton);
      expect(todayButton.getAttribute('aria-expanded')).toBe('false');
      expect(todayButton.hasAttribute('aria-controls')).toBe(false);
      expect(screen.queryByRole('link', { name: /NVDW/ })).toBeNull();
    });

    it('today without payouts: the next day with payouts is open', async () => {
      onPhone();
      mockFetch({ 'GET /api/dividends/calendar': [entry('PAST', '2026-11-17'), entry('NEXT', '2026-11-20'), entry('LATR', '2026-11-25')] });
      renderWithProviders(<DividendCalendarRoute />);
      expect(await screen.findByRole('link', { name: /NEXT/ })).toBeTruthy();
      expect(screen.queryByRole('link', { name: /LATR/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /PAST/ })).toBeNull();
    });

    it('error: the same messages', async () => {
      onPhone();
      mockFetch({ 'GET /api/dividends/calendar': { status: 500 } });
      renderWithProviders(<DividendCalendarRoute />);
      expect(await screen.findByText('Failed to load dividend calendar')).toBeTruthy();
      expect(screen.getByText('Please try again later')).toBeTruthy();
    });
  });
});

describe('market holidays (D28)', () => {
  it('shows "Market closed: {name}" on the holiday, on wide screens and phones', async () => {
    // week 2 of the window holds Thanksgiving, Thursday 26 November 2026
    const holiday = '2026-11-26';
    const handlers = {
      'GET /api/dividends/calendar': [entry('NVDW', '2026-11-25')],
      'GET /api/dividends/calendar/holidays': [{ date: holiday, name: 'Thanksgiving Day' }],
    };
    mockFetch(handlers);
    renderWithProviders(<DividendCalendarRoute />);
    const card = async () => {
      await screen.findByText('Market closed: Thanksgiving Day');
      return document.querySelector(`[data-date="${holiday}"]`)!;
    };
    expect((await card()).textContent).toContain('Market closed: Thanksgiving Day');
    expect(screen.getAllByText(/Market closed/)).toHaveLength(1);
    cleanup();
    vi.unstubAllGlobals();
    onPhone();
    mockFetch(handlers);
    renderWithProviders(<DividendCalendarRoute />);
    // on a phone the day's one line says it in place of "No payouts" (pay dates are business days)
    const line = await card();
    expect(line.textContent).toContain('Market closed: Thanksgiving Day');
    expect(line.textContent).not.toContain('No payouts');
  });
});

describe('public dividend calendar: kinds (N1)', () => {
  it('a special paid beside the regular payout is its own card, marked "Special"', async () => {
    const today = MARKET_TODAY;
    mockFetch({
      'GET /api/dividends/calendar': [
        entry('N3SQ', today, { amount: '0.2', exDate: '2026-11-16', kind: 'regular' }),
        entry('N3SQ', today, { amount: '1', exDate: '2026-11-16', kind: 'special' }),
      ],
    });
    renderWithProviders(<DividendCalendarRoute />);
    await screen.findByText('$1.0000');
    const day = document.querySelector(`[data-date="${today}"]`) as HTMLElement;
    expect(day.textContent).toContain('2 payouts');
    const cards = within(day).getAllByRole('link');
    expect(cards.map((c) => within(c).queryByTestId('kind-badge')?.textContent ?? null)).toEqual([null, 'Special']);
  });
});
