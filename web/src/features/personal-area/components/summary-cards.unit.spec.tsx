// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { etf, holdingView } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { portfolioSummary } from '../portfolio-summary.ts';
import { SummaryCards } from './summary-cards.tsx';

afterEach(cleanup);

// The metrics audit's N12: the card said "At the recent weekly average" under a sum of the holdings'
// projectedAnnualIncome, which the server computes at the latest declared distribution (docs/metrics.md).
describe('Projected Annual Income says what it is computed from (audit N12)', () => {
  it('the latest declared payout × payouts a year × the shares held, summed over the holdings', () => {
    // AUDC of docs/metrics.md: 10.5 shares, $0.50 cut to $0.10: 10.5 x 0.10 x 52 = 54.60
    renderWithProviders(<SummaryCards summary={portfolioSummary([holdingView({ etf: etf({ ticker: 'AUDC' }), projectedAnnualIncome: '54.60' })])} />);
    expect(screen.getByTestId('projected-income').textContent).toBe('$54.60');
    const hint = screen.getByTestId('projected-income-basis');
    expect(hint.textContent).toBe('Latest declared payout × payouts a year × your shares');
    expect(hint.getAttribute('title')).toBe(
      'For each holding: the shares you hold now × the latest distribution the fund declared × its payouts a year (52 for a weekly fund). Not the average of recent payouts: after a cut that would overstate it.',
    );
    expect(screen.queryByText(/weekly average/i)).toBeNull();
    expect(screen.queryByTestId('projected-income-stale')).toBeNull();
  });

  it('names the holdings left out because their fund is stale (nothing is projected for them)', () => {
    const stale = { since: '2026-09-30', reason: 'no-recent-price' as const };
    const summary = portfolioSummary([
      holdingView({ etf: etf({ ticker: 'AUDC' }), projectedAnnualIncome: '54.60' }),
      holdingView({ id: 'h2', etf: etf({ ticker: 'N3CL', stale, priceAsOf: '2026-09-30' }), projectedAnnualIncome: null }),
    ]);
    expect(summary.staleTickers).toEqual(['N3CL']);
    renderWithProviders(<SummaryCards summary={summary} />);
    expect(screen.getByTestId('projected-income').textContent).toBe('$54.60');
    expect(screen.getByTestId('projected-income-stale').textContent).toBe('Leaves out N3CL (stale data)');
  });
});
