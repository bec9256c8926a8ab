import { describe, expect, it } from 'vitest';
import { computeEtfMetrics, presentEtfMetrics } from '../../domain/market/etf-metrics.ts';
import { DemoMarketDataProvider } from './demo-provider.ts';

// The metrics audit's section 4 (N16), on its date: the market day Friday 2026-11-27 after the close, the
// seed job's 24 months loaded (from 2024-11-27). Three YieldMax single-stock funds behaved unlike the real
// ones: TSLY +78.8 % in two years and +150.5 % in one, paying $0.78 a week against the CSV's "$0.29-$0.37 in
// early 2026"; AIYY +45.8 % / +165.7 %; APLY at $1.10 (-83.5 %) with a trailing yield of 121.75 %. Real
// option-income funds on one stock erode: their price falls while they pay 35-100 % a year.
const TODAY = '2026-11-27';
const FROM = '2024-11-27';
const provider = new DemoMarketDataProvider({ now: () => '2026-11-27T22:00:00.000Z' });

async function figures(ticker: string) {
  const [inception] = await provider.dailyBars([ticker], '2020-01-01', '2022-12-31');
  const bars = (await provider.dailyBars([ticker], FROM, TODAY)).map((b) => ({ date: b.date, close: b.close }));
  const paid = await provider.distributions([ticker], FROM, TODAY);
  const distributions = paid.map((d) => ({ exDate: d.exDate, payDate: d.payDate, amount: d.amount, status: 'declared' as const }));
  const m = presentEtfMetrics(computeEtfMetrics({ today: TODAY, frequency: 'weekly', bars, quote: null, distributions }));
  const first = Number(bars[0]!.close);
  const P = Number(m.currentPrice);
  return { m, paid, erosion: ((P - first) / first) * 100, sinceInception: ((P - Number(inception!.close)) / Number(inception!.close)) * 100, lastDate: bars.at(-1)!.date };
}

describe('the demo YieldMax funds that behaved unlike their real counterparts (audit N16)', () => {
  for (const ticker of ['TSLY', 'AIYY', 'APLY']) {
    it(`${ticker} erodes like a single-stock option-income fund: below its first close and its close two years ago (above a quarter of it), one year within ±30 %, a trailing yield of 30-120 %`, async () => {
      const { m, erosion, sinceInception, lastDate } = await figures(ticker);
      expect(lastDate).toBe(TODAY);
      expect(sinceInception, `${ticker} price since its first close`).toBeLessThan(0);
      expect(erosion, `${ticker} price since ${FROM}`).toBeLessThan(0);
      expect(erosion, `${ticker} price since ${FROM}`).toBeGreaterThan(-75);
      expect(Math.abs(Number(m.oneYearReturn)), `${ticker} 1-year ${m.oneYearReturn}`).toBeLessThanOrEqual(30);
      expect(Number(m.ttmYield), `${ticker} TTM ${m.ttmYield}`).toBeGreaterThanOrEqual(30);
      expect(Number(m.ttmYield), `${ticker} TTM ${m.ttmYield}`).toBeLessThanOrEqual(120);
    });
  }

  it('TSLY pays within the CSV\'s "weekly $0.29-$0.37 in early 2026"; AIYY and APLY keep their CSV payouts of 4/10/25', async () => {
    const { paid } = await figures('TSLY');
    const early = paid.filter((d) => d.exDate >= '2026-01-01' && d.exDate <= '2026-03-31').map((d) => Number(d.amount));
    expect(early.length).toBe(12); // Thursdays 01-08 .. 03-26 (New Year's Day moved to 2025-12-31)
    expect(Math.min(...early)).toBeGreaterThanOrEqual(0.29);
    expect(Math.max(...early)).toBeLessThanOrEqual(0.37);
    expect((await provider.distributions(['AIYY'], '2025-04-10', '2025-04-10')).map((d) => d.amount)).toEqual(['0.2301']);
    expect((await provider.distributions(['APLY'], '2025-04-10', '2025-04-10')).map((d) => d.amount)).toEqual(['0.3023']);
  });
});
