import { describe, expect, it } from 'vitest';
import type { DividendHistoryItem } from '../../../contracts/market.ts';
import { declaredByText, issuerDeclarationOf, issuerFiguresOf, issuerOfFund } from './distribution-source.ts';
import { formatDateTimeET, formatStatedPercent } from './format.ts';

const RELEASE = 'https://www.globenewswire.com/news-release/2025/10/14/1/0/en/YieldMax-ETFs-Announces-Distributions.html';

function item(overrides: Partial<DividendHistoryItem> = {}): DividendHistoryItem {
  return {
    id: 'd1',
    exDividendDate: '2025-10-15',
    payoutDate: '2025-10-16',
    amount: '0.0908',
    estimated: false,
    kind: 'regular',
    splitAdjusted: false,
    declaredAmount: '0.0908',
    isDemo: false,
    source: 'issuer',
    issuer: 'yieldmax',
    sourceUrl: RELEASE,
    declaredAt: '2025-10-14T13:05:00.000Z',
    statedRate: '87.10',
    secYield: '0.00',
    rocEstimatePercent: '92.00',
    character: null,
    characterFinal: false,
    rocBasis: 'estimate',
    rocPercent: '92',
    ...overrides,
  };
}

describe('formatDateTimeET: a declaration on the New York clock, with its year and zone', () => {
  it('is New York time whatever the browser zone, in summer (EDT) and winter (EST), marked ET', () => {
    expect(formatDateTimeET('2025-10-14T13:05:00.000Z')).toBe('Oct 14, 2025, 9:05 AM ET'); // EDT, UTC-4
    expect(formatDateTimeET('2026-01-06T14:05:00.000Z')).toBe('Jan 6, 2026, 9:05 AM ET'); // EST, UTC-5
    expect(formatDateTimeET('2026-01-01T03:30:00.000Z')).toBe('Dec 31, 2025, 10:30 PM ET'); // still the old year in New York
    expect(formatDateTimeET('2025-10-14T16:00:00.000Z')).toBe('Oct 14, 2025, 12:00 PM ET');
  });

  it('is null for a missing or bad instant', () => {
    expect(formatDateTimeET(null)).toBeNull();
    expect(formatDateTimeET('')).toBeNull();
    expect(formatDateTimeET('soon')).toBeNull();
  });
});

describe('formatStatedPercent: the issuer figures at 1 decimal, a stated zero kept', () => {
  it('rounds to 1 decimal, keeps 0.0% and a negative sign; null when not stated', () => {
    expect(formatStatedPercent('87.10')).toBe('87.1%');
    expect(formatStatedPercent('100.00')).toBe('100.0%');
    expect(formatStatedPercent('0.00')).toBe('0.0%');
    expect(formatStatedPercent('-6.02')).toBe('-6.0%');
    expect(formatStatedPercent('60.55')).toBe('60.6%');
    expect(formatStatedPercent(null)).toBeNull();
  });
});

describe('the issuer of a fund', () => {
  it('is its brand, else the first word of its name (Granite is GraniteShares); null for any other', () => {
    expect(issuerOfFund({ brand: 'YieldMax', name: 'YieldMax Ultra Option Income Strategy ETF' })).toBe('yieldmax');
    expect(issuerOfFund({ brand: 'Granite', name: 'GraniteShares YieldBOOST NVDA ETF' })).toBe('graniteshares');
    expect(issuerOfFund({ name: 'GraniteShares YieldBOOST TSLA ETF' })).toBe('graniteshares');
    expect(issuerOfFund({ name: 'REX NVDA Growth & Income ETF' })).toBe('rex');
    expect(issuerOfFund({ name: 'Rexford Income ETF' })).toBeNull(); // a word, not a prefix of one
    expect(issuerOfFund({ brand: 'Audit', name: 'Roundhill Gold WeeklyPay ETF' })).toBe('roundhill');
    expect(issuerOfFund({ brand: 'Nicholas' })).toBe('nicholas');
    expect(issuerOfFund({ brand: 'Defiance' })).toBe('defiance');
    expect(issuerOfFund({ brand: 'Audit', name: 'Special Same Day' })).toBeNull();
    expect(issuerOfFund({})).toBeNull();
  });
});

describe('the declared-by line', () => {
  it('names the issuer and the New York time; "the issuer" when unknown; no time when none', () => {
    expect(declaredByText('yieldmax', '2025-10-14T13:05:00.000Z')).toBe('Declared by YieldMax, Oct 14, 2025, 9:05 AM ET');
    expect(declaredByText('graniteshares', '2025-07-10T20:30:00.000Z')).toBe('Declared by GraniteShares, Jul 10, 2025, 4:30 PM ET');
    expect(declaredByText(null, '2025-10-14T13:05:00.000Z')).toBe('Declared by the issuer, Oct 14, 2025, 9:05 AM ET');
    expect(declaredByText('rex', null)).toBe('Declared by REX');
  });

  it('belongs to an issuer declaration with its release only, never to an estimate or another source', () => {
    expect(issuerDeclarationOf(item())).toEqual({ issuer: 'yieldmax', url: RELEASE, declaredAt: '2025-10-14T13:05:00.000Z' });
    expect(issuerDeclarationOf(item({ estimated: true }))).toBeNull();
    expect(issuerDeclarationOf(item({ sourceUrl: null }))).toBeNull();
    expect(issuerDeclarationOf(item({ source: 'provider', sourceUrl: null }))).toBeNull();
  });
});

describe("the issuer's figures beside ours", () => {
  it('come from the newest regular issuer declaration stating a rate or a yield', () => {
    const history = [
      item({ id: 'owner', source: 'owner', sourceUrl: null, declaredAt: null, statedRate: null, secYield: null }),
      item({ id: 'special', kind: 'special', statedRate: '12.00' }),
      item({ id: 'bare', statedRate: null, secYield: null }),
      item({ id: 'stated', exDividendDate: '2025-10-08', statedRate: '84.40', secYield: '-0.12' }),
      item({ id: 'older', exDividendDate: '2025-10-01' }),
    ];
    const figures = issuerFiguresOf(history, '84.4');
    expect(figures?.item.id).toBe('stated');
    expect(figures).toMatchObject({ statedRate: '84.4%', secYield: '-0.1%', rateDiffers: false, declaration: { url: RELEASE } });
  });

  it('differ from ours when the two show other figures at 1 decimal; none without a stated figure', () => {
    expect(issuerFiguresOf([item()], '52.04')?.rateDiffers).toBe(true);
    expect(issuerFiguresOf([item()], '87.149')?.rateDiffers).toBe(false);
    expect(issuerFiguresOf([item()], null)?.rateDiffers).toBe(true);
    expect(issuerFiguresOf([item({ statedRate: null })], '52.0')).toMatchObject({ statedRate: null, secYield: '0.0%', rateDiffers: false });
    expect(issuerFiguresOf([item({ statedRate: null, secYield: null })], '52.0')).toBeNull();
    expect(issuerFiguresOf([], '52.0')).toBeNull();
  });
});
