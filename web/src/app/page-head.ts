import { marketApi } from '../api/market-api.ts';
import type { AppState } from './store.ts';
import { formatPercent, formatPrice } from '../lib/format.ts';
import { titleFromSlug } from '../lib/brand.ts';
import { PRODUCT_NAME, paths } from '../lib/paths.ts';
import { newsApi } from '../features/news/api.ts';

/**
 * The head of a server-rendered page, for crawlers and link previews, which read the HTML and run no
 * script: its title (the one the screen's useDocumentTitle sets), meta description, canonical link,
 * Open Graph and Twitter card tags, and schema.org structured data (JSON-LD) where a vocabulary fits:
 * a fund is an `InvestmentFund`, the news page an `ItemList` of `NewsArticle`, every page below the
 * landing a `BreadcrumbList`. Built from the same RTK Query state the page rendered with. Every tag
 * carries `data-ssr-head`, so the client drops them at its first navigation (main.tsx).
 * Managed pages are not here: the gateway writes their head (services/gateway/client.ts withPageHead).
 */
export interface PageHead {
  title: string;
  description: string;
  /** The HTML of the tags beside the title and description (canonical, Open Graph, JSON-LD). */
  tags: string;
}

const SITE_DESCRIPTION = 'WeeklyDiv: track weekly-distribution ETFs, their dividends and your portfolio.';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for a `<script>` element: `<` (so `</script>` and `<!--`), and the line separators JavaScript
 * once refused, written as escapes. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface Crumb {
  name: string;
  path: string;
}

function breadcrumbs(origin: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${origin}${c.path}` })),
  };
}

const HOME: Crumb = { name: 'Home', path: paths.home };
const DATABASE: Crumb = { name: 'ETF Database', path: paths.etfs };

function titled(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

function build(origin: string, path: string, page: { title: string; description: string; type?: 'website' | 'article'; data: readonly object[] }): PageHead {
  const url = `${origin}${path}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-ssr-head />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" data-ssr-head />`,
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', page.type ?? 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    ...page.data.map((d) => `<script type="application/ld+json" data-ssr-head>${scriptJson(d)}</script>`),
  ];
  return { title: page.title, description: page.description, tags: tags.join('\n    ') };
}

/** The head of a public page at `path` (a pathname, no query), or null for a path that has none here. */
export function pageHead(state: AppState, path: string, origin: string): PageHead | null {
  const segments = path.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  if (segments.length === 0) {
    return build(origin, paths.home, {
      title: titled('Weekly Dividend ETF Tracker'),
      description: 'Track every weekly-distribution ETF: yields, distribution rates, total returns and the next ex-dividend dates, with yield and DRIP calculators.',
      data: [
        { '@context': 'https://schema.org', '@type': 'WebSite', name: PRODUCT_NAME, url: `${origin}/`, description: SITE_DESCRIPTION },
      ],
    });
  }
  if (segments[0] === 'etfs' && segments.length === 1) {
    return build(origin, paths.etfs, {
      title: titled('ETF Database'),
      description: 'The database of weekly-distribution ETFs: price, yield, distribution rate, one-year total return and next ex-dividend date of every fund, sortable and searchable.',
      data: [breadcrumbs(origin, [HOME, DATABASE])],
    });
  }
  if (segments[0] === 'etfs' && segments.length === 2) {
    const slug = segments[1]!;
    const funds = marketApi.endpoints.getEtfsByBrand.select(slug)(state).data ?? [];
    const brand = funds.find((f) => f.brand)?.brand ?? titleFromSlug(slug);
    return build(origin, paths.brand(slug), {
      title: titled(`${brand} ETFs`),
      description: `${brand}'s weekly-distribution ETFs (${funds.length}): ${funds
        .slice(0, 8)
        .map((f) => f.ticker)
        .join(', ')}${funds.length > 8 ? '…' : ''}, with yield, distribution rate and one-year return.`,
      data: [breadcrumbs(origin, [HOME, DATABASE, { name: `${brand} ETFs`, path: paths.brand(slug) }])],
    });
  }
  if (segments[0] === 'etfs' && segments.length === 3) {
    const etf = marketApi.endpoints.getEtfDetail.select(segments[2]!.toUpperCase())(state).data;
    if (!etf) return null;
    const canonical = paths.etf(etf.brandSlug || segments[1]!, etf.ticker.toUpperCase());
    const figures = [
      etf.currentPrice ? `price ${formatPrice(etf.currentPrice)}` : null,
      etf.yieldPercent ? `yield ${formatPercent(etf.yieldPercent)}` : null,
      etf.distributionRate ? `distribution rate ${formatPercent(etf.distributionRate)}` : null,
      etf.oneYearReturn ? `1-year total return ${formatPercent(etf.oneYearReturn)}` : null,
      etf.nextExDividend ? `next ex-dividend ${etf.nextExDividend}${etf.nextExDividendEstimated ? ' (estimated)' : ''}` : null,
    ].filter((f): f is string => f !== null);
    const description = `${etf.name} (${etf.ticker}), ${etf.frequency} distributions by ${etf.brand}${figures.length ? `: ${figures.join(', ')}` : ''}.`;
    const brandCrumb = { name: `${etf.brand} ETFs`, path: paths.brand(etf.brandSlug || segments[1]!) };
    return build(origin, canonical, {
      title: titled(`${etf.ticker} – ${etf.name}`),
      description,
      data: [
        {
          '@context': 'https://schema.org',
          '@type': 'InvestmentFund',
          name: etf.name,
          alternateName: etf.ticker,
          identifier: etf.ticker,
          url: `${origin}${canonical}`,
          description: etf.description || description,
          category: 'Exchange-traded fund',
          provider: { '@type': 'Organization', name: etf.brand },
          ...(etf.yieldPercent ? { annualPercentageRate: Number(etf.yieldPercent) } : {}),
          ...(etf.currentPrice ? { offers: { '@type': 'Offer', price: etf.currentPrice, priceCurrency: 'USD' } } : {}),
        },
        breadcrumbs(origin, [HOME, DATABASE, brandCrumb, { name: etf.ticker, path: canonical }]),
      ],
    });
  }
  if (path === paths.dividendCalendar) {
    return build(origin, paths.dividendCalendar, {
      title: titled('Dividend Calendar'),
      description: 'Upcoming weekly dividend payouts for the next 4 weeks: every ex-dividend and pay date of the weekly-distribution ETFs, with market holidays.',
      data: [breadcrumbs(origin, [HOME, { name: 'Dividend Calendar', path: paths.dividendCalendar }])],
    });
  }
  if (path === paths.news) {
    const items = newsApi.endpoints.getNews.select()(state).data ?? [];
    return build(origin, paths.news, {
      title: titled('News'),
      description: 'The latest on weekly-distribution ETFs and their issuers.',
      data: [
        breadcrumbs(origin, [HOME, { name: 'News', path: paths.news }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: items.slice(0, 20).map((n, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            item: { '@type': 'NewsArticle', headline: n.title, url: n.link, ...(n.publishedAt ? { datePublished: n.publishedAt } : {}), publisher: { '@type': 'Organization', name: n.source } },
          })),
        },
      ],
    });
  }
  return null;
}
