import { brandSlug } from '../../domain/market/tickers.ts';
import type { HeaderNav } from './header-nav.ts';

/** The brands of the product, in the order the header shows them. */
export const NAV_BRANDS = ['Roundhill', 'Granite', 'YieldMax', 'Defiance', 'REX', 'Nicholas'] as const;

/** The header navigation until the owner saves one: the ETF database, brands, calendar and news. */
export function defaultHeaderNav(): HeaderNav {
  return {
    items: [
      { type: 'link', label: 'ETF Database', path: '/etfs' },
      { type: 'dropdown', label: 'Brands', children: NAV_BRANDS.map((brand) => ({ type: 'link' as const, label: brand, path: `/etfs/${brandSlug(brand)}` })) },
      { type: 'link', label: 'Dividend Calendar', path: '/dividend-calendar' },
      { type: 'link', label: 'News', path: '/news' },
    ],
  };
}

export const INVESTMENT_DISCLAIMER =
  'WeeklyDiv is for educational and informational purposes only and is not financial advice. ' +
  'Distributions are not guaranteed, past performance does not guarantee future results, and figures may be delayed or estimated. ' +
  'Do your own research or consult a licensed financial advisor before investing.';

/**
 * The footer until the owner saves one: the copyright line and the investment disclaimer. `year` is the
 * New York year of the request clock at read time (so the default never goes stale).
 */
export function defaultFooterHtml(year: number): string {
  return `<p>© ${year} WeeklyDiv. All rights reserved.</p>\n<p>${INVESTMENT_DISCLAIMER}</p>`;
}
