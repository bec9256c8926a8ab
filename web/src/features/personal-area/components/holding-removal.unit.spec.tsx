// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { etf, holdingView } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HoldingsList } from './holdings-list.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Issue 29, W11: removing a holding took one click (its purchase price, date and DRIP history gone
 * with it), and a synced holding looked like a manual one although a sync brings it back.
 */
const nvdw = (overrides: Partial<HoldingView> = {}) => holdingView({ id: 'h1', etf: etf({ ticker: 'NVDW' }), purchasePrice: '38.00', purchaseDate: '2026-03-02', isDrip: 1, ...overrides });
const deletes = (calls: MockRequest[]) => calls.filter((c) => c.method === 'DELETE');

function setup(holding: HoldingView, brokerages: string[] = []) {
  const calls = mockFetch({
    'DELETE /api/user/portfolio/h1': { status: 204 },
    'GET /api/brokerage/status': { available: true, registered: brokerages.length > 0, lastSyncedAt: null, brokerages },
  });
  renderWithProviders(<HoldingsList holdings={[holding]} />);
  return calls;
}

describe('removing a holding asks first (W11)', () => {
  it('the bin opens a confirmation; Cancel keeps the holding, Remove deletes it with the spec toast', async () => {
    const calls = setup(nvdw());
    fireEvent.click(screen.getByRole('button', { name: 'Remove NVDW from portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove NVDW from your portfolio?' });
    expect(dialog.textContent).toContain('Its purchase price, purchase date and DRIP reinvestments go with it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove NVDW from portfolio' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Removed from portfolio');
    expect(deletes(calls).map((c) => c.url.pathname)).toEqual(['/api/user/portfolio/h1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a manual holding says nothing of a sync, and reads no brokerage status', async () => {
    const calls = setup(nvdw());
    expect(screen.queryByText(/Synced from/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove NVDW from portfolio' }));
    expect((await screen.findByRole('dialog')).textContent).not.toContain('sync');
    expect(calls.filter((c) => c.url.pathname === '/api/brokerage/status')).toHaveLength(0);
  });
});

describe('a synced holding says where it comes from (W11)', () => {
  it('"Synced from Robinhood" on the card; removing it by hand lasts until the next sync', async () => {
    setup(nvdw({ source: 'brokerage' }), ['Robinhood']);
    const row = screen.getByTestId('holding');
    expect((await within(row).findByText('Synced from Robinhood')).getAttribute('title')).toBe(
      'Your brokerage connection keeps this holding up to date: shares and average cost come from Robinhood at each sync.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove NVDW from portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove NVDW from your portfolio?' });
    expect(dialog.textContent).toContain('NVDW is synced from Robinhood: removing it here lasts until the next sync, which adds it again while your Robinhood account holds it.');
  });

  it('several brokerages are named together; none known reads "your brokerage"', async () => {
    setup(nvdw({ source: 'brokerage' }), ['Fidelity', 'Schwab']);
    expect(await screen.findByText('Synced from Fidelity and Schwab')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    setup(nvdw({ source: 'brokerage' }), []);
    expect(await screen.findByText('Synced from your brokerage')).toBeTruthy();
  });
});
