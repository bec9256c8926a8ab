import type { Issuer } from './release.ts';

/**
 * The issuers' announcement feeds read by `ingest-declarations` when ISSUER_FEEDS is not set
 * (docs/declarations.md "Sources" says where each comes from, what was verified and what is used for
 * an issuer without a feed of its own). ISSUER_FEEDS (comma-separated URLs) replaces the whole list.
 */
export interface IssuerFeed {
  url: string;
  /** Whose releases the feed carries (the parser is told); null: any issuer, the parser infers it. */
  issuer: Issuer | null;
  /**
   * A wire's list carries every company's releases: only items whose title names one of these are
   * fetched (case-insensitive). Absent: every item of the feed is the issuer's.
   */
  titleMentions?: readonly string[];
}

/** GlobeNewswire's keyword feed: the wire's releases naming the keyword, newest first (about 20). */
const globeNewswire = (keyword: string) => `https://www.globenewswire.com/RssFeed/keyword/${encodeURIComponent(keyword)}`;

export const BUILT_IN_ISSUER_FEEDS: readonly IssuerFeed[] = [
  // YieldMax announces every group's distributions on GlobeNewswire ("(GLOBE NEWSWIRE) -- YieldMax® ETFs today announced distributions ...")
  { url: globeNewswire('YieldMax'), issuer: 'yieldmax' },
  // Defiance (Tidal) and Nicholas Wealth release on GlobeNewswire too
  { url: globeNewswire('Defiance ETFs'), issuer: 'defiance' },
  { url: globeNewswire('Nicholas Wealth'), issuer: 'nicholas' },
  // Roundhill releases on PR Newswire ("/PRNewswire/ -- Roundhill Investments ... announced the following ETF distributions"),
  // which offers no per-company feed: its financial-services list, filtered by name
  {
    url: 'https://www.prnewswire.com/rss/financial-services-latest-news/financial-services-latest-news-list.rss',
    issuer: 'roundhill',
    titleMentions: ['Roundhill'],
  },
  // REX Shares publishes its press releases on its own site (a WordPress "Press Release" category)
  { url: 'https://www.rexshares.com/category/press-release/feed/', issuer: 'rex' },
];

/** The feeds of a run: ISSUER_FEEDS when set (any issuer's, every item), else the built-in list. */
export function issuerFeedsOf(configured: readonly string[] | undefined): IssuerFeed[] {
  if (configured && configured.length > 0) return configured.map((url) => ({ url, issuer: null }));
  return [...BUILT_IN_ISSUER_FEEDS];
}

/** Whether a feed item may be a release of the feed's issuer: a wire's list names the issuer in the title. */
export function mayBeIssuerItem(feed: IssuerFeed, title: string | null): boolean {
  if (!feed.titleMentions) return true;
  const text = (title ?? '').toLowerCase();
  return feed.titleMentions.some((word) => text.includes(word.toLowerCase()));
}
