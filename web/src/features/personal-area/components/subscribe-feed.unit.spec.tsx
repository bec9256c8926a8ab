// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SubscribeFeed, subscribeTexts } from './subscribe-feed.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const first = { url: 'https://weeklydiv.test/api/calendar-feeds/AAAA.mac1.ics', webcalUrl: 'webcal://weeklydiv.test/api/calendar-feeds/AAAA.mac1.ics' };
const second = { url: 'https://weeklydiv.test/api/calendar-feeds/BBBB.mac2.ics', webcalUrl: 'webcal://weeklydiv.test/api/calendar-feeds/BBBB.mac2.ics' };

describe('Subscribe (the private payout feed)', () => {
  it('asks for the feed only when opened, shows the link, copies it and opens it as webcal', async () => {
    const calls = mockFetch({ 'GET /api/user/calendar-feed': first });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<SubscribeFeed />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: subscribeTexts.title });
    const input = await screen.findByDisplayValue(first.url);
    expect(input).toHaveProperty('readOnly', true);
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(first.webcalUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Calendar link copied to clipboard');
    expect(writeText).toHaveBeenCalledWith(first.url);
    expect(dialog.textContent).toContain('Anyone with the link can see them.');
    // what else replaces the link (audit I1)
    expect(dialog.textContent).toContain('A password reset and "Log out on every device" (My Account) make a new link too.');
  });

  it('Reset link replaces the shown link and says the old one no longer works', async () => {
    const calls = mockFetch({ 'GET /api/user/calendar-feed': first, 'POST /api/user/calendar-feed/rotate': second });
    renderWithProviders(<SubscribeFeed />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByDisplayValue(first.url);
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    await screen.findByDisplayValue(second.url);
    await screen.findByText('Calendar link reset. The old link no longer works.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/user/calendar-feed/rotate']);
  });

  it("shows the server's message when the link cannot be loaded, and offers no action on it", async () => {
    mockFetch({ 'GET /api/user/calendar-feed': { status: 500, body: { message: 'Internal Server Error' } } });
    renderWithProviders(<SubscribeFeed />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByText(/^Failed to load your calendar link/)).textContent).toBe('Failed to load your calendar link: Internal Server Error');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy link' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: 'Reset link' })).toHaveProperty('disabled', true);
  });
});
