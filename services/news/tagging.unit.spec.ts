import { describe, expect, it } from 'vitest';
import { issuerNames, matchingKeyword, namesTicker, tagsFor, type TaggableEtf } from './tagging.ts';

const catalog: TaggableEtf[] = [
  { ticker: 'NVDW', brand: 'Roundhill', name: 'Roundhill NVDA WeeklyPay ETF' },
  { ticker: 'MSTY', brand: 'YieldMax', name: 'YieldMax MSTR Option Income Strategy ETF' },
  { ticker: 'TSYY', brand: 'Granite', name: 'GraniteShares YieldBOOST TSLA ETF' },
  { ticker: 'WEEK', brand: 'Roundhill', name: 'Roundhill Weekly T-Bill ETF' },
  { ticker: 'GIF', brand: 'REX', name: 'REX Growth & Income Universe ETF' },
  { ticker: 'QQQY', brand: 'Defiance', name: 'Defiance Nasdaq 100 Weekly Distribution ETF' },
  { ticker: 'BLOX', brand: 'Nicholas', name: 'Nicholas Crypto Income ETF' },
];

describe('tickers named in a text', () => {
  it('counts an upper-case ticker as a whole word, not inside another word or in lower case', () => {
    expect(namesTicker('Why NVDW pays weekly', 'NVDW')).toBe(true);
    expect(namesTicker('NVDW.', 'NVDW')).toBe(true);
    expect(namesTicker('NVDWX is another fund', 'NVDW')).toBe(false);
    expect(namesTicker('nvdw in lower case', 'NVDW')).toBe(false);
    expect(namesTicker('the XNVDW fund', 'NVDW')).toBe(false);
  });

  it('counts an everyday-word ticker only when marked: $T, (T), an exchange prefix', () => {
    expect(namesTicker('Stocks to watch this WEEK', 'WEEK')).toBe(false);
    expect(namesTicker('Roundhill T-Bill fund ($WEEK) pays', 'WEEK')).toBe(true);
    expect(namesTicker('Roundhill Weekly T-Bill ETF (WEEK) pays', 'WEEK')).toBe(true);
    expect(namesTicker('listed as NYSE Arca: WEEK today', 'WEEK')).toBe(true);
    expect(namesTicker('(Cboe BZX: GIF, NVII)', 'GIF')).toBe(true);
    expect(namesTicker('an animated GIF', 'GIF')).toBe(false);
    expect(namesTicker('($week) in lower case', 'WEEK')).toBe(false);
  });

  it('needs the mark for one- and two-letter tickers', () => {
    expect(namesTicker('A new fund', 'A')).toBe(false);
    expect(namesTicker('IT spending', 'IT')).toBe(false);
    expect(namesTicker('Agilent (A) rose', 'A')).toBe(true);
  });

  it('counts only marked tickers in a shouted (all capitals) text', () => {
    expect(namesTicker('NVDW AND MSTY: THE WEEK AHEAD', 'NVDW')).toBe(false);
    expect(namesTicker('WEEKLY PAY: $NVDW RISES', 'NVDW')).toBe(true);
  });
});

describe('tags of an article', () => {
  it('tags the tickers named and their brands, brands first', () => {
    expect(tagsFor(['NVDW and MSTY paid again'], catalog)).toEqual(['Roundhill', 'YieldMax', 'MSTY', 'NVDW']);
  });

  it('tags a brand named by its catalog spelling or its issuer name, case-sensitive', () => {
    expect(issuerNames(catalog).get('Granite')).toEqual(new Set(['Granite', 'GraniteShares']));
    expect(tagsFor(['GraniteShares launches a fund'], catalog)).toEqual(['Granite']);
    expect(tagsFor(['YieldMax weekly payers'], catalog)).toEqual(['YieldMax']);
    expect(tagsFor(['yieldmax in lower case', 'a granite countertop'], catalog)).toEqual([]);
  });

  it('looks at each segment on its own: a shouted title does not silence the text', () => {
    expect(tagsFor(['BREAKING: WEEKLY PAY', 'Roundhill said NVDW will pay $0.41'], catalog)).toEqual(['Roundhill', 'NVDW']);
  });

  it('tags nothing in an unrelated text', () => {
    expect(tagsFor(['Fed holds rates; IT stocks rally this WEEK'], catalog)).toEqual([]);
  });
});

describe('keyword auto-publish', () => {
  const keywords = ['weekly pay', 'YieldMax', '0DTE', 'S&P 500'];

  it('matches case-insensitively and on whole words, also across line breaks in a phrase', () => {
    expect(matchingKeyword(keywords, ['Five WEEKLY PAY funds'])).toBe('weekly pay');
    expect(matchingKeyword(keywords, ['nothing here', 'a text on weekly\npay funds'])).toBe('weekly pay');
    expect(matchingKeyword(keywords, ['yieldmax news'])).toBe('YieldMax');
    expect(matchingKeyword(keywords, ['a 0dte strategy'])).toBe('0DTE');
    expect(matchingKeyword(keywords, ['the s&p 500 index'])).toBe('S&P 500');
  });

  it('does not match inside a word or when nothing matches', () => {
    expect(matchingKeyword(keywords, ['weekly payments'])).toBeNull();
    expect(matchingKeyword(keywords, ['YieldMaxed out'])).toBeNull();
    expect(matchingKeyword(keywords, ['S&P 5000'])).toBeNull();
    expect(matchingKeyword([], ['weekly pay'])).toBeNull();
  });
});
