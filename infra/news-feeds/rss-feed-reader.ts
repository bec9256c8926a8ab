import type Parser from 'rss-parser';
import { FeedReadError, type FeedDocument, type FeedItem, type FeedReader } from './port.ts';

/**
 * Reads RSS 2.0 and Atom feeds (RSS 0.9x and 1.0 too, as rss-parser does). The fetch is ours, not
 * rss-parser's `parseURL`: one deadline covers connecting, the headers and the whole body (a feed that
 * trickles bytes cannot hold a run), the body is counted while it streams and abandoned past
 * `maxBytes`, and redirects are followed by fetch (at most 20). Then `parser.parseString`.
 */

export interface FeedReaderOptions {
  /** Deadline for one feed, from the request to the last byte. */
  timeoutMs: number;
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** Sent as User-Agent (some feed hosts refuse anonymous clients). */
  userAgent: string;
}

export const FEED_READER_DEFAULTS: FeedReaderOptions = {
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

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export function createRssFeedReader(options: Partial<FeedReaderOptions> = {}): FeedReader {
  const { timeoutMs, maxBytes, userAgent } = { ...FEED_READER_DEFAULTS, ...options };
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
    // `https://user:password@host/feed` (a paid feed): sent as Basic authentication, as fetch refuses credentials in a URL
    if (target.username || target.password) {
      headers['authorization'] = `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
      target.username = '';
      target.password = '';
    }
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(target, { signal, redirect: 'follow', headers });
    } catch (error) {
      if (isTimeout(error)) throw new FeedReadError('timeout', `no answer within ${seconds}`);
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new FeedReadError('network', `could not connect${cause ? ` (${cause})` : ''}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new FeedReadError('http', `answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw tooLarge();
          }
          chunks.push(value);
        }
      }
    } catch (error) {
      if (error instanceof FeedReadError) throw error;
      if (isTimeout(error)) throw new FeedReadError('timeout', `the feed did not arrive within ${seconds}`);
      throw new FeedReadError('network', 'the connection broke while reading the feed');
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return decode(bytes, response.headers.get('content-type'));
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
