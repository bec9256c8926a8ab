// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixClock, setBrowserZone } from '../../../testing/clock.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import DividendCalendarRoute from './dividend-calendar-route.tsx';

let undoZone: (() => void) | undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  undoZone?.();
  undoZone = undefined;
});

// Issue 29, W5: one "today" across the product, New York's (the market's and the server's), whatever
// the browser's zone. The personal area's payouts already used it; the public calendar used the local date.
describe('public dividend calendar: today is New York\'s date', () => {
  it('a browser on UTC at 00:30 on Saturday 28 November marks Friday 27 November (New York, 19:30) as today', async () => {
    undoZone = setBrowserZone('UTC');
    fixClock('2026-11-28T00:30:00.000Z');
    mockFetch({ 'GET /api/dividends/calendar': [] });
    renderWithProviders(<DividendCalendarRoute />);
    await screen.findByText('Week 1 (Nov 23 - Nov 29)');
    expect(document.querySelector('[aria-current="date"]')?.getAttribute('data-date')).toBe('2026-11-27');
  });

  it('a browser in Tokyo on Monday 30 November 09:00 still shows the week of Sunday 29 November (New York, 19:00)', async () => {
    undoZone = setBrowserZone('Asia/Tokyo');
    fixClock('2026-11-30T00:00:00.000Z');
    mockFetch({ 'GET /api/dividends/calendar': [] });
    renderWithProviders(<DividendCalendarRoute />);
    await screen.findByText('Week 1 (Nov 23 - Nov 29)');
    expect(document.querySelector('[aria-current="date"]')?.getAttribute('data-date')).toBe('2026-11-29');
  });
});
