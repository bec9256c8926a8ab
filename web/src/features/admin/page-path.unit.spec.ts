import { describe, expect, it } from 'vitest';
import { normalizePagePath, normalizePagePathWhileTyping, pageSlug } from './page-path.ts';

describe('normalizePagePath (admin spec §5)', () => {
  it('lowercases and forces a leading slash', () => {
    expect(normalizePagePath('About')).toBe('/about');
    expect(normalizePagePath('/Weekly-Income')).toBe('/weekly-income');
  });

  it('turns every character other than a-z, 0-9, / and - into a hyphen', () => {
    expect(normalizePagePath('/what is DRIP?')).toBe('/what-is-drip-');
    expect(normalizePagePath('/café_2026')).toBe('/caf-2026');
    expect(normalizePagePath('/a.b')).toBe('/a-b');
  });

  it('collapses repeated slashes and hyphens', () => {
    expect(normalizePagePath('//guides///weekly')).toBe('/guides/weekly');
    expect(normalizePagePath('/a---b')).toBe('/a-b');
    expect(normalizePagePath('/a  &  b')).toBe('/a-b');
  });

  it('removes a trailing slash unless the path is just /', () => {
    expect(normalizePagePath('/guides/')).toBe('/guides');
    expect(normalizePagePath('/guides//')).toBe('/guides');
    expect(normalizePagePath('/')).toBe('/');
    expect(normalizePagePath('')).toBe('/');
  });
});

describe('normalizePagePathWhileTyping', () => {
  it('keeps an empty field empty and a trailing slash while typing', () => {
    expect(normalizePagePathWhileTyping('')).toBe('');
    expect(normalizePagePathWhileTyping('/guides/')).toBe('/guides/');
    expect(normalizePagePathWhileTyping('Guides//')).toBe('/guides/');
    expect(normalizePagePathWhileTyping('/')).toBe('/');
    expect(normalizePagePathWhileTyping('/Guides/Weekly Pay')).toBe('/guides/weekly-pay');
  });
});

describe('pageSlug', () => {
  it('turns slashes into hyphens and drops the leading hyphen', () => {
    expect(pageSlug('/about')).toBe('about');
    expect(pageSlug('/guides/weekly-income')).toBe('guides-weekly-income');
    expect(pageSlug('Guides/Weekly/')).toBe('guides-weekly');
  });

  it("is 'page' for the root path", () => {
    expect(pageSlug('/')).toBe('page');
    expect(pageSlug('')).toBe('page');
  });
});
