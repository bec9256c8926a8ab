import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../../contracts/news.ts';
import { brandTagsOf, filterByBrand, sortNews, summaryOf, tagsOf } from './news-model.ts';

const item = (o: Partial<NewsItem>): NewsItem => ({ id: o.id ?? 'x', title: 't', link: 'https://x', summary: '', source: '', tags: '', publishedAt: null, ...o });

describe('news feed logic', () => {
  const a = item({ id: 'a', tags: 'YieldMax, NVDY', source: 'Zeta', publishedAt: '2026-11-20T10:00:00Z' });
  const b = item({ id: 'b', tags: 'roundhill', source: 'Alpha', publishedAt: null });
  const c = item({ id: 'c', tags: 'Defiance,YieldMax', source: 'Mid', publishedAt: '2026-11-21T10:00:00Z' });

  it('splits tags and finds the brand tags present, sorted', () => {
    expect(tagsOf(a)).toEqual(['YieldMax', 'NVDY']);
    expect(brandTagsOf([a, b, c])).toEqual(['Defiance', 'Roundhill', 'YieldMax']);
    expect(brandTagsOf([item({ tags: 'NVDY' })])).toEqual([]);
  });

  it('filters by brand tag, case-insensitively', () => {
    expect(filterByBrand([a, b, c], 'YieldMax').map((i) => i.id)).toEqual(['a', 'c']);
    expect(filterByBrand([a, b, c], 'Roundhill').map((i) => i.id)).toEqual(['b']);
    expect(filterByBrand([a, b, c], null)).toHaveLength(3);
  });

  it('sorts by date (newest first, missing oldest) or source', () => {
    expect(sortNews([a, b, c], 'date').map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(sortNews([a, b, c], 'source').map((i) => i.id)).toEqual(['b', 'c', 'a']);
  });

  it('falls back to keywords, then to "No summary available"', () => {
    expect(summaryOf({ summary: ' Weekly payout raised ', tags: '' })).toBe('Weekly payout raised');
    expect(summaryOf({ summary: '', tags: 'YieldMax, NVDY' })).toBe('Keywords: YieldMax, NVDY');
    expect(summaryOf({ summary: '', tags: '' })).toBe('No summary available');
  });
});
