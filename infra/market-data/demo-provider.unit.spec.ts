import { describe, expect, it } from 'vitest';
import { isBusinessDay, weekdayOf } from '../../domain/market/trading-days.ts';
import { DemoMarketDataProvider, closeInstant, fnv1a32, mulberry32 } from './demo-provider.ts';

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
  it('starts at inception with a $10-$60 price', async () => {
    const bars = await at('2026-03-18T22:00:00Z').dailyBars(['NVDW'], '2020-01-01', '2026-03-18');
    expect(bars[0]!.date).toBe('2025-02-19'); // NVDW inception
    expect(Number(bars[0]!.open)).toBeGreaterThanOrEqual(9);
    expect(Number(bars[0]!.open)).toBeLessThanOrEqual(61);
    const noInception = await at('2026-03-18T22:00:00Z').dailyBars(['METW'], '2020-01-01', '2026-03-18');
    expect(noInception[0]!.date).toBe('2024-01-02');
  });
  it('pays on the issuer pattern with 20-120% yields', async () => {
    const p = at('2026-03-18T22:00:00Z');
    const granite = await p.distributions(['TSYY'], '2025-03-01', '2026-03-18');
    // GraniteShares YieldBOOST: ex Friday (Thursday or later when Friday is a holiday), paid 2 business days later
    expect(granite.filter((d) => weekdayOf(d.exDate) !== 5).map((d) => d.exDate)).toEqual([]);
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
      profileOf: () => ({ frequency: 'four-weekly', exWeekdays: [4], payLagBusinessDays: 1, inceptionDate: '2025-01-02' }),
    });
    const d = await p.distributions(['FOUR'], '2025-01-01', '2026-03-18');
    for (let i = 1; i < d.length; i++) expect([27, 28, 29]).toContain((Date.parse(d[i]!.exDate) - Date.parse(d[i - 1]!.exDate)) / 86_400_000);
    const twice = await at('2026-03-18T22:00:00Z').distributions(['QLDY'], '2026-01-01', '2026-03-18');
    // QLDY: Monday and Thursday (Tuesday / Friday when a holiday pushes them)
    for (const x of twice) expect([1, 2, 4, 5]).toContain(weekdayOf(x.exDate));
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
