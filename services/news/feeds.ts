/**
 * The news feeds read by `ingest-news` when NEWS_FEEDS is not set (docs/news.md "Feeds" names the
 * sources and why each is there). NEWS_FEEDS (comma-separated URLs) replaces the whole list.
 */

export interface NewsFeed {
  url: string;
  /** The source name shown on articles when an item names none; null: the feed's own title, else its host. */
  name: string | null;
}

/** The tickers the Yahoo Finance headline feed is asked about: each issuer's best-known weekly payers. */
const YAHOO_TICKERS = ['NVDW', 'TSLW', 'WPAY', 'QDTE', 'XDTE', 'MSTY', 'ULTY', 'YMAX', 'TSYY', 'QQQY', 'NVII', 'BLOX'];

const googleNews = (query: string) => `https://news.google.com/rss/search?q=${encodeURIComponent(query)}&hl=en-US&gl=US&ceid=US:en`;

export const BUILT_IN_NEWS_FEEDS: readonly NewsFeed[] = [
  // the issuers' announcements (distributions, launches), as news search of their names
  { url: googleNews('Roundhill WeeklyPay OR "Roundhill Investments"'), name: 'Google News: Roundhill' },
  { url: googleNews('YieldMax ETF'), name: 'Google News: YieldMax' },
  { url: googleNews('GraniteShares YieldBOOST'), name: 'Google News: GraniteShares' },
  { url: googleNews('"Defiance ETFs" OR "REX Shares" OR "Nicholas Wealth" weekly'), name: 'Google News: Defiance, REX, Nicholas' },
  // the issuers' press releases go out on PR Newswire (Roundhill, Defiance, YieldMax/Tidal, REX)
  { url: 'https://www.prnewswire.com/rss/financial-services-latest-news/financial-services-latest-news-list.rss', name: 'PR Newswire' },
  // financial news about the funds themselves
  { url: `https://feeds.finance.yahoo.com/rss/2.0/headline?s=${YAHOO_TICKERS.join(',')}&region=US&lang=en-US`, name: 'Yahoo Finance' },
  { url: 'https://www.nasdaq.com/feed/rssoutbound?category=ETFs', name: 'Nasdaq' },
  { url: 'https://seekingalpha.com/tag/etf-portfolio-strategy.xml', name: 'Seeking Alpha' },
  { url: 'https://www.etftrends.com/feed/', name: 'ETF Trends' },
];

/** The feeds of a run: NEWS_FEEDS when set (their names come from the feeds), else the built-in list. */
export function newsFeedsOf(configured: readonly string[] | undefined): NewsFeed[] {
  if (configured && configured.length > 0) return configured.map((url) => ({ url, name: null }));
  return [...BUILT_IN_NEWS_FEEDS];
}
