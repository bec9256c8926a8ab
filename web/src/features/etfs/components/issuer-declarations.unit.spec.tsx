// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DividendHistoryItem, EtfDetail } from '../../../../../contracts/market.ts';
import { etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView, PHONE_HISTORY_QUERY } from './etf-detail-view.tsx';

/**
 * Issue 26 on the fund page: the source of each payout in the dividend history (the issuer's release as
 * "Declared by YieldMax, Oct 14, 2025, 9:05 AM ET", else a discreet label), the issuer's ROC estimate per
 * payout, and the issuer's stated rate and SEC yield beside our Distribution Rate.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RELEASE = 'https://www.globenewswire.com/news-release/2025/10/14/3166060/0/en/YieldMax-ETFs-Announces-Weekly-Distributions.html';

function payout(id: string, exDividendDate: string, overrides: Partial<DividendHistoryItem> = {}): DividendHistoryItem {
  return {
    id,
    exDividendDate,
    payoutDate: exDividendDate,
    amount: '0.0908',
    estimated: false,
    kind: 'regular',
    splitAdjusted: false,
    declaredAmount: '0.0908',
    isDemo: false,
    ...OWNER_ORIGIN,
    ...overrides,
  };
}

const issuer = (overrides: Partial<DividendHistoryItem> = {}): Partial<DividendHistoryItem> => ({
  source: 'issuer',
  sourceUrl: RELEASE,
  declaredAt: '2025-10-14T13:05:00.000Z',
  statedRate: '87.10',
  secYield: '0.00',
  rocEstimatePercent: '92.00',
  ...overrides,
});

function ulty(history: DividendHistoryItem[], distributionRate = '52.04'): EtfDetail {
  return etfDetail({
    id: 'e1',
    ticker: 'ULTY',
    name: 'YieldMax Ultra Option Income Strategy ETF',
    brand: 'YieldMax',
    brandSlug: 'yieldmax',
    currentPrice: '5.80',
    distributionRate,
    dividendHistory: history,
  });
}

function show(detail: EtfDetail) {
  mockFetch({
    'GET /api/user': { status: 401 },
    'GET /api/etfs/detail/ULTY': detail,
    'GET /api/etfs/detail/ULTY/history': [],
    'GET /api/news/ticker/ULTY': [],
  });
  renderWithProviders(<EtfDetailView ticker="ULTY" brandSlug="yieldmax" />);
}

const HISTORY = [
  payout('d1', '2025-10-15', issuer()),
  payout('d2', '2025-10-08', issuer({ rocEstimatePercent: null, declaredAt: '2025-10-07T13:05:00.000Z' })),
  payout('d3', '2025-10-01', { source: 'provider' }),
  payout('d4', '2025-09-24', { source: 'owner' }),
  payout('d5', '2025-09-17', { source: 'demo', isDemo: true }),
  payout('d6', '2025-10-22', { source: 'issuer', estimated: true }),
];

describe('the dividend history: each payout with its source and ROC estimate', () => {
  it('links an issuer declaration to its release in a new tab, says where the others come from, shows the ROC estimate or "not published"', async () => {
    show(ulty(HISTORY));
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Ex-Dividend Date', 'Payout Date', 'Amount', 'ROC', 'Source']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

    const declared = within(cells(rows[0]!)[4]!).getByRole('link', { name: 'Declared by YieldMax, Oct 14, 2025, 9:05 AM ET' });
    expect(declared.getAttribute('href')).toBe(RELEASE);
    expect(declared.getAttribute('target')).toBe('_blank');
    expect(declared.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cells(rows[0]!)[3]!.textContent).toBe('est. 92.0%');
    expect(within(cells(rows[0]!)[3]!).getByTitle("The estimate published with the payout (the issuer's, or the site owner's)").textContent).toBe('est.');

    // an issuer declaration without an ROC estimate: "not published", counted as income (issue 27)
    expect(cells(rows[1]!)[3]!.textContent).toBe('not published');
    expect(within(cells(rows[1]!)[3]!).getByTitle('No figure published: the payout counts as income')).toBeTruthy();
    expect(cells(rows[1]!)[4]!.textContent).toBe('Declared by YieldMax, Oct 7, 2025, 9:05 AM ET');
    expect(cells(rows[2]!)[4]!.textContent).toBe('Provider data');
    expect(cells(rows[3]!)[4]!.textContent).toBe('Set by the site owner');
    expect(cells(rows[4]!)[4]!.textContent).toBe('Demo data');
    // an issuer's estimate is no declaration: no release to link
    expect(within(rows[5]!).queryByRole('link')).toBeNull();
    expect(cells(rows[5]!)[4]!.textContent).toBe('From the issuer');
    expect(within(table).getAllByTestId('declared-by')).toHaveLength(2);
  });
});

describe('the dividend history on a phone', () => {
  it("keeps the spec's three columns; each payout's ROC estimate and source on a line under it", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_HISTORY_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    show(ulty(HISTORY.slice(0, 3)));
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ex-Dividend Date', 'Payout Date', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      'Oct 15, 2025Oct 15, 2025$0.0908',
      'ROC est. 92.0%Declared by YieldMax, Oct 14, 2025, 9:05 AM ET',
      'Oct 8, 2025Oct 8, 2025$0.0908',
      'ROC not publishedDeclared by YieldMax, Oct 7, 2025, 9:05 AM ET',
      'Oct 1, 2025Oct 1, 2025$0.0908',
      'ROC not publishedProvider data',
    ]);
    expect(within(table).getAllByRole('link', { name: /^Declared by YieldMax/ })).toHaveLength(2);
  });
});

describe("the issuer's figures beside our Distribution Rate", () => {
  it('shows the stated rate and SEC yield of the latest release, its link, and why the rate differs from ours', async () => {
    show(ulty(HISTORY, '52.04'));
    const block = await screen.findByTestId('issuer-figures', {}, { timeout: 5000 });
    expect(screen.getByTestId('distribution-rate').textContent).toBe('52.0%');
    expect(screen.getByRole('region', { name: "The Issuer's Figures" })).toBe(block);
    expect(within(block).getByTestId('issuer-stated-rate').textContent).toBe('87.1%');
    expect(within(block).getByTestId('issuer-sec-yield').textContent).toBe('0.0%');
    expect(block.textContent).toContain('With the $0.0908 distribution going ex on Oct 15, 2025: Declared by YieldMax, Oct 14, 2025, 9:05 AM ET');
    expect(within(block).getByRole('link', { name: 'Declared by YieldMax, Oct 14, 2025, 9:05 AM ET' }).getAttribute('href')).toBe(RELEASE);
    expect(within(block).getByTestId('issuer-rate-explained').textContent).toBe(
      "YieldMax annualises its payout its own way (× 52 for a weekly one, × 12 for a monthly one) over the fund's net asset value (NAV) when it declares it. " +
        "Our Distribution Rate is the latest declared regular payout × 52 payouts a year ÷ today's market price, so the two part as the price moves away from that NAV.",
    );
    expect(block.textContent).toContain('The 30-day SEC yield is the fund\'s net investment income of the last 30 days');
  });

  it('no explanation when the two rates show the same figure; no block without a stated figure', async () => {
    show(ulty(HISTORY, '87.10'));
    const block = await screen.findByTestId('issuer-figures', {}, { timeout: 5000 });
    expect(within(block).queryByTestId('issuer-rate-explained')).toBeNull();
    cleanup();
    show(ulty([payout('d1', '2025-10-15', issuer({ statedRate: null, secYield: null })), payout('d3', '2025-10-01', { source: 'provider' })]));
    await screen.findByRole('table', {}, { timeout: 5000 });
    expect(screen.queryByTestId('issuer-figures')).toBeNull();
  });
});
