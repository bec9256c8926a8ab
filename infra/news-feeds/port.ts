/**
 * The news feed port: reads one RSS 2.0 or Atom feed by URL and answers its items as the feed gives
 * them (HTML left in; cleaning, tagging and dedupe are the ingestion's business: services/news/ingest.ts).
 * The adapter (rss-feed-reader.ts) fetches with a timeout and a size limit, then parses with rss-parser.
 */

export interface FeedItem {
  /** RSS `<guid>` or Atom `<id>`, when the feed gives one. */
  guid: string | null;
  /** The item's link as written in the feed (may be relative, may be any scheme). */
  link: string | null;
  title: string | null;
  /** RSS `<source>` (the publisher, as aggregators such as Google News name it); null when absent. */
  source: string | null;
  /** RSS `<description>` or Atom `<summary>` (HTML). */
  summaryHtml: string | null;
  /** RSS `<content:encoded>` or Atom `<content>` (HTML). */
  contentHtml: string | null;
  /** ISO instant of `<pubDate>` / `<published>` / `<updated>` / `<dc:date>`; null when absent or unreadable. */
  publishedAt: string | null;
}

export interface FeedDocument {
  /** The feed's own title (`<channel><title>` / `<feed><title>`), trimmed; null when absent. */
  title: string | null;
  items: FeedItem[];
}

/** `refused`: a redirect (or an address) that is not public, another scheme, too many redirects (security audit S7). */
export type FeedProblem = 'timeout' | 'too-large' | 'http' | 'network' | 'refused' | 'malformed' | 'not-a-feed';

/** Why a feed could not be read, in words for the owner; never the URL's credentials or query. */
export class FeedReadError extends Error {
  readonly problem: FeedProblem;
  constructor(problem: FeedProblem, message: string) {
    super(message);
    this.name = 'FeedReadError';
    this.problem = problem;
  }
}

export interface FeedReader {
  /** Reads one feed; rejects with a FeedReadError. */
  read(url: string): Promise<FeedDocument>;
}

/**
 * A feed URL as it may be logged or shown: scheme, host and path, without user, password, query
 * (API keys live there) or fragment.
 */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(not a URL)';
  }
}
