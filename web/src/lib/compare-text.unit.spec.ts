import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text.ts';

describe('compareText', () => {
  it('orders case-insensitively, digits before letters, shorter prefix first', () => {
    expect(['YieldMax', 'granite', 'REX', 'Roundhill', 'Defiance', 'Nicholas'].sort(compareText)).toEqual(['Defiance', 'granite', 'Nicholas', 'REX', 'Roundhill', 'YieldMax']);
    expect(['NVDW', 'AAPW', 'TSLW', 'AAPW2', 'AAP'].sort(compareText)).toEqual(['AAP', 'AAPW', 'AAPW2', 'NVDW', 'TSLW']);
    expect(['B2', 'B10', 'B1'].sort(compareText)).toEqual(['B1', 'B10', 'B2']);
  });

  it('is total: equal only for the same text; case decides last', () => {
    expect(compareText('abc', 'abc')).toBe(0);
    expect(compareText('ABC', 'abc')).toBeLessThan(0);
    expect(compareText('abc', 'ABC')).toBeGreaterThan(0);
    expect(compareText('abd', 'ABC')).toBeGreaterThan(0);
  });
});
