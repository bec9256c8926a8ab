// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { etf, holdingView } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HoldingsList } from './holdings-list.tsx';

afterEach(cleanup);

const withCost = { etf: etf({ currentPrice: '13.50' }), purchasePrice: '15.50', costBasis: '1550.00', currentPrice: '13.50', currentValue: '1350.00' };

describe('the house money line on a holding', () => {
  it('shows the percent paid back and the projected date', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ ...withCost, incomeReceived: '85.00', houseMoneyPercent: '5.48', houseMoneyDate: '2026-08-14', houseMoneyReached: false })]} />);
    expect(screen.getByTestId('house-money').textContent).toBe('House money: 5.48% · 100% by Aug 14, 2026 (projected)');
  });

  it('shows the day it was paid back once reached', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ ...withCost, houseMoneyPercent: '106.25', houseMoneyDate: '2025-06-27', houseMoneyReached: true })]} />);
    expect(screen.getByTestId('house-money').textContent).toBe('House money: 106.25% · Paid back on Jun 27, 2025');
  });

  it('shows the percent alone without an income rate to project from', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ ...withCost, houseMoneyPercent: '0.00', houseMoneyDate: null })]} />);
    expect(screen.getByTestId('house-money').textContent).toBe('House money: 0.00%');
  });

  it('shows nothing without a purchase price', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ etf: etf(), houseMoneyPercent: null })]} />);
    const row = screen.getByTestId('holding');
    expect(within(row).queryByTestId('house-money')).toBeNull();
    expect(row.textContent).not.toContain('House money');
  });
});
