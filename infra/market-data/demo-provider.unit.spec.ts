import { describe, expect, it } from 'vitest';
import { SEED_CATALOG } from '../../domain/market/seed-catalog.ts';
import { addDays, isBusinessDay, mondayOf, previousBusinessDay, weekdayOf } from '../../domain/market/trading-days.ts';
import { DemoMarketDataProvider, closeInstant, demoProfileOf, fnv1a32, mulberry32 } from './demo-provider.ts';

const at = (now: string) => new DemoMarketDataProvider({ now: () => now });

describe('demo market data', () => {
  it('is deterministic: same clock, same answers', async () => {
    const now = '2026-03-18T18:30:00.000Z';
    const [a, b] = [at(now), at(now)];
    expect(await a.dailyBars(['NVDW', 'ULTY'], '2025-01-01', '2026-03-18')).toEqual(await b.dailyBars(['NVDW', 'ULTY'], '2025-01-01', '2026-03-18'));
    expect(await a.distributions(['NVDW', 'ULTY'], '2025-01-01', '2026-03-31')).toEqual(await b.distributions(['NVDW', 'ULTY'], '2025-01-01', '2026-03-31'));
    expect(await a.latestPrices(['NVDW', 'ULTY'])).toEqual(await b.latestPrices(['NVDW', 'ULTY']));
  });
  it('never rewrites history when the clock moves on (idempotent re-sync)', async () => {
    const early = await at('2025-09-01T22:00:00Z').dailyBars(['TSYY'], '2025-06-01', '2025-08-29');
    const late = await at('2026-03-18T22:00:00Z').dailyBars(['TSYY'], '2025-06-01', '2025-08-29');
    expect(late).toEqual(early);
    expect(early.length).toBeGreaterThan(60);
  });
  it('labels itself demo and uses a seeded PRNG per ticker', () => {
    expect(at('2026-01-05T15:00:00Z').source).toBe('demo');
    const r1 = mulberry32(fnv1a32('NVDW'));
    const r2 = mulberry32(fnv1a32('NVDW'));
    expect([r1(), r1(), r1()]).toEqual([r2(), r2(), r2()]);
    expect(fnv1a32('NVDW')).not.toBe(fnv1a32('TSLW'));
  });
  it('has bars on business days only, up to the last completed session', async () => {
    // Wednesday 2026-03-18 14:30 New York: the session is open, so the last bar is Tuesday's.
    const bars = await at('2026-03-18T18:30:00Z').dailyBars(['ULTY'], '2025-06-01', '2026-03-31');
    expect(bars.every((b) => isBusinessDay(b.date))).toBe(true);
    expect(bars.some((b) => b.date === '2025-07-04')).toBe(false);
    expect(bars.at(-1)!.date).toBe('2026-03-17');
    const afterClose = await at('2026-03-18T20:05:00Z').dailyBars(['ULTY'], '2026-03-01', '2026-03-31');
    expect(afterClose.at(-1)!.date).toBe('2026-03-18');
    for (const b of bars) {
      expect(Number(b.low)).toBeLessThanOrEqual(Math.min(Number(b.open), Number(b.close)));
      expect(Number(b.high)).toBeGreaterThanOrEqual(Math.max(Number(b.open), Number(b.close)));
      expect(Number.isInteger(b.volume)).toBe(true);
    }
  });
  it('starts at inception with a price in its family\'s range', async () => {
    const bars = await at('2026-03-18T22:00:00Z').dailyBars(['NVDW'], '2020-01-01', '2026-03-18');
    expect(bars[0]!.date).toBe('2025-02-19'); // NVDW inception
    expect(Number(bars[0]!.open)).toBeGreaterThanOrEqual(9);
    expect(Number(bars[0]!.open)).toBeLessThanOrEqual(61);
    const noInception = await at('2026-03-18T22:00:00Z').dailyBars(['METW'], '2020-01-01', '2026-03-18');
    expect(noInception[0]!.date).toBe('2025-02-19'); // undated: the first WeeklyPay funds' inception
  });
  it('pays on the issuer pattern at the fund\'s rate', async () => {
    const p = at('2026-03-18T22:00:00Z');
    const granite = await p.distributions(['TSYY'], '2025-03-01', '2026-03-18');
    // GraniteShares YieldBOOST: ex Friday (Thursday when Friday is a holiday), paid 2 business days later
    expect(granite.filter((d) => weekdayOf(d.exDate) !== 5).map((d) => d.exDate)).toEqual(['2025-04-17', '2025-07-03']);
    expect(granite.find((d) => d.exDate === '2025-07-11')).toMatchObject({ payDate: '2025-07-15', recordDate: '2025-07-11' });
    const yieldMax = await p.distributions(['ULTY'], '2025-03-01', '2026-03-18');
    expect(new Set(yieldMax.map((d) => weekdayOf(d.exDate)))).toEqual(new Set([3])); // Wednesdays
    const bars = await p.dailyBars(['ULTY'], '2025-03-01', '2026-03-18');
    const close = new Map(bars.map((b) => [b.date, Number(b.close)]));
    for (const d of yieldMax) {
      const annualised = (Number(d.amount) * 52) / close.get(d.exDate)!;
      expect(annualised).toBeGreaterThan(0.15);
      expect(annualised).toBeLessThan(1.6);
      expect(d.amount).toMatch(/^\d+\.\d{4}$/);
    }
  });
  it('lists a distribution once declared (the business day before its ex-date)', async () => {
    // ULTY goes ex on Wednesdays: on Tuesday 2026-03-17 Wednesday's is declared, the next week's is not.
    const list = await at('2026-03-17T15:00:00Z').distributions(['ULTY'], '2026-03-01', '2026-04-30');
    expect(list.at(-1)!.exDate).toBe('2026-03-18');
  });
  it('supports four-weekly and twice-weekly funds', async () => {
    const p = new DemoMarketDataProvider({
      now: () => '2026-03-18T22:00:00Z',
      profileOf: () => ({ ...demoProfileOf('XDTE')!, frequency: 'four-weekly', startDate: '2025-01-02', anchor: null }),
    });
    const d = await p.distributions(['FOUR'], '2025-01-01', '2026-03-18');
    for (let i = 1; i < d.length; i++) expect([27, 28, 29]).toContain((Date.parse(d[i]!.exDate) - Date.parse(d[i - 1]!.exDate)) / 86_400_000);
    const twice = await at('2026-03-18T22:00:00Z').distributions(['QLDY'], '2026-01-01', '2026-03-18');
    // QLDY: Monday and Thursday (the trading day before when a holiday falls on them)
    for (const x of twice) expect([1, 3, 4, 5]).toContain(weekdayOf(x.exDate));
    expect(twice.filter((x) => weekdayOf(x.exDate) === 1).length).toBeGreaterThan(8);
    expect(twice.filter((x) => weekdayOf(x.exDate) === 4).length).toBeGreaterThan(8);
  });
  it('moves the intraday price deterministically inside the day\'s range and ends at the close', async () => {
    const during = await at('2026-03-18T17:17:42.123Z').latestPrices(['NVDW']);
    const again = await at('2026-03-18T17:17:10.000Z').latestPrices(['NVDW']);
    expect(during).toEqual(again); // same minute, same price and time
    expect(during[0]!.at).toBe('2026-03-18T17:17:00.000Z');
    const [today] = await at('2026-03-18T22:00:00Z').dailyBars(['NVDW'], '2026-03-18', '2026-03-18');
    const price = Number(during[0]!.price);
    expect(price).toBeGreaterThanOrEqual(Number(today!.low));
    expect(price).toBeLessThanOrEqual(Number(today!.high));
    const closed = await at('2026-03-18T22:00:00Z').latestPrices(['NVDW']);
    expect(closed[0]).toMatchObject({ price: today!.close, at: closeInstant('2026-03-18') });
    expect(closeInstant('2026-03-18')).toBe('2026-03-18T20:00:00.000Z'); // EDT
    expect(closeInstant('2026-01-16')).toBe('2026-01-16T21:00:00.000Z'); // EST
  });
  it('on a weekend the latest price is Friday\'s close, stamped at Friday\'s close', async () => {
    const [q] = await at('2026-03-21T15:00:00Z').latestPrices(['NVDW']);
    expect(q!.at).toBe('2026-03-20T20:00:00.000Z');
  });
});

// Against the facts of ../shared/data/weekly-etfs.csv (F10 of the metrics audit, D10 of the web audit).
describe('demo data that looks like the market', () => {
  const NOW = '2026-11-24T22:00:00Z'; // a Tuesday after the close
  const p = at(NOW);
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

  it('serves only funds of the seed catalog: an unknown ticker gets no bars, quotes or distributions', async () => {
    expect(await p.dailyBars(['ZZZQ', 'AUDF'], '2024-01-01', '2026-11-24')).toEqual([]);
    expect(await p.distributions(['ZZZQ', 'AUDF'], '2024-01-01', '2026-12-31')).toEqual([]);
    expect(await p.latestPrices(['ZZZQ', 'AUDF'])).toEqual([]);
    expect(await at('2026-11-24T17:00:00Z').latestPrices(['ZZZQ'])).toEqual([]);
    // a seed fund asked together with an unknown one is still served
    expect((await p.latestPrices(['ZZZQ', 'NVDW'])).map((q) => q.ticker)).toEqual(['NVDW']);
  });

  it('starts each fund at its inception, or no earlier than the earliest dated fund of its family', async () => {
    const first = async (t: string) => (await p.dailyBars([t], '2000-01-01', '2026-11-24'))[0]!.date;
    const firstPayout = async (t: string) => (await p.distributions([t], '2000-01-01', '2026-12-31'))[0]!.exDate;
    // CSV inception dates (exact), and "~YYYY-MM" as the month's first trading day
    expect(await first('NVDW')).toBe('2025-02-19');
    expect(await first('GIF')).toBe('2026-02-26');
    expect(await first('AMZW')).toBe('2025-06-02'); // ~2025-06 (the 1st is a Sunday)
    expect(await first('SDTY')).toBe('2025-02-03'); // ~2025-02 (the 1st is a Saturday)
    // undated funds: their family's earliest dated fund (the audit's 15 funds)
    for (const t of ['METW', 'MSFW', 'GOOW', 'NFLW', 'AMDW', 'BRKW']) expect(await first(t), t).toBe('2025-02-19'); // WeeklyPay: NVDW..PLTW
    expect(await first('TOPW')).toBe('2025-09-04'); // a fund of WeeklyPay funds: WPAY, the first one
    for (const t of ['NVYY', 'TQQY', 'YSPY', 'XBTY']) expect(await first(t), t).toBe('2024-12-18'); // YieldBOOST: TSYY
    for (const t of ['TSII', 'COII']) expect(await first(t), t).toBe('2025-05-01'); // REX G&I: NVII ~2025-05
    for (const t of ['QDTY', 'RDTY']) expect(await first(t), t).toBe('2025-02-03'); // YieldMax 0DTE: SDTY ~2025-02
    for (const t of ['METW', 'NVYY', 'TSII', 'QDTY', 'GIF']) expect(await firstPayout(t) > (await first(t)), t).toBe(true);
  });

  it('follows the frequency history of the CSV: YieldMax single-stock funds monthly in 2024, every four weeks in 2025 until October, weekly after', async () => {
    for (const t of ['MSTY', 'TSLY', 'NVDY', 'CONY', 'AMZY', 'APLY', 'AIYY', 'SMCY']) {
      const list = (await p.distributions([t], '2024-01-01', '2026-11-24')).map((d) => d.exDate);
      const y2024 = list.filter((d) => d < '2025-01-01');
      const fourWeekly = list.filter((d) => d >= '2025-01-01' && d < '2025-10-01');
      const weekly = list.filter((d) => d >= '2025-10-01');
      expect(y2024.length, t).toBeGreaterThanOrEqual(t === 'MSTY' ? 11 : 12); // MSTY ~2024-02
      expect(new Set(y2024.map((d) => d.slice(0, 7))).size, t).toBe(y2024.length); // one a month
      expect(fourWeekly.length, t).toBeGreaterThanOrEqual(9);
      for (let i = 1; i < fourWeekly.length; i++) expect([27, 28, 29], `${t} ${fourWeekly[i]}`).toContain(days(fourWeekly[i - 1]!, fourWeekly[i]!));
      for (let i = 1; i < weekly.length; i++) expect([6, 7, 8], `${t} ${weekly[i]}`).toContain(days(weekly[i - 1]!, weekly[i]!));
      expect(weekly.length, t).toBeGreaterThanOrEqual(59); // Oct 2025 .. Nov 2026, no week dropped
    }
    // the CSV's dated four-weekly examples are on the cycle: SMCY ex 2/13/25, MSTY/AMZY/APLY/AIYY ex 4/10/25
    expect((await p.distributions(['SMCY'], '2025-02-13', '2025-02-13')).map((d) => d.amount)).toEqual(['2.0901']);
    for (const [t, amount] of [['MSTY', '1.3356'], ['AMZY', '0.4877'], ['APLY', '0.3023'], ['AIYY', '0.2301']]) {
      expect((await p.distributions([t!], '2025-04-10', '2025-04-10')).map((d) => d.amount), t).toEqual([amount]);
    }
    // ULTY monthly until early 2025 (March), YBTC/YETH monthly until July 2025
    const monthlyUntil = async (t: string, until: string) => {
      const list = (await p.distributions([t], '2024-11-01', '2026-11-24')).map((d) => d.exDate);
      const before = list.filter((d) => d < until);
      expect(new Set(before.map((d) => d.slice(0, 7))).size, t).toBe(before.length);
      const after = list.filter((d) => d >= until);
      for (let i = 1; i < after.length; i++) expect([6, 7, 8], `${t} ${after[i]}`).toContain(days(after[i - 1]!, after[i]!));
    };
    await monthlyUntil('ULTY', '2025-03-01');
    await monthlyUntil('YBTC', '2025-07-01');
    await monthlyUntil('YETH', '2025-07-01');
  });

  it('moves an ex-date on a market holiday to the previous trading day, never dropping the payout; the pay date keeps the lag in trading days', async () => {
    // Good Friday 2025-04-18 and 2026-04-03, Juneteenth Fri 2026-06-19, Fri 2025-07-04 / 2026-07-03
    const tsyy = await p.distributions(['TSYY'], '2025-01-01', '2026-11-24');
    expect(tsyy.find((d) => d.exDate === '2025-04-17')).toMatchObject({ recordDate: '2025-04-17', payDate: '2025-04-22' });
    for (const ex of ['2025-07-03', '2026-04-02', '2026-06-18', '2026-07-02']) expect(tsyy.some((d) => d.exDate === ex), ex).toBe(true);
    // Thursday funds in Thanksgiving week go ex Wednesday and pay Friday (Roundhill, Thanksgiving 2024)
    const xdte = await p.distributions(['XDTE'], '2024-11-25', '2025-11-30');
    expect(xdte.find((d) => d.exDate === '2024-11-27')).toMatchObject({ payDate: '2024-11-29' });
    expect(xdte.find((d) => d.exDate === '2025-11-26')).toMatchObject({ payDate: '2025-11-28' });
    // every weekly seed fund: one payout in each full week of its weekly history (two for QLDY)
    for (const seed of SEED_CATALOG) {
      const list = await p.distributions([seed.ticker], '2025-01-01', '2026-11-24');
      const weekly = list.filter((d) => d.exDate >= '2025-10-06' && d.exDate <= '2026-11-20');
      if (weekly.length === 0) continue; // too young
      // the week of the payout's usual weekday (a moved ex-date is at most a few days earlier)
      const nominalWeek = (ex: string) => mondayOf(addDays(ex, Math.min(...seed.pattern.exWeekdays.map((wd) => (wd - weekdayOf(ex) + 7) % 7))));
      const perWeek = new Map<string, number>();
      for (const d of weekly) perWeek.set(nominalWeek(d.exDate), (perWeek.get(nominalWeek(d.exDate)) ?? 0) + 1);
      const firstMonday = addDays(nominalWeek(weekly[0]!.exDate), 7);
      for (let m = firstMonday; m <= '2026-11-09'; m = addDays(m, 7)) {
        expect(perWeek.get(m) ?? 0, `${seed.ticker} week of ${m}`).toBe(seed.frequency === 'twice-weekly' ? 2 : 1);
      }
      for (const d of list) expect(isBusinessDay(d.exDate) && isBusinessDay(d.payDate!), `${seed.ticker} ${d.exDate}`).toBe(true);
    }
  });

  it('prices WEEK like Treasury bills: a 4-5 % yield, a stable NAV and a tiny daily volatility', async () => {
    const bars = await p.dailyBars(['WEEK'], '2025-11-24', '2026-11-24');
    const dists = await p.distributions(['WEEK'], '2025-11-25', '2026-11-24');
    const closes = bars.map((b) => Number(b.close));
    const last = closes.at(-1)!;
    const trailing = dists.reduce((s, d) => s + Number(d.amount), 0) / last;
    expect(trailing).toBeGreaterThan(0.035);
    expect(trailing).toBeLessThan(0.055);
    expect(Math.max(...closes) / Math.min(...closes)).toBeLessThan(1.01);
    expect(dailyVolatility(bars, dists)).toBeLessThan(0.0005);
  });

  it('keeps bond and gold funds near their asset class and every fund in its family yield range', async () => {
    const tsyw = await p.dailyBars(['TSYW'], '2025-11-13', '2026-11-24');
    const tsywDists = await p.distributions(['TSYW'], '2025-11-13', '2026-11-24');
    expect(dailyVolatility(tsyw, tsywDists)).toBeLessThan(0.012);
    const rate = (Number(tsywDists.at(-1)!.amount) * 52) / Number(tsyw.at(-1)!.close);
    expect(rate).toBeGreaterThan(0.03);
    expect(rate).toBeLessThan(0.08);
    for (const seed of SEED_CATALOG) {
      const profile = demoProfileOf(seed.ticker)!;
      const bars = await p.dailyBars([seed.ticker], '2024-11-24', '2026-11-24');
      const dists = await p.distributions([seed.ticker], '2025-11-24', '2026-11-24');
      const close = new Map(bars.map((b) => [b.date, Number(b.close)]));
      const perYear = seed.frequency === 'twice-weekly' ? 104 : 52;
      for (const d of dists) {
        const prev = close.get(previousBusinessDay(d.exDate))!;
        const annual = (Number(d.amount) * perYear) / prev;
        // cents and 4-decimal rounding on sub-$5 prices: 1 % slack
        expect(annual, `${seed.ticker} ${d.exDate}`).toBeGreaterThanOrEqual((profile.range.yieldPercent[0] / 100) * (1 - profile.range.payoutJitter) * 0.99);
        expect(annual, `${seed.ticker} ${d.exDate}`).toBeLessThanOrEqual((profile.range.yieldPercent[1] / 100) * (1 + profile.range.payoutJitter) * 1.01);
      }
      // (at least 0.03 %: WEEK's cents on $100 are 0.01 % steps)
      expect(dailyVolatility(bars, dists), seed.ticker).toBeLessThan(Math.max((profile.range.dailyVolatilityPercent[1] / 100) * 1.35, 0.0003));
      expect(dailyVolatility(bars, dists), seed.ticker).toBeGreaterThan((profile.range.dailyVolatilityPercent[0] / 100) * 0.65);
    }
  });

  it('reproduces the CSV\'s dated payouts at the issuer-implied price (amount x 52 / rate)', async () => {
    const rows: [string, string, string, number][] = [
      ['ULTY', '2025-10-15', '0.0908', 87.1], ['YMAX', '2025-10-15', '0.1743', 71.49], ['YMAG', '2025-10-15', '0.2009', 68.12],
      ['LFGY', '2025-10-15', '0.5831', 80.41], ['GPTY', '2025-10-15', '0.3144', 34.2], ['CHPY', '2025-10-15', '0.4066', 37],
      ['SLTY', '2025-10-15', '0.4610', 60.93], ['SDTY', '2025-10-15', '0.1407', 16.22], ['QDTY', '2025-10-15', '0.2457', 28.52],
      ['RDTY', '2025-10-15', '0.2641', 30.83], ['TSYY', '2025-07-11', '0.24238', 140.46], ['NVYY', '2025-07-11', '0.51300', 100.04],
      ['TQQY', '2025-07-11', '0.18291', 49.94], ['YSPY', '2025-07-11', '0.19353', 50.09], ['XBTY', '2025-07-11', '0.47655', 100.3],
    ];
    for (const [t, ex, amount, ratePercent] of rows) {
      const [d] = await p.distributions([t], ex, ex);
      expect(d?.amount, t).toBe(amount);
      const [prev] = await p.dailyBars([t], previousBusinessDay(ex), previousBusinessDay(ex));
      const implied = (Number(amount) * 52) / (ratePercent / 100);
      expect(Math.abs(Number(prev!.close) - implied), t).toBeLessThanOrEqual(0.006);
    }
    expect(await p.distributions(['TSYY'], '2025-07-11', '2025-07-11')).toMatchObject([{ payDate: '2025-07-15' }]);
    expect((await p.distributions(['AMDW'], '2025-08-05', '2025-08-05')).map((d) => d.amount)).toEqual(['0.5988']);
    expect((await p.distributions(['WDTE'], '2026-06-04', '2026-06-04')).map((d) => d.amount)).toEqual(['0.1792']);
    expect(await p.distributions(['BLOX'], '2025-08-29', '2025-08-29')).toMatchObject([{ amount: '0.1371', payDate: '2025-09-02' }]);
    expect(await p.distributions(['NVII'], '2026-04-15', '2026-04-15')).toMatchObject([{ amount: '0.1796' }]);
  });

  it('quotes are a function of (ticker, minute): the same minute gives the same price on any provider, and the price walks, not jumps', async () => {
    const minute = '2026-11-24T16:41';
    const fresh = await at(`${minute}:05.000Z`).latestPrices(['WEEK', 'ULTY', 'NVDW']);
    const busy = at(`${minute}:55.999Z`);
    await busy.dailyBars(['ULTY', 'NVDW'], '2024-01-01', '2026-11-20');
    await busy.distributions(['WEEK'], '2024-01-01', '2026-12-31');
    expect(await busy.latestPrices(['WEEK', 'ULTY', 'NVDW'])).toEqual(fresh);
    const [bar] = await p.dailyBars(['NVDW'], '2026-11-24', '2026-11-24');
    const range = Number(bar!.high) - Number(bar!.low);
    let moves = 0;
    let prev: number | null = null;
    for (let m = 0; m < 390; m++) {
      const instant = new Date(Date.parse('2026-11-24T14:30:00Z') + m * 60_000).toISOString();
      const [q] = await at(instant).latestPrices(['NVDW']);
      const price = Number(q!.price);
      if (prev !== null) moves += Math.abs(price - prev);
      prev = price;
    }
    expect(moves / 389).toBeLessThan(range * 0.08);
  });
});

/** Standard deviation of daily close-to-close returns, the distribution added back on ex-dates. */
function dailyVolatility(bars: { date: string; close: string }[], dists: { exDate: string; amount: string }[]): number {
  const paid = new Map(dists.map((d) => [d.exDate, Number(d.amount)]));
  const r: number[] = [];
  for (let i = 1; i < bars.length; i++) r.push(Math.log((Number(bars[i]!.close) + (paid.get(bars[i]!.date) ?? 0)) / Number(bars[i - 1]!.close)));
  const mean = r.reduce((s, x) => s + x, 0) / r.length;
  return Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1));
}
