import { describe, expect, it } from 'vitest';
import { etfListed } from '../../events/catalog.ts';
import { isBusinessDay, isValidDate } from './trading-days.ts';
import { SEED_BRANDS, SEED_CATALOG, seedEtfByTicker, seedEtfId } from './seed-catalog.ts';

describe('seed catalog (from ../shared/data/weekly-etfs.csv)', () => {
  it('has every CSV row: 63 funds', () => {
    expect(SEED_CATALOG).toHaveLength(63);
  });
  it('has unique uppercase tickers and brands from the allowed set', () => {
    const tickers = SEED_CATALOG.map((e) => e.ticker);
    expect(new Set(tickers).size).toBe(63);
    for (const t of tickers) expect(t).toBe(t.toUpperCase());
    for (const e of SEED_CATALOG) expect(SEED_BRANDS).toContain(e.brand);
    const count = (b: string) => SEED_CATALOG.filter((e) => e.brand === b).length;
    expect([count('Roundhill'), count('YieldMax'), count('Granite'), count('REX'), count('Defiance'), count('Nicholas')]).toEqual([25, 20, 8, 5, 4, 1]);
  });
  it('names carry no research remarks', () => {
    for (const e of SEED_CATALOG) expect(e.name).not.toMatch(/\(|unverified|formerly|inferred/i);
    expect(seedEtfByTicker('TOPW')!.name).toBe('Roundhill Top WeeklyPay ETF');
    expect(seedEtfByTicker('qqqy')!.name).toBe('Defiance Nasdaq 100 Weekly Distribution ETF');
  });
  it('normalises frequencies and inception dates', () => {
    expect(seedEtfByTicker('QLDY')!.frequency).toBe('twice-weekly');
    expect(seedEtfByTicker('MSTY')!.frequency).toBe('weekly');
    expect(SEED_CATALOG.filter((e) => e.frequency !== 'weekly').map((e) => e.ticker)).toEqual(['QLDY']);
    // "~2025-06": the first trading day of the month (2025-06-01 is a Sunday), flagged approximate
    expect(seedEtfByTicker('AMZW')).toMatchObject({ inceptionDate: '2025-06-02', inceptionApproximate: true });
    expect(seedEtfByTicker('SDTY')).toMatchObject({ inceptionDate: '2025-02-03', inceptionApproximate: true });
    expect(seedEtfByTicker('NVDW')).toMatchObject({ inceptionDate: '2025-02-19', inceptionApproximate: false });
    expect(seedEtfByTicker('METW')!.inceptionDate).toBeNull();
    for (const e of SEED_CATALOG) if (e.inceptionDate) expect(isValidDate(e.inceptionDate) && isBusinessDay(e.inceptionDate)).toBe(true);
  });
  it('puts every fund in one family of its brand, each family with a dated fund', () => {
    const families = new Map<string, string[]>();
    for (const e of SEED_CATALOG) families.set(e.family, [...(families.get(e.family) ?? []), e.ticker]);
    for (const [family, tickers] of families) {
      expect(new Set(tickers.map((t) => seedEtfByTicker(t)!.brand)).size, family).toBe(1);
      expect(tickers.some((t) => seedEtfByTicker(t)!.inceptionDate !== null), family).toBe(true);
    }
    expect(families.get('roundhill-weeklypay')).toContain('METW');
    expect(families.get('granite-single-stock')).toEqual(['TSYY', 'NVYY', 'TQQY', 'YSPY', 'XBTY', 'HOYY']);
    expect(families.get('yieldmax-single-stock')).toEqual(['MSTY', 'TSLY', 'NVDY', 'CONY', 'AMZY', 'APLY', 'AIYY', 'SMCY']);
  });
  it('every fund is a valid EtfListed event', () => {
    for (const e of SEED_CATALOG) {
      const data = { etfId: seedEtfId(e.ticker), ticker: e.ticker, name: e.name, brand: e.brand, description: e.description, frequency: e.frequency, underlying: e.underlying, inceptionDate: e.inceptionDate, dataSource: 'demo', listedAt: '2026-01-01T00:00:00.000Z' };
      expect(etfListed.schema.safeParse(data).success).toBe(true);
    }
  });
  it('ids are deterministic version-5 UUIDs, one per ticker', () => {
    expect(seedEtfId('NVDW')).toBe(seedEtfId('nvdw'));
    expect(seedEtfId('NVDW')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(SEED_CATALOG.map((e) => seedEtfId(e.ticker))).size).toBe(63);
  });
  it('each fund has a payout pattern on weekdays', () => {
    for (const e of SEED_CATALOG) {
      expect(e.pattern.exWeekdays.length).toBe(e.frequency === 'twice-weekly' ? 2 : 1);
      for (const wd of e.pattern.exWeekdays) expect(wd >= 1 && wd <= 5).toBe(true);
      expect(e.pattern.payLagBusinessDays).toBeGreaterThanOrEqual(1);
    }
  });
});
