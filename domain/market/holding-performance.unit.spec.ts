import { describe, expect, it } from 'vitest';
import { dec, fixed } from './decimal.ts';
import type { BarPoint, DistributionPoint } from './etf-metrics.ts';
import { holdingPerformance } from './holding-performance.ts';

describe('holding performance (portfolio)', () => {
  const hBars: BarPoint[] = [
    { date: '2025-06-06', close: '15.00' },
    { date: '2025-06-13', close: '15.30' },
    { date: '2025-06-26', close: '13.00' },
  ];
  const hDist: DistributionPoint[] = [
    { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.30' },
    { exDate: '2025-06-12', payDate: null, amount: '0.30' }, // pays the next business day, 06-13
    { exDate: '2025-06-26', payDate: '2025-06-27', amount: '0.25' }, // pays today, no bar yet: 06-26 close
    { exDate: '2025-07-03', payDate: '2025-07-07', amount: '0.25' }, // not paid yet
  ];
  const base = {
    purchaseDate: '2025-06-01',
    shares: '100',
    purchasePrice: '15.50',
    today: '2025-06-27',
    frequency: 'weekly' as const,
    bars: hBars,
    quote: { price: '13.50', quotedAt: '2025-06-27T18:00:00Z' },
    distributions: hDist,
  };
  it('DRIP reinvests each payment at the pay-date close', () => {
    const h = holdingPerformance({ ...base, drip: true });
    // 100 x 0.30 = 30.00 at 15.00 -> +2 = 102; 102 x 0.30 = 30.60 at 15.30 -> +2 = 104;
    // 104 x 0.25 = 26.00 at 13.00 -> +2 = 106
    expect(h.shares.toString()).toBe('106');
    expect(fixed(h.incomeReceived, 2)).toBe('86.60');
    expect(h.payments.map((p) => p.payDate)).toEqual(['2025-06-06', '2025-06-13', '2025-06-27']);
    // value 106 x 13.50 = 1431.00; cost 100 x 15.50 = 1550.00
    expect(fixed(h.marketValue!, 2)).toBe('1431.00');
    // price: 100 x (13.50 - 15.50) = -200.00; distributions: 6 x 13.50 = 81.00; total -119.00
    expect(fixed(h.priceReturn!, 2)).toBe('-200.00');
    expect(fixed(h.distributionReturn!, 2)).toBe('81.00');
    expect(fixed(h.totalReturn!, 2)).toBe('-119.00');
    // -119 / 1550 x 100 = -7.6774... -> -7.68
    expect(fixed(h.totalReturnPercent!, 2)).toBe('-7.68');
    // at the latest declared distribution (0.25, ex 07-03) x 52 payouts: 106 x 0.25 x 52 = 1378.00
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1378.00');
  });
  it("with the ledger's counts (docs/metrics.md \"Income received\"): a missing payout counts 0, a short one what arrived, and the figures made of the income follow", () => {
    // without DRIP: 06-05 paid 30.00 (no count: its cash), 06-12's 30.00 missing, 06-26's 25.00 short at 20.00
    const counted = new Map([
      ['2025-06-12', dec('0')],
      ['2025-06-26', dec('20')],
    ]);
    const withRoc = base.distributions.map((d) => ({ ...d, rocEstimatePercent: '50' }));
    const h = holdingPerformance({ ...base, distributions: withRoc, drip: false, counted });
    // 30.00 + 0 + 20.00 = 50.00 (the fund's distributions × shares: 85.00)
    expect(fixed(h.incomeReceived, 2)).toBe('50.00');
    expect(h.payments.map((p) => fixed(p.cash, 2))).toEqual(['30.00', '0.00', '20.00']);
    // distribution return 50.00; total −200 + 50 = −150.00; house money 50 / 1550 = 3.2258 % → 3.23
    expect(fixed(h.distributionReturn!, 2)).toBe('50.00');
    expect(fixed(h.totalReturn!, 2)).toBe('-150.00');
    expect(fixed(h.houseMoney.percent!, 2)).toBe('3.23');
    // capital returned at 50 % of what was counted: 25.00; the income net of it 25.00
    expect(fixed(h.returnOfCapital.capitalReturned, 2)).toBe('25.00');
    expect(fixed(h.returnOfCapital.incomeReceivedNet, 2)).toBe('25.00');
  });
  it("the ledger's count of an ex-date with two distributions is shared in proportion to their cash", () => {
    const two: DistributionPoint[] = [
      { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.30' },
      { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.10', kind: 'special' },
    ];
    // 100 × 0.30 = 30.00 and 100 × 0.10 = 10.00; 36.00 arrived: 27.00 and 9.00
    const h = holdingPerformance({ ...base, distributions: two, drip: false, counted: new Map([['2025-06-05', dec('36')]]) });
    expect(h.payments.map((p) => fixed(p.cash, 2))).toEqual(['27.00', '9.00']);
    expect(fixed(h.incomeReceived, 2)).toBe('36.00');
  });
  it('without DRIP the cash is income and the share count stays', () => {
    const h = holdingPerformance({ ...base, drip: false });
    // 30.00 + 30.00 + 25.00 = 85.00; total -200 + 85 = -115.00; -115 / 1550 x 100 = -7.419... -> -7.42
    expect(h.shares.toString()).toBe('100');
    expect(fixed(h.incomeReceived, 2)).toBe('85.00');
    expect(fixed(h.totalReturn!, 2)).toBe('-115.00');
    expect(fixed(h.totalReturnPercent!, 2)).toBe('-7.42');
    // 100 x 0.25 x 52 = 1300.00
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('1300.00');
  });
  it('buying on the ex-date does not earn that distribution', () => {
    const h = holdingPerformance({ ...base, purchaseDate: '2025-06-05', drip: false });
    // 06-12 and 06-26 only: 100 x 0.30 + 100 x 0.25 = 55.00
    expect(fixed(h.incomeReceived, 2)).toBe('55.00');
  });
  it('without a purchase price there is no cost basis and no return, but income still counts', () => {
    const h = holdingPerformance({ ...base, purchasePrice: null, drip: false });
    expect(h.costBasis).toBeNull();
    expect(h.totalReturn).toBeNull();
    expect(fixed(h.incomeReceived, 2)).toBe('85.00');
  });
});

describe('F3: projected income at the latest declared distribution (AUDC: $0.50 weekly cut to $0.10)', () => {
  it('10.5 shares project 10.5 x 0.10 x 52 = $54.60 a year, not the 3-payout mean\'s $200.20', () => {
    const h = holdingPerformance({
      purchaseDate: '2026-11-23',
      shares: '10.5',
      purchasePrice: null,
      drip: false,
      today: '2026-11-23',
      frequency: 'weekly',
      bars: [{ date: '2026-11-20', close: '20.00' }],
      distributions: [
        { exDate: '2026-11-03', payDate: '2026-11-04', amount: '0.50' },
        { exDate: '2026-11-10', payDate: '2026-11-11', amount: '0.50' },
        { exDate: '2026-11-17', payDate: '2026-11-18', amount: '0.10' },
      ],
    });
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('54.60');
  });
  it('a four-weekly fund projects 13 payouts: 50 x 1.20 x 13 = $780.00', () => {
    const h = holdingPerformance({
      purchaseDate: '2026-06-01',
      shares: '50',
      purchasePrice: '15',
      drip: false,
      today: '2026-11-23',
      frequency: 'four-weekly',
      bars: [{ date: '2026-11-20', close: '15.00' }],
      distributions: [{ exDate: '2026-10-29', payDate: '2026-10-30', amount: '1.20' }],
    });
    expect(fixed(h.projectedAnnualIncome!, 2)).toBe('780.00');
  });
});
