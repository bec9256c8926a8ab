import type { NewsItem } from '../../../../contracts/news.ts';
import { parseDate } from '../../lib/format.ts';
import { compareText } from '../../lib/compare-text.ts';

/** The brand tags the news filter knows; it offers those found in the articles, when more than one. */
export const NEWS_BRANDS = ['Defiance', 'Granite', 'Roundhill', 'YieldMax'] as const;
export const NEWS_PAGE_SIZE = 30;
export const NEWS_SKELETONS = 6;

export type NewsSort = 'date' | 'source';

/** Tags of an article: the comma-separated string split, trimmed, empty ones dropped. */
export function tagsOf(item: Pick<NewsItem, 'tags'>): string[] {
  return (item.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function brandOfTag(tag: string): string | null {
  const lower = tag.toLowerCase();
  return NEWS_BRANDS.find((b) => b.toLowerCase() === lower) ?? null;
}

/** The brands tagged in at least one article, sorted. */
export function brandTagsOf(items: readonly NewsItem[]): string[] {
  const found = new Set<string>();
  for (const item of items) for (const tag of tagsOf(item)) {
    const brand = brandOfTag(tag);
    if (brand) found.add(brand);
  }
  return [...found].sort(compareText);
}

/** Articles tagged with the brand (case-insensitive); every article for null ("All"). */
export function filterByBrand(items: readonly NewsItem[], brand: string | null): NewsItem[] {
  if (!brand) return [...items];
  return items.filter((item) => tagsOf(item).some((t) => t.toLowerCase() === brand.toLowerCase()));
}

/** Date: newest first, a missing date counts as oldest. Source: alphabetical. */
export function sortNews(items: readonly NewsItem[], sort: NewsSort): NewsItem[] {
  const time = (i: NewsItem) => parseDate(i.publishedAt)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...items].sort((a, b) => {
    if (sort === 'source') return compareText(a.source ?? '', b.source ?? '');
    const ta = time(a);
    const tb = time(b);
    return ta === tb ? 0 : tb > ta ? 1 : -1;
  });
}

/** The card's text: the summary, else "Keywords: {tags}", else "No summary available". */
export function summaryOf(item: Pick<NewsItem, 'summary' | 'tags'>): string {
  if (item.summary && item.summary.trim()) return item.summary.trim();
  const tags = tagsOf(item);
  return tags.length > 0 ? `Keywords: ${tags.join(', ')}` : 'No summary available';
}
