// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { etf, holdingView } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { portfolioSummary } from '../portfolio-summary.ts';
import { HoldingsList } from './holdings-list.tsx';
import { SummaryCards } from './summary-cards.tsx';

/**
 * Issue 27 on a holding, with the hand-computed cases of docs/metrics.md "Return of capital and true
 * income": the income received split into income and capital returned, the adjusted cost basis (never
 * below zero, the rest a capital gain), gain, house money and yield on cost on both bases, and the traces.
 */

afterEach(cleanup);

/** Case 2 (FINW): 200 shares at $10.00, six payments of $50.00; 2025's final figures and one estimate. */
const finw = holdingView({
  etf: etf({ ticker: 'FINW', currentPrice: '10.00' }),
  shares: '200',
  sharesBought: '200',
  currentShares: '200',
  purchasePrice: '10',
  purchaseDate: '2025-12-01',
  currentPrice: '10.00',
  currentValue: '2000.00',
  costBasis: '2000.00',
  incomeReceived: '300.00',
  paymentsReceived: 6,
  projectedAnnualIncome: '2600.00',
  gain: '300.00',
  gainPercent: '15.00',
  priceChange: '0.00',
  distributionReturn: '300.00',
  houseMoneyPercent: '15.00',
  capitalReturned: '291.00',
  incomeReceivedNet: '9.00',
  capitalReturnedBasis: { payouts: 6, final: 5, estimated: 1, notPublished: 0 },
  adjustedCostBasis: '1709.00',
  capitalGainFromRoc: '0.00',
  gainOnAdjustedCost: '291.00',
  gainOnAdjustedCostPercent: '17.03',
  houseMoneyOnAdjustedCostPercent: '0.53',
  projectedAnnualIncomeNet: '78.00',
  yieldOnCost: '130.00',
  yieldOnAdjustedCost: '4.56',
  explain: {
    ...holdingView().explain,
    adjustedCostBasis: {
      formula: 'Σ over lots of max(0, lot cost − the capital returned on its shares)',
      inputs: { costBasis: '2000', reinvestedCost: '0', capitalReturned: '291', capitalGainFromRoc: '0', lots: 1 },
    },
    yieldOnAdjustedCost: {
      formula: 'projectedAnnualIncome × (100 − rocShareTtm) / 100 / adjustedCostBasis × 100',
      inputs: { projectedAnnualIncome: '2600', rocShareTtm: '97', projectedAnnualIncomeNet: '78', adjustedCostBasis: '1709' },
    },
  },
});

/** Case 3 (ZERW): the cost driven to zero, $40.00 returned beyond it. */
const zerw = holdingView({
  ...finw,
  etf: etf({ ticker: 'ZERW', currentPrice: '1.50' }),
  shares: '100',
  costBasis: '200.00',
  currentValue: '150.00',
  incomeReceived: '240.00',
  paymentsReceived: 24,
  gain: '190.00',
  gainPercent: '95.00',
  houseMoneyPercent: '120.00',
  capitalReturned: '240.00',
  incomeReceivedNet: '0.00',
  capitalReturnedBasis: { payouts: 24, final: 0, estimated: 24, notPublished: 0 },
  adjustedCostBasis: '0.00',
  capitalGainFromRoc: '40.00',
  gainOnAdjustedCost: '150.00',
  gainOnAdjustedCostPercent: null,
  houseMoneyOnAdjustedCostPercent: null,
  projectedAnnualIncome: '520.00',
  projectedAnnualIncomeNet: '0.00',
  yieldOnCost: '260.00',
  yieldOnAdjustedCost: null,
});

function showHolding(h: HoldingView) {
  return renderWithProviders(<HoldingsList holdings={[h]} />, { route: '/my-weeklydiv', path: '/my-weeklydiv', routes: [{ path: '/etfs/:brand/:ticker', element: <p>fund page</p> }] });
}

function openPanel(): HTMLElement {
  const toggle = screen.getByRole('button', { name: 'Return of capital and cost basis' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return document.getElementById(toggle.getAttribute('aria-controls')!)!;
}

const lines = (group: HTMLElement) => within(group).getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);

describe("a holding's return of capital", () => {
  it('the income received splits into income and capital returned, under the figure', () => {
    showHolding(finw);
    expect(screen.getByTestId('holding-income-split').textContent).toBe('Income $9.00 · Capital returned $291.00');
  });

  it('on your purchase cost and on your adjusted cost: cost, gain, house money, yield on cost (case 2)', () => {
    const { router } = showHolding(finw);
    const panel = openPanel();
    expect(lines(within(panel).getByTestId('roc-income'))).toEqual(['Received: $300.00', 'Income: $9.00', 'Capital returned: $291.00']);
    expect(within(panel).getByTestId('roc-income').textContent).toContain('6 payments: 5 final, 1 estimated.');
    expect(lines(within(panel).getByTestId('roc-cost'))).toEqual(['On your purchase cost: $2,000.00', 'On your adjusted cost: $1,709.00']);
    expect(within(panel).queryByTestId('roc-capital-gain')).toBeNull();
    expect(lines(within(panel).getByTestId('roc-gain'))).toEqual(['On your purchase cost: +$300.00 (+15.00%)', 'On your adjusted cost: +$291.00 (+17.03%)']);
    expect(lines(within(panel).getByTestId('roc-house-money'))).toEqual(['On your purchase cost: 15.00%', 'On your adjusted cost: 0.53%']);
    expect(lines(within(panel).getByTestId('roc-yield'))).toEqual(['On your purchase cost: 130.00%', 'On your adjusted cost: 4.56%']);
    expect(within(panel).getByTestId('roc-yield').textContent).toContain('the income part of the projected income ($78.00 a year)');

    // the traces: one per new figure, named for the holding
    for (const name of ['Capital returned', 'Adjusted cost', 'Gain on your adjusted cost', 'House money on your adjusted cost']) {
      expect(within(panel).getByRole('button', { name: `How is this computed? (${name}, FINW)` })).toBeTruthy();
    }
    const adjusted = within(panel).getByRole('button', { name: 'How is this computed? (Adjusted cost, FINW)' });
    fireEvent.click(adjusted);
    const trace = document.getElementById(adjusted.getAttribute('aria-controls')!)!;
    expect(trace.textContent).toContain('Σ over lots of max(0, lot cost − the capital returned on its shares)');
    expect(trace.textContent).toContain('Purchase cost costBasis2000');
    expect(trace.textContent).toContain('Capital returned capitalReturned291');
    const yieldAdjusted = within(panel).getByRole('button', { name: 'How is this computed? (adjusted cost) (Yield on your adjusted cost, FINW)' });
    fireEvent.click(yieldAdjusted);
    expect(document.getElementById(yieldAdjusted.getAttribute('aria-controls')!)!.textContent).toContain('Projected annual income, income part projectedAnnualIncomeNet78');
    expect(within(panel).getByRole('button', { name: 'How is this computed? (purchase cost) (Yield on your purchase cost, FINW)' })).toBeTruthy();

    // a click in the panel stays on the page (the holding's row opens the fund's page)
    fireEvent.click(within(panel).getByText('Yield on cost'));
    expect(router.state.location.pathname).toBe('/my-weeklydiv');
  });

  it('a cost basis driven to zero: $0.00, what went beyond it shown as a capital gain, the percents on it N/A (case 3)', () => {
    showHolding(zerw);
    const panel = openPanel();
    expect(lines(within(panel).getByTestId('roc-cost'))).toEqual(['On your purchase cost: $200.00', 'On your adjusted cost: $0.00']);
    expect(within(panel).getByTestId('roc-capital-gain').textContent).toBe(
      'Capital returned beyond your cost: $40.00, a capital gain (the adjusted cost stops at $0.00).',
    );
    expect(lines(within(panel).getByTestId('roc-gain'))).toEqual(['On your purchase cost: +$190.00 (+95.00%)', 'On your adjusted cost: +$150.00']);
    expect(lines(within(panel).getByTestId('roc-house-money'))).toEqual(['On your purchase cost: 120.00%', 'On your adjusted cost: N/A']);
    expect(lines(within(panel).getByTestId('roc-yield'))).toEqual(['On your purchase cost: 260.00%', 'On your adjusted cost: N/A']);
  });

  it('with DRIP the adjusted cost says it holds what the reinvested payments cost (case 4)', () => {
    showHolding(holdingView({ ...finw, isDrip: 1, reinvestedCost: '30.30', adjustedCostBasis: '1015.15' }));
    const panel = openPanel();
    expect(within(panel).getByTestId('roc-cost').textContent).toContain('The adjusted cost includes the $30.30 your reinvested payments cost.');
  });

  it('without a purchase price: the income split only, and what a price would add', () => {
    showHolding(holdingView({ ...finw, purchasePrice: null, costBasis: null, gain: null, gainPercent: null, houseMoneyPercent: null, adjustedCostBasis: null, capitalGainFromRoc: null, gainOnAdjustedCost: null, yieldOnCost: null, yieldOnAdjustedCost: null }));
    const panel = openPanel();
    expect(within(panel).getByTestId('roc-income')).toBeTruthy();
    expect(within(panel).queryByTestId('roc-cost')).toBeNull();
    expect(panel.textContent).toContain('Add a purchase price to see your cost basis, gain, house money and yield on cost on both bases.');
  });

  it('nothing to show before a payment without a purchase price', () => {
    showHolding(holdingView({ etf: etf() }));
    expect(screen.queryByRole('button', { name: 'Return of capital and cost basis' })).toBeNull();
    expect(screen.queryByTestId('holding-income-split')).toBeNull();
  });
});

describe('the portfolio: Income Received splits into income and capital returned', () => {
  it('sums the holdings in cents', () => {
    const summary = portfolioSummary([finw, holdingView({ ...zerw, id: 'h2' })]);
    expect(summary.capitalReturned).toBe(531);
    expect(summary.incomeReceivedNet).toBe(9);
    renderWithProviders(<SummaryCards summary={summary} />);
    expect(screen.getByTestId('income-received').textContent).toBe('$540.00');
    expect(screen.getByTestId('income-split').textContent).toBe('Income $9.00 · Capital returned $531.00');
  });

  it("gives the gain on the adjusted cost too: 291 + 150 over 1,709 + 0, and the 40 beyond ZERW's cost", () => {
    const summary = portfolioSummary([finw, holdingView({ ...zerw, id: 'h2' })]);
    // by hand: the total gain 300 + 190 = 490 = (291 + 150) on the adjusted cost + 9 income + 40 beyond the cost
    expect(summary.totalGain).toBe(490);
    expect(summary.adjusted).toEqual({ gain: 441, cost: 1709, percent: (441 / 1709) * 100, capitalGainFromRoc: 40 });
    renderWithProviders(<SummaryCards summary={summary} />);
    expect(screen.getByTestId('total-gain-adjusted').textContent).toBe('On your adjusted cost +$441.00 (+25.8%), plus $40.00 of capital returned beyond your cost');
  });

  it('says nothing of the adjusted cost while no capital came back', () => {
    renderWithProviders(<SummaryCards summary={portfolioSummary([holdingView({ etf: etf(), gain: '10.00', costBasis: '100.00', gainOnAdjustedCost: '10.00', adjustedCostBasis: '100.00' })])} />);
    expect(screen.queryByTestId('total-gain-adjusted')).toBeNull();
  });

  it('says nothing of it before any income', () => {
    renderWithProviders(<SummaryCards summary={portfolioSummary([holdingView({ etf: etf() })])} />);
    expect(screen.queryByTestId('income-split')).toBeNull();
  });
});
