// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxPayment, TaxSummary, TaxTotals } from '../../../../../contracts/portfolio.ts';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch, type MockAnswer } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import TaxSummaryRoute from './tax-summary-route.tsx';

/**
 * The tax-year summary page with docs/metrics.md case 2 (FINW: 200 shares, $0.25 a week, 2025's final
 * figures recorded, the 2026-01-07 payout still estimated at 92 %), as `GET /api/user/tax-summary`
 * answers it on 2026-01-12: 2025 (four payments, all final) and 2026 (one final, one estimated).
 */

const DISCLAIMER = 'Not tax advice. This summary is for educational and informational purposes only and is not financial or tax advice. …';
const CSV = `"${DISCLAIMER}"\r\nYear,Ticker,Fund,Row\r\n2025,FINW,Final Figures WeeklyPay ETF,payment\r\n`;

const ALL_ROC = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' };

function payment(exDividendDate: string, payoutDate: string, parts: Partial<TaxPayment>): TaxPayment {
  return {
    exDividendDate,
    payoutDate,
    kind: 'regular',
    shares: '200',
    amountPerShare: '0.25',
    cash: '50.00',
    rocBasis: 'final',
    rocPercent: '100',
    rocEstimatePercent: '92',
    character: ALL_ROC,
    returnOfCapital: '50.00',
    income: '0.00',
    ordinary: '0.00',
    qualified: '0.00',
    capitalGain: '0.00',
    unclassifiedIncome: '0.00',
    ...parts,
  };
}

const totals2025: TaxTotals = { payouts: 4, final: 4, estimated: 0, notPublished: 0, cash: '200.00', returnOfCapital: '195.00', income: '5.00', ordinary: '2.50', qualified: '1.00', capitalGain: '1.50', unclassifiedIncome: '0.00' };
const totals2026: TaxTotals = { payouts: 2, final: 1, estimated: 1, notPublished: 0, cash: '100.00', returnOfCapital: '96.00', income: '4.00', ordinary: '0.00', qualified: '0.00', capitalGain: '0.00', unclassifiedIncome: '4.00' };
const fund = { etfId: 'e1', ticker: 'FINW', name: 'Final Figures WeeklyPay ETF', holdingId: 'h1' };

const SUMMARY: TaxSummary = {
  disclaimer: DISCLAIMER,
  asOf: '2026-01-12',
  year: null,
  years: [
    {
      year: 2025,
      funds: [
        {
          ...fund,
          payments: [
            payment('2025-12-03', '2025-12-04', {
              rocPercent: '90',
              character: { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' },
              returnOfCapital: '45.00',
              income: '5.00',
              ordinary: '2.50',
              qualified: '1.00',
              capitalGain: '1.50',
            }),
            payment('2025-12-10', '2025-12-11', {}),
            payment('2025-12-17', '2025-12-18', {}),
            payment('2025-12-24', '2025-12-26', {}),
          ],
          totals: totals2025,
        },
      ],
      totals: totals2025,
    },
    {
      year: 2026,
      funds: [
        {
          ...fund,
          payments: [
            payment('2025-12-31', '2026-01-02', {}),
            payment('2026-01-07', '2026-01-08', {
              rocBasis: 'estimate',
              rocPercent: '92',
              character: null,
              returnOfCapital: '46.00',
              income: '4.00',
              ordinary: null,
              qualified: null,
              capitalGain: null,
              unclassifiedIncome: '4.00',
            }),
          ],
          totals: totals2026,
        },
      ],
      totals: totals2026,
    },
  ],
};

let clicked: { href: string; download: string }[];
let blobs: Blob[];

beforeEach(() => {
  blobs = [];
  clicked = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), `blob:${blobs.length}`)), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PREMIUM = user({ subscriptionTier: 'premium', subscriptionStatus: 'active' });

function show(route = '/my-weeklydiv/tax-summary', summary: MockAnswer = SUMMARY, me: MockAnswer = PREMIUM) {
  const calls = mockFetch({ 'GET /api/user': me, 'GET /api/user/tax-summary': summary, 'GET /api/user/tax-summary.csv': CSV });
  const rendered = renderWithProviders(<TaxSummaryRoute />, {
    route,
    path: '/my-weeklydiv/tax-summary',
    routes: [
      { path: '/login', element: <p>login page</p> },
      { path: '/my-weeklydiv', element: <p>personal area</p> },
    ],
  });
  return { ...rendered, calls };
}

const rows = () => screen.getAllByTestId('tax-payment').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('the tax-year summary', () => {
  it('opens on the last full year: its totals, each payment split by character, the fund total, the disclaimer', async () => {
    const { calls } = show();
    expect(screen.getByRole('heading', { level: 1, name: 'Tax-Year Summary' })).toBeTruthy();
    await screen.findByTestId('tax-year-totals');
    expect(calls.filter((c) => c.url.pathname === '/api/user/tax-summary').map((c) => c.url.search)).toEqual(['']);
    expect(screen.getByRole('note', { name: 'Disclaimer' }).textContent).toBe(DISCLAIMER);
    const select = screen.getByLabelText('Tax year') as HTMLSelectElement;
    expect(select.value).toBe('2025');
    expect([...select.options].map((o) => o.textContent)).toEqual(['2026', '2025']);

    const totals = screen.getByRole('region', { name: '2025 Totals' });
    expect(within(totals).getByTestId('year-cash').textContent).toBe('$200.00');
    expect(within(totals).getByTestId('year-roc').textContent).toBe('$195.00');
    expect(within(totals).getByTestId('year-income').textContent).toBe('$5.00');
    expect(within(totals).getByTestId('year-income-parts').textContent).toBe('Ordinary $2.50 · Qualified $1.00 · Capital gain $1.50');
    expect(within(totals).getByTestId('year-basis').textContent).toBe('4 payments: 4 final.');

    const card = screen.getByRole('region', { name: 'FINW Final Figures WeeklyPay ETF' });
    expect(within(card).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Paid', 'Ex-Date', 'Shares × Amount', 'Cash', 'ROC', 'Return of Capital', 'Income']);
    expect(rows()[0]).toEqual([
      'Dec 4, 2025ROC estimated 92.0%, final 90.0%',
      'Dec 3, 2025',
      '200.0000 × $0.2500',
      '$50.00',
      'estimated 92.0%, final 90.0%',
      '$45.00',
      '$5.00Ordinary $2.50 · Qualified $1.00 · Capital gain $1.50',
    ]);
    expect(rows()[3]).toEqual(['Dec 26, 2025ROC estimated 92.0%, final 100.0%', 'Dec 24, 2025', '200.0000 × $0.2500', '$50.00', 'estimated 92.0%, final 100.0%', '$50.00', '$0.00']);
    expect(within(screen.getByTestId('tax-fund-total')).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Total',
      '',
      '',
      '$200.00',
      '',
      '$195.00',
      '$5.00Ordinary $2.50 · Qualified $1.00 · Capital gain $1.50',
    ]);
  });

  it('another year from the selector (kept in the URL): an estimate and the income not yet classified', async () => {
    const { router } = show();
    const select = (await screen.findByLabelText('Tax year')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2026' } });
    expect(router.state.location.search).toBe('?year=2026');
    expect(within(screen.getByTestId('tax-year-totals')).getByTestId('year-basis').textContent).toBe('2 payments: 1 final, 1 estimated.');
    expect(rows()[1]).toEqual(['Jan 8, 2026ROC est. 92.0%', 'Jan 7, 2026', '200.0000 × $0.2500', '$50.00', 'est. 92.0%', '$46.00', '$4.00Not yet classified $4.00']);
    // a payout ex Dec 31 and paid Jan 2 is the year it was paid in
    expect(rows()[0]![0]).toBe('Jan 2, 2026ROC estimated 92.0%, final 100.0%');
  });

  it('Download CSV saves the server’s file of the year shown; Print opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls } = show('/my-weeklydiv/tax-summary?year=2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await screen.findByText('Tax summary exported');
    expect(screen.getByText('Saved as weeklydiv-tax-summary-2026.csv')).toBeTruthy();
    expect(clicked).toEqual([{ href: 'blob:1', download: 'weeklydiv-tax-summary-2026.csv' }]);
    expect(await blobs[0]!.text()).toBe(CSV);
    const csv = calls.find((c) => c.url.pathname === '/api/user/tax-summary.csv')!;
    expect(csv.url.search).toBe('?year=2026');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a year without payments, asked for in the URL, says so', async () => {
    show('/my-weeklydiv/tax-summary?year=2019');
    expect(await screen.findByText('No distributions were paid to your holdings in 2019.')).toBeTruthy();
    expect([...(screen.getByLabelText('Tax year') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['2026', '2025', '2019']);
  });

  it('nothing received yet: the disclaimer, a sentence, no controls', async () => {
    show(undefined, { ...SUMMARY, years: [] });
    expect(await screen.findByText('No distributions received yet. They appear here once a fund you hold pays one.')).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Disclaimer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says so when the summary cannot be read', async () => {
    show(undefined, { status: 500, body: { message: 'boom' } });
    const message = await screen.findByText('Failed to load your tax-year summary. Please try again later.');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('note', { name: 'Disclaimer' })).toBeNull();
  });

  it('a free user: the Premium upsell (what it gives, "Upgrade to Premium - $9.99/month" → /pricing); the summary is never asked for, no error', async () => {
    const { calls } = show(undefined, SUMMARY, user());
    const upsell = await screen.findByTestId('premium-upsell');
    expect(within(upsell).getByRole('heading', { name: 'The tax-year summary is part of Premium' })).toBeTruthy();
    expect(within(upsell).getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText(/Failed to load/)).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.queryByTestId('tax-disclaimer')).toBeNull();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/user/tax-summary'))).toEqual([]);
  });

  it('a visitor goes to /login, and the summary is never asked for', async () => {
    const { router, calls } = show(undefined, SUMMARY, { status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url.pathname === '/api/user/tax-summary')).toBe(false);
  });

  it('links back to the personal area', async () => {
    const { router } = show();
    fireEvent.click(await screen.findByRole('link', { name: 'Back to My WeeklyDiv' }));
    expect(router.state.location.pathname).toBe('/my-weeklydiv');
  });
});
