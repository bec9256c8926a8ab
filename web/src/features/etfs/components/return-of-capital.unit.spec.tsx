// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DistributionCharacter, DividendHistoryItem, EtfDetail } from '../../../../../contracts/market.ts';
import { etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfDetailView, PHONE_HISTORY_QUERY } from './etf-detail-view.tsx';
import { RocCell } from '../../../components/payout-character.tsx';

/**
 * Issue 27 on the fund page, with docs/metrics.md case 2 (FINW: $10.00, $0.25 ex every Wednesday, the
 * owner's estimate 92 % ROC, then 2025's final character: ex 12-03 5 / 2 / 3 / 90, the next four 100 %
 * ROC; ex 2026-01-07 still estimated): each payout's ROC in the history, the ROC share of the last twelve
 * months (97.00), the true income rate (130.00 × 3 % = 3.90) with their traces, and beside NAV erosion
 * what part of the $1.50 paid a share was capital returned.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALL_ROC: DistributionCharacter = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' };

function payout(exDividendDate: string, payoutDate: string, roc: Partial<DividendHistoryItem>): DividendHistoryItem {
  return { id: exDividendDate, exDividendDate, payoutDate, amount: '0.25', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.25', isDemo: false, ...OWNER_ORIGIN, ...roc };
}

const estimated = { rocEstimatePercent: '92', rocBasis: 'estimate', rocPercent: '92' } as const;
const final = (character: DistributionCharacter, rocPercent: string) => ({ rocEstimatePercent: '92', character, characterFinal: true, rocBasis: 'final', rocPercent }) as const;

const HISTORY = [
  payout('2026-01-07', '2026-01-08', estimated),
  payout('2025-12-31', '2026-01-02', final(ALL_ROC, '100')),
  payout('2025-12-24', '2025-12-26', final(ALL_ROC, '100')),
  payout('2025-12-17', '2025-12-18', final(ALL_ROC, '100')),
  payout('2025-12-10', '2025-12-11', final(ALL_ROC, '100')),
  payout('2025-12-03', '2025-12-04', final({ ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' }, '90')),
];

function finw(overrides: Partial<EtfDetail> = {}): EtfDetail {
  const base = etfDetail({ id: 'e1', ticker: 'FINW', name: 'Final Figures WeeklyPay ETF', currentPrice: '10.00', distributionRate: '130.00' });
  return {
    ...base,
    dividendHistory: HISTORY,
    rocShareTtm: '97.00',
    rocShareTtmBasis: { payouts: 6, final: 5, estimated: 1, notPublished: 0 },
    trueIncomeRate: '3.90',
    exact: { ...base.exact, distributionRate: '130', rocShareTtm: '97', trueIncomeRate: '3.9' },
    returnOfCapitalTtm: {
      since: '2025-01-12',
      paidPerShare: '1.5000',
      capitalReturnedPerShare: '1.4550',
      incomePerShare: '0.0450',
      rocShareTtm: '97.00',
      payouts: 6,
      final: 5,
      estimated: 1,
      notPublished: 0,
      exact: { paidPerShare: '1.5', capitalReturnedPerShare: '1.455', incomePerShare: '0.045', rocShareTtm: '97' },
    },
    explain: {
      ...base.explain,
      rocShareTtm: {
        formula: 'capitalReturnedPerShare / paidPerShare × 100 = Σ amount × ROC % / Σ amount',
        inputs: {
          since: '2025-01-12',
          paidPerShare: '1.5',
          capitalReturnedPerShare: '1.455',
          payouts: 6,
          final: 5,
          estimated: 1,
          notPublished: 0,
          distributions: [
            { exDividendDate: '2025-12-03', amount: '0.25', kind: 'regular', rocPercent: '90', rocBasis: 'final' },
            { exDividendDate: '2026-01-07', amount: '0.25', kind: 'regular', rocPercent: '92', rocBasis: 'estimate' },
          ],
        },
      },
      trueIncomeRate: {
        formula: 'distributionRate × (100 − rocShareTtm) / 100',
        inputs: { distributionRate: '130', rocShareTtm: '97', payouts: 6, final: 5, estimated: 1, notPublished: 0 },
      },
    },
    ...overrides,
  };
}

function show(detail: EtfDetail) {
  mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/detail/FINW': detail, 'GET /api/etfs/detail/FINW/history': [], 'GET /api/news/ticker/FINW': [] });
  renderWithProviders(<EtfDetailView ticker="FINW" brandSlug="roundhill" />);
}

const historyTable = () => screen.findByRole('table', {}, { timeout: 5000 });

describe("each payout's return of capital in the dividend history", () => {
  it('final figures keep the estimate beside them; an estimate alone says "est."', async () => {
    show(finw());
    const table = await historyTable();
    const rocCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(rocCells).toEqual([
      'est. 92.0%',
      'estimated 92.0%, final 100.0%',
      'estimated 92.0%, final 100.0%',
      'estimated 92.0%, final 100.0%',
      'estimated 92.0%, final 100.0%',
      'estimated 92.0%, final 90.0%',
    ]);
    // what the words mean, and that a payout without a figure counts as income
    expect(screen.getByTestId('roc-legend').textContent).toContain('not published: no figure yet, so the payout counts as income.');
  });

  it('a final figure without an estimate; no figure at all: "not published", counted as income', () => {
    const { rerender } = render(<RocCell item={{ rocEstimatePercent: null, characterFinal: true, rocPercent: '96.949389877975' }} />);
    expect(screen.getByTestId('roc-final').textContent).toBe('final 96.9%');
    rerender(<RocCell item={{ rocEstimatePercent: null, characterFinal: false, rocPercent: null }} />);
    const missing = screen.getByTestId('roc-not-published');
    expect(missing.textContent).toBe('not published');
    expect(missing.getAttribute('title')).toBe('No figure published: the payout counts as income');
    // an estimate of 0 is a figure, not a missing one
    rerender(<RocCell item={{ rocEstimatePercent: '0', characterFinal: false, rocPercent: '0' }} />);
    expect(screen.getByTestId('roc-estimate').textContent).toBe('est. 0.0%');
  });

  it('phones: the figure on the line under the payout', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_HISTORY_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    show(finw({ dividendHistory: [HISTORY[0]!, HISTORY[5]!, payout('2025-11-26', '2025-11-28', {})] }));
    const table = await historyTable();
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'Jan 7, 2026Jan 8, 2026$0.2500',
      'ROC est. 92.0%Set by the site owner',
      'Dec 3, 2025Dec 4, 2025$0.2500',
      'ROC estimated 92.0%, final 90.0%Set by the site owner',
      'Nov 26, 2025Nov 28, 2025$0.2500',
      'ROC not publishedSet by the site owner',
    ]);
  });
});

describe('the ROC share of the last twelve months and the true income rate', () => {
  it('shows both with their inputs in words, each with its trace', async () => {
    show(finw());
    const card = await screen.findByRole('region', { name: 'Return of Capital and True Income' }, { timeout: 5000 });
    expect(within(card).getByTestId('roc-share-ttm').textContent).toBe('97.0%');
    expect(within(card).getByTestId('roc-share-hint').textContent).toBe(
      "Of what the fund paid since Jan 12, 2025, by amount: the part that gave back investors' own money. 6 payouts: 5 final, 1 estimated.",
    );
    expect(within(card).getByTestId('true-income-rate').textContent).toBe('3.9%');
    expect(within(card).getByTestId('true-income-hint').textContent).toBe(
      'Distribution Rate 130.0% × the income share 3.0% (100% − the ROC share): the part of the rate that is income, not your own money back.',
    );

    const share = within(card).getByRole('button', { name: 'How is this computed? (ROC Share, Last 12 Months)' });
    fireEvent.click(share);
    const panel = document.getElementById(share.getAttribute('aria-controls')!)!;
    expect(panel.textContent).toContain('Paid a share paidPerShare1.5');
    expect(panel.textContent).toContain('Capital returned a share capitalReturnedPerShare1.455');
    expect(panel.textContent).toContain('Not published (counted as income) notPublished0');
    expect(panel.textContent).toContain('2025-12-03: $0.25 (ROC 90% final), 2026-01-07: $0.25 (ROC 92% est.)');

    const rate = within(card).getByRole('button', { name: 'How is this computed? (True Income Rate)' });
    fireEvent.click(rate);
    const ratePanel = document.getElementById(rate.getAttribute('aria-controls')!)!;
    expect(within(ratePanel).getByText('distributionRate × (100 − rocShareTtm) / 100')).toBeTruthy();
    expect(ratePanel.textContent).toContain('Distribution rate distributionRate130');
    expect(ratePanel.textContent).toContain('ROC share, last 12 months rocShareTtm97');
  });

  it('a fund all capital: 100.0% and a true income rate of 0.0% (a figure, not N/A); payouts without a figure are named', async () => {
    const base = finw();
    show(
      finw({
        rocShareTtm: '100.00',
        trueIncomeRate: '0.00',
        rocShareTtmBasis: { payouts: 52, final: 0, estimated: 50, notPublished: 2 },
        exact: { ...base.exact, distributionRate: '52', rocShareTtm: '100', trueIncomeRate: '0' },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Return of Capital and True Income' }, { timeout: 5000 });
    expect(within(card).getByTestId('roc-share-ttm').textContent).toBe('100.0%');
    expect(within(card).getByTestId('roc-share-hint').textContent).toContain('52 payouts: 50 estimated, 2 not published (counted as income).');
    expect(within(card).getByTestId('true-income-rate').textContent).toBe('0.0%');
    expect(within(card).getByTestId('true-income-hint').textContent).toContain('Distribution Rate 52.0% × the income share 0.0%');
  });

  it('without a payout in the twelve months the rate counts as income', async () => {
    const base = finw();
    show(finw({ rocShareTtm: null, rocShareTtmBasis: null, trueIncomeRate: '130.00', returnOfCapitalTtm: null, exact: { ...base.exact, rocShareTtm: null, trueIncomeRate: '130' } }));
    const card = await screen.findByRole('region', { name: 'Return of Capital and True Income' }, { timeout: 5000 });
    expect(within(card).getByTestId('roc-share-ttm').textContent).toBe('N/A');
    expect(within(card).getByTestId('roc-share-hint').textContent).toBe('No payout in the last 12 months.');
    expect(within(card).getByTestId('true-income-rate').textContent).toBe('130.0%');
    expect(within(card).getByTestId('true-income-hint').textContent).toBe(
      'Distribution Rate 130.0%: no payout in the last 12 months to take a return of capital from, so all of it counts as income.',
    );
    expect(screen.queryByTestId('capital-returned-ttm')).toBeNull();
  });
});

describe('beside NAV erosion: the capital returned in the last twelve months', () => {
  it('per share, with the income part and the bases', async () => {
    show(finw({ navErosion: { since: '2025-12-01', startPrice: '10.00', currentPrice: '10.00', percent: '0.00', exact: '0' } }));
    const card = await screen.findByTestId('return-breakdown', {}, { timeout: 5000 });
    const block = within(card).getByTestId('capital-returned-ttm');
    expect(block.textContent).toBe(
      'Capital Returned, Last 12 Months$1.4550 of $1.5000 a share' +
        "Of what the fund paid a share since Jan 12, 2025, $1.4550 (97.0%) gave back investors' own money and $0.0450 was income. 6 payouts: 5 final, 1 estimated. " +
        'Capital handed back is money already invested, not a return on it.',
    );
    expect(within(card).getByTestId('nav-erosion')).toBeTruthy();
  });

  it('shows the card for the capital returned alone (a fund without a return or prices yet)', async () => {
    show(finw());
    const card = await screen.findByTestId('return-breakdown', {}, { timeout: 5000 });
    expect(within(card).queryByTestId('nav-erosion')).toBeNull();
    expect(within(card).getByTestId('capital-returned-ttm')).toBeTruthy();
  });
});
