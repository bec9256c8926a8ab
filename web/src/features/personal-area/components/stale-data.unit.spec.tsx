// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaleData } from '../../../../../contracts/market.ts';
import { etf, holdingView } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HoldingsList } from './holdings-list.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The metrics audit's N3CL (N5): the last close Wednesday 2026-09-30, the market date 2026-11-27.
const stale: StaleData = { since: '2026-09-30', reason: 'no-recent-price' };
const closed = { ticker: 'N3CL', currentPrice: '10.00', asOf: '2026-11-27', priceAsOf: '2026-09-30', stale, nextExDividend: null };
const NOTE = 'Stale data: no new price since Sep 30, 2026, so the figures use that price. No payout is projected for this fund until data resumes.';

describe('stale data on a holding card (audit N5)', () => {
  it('a holding card: the badge, the price date and that nothing is projected (no payback date)', () => {
    renderWithProviders(
      <HoldingsList
        holdings={[
          holdingView({ etf: etf(closed), purchasePrice: '10', costBasis: '1000.00', currentPrice: '10.00', currentValue: '1000.00', incomeReceived: '170.00', projectedAnnualIncome: null, houseMoneyPercent: '17.00', houseMoneyDate: null }),
        ]}
      />,
    );
    const card = screen.getByTestId('holding');
    expect(within(card).getByTestId('stale-data-badge').getAttribute('title')).toBe(NOTE);
    expect(within(card).getByTestId('holding-price-as-of').textContent).toBe('as of Sep 30');
    expect(within(card).getByTestId('house-money').textContent).toBe('House money: 17.00%');
    expect(within(card).getByTestId('holding-stale-note').textContent).toBe('No payouts, income or payback date projected until the fund’s data resumes.');
  });
});
