// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserCalendarEntry } from '../../../../../contracts/portfolio.ts';
import type { LedgerPayout } from '../../../../../contracts/payouts.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { MARKET_NOW, MARKET_TODAY } from '../../../testing/clock.ts';
import { etf, holdingView, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HoldingsList } from './holdings-list.tsx';
import { UpcomingPayouts } from './upcoming-payouts.tsx';

/** Issue 28: the payout's state on a holding and on the personal calendar, and a hand mark. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const latest = (status: NonNullable<ReturnType<typeof holdingView>['latestPayout']>['status'], received: string | null = null) => ({
  exDate: '2026-11-20',
  payDate: '2026-11-23',
  status,
  expected: '15.00',
  received,
});

describe('the latest payout on a holding', () => {
  it.each([
    ['entitled', null, 'Entitled'],
    ['paid', null, 'Paid'],
    ['received', '40.00', 'Received $40.00'],
    ['short', '13.00', 'Short $13.00 of $15.00'],
    ['missing', null, 'Missing'],
  ] as const)('%s (received %s): "%s"', (status, received, text) => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ etf: etf(), source: 'brokerage', latestPayout: latest(status, received) })]} />);
    const line = screen.getByTestId('latest-payout');
    expect(within(line).getByTestId('payout-status').textContent).toBe(text);
    expect(line.textContent).toContain('Latest payout Nov 23:');
    // a synced holding is confirmed by its brokerage: no hand mark offered
    expect(within(line).queryByTestId('mark-received')).toBeNull();
  });

  it('Income Received says what of it is confirmed and what is not counted: "$13.00 confirmed · $15.00 missing · $2.00 short"', () => {
    renderWithProviders(
      <HoldingsList
        holdings={[
          holdingView({ etf: etf(), source: 'brokerage', incomeReceived: '13.00', incomeConfirmed: '13.00', incomeUnconfirmed: '0.00', incomeMissing: '15.00', incomeShortfall: '2.00' }),
        ]}
      />,
    );
    const line = screen.getByTestId('holding-income-confirmation');
    expect(line.textContent).toBe('$13.00 confirmed · $15.00 missing · $2.00 short');
    expect(line.getAttribute('title')).toBe(
      'Confirmed: your brokerage or your mark says it arrived. Expected, not yet confirmed: paid by the fund, nothing says it arrived yet. Missing and short amounts are not counted.',
    );
  });

  it('a hand-entered holding with nothing marked: "$117.13 expected, not yet confirmed"; no line without income', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ etf: etf(), incomeReceived: '117.13', incomeUnconfirmed: '117.13' })]} />);
    expect(screen.getByTestId('holding-income-confirmation').textContent).toBe('$117.13 expected, not yet confirmed');
    cleanup();
    renderWithProviders(<HoldingsList holdings={[holdingView({ etf: etf() })]} />);
    expect(screen.queryByTestId('holding-income-confirmation')).toBeNull();
  });

  it('nothing without a latest payout', () => {
    renderWithProviders(<HoldingsList holdings={[holdingView({ etf: etf(), latestPayout: null })]} />);
    expect(screen.queryByTestId('latest-payout')).toBeNull();
  });

  it('a paid hand-entered payout: "Mark received" prefilled with the expected amount; the server\'s message under the field; then a toast', async () => {
    const requests = mockFetch({
      'POST /api/user/payouts/h1/2026-11-20/received': (request: MockRequest) =>
        (request.body as { amount: string }).amount === '0'
          ? { status: 400, body: { message: 'Amount must be a positive number' } }
          : { holdingId: 'h1', exDate: '2026-11-20', received: '14.50', status: 'short' },
    });
    renderWithProviders(<HoldingsList holdings={[holdingView({ id: 'h1', etf: etf({ ticker: 'NVDW' }), source: 'manual', latestPayout: latest('paid') })]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark received: NVDW Nov 23' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark NVDW received' });
    const field = within(dialog).getByLabelText('Amount received ($)') as HTMLInputElement;
    expect(field.value).toBe('15.00');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect((await within(dialog).findByText('Amount must be a positive number')).tagName).toBe('P');
    fireEvent.change(field, { target: { value: '14.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect((await screen.findByText('NVDW Nov 23: $14.50 received.')).textContent).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.body)).toEqual([{ amount: '0' }, { amount: '14.50' }]);
    // the row did not follow the clicks in the dialog to the fund's page
    expect(screen.getByTestId('holding')).toBeTruthy();
  });
});

function entry(overrides: Partial<UserCalendarEntry>): UserCalendarEntry {
  return {
    etfId: 'e1',
    ticker: 'NVDW',
    payoutDate: MARKET_TODAY,
    amount: '0.4000',
    shares: '10',
    estimatedPayout: '4.00',
    estimated: false,
    kind: 'regular',
    paid: false,
    isDemo: false,
    distributionId: 'e1_x',
    payoutStatus: 'declared',
    receivedAmount: null,
    ...OWNER_ORIGIN,
    ...overrides,
  };
}

describe('the payout states on the personal calendar', () => {
  it('each payout shows its state; a projection keeps "Est."; a paid hand-entered payout can be marked from its ledger entry', async () => {
    const ledger: LedgerPayout = {
      holdingId: 'h1',
      etfId: 'e1',
      ticker: 'NVDW',
      kind: 'regular',
      exDate: '2026-11-19',
      payDate: MARKET_TODAY,
      entitledShares: '10.000000',
      amountPerShare: '0.4',
      expected: '4.00',
      received: null,
      status: 'paid',
      match: null,
      brokerageSynced: false,
      distributionIds: ['d1'],
    };
    mockFetch({
      'GET /api/user/dividends/calendar': [
        entry({ paid: true, payoutStatus: 'paid' }),
        entry({ etfId: 'e2', ticker: 'XDTE', paid: true, payoutStatus: 'short', receivedAmount: '3.00' }),
        entry({ etfId: 'e3', ticker: 'TSYY', paid: true, payoutStatus: 'received', receivedAmount: '4.00' }),
        entry({ etfId: 'e4', ticker: 'AAPW', estimated: true, payoutStatus: 'projected' }),
      ],
      'GET /api/user/payouts': { asOf: MARKET_TODAY, from: '2026-08-01', to: '2026-12-31', payouts: [ledger], unmatched: [] },
    });
    const holdings = [holdingView({ id: 'h1', etfId: 'e1', etf: etf({ id: 'e1', ticker: 'NVDW' }), source: 'manual' })];
    renderWithProviders(<UpcomingPayouts now={new Date(MARKET_NOW)} holdings={holdings} />);
    await screen.findByRole('button', { name: `Mark received: NVDW ${formatShortDate(MARKET_TODAY)}` }, { timeout: 5000 });
    const byTicker = (t: string) => screen.getAllByTestId('payout').find((li) => within(li).queryByText(t))!;
    expect(within(byTicker('NVDW')).getByTestId('payout-status').textContent).toBe('Paid');
    expect(within(byTicker('XDTE')).getByTestId('payout-status').textContent).toBe('Short $3.00 of $4.00');
    expect(within(byTicker('TSYY')).getByTestId('payout-status').textContent).toBe('Received $4.00');
    expect(within(byTicker('AAPW')).queryByTestId('payout-status')).toBeNull();
    expect(within(byTicker('AAPW')).getByText('Est.')).toBeTruthy();
    expect(screen.getAllByTestId('mark-received')).toHaveLength(1);
  });
});
