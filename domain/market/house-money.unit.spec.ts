import { describe, expect, it } from 'vitest';
import { dec, fixed, type Decimal } from './decimal.ts';
import type { BarPoint, DistributionPoint } from './etf-metrics.ts';
import { holdingPerformance } from './holding-performance.ts';
import { houseMoney, payoutsToPay } from './house-money.ts';

// The worked example of docs/metrics.md ("House money"): the holding example of "Holdings (portfolio)".
describe('house money (docs/metrics.md worked example)', () => {
  const bars: BarPoint[] = [
    { date: '2025-06-06', close: '15.00' },
    { date: '2025-06-13', close: '15.30' },
    { date: '2025-06-26', close: '13.00' },
  ];
  const distributions: DistributionPoint[] = [
    { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.30' },
    { exDate: '2025-06-12', payDate: null, amount: '0.30' },
    { exDate: '2025-06-26', payDate: '2025-06-27', amount: '0.25' },
    { exDate: '2025-07-03', payDate: '2025-07-07', amount: '0.25' }, // declared, not paid yet
  ];
  const base = {
    purchaseDate: '2025-06-01',
    shares: '100',
    purchasePrice: '15.50',
    today: '2025-06-27',
    frequency: 'weekly' as const,
    bars,
    quote: { price: '13.50', quotedAt: '2025-06-27T18:00:00Z' },
    distributions,
  };

  it('without DRIP: 85.00 of 1,550.00 is 5.48 %, paid back by the 58th payout from 07-03, paid Friday 2026-08-14', () => {
    const h = holdingPerformance({ ...base, drip: false }).houseMoney;
    // 85 / 1550 x 100 = 5.4838... -> 5.48
    expect(fixed(h.percent!, 2)).toBe('5.48');
    // 1465.00 left at 100 x 0.25 = 25.00 a payout: 58.6 -> the 59th payout: the declared 07-03 and 58 projected
    // Thursdays after it; 2025-07-03 + 58 x 7 days = Thursday 2026-08-13, paid the next business day
    expect(h).toMatchObject({ reached: false, date: '2026-08-14' });
  });

  it('with DRIP at a constant $13.50: 86.60 of 1,550.00 is 5.59 %, paid back on 2026-03-27', () => {
    const h = holdingPerformance({ ...base, drip: true }).houseMoney;
    // 86.60 / 1550 x 100 = 5.5870... -> 5.59
    expect(fixed(h.percent!, 2)).toBe('5.59');
    // 106 shares; each payout pays s x 0.25 and buys s x 0.25 / 13.50: after k payouts 1431 x (f^k - 1) with
    // f = 1 + 0.25 / 13.5; >= 1463.40 when f^k >= 2.0226..., k >= 38.39 -> the 39th: 07-03 and 38 projected,
    // 2025-07-03 + 38 x 7 = Thursday 2026-03-26, paid Friday 03-27
    expect(h).toMatchObject({ reached: false, date: '2026-03-27' });
  });

  it('reached: 100 shares bought at $0.80 (80.00) are paid back by the 06-27 payment (30 + 30 + 25 = 85.00, 106.25 %)', () => {
    const h = holdingPerformance({ ...base, purchasePrice: '0.80', drip: false }).houseMoney;
    expect(fixed(h.percent!, 2)).toBe('106.25');
    expect(h).toMatchObject({ reached: true, date: '2025-06-27' });
  });

  it('reached exactly at 100 %: 60.00 of 60.00 on the second payment, 06-13', () => {
    const h = holdingPerformance({ ...base, purchasePrice: '0.60', drip: false }).houseMoney;
    // cost 100 x 0.60 = 60.00; 30.00 (06-06) + 30.00 (06-13) = 60.00
    expect(h).toMatchObject({ reached: true, date: '2025-06-13' });
    expect(fixed(h.percent!, 2)).toBe('141.67'); // 85 / 60
  });

  it('no purchase price: no cost basis, no house money', () => {
    const h = holdingPerformance({ ...base, purchasePrice: null, drip: false }).houseMoney;
    expect(h).toEqual({ percent: null, date: null, reached: false });
  });

  it('no distributions: 0 % and no date (no income rate)', () => {
    const h = holdingPerformance({ ...base, distributions: [], drip: false }).houseMoney;
    expect(fixed(h.percent!, 2)).toBe('0.00');
    expect(h).toMatchObject({ reached: false, date: null });
  });

  it('a payout of 0 is no income rate', () => {
    const h = holdingPerformance({ ...base, distributions: [{ exDate: '2025-06-05', payDate: '2025-06-06', amount: '0' }], drip: false }).houseMoney;
    expect(h).toMatchObject({ reached: false, date: null });
  });

  it('a date more than 50 years away is not given', () => {
    // $0.001 a week on 100 shares = $0.10 a week; 1,550 - 0 needs 15,500 weeks (~298 years)
    const tiny = [{ exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.001' }];
    const h = holdingPerformance({ ...base, purchaseDate: '2025-06-10', distributions: tiny, drip: false }).houseMoney;
    expect(fixed(h.percent!, 2)).toBe('0.00');
    expect(h.date).toBeNull();
  });

  it('a declared payout after an upcoming 1-for-10 reverse split is counted on today\'s share basis', () => {
    // 100 shares bought at $1.00 (100.00); $0.20 paid on 06-06 (20.00), then after the reverse split on
    // Monday 06-30 one declared payout of $2.00 a (new) share, ex 07-03: 10 new shares x 2.00 = 20.00 cash,
    // i.e. 100 of today's shares x 0.20. Remaining 80.00: 07-03 pays 20, then projected at 0.20 a (today's)
    // share: 20.00 each: 60 left after 07-03 -> 3 more Thursdays, 07-10, 07-17, 07-24, paid Friday 07-25.
    const h = houseMoney({
      today: '2025-06-27',
      heldSince: '2025-06-01',
      frequency: 'weekly',
      distributions: [
        { exDate: '2025-06-05', payDate: '2025-06-06', amount: '0.20' },
        { exDate: '2025-07-03', payDate: '2025-07-07', amount: '2.00' },
      ],
      splits: [{ exDate: '2025-06-30', oldRate: '10', newRate: '1' }],
      costBasis: dec('100.00'),
      payments: [{ payDate: '2025-06-06', cash: dec('20.00') }],
      shares: dec('100'),
      drip: false,
      currentPrice: dec('1.00'),
    });
    expect(fixed(h.percent!, 2)).toBe('20.00');
    expect(h).toMatchObject({ reached: false, date: '2025-07-25' });
  });
});

describe('payoutsToPay: the number of equal payouts that pay back the rest, in closed form', () => {
  /** The rule as docs/metrics.md states it: pay one payout after another (with DRIP, buy cash / P shares after each). */
  function oneByOne(left: Decimal, shares: Decimal, amount: Decimal, price: Decimal | null): number {
    let n = 0;
    let rest = left;
    let held = shares;
    while (rest.gt(0)) {
      const cash = held.times(amount);
      rest = rest.minus(cash);
      if (price !== null) held = held.plus(cash.div(price));
      n++;
    }
    return n;
  }

  it('hand-computed: 1,465.00 at 25.00 a payout takes 59 payouts; exactly 1,450.00 takes 58', () => {
    expect(payoutsToPay(dec('1465.00'), dec('100'), dec('0.25'), null)).toBe(59);
    expect(payoutsToPay(dec('1450.00'), dec('100'), dec('0.25'), null)).toBe(58);
    // the DRIP example above after the declared 07-03 payout: 1,463.40 - 26.50 left on 106 x (1 + 0.25 / 13.5) shares
    expect(payoutsToPay(dec('1436.90'), dec('106').times(dec('0.25').div('13.50').plus(1)), dec('0.25'), dec('13.50'))).toBe(38);
  });

  it('agrees with paying one payout after another on 2,000 random holdings, with and without DRIP', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const shares = dec(String(1 + Math.floor(random() * 5000))).div(random() < 0.3 ? 7 : 1);
      const amount = dec((0.01 + random() * 2).toFixed(4));
      const price = dec((1 + random() * 60).toFixed(2));
      const left = shares.times(price).times((0.01 + random()).toFixed(3));
      const drip = random() < 0.5 ? price : null;
      expect(payoutsToPay(left, shares, amount, drip), `${left} on ${shares} x ${amount}, DRIP at ${drip}`).toBe(oneByOne(left, shares, amount, drip));
    }
  });

  it('more payouts than fifty years can hold: null', () => {
    expect(payoutsToPay(dec('1550'), dec('100'), dec('0.00001'), null)).toBeNull();
    expect(payoutsToPay(dec('1550'), dec('100'), dec('0.00001'), dec('13.50'))).toBeNull();
  });
});
