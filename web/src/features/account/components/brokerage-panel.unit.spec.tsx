// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BrokeragePanel } from './brokerage-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const premium = user({ subscriptionTier: 'premium', subscriptionStatus: 'active' });

describe('account page: brokerage panel', () => {
  it('renders nothing when signed out', async () => {
    const calls = mockFetch({ 'GET /api/user': { status: 401 } });
    const { container } = renderWithProviders(<BrokeragePanel />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/user')).toBe(true));
    expect(container.querySelector('[data-testid="brokerage-panel"]')).toBeNull();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/brokerage'))).toEqual([]);
  });

  it('free plan: what Premium adds and the way to it, no brokerage request', async () => {
    const calls = mockFetch({ 'GET /api/user': user() });
    renderWithProviders(<BrokeragePanel />);
    const panel = await screen.findByTestId('brokerage-panel');
    expect(within(panel).getByRole('heading', { name: 'Brokerage connections' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).getAttribute('href')).toBe('/pricing');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/brokerage'))).toEqual([]);
  });

  it('Premium: the connect flow first, then the accounts with a count badge, "Sync Portfolio" and "Add Another Account"', async () => {
    let connected = false;
    const tab = { opener: 'x' as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    mockFetch({
      'GET /api/user': premium,
      'GET /api/brokerage/status': () => ({ available: true, registered: connected, lastSyncedAt: null }),
      'POST /api/brokerage/register': () => {
        connected = true;
        return { status: 201, body: { registered: true, registeredAt: '2026-01-23T17:00:00.000Z' } };
      },
      'GET /api/brokerage/connection-url': { url: 'https://app.snaptrade.com/snapTrade/redeemToken?token=t' },
      'GET /api/brokerage/accounts': () => (connected ? [{ id: 'a1', brokerageName: 'Schwab', accountName: 'Brokerage', lastSyncedAt: null }] : []),
    });
    renderWithProviders(<BrokeragePanel />);
    const panel = await screen.findByTestId('brokerage-panel');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Connect Brokerage' }));
    expect(await screen.findByText('Registered with brokerage service')).toBeTruthy();
    // the status is read again after registering, and with it the accounts
    expect(await within(panel).findByLabelText('1 connected account')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sync Portfolio' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Add Another Account' })).toBeTruthy();
    expect(within(panel).getByText('Not synced yet')).toBeTruthy();
    expect(tab.location.href).toBe('https://app.snaptrade.com/snapTrade/redeemToken?token=t');
  });
});
