import type Parser from 'rss-parser';
import { SafeFetchError, type SafeFetch, type SafeFetchResponse } from '../http-fetch/port.ts';
import { createSafeFetch } from '../http-fetch/safe-fetch.ts';
import { FeedReadError, type FeedDocument, type FeedItem, type FeedReader } from './port.ts';

/**
 * Reads RSS 2.0 and Atom feeds (RSS 0.9x and 1.0 too, as rss-parser does). The fetch is ours, not
 * rss-parser's `parseURL`: the safe fetch (infra/http-fetch) with one deadline over connecting, the
 * headers and the whole body (a feed that trickles bytes cannot hold a run), the body counted while it
 * streams and abandoned past `maxBytes`, and at most 5 redirects, each to a public http(s) address
 * (a feed host cannot send the server to loopback, private or cloud-metadata addresses: the owner sees
 * "redirect refused", security audit S7). Then `parser.parseString`.
 */

export interface FeedReaderOptions {
  /** Deadline for one feed, from the request to the last byte. */
  timeoutMs: number;
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** Sent as User-Agent (some feed hosts refuse anonymous clients). */
  userAgent: string;
  /** How feeds are fetched; default: the safe fetch with non-public addresses refused. */
  fetcher: SafeFetch;
}

export const FEED_READER_DEFAULTS: Omit<FeedReaderOptions, 'fetcher'> = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  userAgent: 'WeeklyDiv news reader',
};

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';

type ParsedItem = Parser.Item & { id?: string; 'content:encoded'?: string; date?: string; [key: string]: unknown };

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  // xml2js gives `{ _: text, $: attributes }` for an element with attributes
  if (value && typeof value === 'object' && typeof (value as { _?: unknown })._ === 'string') return text((value as { _: string })._);
  return null;
}

function isoOrNull(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const ms = Date.parse(raw.trim());
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function toItem(item: ParsedItem, atom: boolean): FeedItem {
  return {
    guid: text(item.guid) ?? text(item.id),
    link: text(item.link),
    title: text(item.title),
    source: text(item['source'])?.trim() ?? null,
    // RSS: `content` is <description>; Atom: `summary` is <summary>, `content` is <content>
    summaryHtml: atom ? text(item.summary) : (text(item.content) ?? text(item.summary)),
    contentHtml: atom ? text(item.content) : text(item['content:encoded']),
    publishedAt: isoOrNull(item.isoDate) ?? isoOrNull(item.pubDate) ?? isoOrNull(item.date),
  };
}

/** The charset of the answer: the Content-Type's, else the XML declaration's, else UTF-8. */
function charsetOf(contentType: string | null, head: Uint8Array): string {
  const fromHeader = contentType?.match(/charset\s*=\s*"?([\w.:-]+)/i)?.[1];
  if (fromHeader) return fromHeader;
  const declaration = new TextDecoder('latin1').decode(head.subarray(0, 200));
  return declaration.match(/<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i)?.[1] ?? 'utf-8';
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType, bytes));
  } catch {
    decoder = new TextDecoder('utf-8'); // an encoding label the platform does not know
  }
  return decoder.decode(bytes);
}

export function createRssFeedReader(options: Partial<FeedReaderOptions> = {}): FeedReader {
  const { timeoutMs, maxBytes, userAgent } = { ...FEED_READER_DEFAULTS, ...options };
  const fetcher = options.fetcher ?? createSafeFetch();
  // rss-parser (and its XML parser) is loaded by the first ingestion, not by every start
  let parser: Parser<Record<string, unknown>, ParsedItem> | undefined;
  const loadParser = async () =>
    (parser ??= new (await import('rss-parser')).default<Record<string, unknown>, ParsedItem>({ customFields: { item: ['id', 'date', 'source'] } }));
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  const tooLarge = () => new FeedReadError('too-large', `the feed is larger than ${Math.round(maxBytes / 1024)} KB`);

  async function fetchBody(url: string): Promise<string> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new FeedReadError('network', 'the feed address is not a URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FeedReadError('network', 'the feed address must be http(s)');
    const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': userAgent };
    // `https://user:password@host/feed` (a paid feed): sent as Basic authentication (never to another host a redirect names)
    if (target.username || target.password) {
      headers['authorization'] = `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
      target.username = '';
      target.password = '';
    }
    let response: SafeFetchResponse;
    try {
      // The feed list is the owner's configuration (port.ts of http-fetch, `configured`).
      response = await fetcher.get({ url: target.href, headers, timeoutMs, maxBytes, configured: true });
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      throw feedError(error);
    }
    if (response.status < 200 || response.status >= 300) throw new FeedReadError('http', `answered HTTP ${response.status}`);
    return decode(response.body, response.headers['content-type'] ?? null);
  }

  /** The safe fetch's failure in the words of a feed. */
  function feedError(error: SafeFetchError): FeedReadError {
    switch (error.problem) {
      case 'refused':
        return new FeedReadError('refused', error.message);
      case 'timeout':
        return new FeedReadError('timeout', error.duringBody ? `the feed did not arrive within ${seconds}` : `no answer within ${seconds}`);
      case 'too-large':
        return tooLarge();
      case 'invalid':
        return new FeedReadError('network', error.message.replace('the address', 'the feed address'));
      case 'network':
        return new FeedReadError('network', error.duringBody ? 'the connection broke while reading the feed' : error.message);
      default: {
        const never: never = error.problem;
        throw new Error(`unhandled problem ${String(never)}`);
      }
    }
  }

  return {
    async read(url) {
      const xml = await fetchBody(url);
      if (xml.trim() === '') throw new FeedReadError('not-a-feed', 'the feed is empty');
      let feed: Parser.Output<ParsedItem> & Record<string, unknown>;
      try {
        feed = await (await loadParser()).parseString(xml);
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : 'unreadable';
        if (/not recognized as RSS/i.test(message)) throw new FeedReadError('not-a-feed', 'the answer is not an RSS or Atom feed');
        throw new FeedReadError('malformed', `the feed is not well-formed XML (${message})`);
      }
      const atom = /<feed[\s>]/.test(xml.slice(0, 2000)) && !/<rss[\s>]/.test(xml.slice(0, 2000));
      const doc: FeedDocument = { title: text(feed.title)?.trim() ?? null, items: (feed.items ?? []).map((i) => toItem(i, atom)) };
      return doc;
    },
  };
}
