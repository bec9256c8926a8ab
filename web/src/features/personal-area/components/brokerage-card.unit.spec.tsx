// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrokerageAccount, BrokerageSyncResult } from '../../../../../contracts/brokerage.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BrokerageCard } from './brokerage-card.tsx';

const PORTAL = 'https://app.snaptrade.com/snapTrade/redeemToken?token=abc&connectionType=read';
const accounts: BrokerageAccount[] = [
  { id: 'a1', brokerageName: 'Robinhood', accountName: 'Individual', lastSyncedAt: '2026-01-23T17:00:00.000Z' },
  { id: 'a2', brokerageName: 'Fidelity', accountName: 'Roth IRA', lastSyncedAt: null },
];
const result: BrokerageSyncResult = { synced: 3, total: 7, created: 2, updated: 1, removed: 0, keptManual: ['YMAX'], notSynced: [{ ticker: 'MSTY', reason: 'Shares: Must be at most 1,000,000,000' }], payoutRecords: 0, syncedAt: '2026-01-23T18:00:00.000Z' };

/** A stand-in for the tab window.open gives back. */
let tab: { opener: unknown; location: { href: string }; close: ReturnType<typeof vi.fn> };
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tab = { opener: 'this page', location: { href: 'about:blank' }, close: vi.fn() };
  open = vi.fn(() => tab);
  vi.stubGlobal('open', open);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(handlers: Parameters<typeof mockFetch>[0], hasActivePremium = true) {
  const calls = mockFetch(handlers);
  renderWithProviders(<BrokerageCard userId="u-9" hasActivePremium={hasActivePremium} />);
  return calls;
}

const count = (calls: MockRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;

describe('brokerage card', () => {
  it('free plan: the upsell, and no brokerage request', async () => {
    const calls = renderCard({}, false);
    expect(await screen.findByText('Upgrade to Premium - $9.99/month')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/brokerage'))).toEqual([]);
  });

  it('says sync is not available yet when the server has no SnapTrade keys', async () => {
    const calls = renderCard({ 'GET /api/brokerage/status': { available: false, registered: false, lastSyncedAt: null } });
    expect(await screen.findByText('Not available yet')).toBeTruthy();
    expect(screen.getByText(/Brokerage sync is not available yet/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(count(calls, 'GET', '/api/brokerage/accounts')).toBe(0);
  });

  it('connects: registers (toast), then opens the read-only portal in a new tab cut off from this page', async () => {
    let registered = false;
    const calls = renderCard({
      'GET /api/brokerage/status': () => ({ available: true, registered, lastSyncedAt: null }),
      'POST /api/brokerage/register': () => {
        registered = true;
        return { status: 201, body: { registered: true, registeredAt: '2026-01-23T17:00:00.000Z' } };
      },
      'GET /api/brokerage/connection-url': { url: PORTAL },
      'GET /api/brokerage/accounts': [],
    });
    // not registered yet: the accounts are not asked for
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Brokerage' }));
    expect(await screen.findByText('Registered with brokerage service')).toBeTruthy();
    await waitFor(() => expect(tab.location.href).toBe(PORTAL));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const order = calls.filter((c) => c.url.pathname !== '/api/brokerage/status').map((c) => `${c.method} ${c.url.pathname}`);
    expect(order.slice(0, 2)).toEqual(['POST /api/brokerage/register', 'GET /api/brokerage/connection-url']);
    expect(await screen.findByText(/Finish connecting in the new tab/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Accounts' }));
    await waitFor(() => expect(count(calls, 'GET', '/api/brokerage/accounts')).toBeGreaterThanOrEqual(2));
  });

  it('the first account arriving updates the card in place: "Refresh Accounts" keeps the focus', async () => {
    let list: BrokerageAccount[] = [];
    renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': () => list,
      'GET /api/brokerage/connection-url': { url: PORTAL },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Brokerage' }));
    const refresh = await screen.findByRole('button', { name: 'Refresh Accounts' });
    refresh.focus();
    list = accounts;
    fireEvent.click(refresh);
    expect(await screen.findByRole('list', { name: 'Connected brokerage accounts' })).toBeTruthy();
    expect(refresh.isConnected).toBe(true);
    expect(document.activeElement).toBe(refresh);
  });

  it('"Failed to register" with the server message; the blank tab is closed and no link asked', async () => {
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: false, lastSyncedAt: null },
      'POST /api/brokerage/register': { status: 502, body: { message: 'The brokerage service (SnapTrade) could not complete the request.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Brokerage' }));
    expect(await screen.findByText('Failed to register')).toBeTruthy();
    expect(screen.getByText('The brokerage service (SnapTrade) could not complete the request.')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(count(calls, 'GET', '/api/brokerage/connection-url')).toBe(0);
  });

  it('"Failed to get connection URL" (registered already: no second registration)', async () => {
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': [],
      'GET /api/brokerage/connection-url': { status: 502, body: { message: 'SnapTrade did not answer in time.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Brokerage' }));
    expect(await screen.findByText('Failed to get connection URL')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(count(calls, 'POST', '/api/brokerage/register')).toBe(0);
  });

  it('with accounts: the count badge, each account with its last sync, "Sync Portfolio" and "Add Another Account"', async () => {
    renderCard({ 'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null }, 'GET /api/brokerage/accounts': accounts });
    expect(await screen.findByLabelText('2 connected accounts')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Connected brokerage accounts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Robinhood · IndividualLast synced Jan 23, 12:00 PM ET', 'Fidelity · Roth IRANot synced yet']);
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-23T17:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Sync Portfolio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Another Account' })).toBeTruthy();
  });

  it('syncs: "Portfolio synced successfully" with the spec description, then the accounts are read again (with their last sync)', async () => {
    let answer: (value: BrokerageSyncResult) => void = () => {};
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': accounts,
      'POST /api/brokerage/sync': () => new Promise<BrokerageSyncResult>((resolve) => (answer = resolve)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync Portfolio' }));
    expect(((await screen.findByRole('button', { name: 'Syncing...' })) as HTMLButtonElement).disabled).toBe(true);
    answer(result);
    expect(await screen.findByText('Portfolio synced successfully')).toBeTruthy();
    expect(screen.getByText('Synced 3 weekly dividend ETFs from 7 total holdings')).toBeTruthy();
    expect(screen.getByTestId('brokerage-sync-result').textContent).toBe('Synced 3 weekly dividend ETFs from 7 total holdings. Kept as you entered them: YMAX. Not synced: MSTY (Shares: Must be at most 1,000,000,000).');
    await waitFor(() => expect(count(calls, 'GET', '/api/brokerage/accounts')).toBe(2));
  });

  it('"Failed to sync portfolio" with the server message; nothing is read again', async () => {
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': accounts,
      'POST /api/brokerage/sync': { status: 502, body: { message: 'The brokerage service (SnapTrade) did not answer in time. Nothing was changed; please try again.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync Portfolio' }));
    expect(await screen.findByText('Failed to sync portfolio')).toBeTruthy();
    expect(screen.getByText('The brokerage service (SnapTrade) did not answer in time. Nothing was changed; please try again.')).toBeTruthy();
    expect(count(calls, 'GET', '/api/brokerage/accounts')).toBe(1);
  });

  it('"Add Another Account" opens a new connection link without registering again', async () => {
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': accounts,
      'GET /api/brokerage/connection-url': { url: PORTAL },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Another Account' }));
    await waitFor(() => expect(tab.location.href).toBe(PORTAL));
    expect(count(calls, 'POST', '/api/brokerage/register')).toBe(0);
    expect(screen.queryByText('Registered with brokerage service')).toBeNull();
  });

  it('the accounts fail to load: says so with a way to try again (never retried by itself)', async () => {
    const calls = renderCard({
      'GET /api/brokerage/status': { available: true, registered: true, lastSyncedAt: null },
      'GET /api/brokerage/accounts': { status: 502, body: { message: 'SnapTrade is down.' } },
    });
    expect(await screen.findByText(/Could not load your brokerage accounts. SnapTrade is down./)).toBeTruthy();
    expect(count(calls, 'GET', '/api/brokerage/accounts')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(count(calls, 'GET', '/api/brokerage/accounts')).toBe(2));
  });
});
