import { describe, expect, it } from 'vitest';
import { brandSlug, normaliseTicker } from './tickers.ts';

describe('tickers and brands', () => {
  it('makes brand slugs', () => {
    expect(brandSlug('Roundhill')).toBe('roundhill');
    expect(brandSlug(' Nicholas  Funds ')).toBe('nicholas-funds');
  });
  it('normalises tickers', () => {
    expect(normaliseTicker(' nvdw ')).toBe('NVDW');
  });
});
