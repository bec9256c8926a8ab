// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarWeeks } from '../../../lib/calendar-weeks.ts';
import { isoDate } from '../../../lib/format.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute from './dividend-calendar-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public dividend calendar', () => {
  it('20 skeletons, then 4 weeks of 7 days with payouts linking to /etf/{ticker}; today is marked', async () => {
    const today = isoDate(new Date());
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
    expect(calendarWeeks(new Date())[0]!.days).toContain(today);
  });

  it('error: "Failed to load dividend calendar" and "Please try again later"', async () => {
    mockFetch({ 'GET /api/dividends/calendar': { status: 500 } });
    renderWithProviders(<DividendCalendarRoute />);
    expect(await screen.findByText('Failed to load dividend calendar')).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
  });
});
