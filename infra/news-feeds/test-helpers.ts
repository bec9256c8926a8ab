import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local feed host for the specs: real RSS 2.0 and Atom documents (in the shapes PR Newswire, Yahoo
 * Finance and an Atom blog publish), a broken feed (HTTP 500), a malformed one, a slow one that never
 * finishes, an oversized one, redirects, and whatever a test sets.
 */

export type FeedRoute =
  | { kind: 'xml'; body: string | Buffer; contentType?: string }
  | { kind: 'status'; status: number }
  /** Sends the headers and a first chunk, then nothing more until the server closes. */
  | { kind: 'slow' }
  /** Streams `bytes` bytes without a Content-Length (chunked). */
  | { kind: 'huge'; bytes: number }
  /** Answers `status` (302 unless given) with `Location: location`. */
  | { kind: 'redirect'; location: string; status?: number };

export interface FeedServer {
  url(path: string): string;
  routes: Map<string, FeedRoute>;
  /** How many times each path was requested. */
  hits: Map<string, number>;
  /** The Authorization header of the last request of each path (or undefined). */
  authorization: Map<string, string | undefined>;
  close(): Promise<void>;
}

export async function startFeedServer(routes: Record<string, FeedRoute> = {}): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const authorization = new Map<string, string | undefined>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    authorization.set(path, req.headers.authorization);
    const route = table.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    switch (route.kind) {
      case 'xml':
        res.writeHead(200, { 'content-type': route.contentType ?? 'application/rss+xml; charset=utf-8', 'content-length': Buffer.byteLength(route.body) }).end(route.body);
        return;
      case 'status':
        res.writeHead(route.status, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
        return;
      case 'redirect':
        res.writeHead(route.status ?? 302, { location: route.location }).end();
        return;
      case 'slow':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
        return; // never ends
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < route.bytes) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    routes: table,
    hits,
    authorization,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RssItemSpec {
  title: string;
  link?: string;
  guid?: string;
  guidIsPermaLink?: boolean;
  description?: string;
  contentEncoded?: string;
  pubDate?: string;
  source?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An RSS 2.0 document (escaped HTML descriptions, as PR Newswire and most CMSs write them). */
export function rss(title: string, items: readonly RssItemSpec[]): string {
  const body = items
    .map((i) =>
      [
        '<item>',
        `<title>${esc(i.title)}</title>`,
        i.link !== undefined ? `<link>${esc(i.link)}</link>` : '',
        i.guid !== undefined ? `<guid isPermaLink="${i.guidIsPermaLink ? 'true' : 'false'}">${esc(i.guid)}</guid>` : '',
        i.description !== undefined ? `<description>${esc(i.description)}</description>` : '',
        i.contentEncoded !== undefined ? `<content:encoded><![CDATA[${i.contentEncoded}]]></content:encoded>` : '',
        i.pubDate !== undefined ? `<pubDate>${i.pubDate}</pubDate>` : '',
        i.source !== undefined ? `<source url="https://publisher.example.com/rss">${esc(i.source)}</source>` : '',
        '</item>',
      ].join(''),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${esc(title)}</title>
<link>https://news.example.com/</link>
<description>Financial news</description>
<language>en-us</language>
<atom:link href="https://news.example.com/rss" rel="self" type="application/rss+xml"/>
${body}
</channel>
</rss>`;
}

export interface AtomEntrySpec {
  title: string;
  id: string;
  link?: string;
  summary?: string;
  content?: string;
  published?: string;
  updated?: string;
}

/** An Atom 1.0 document (HTML summary and content as `type="html"`, the usual blog shape). */
export function atom(title: string, entries: readonly AtomEntrySpec[]): string {
  const body = entries
    .map((e) =>
      [
        '<entry>',
        `<title type="text">${esc(e.title)}</title>`,
        `<id>${esc(e.id)}</id>`,
        e.link !== undefined ? `<link rel="alternate" type="text/html" href="${esc(e.link)}"/>` : '',
        e.published !== undefined ? `<published>${e.published}</published>` : '',
        `<updated>${e.updated ?? e.published ?? '2026-03-01T00:00:00Z'}</updated>`,
        e.summary !== undefined ? `<summary type="html">${esc(e.summary)}</summary>` : '',
        e.content !== undefined ? `<content type="html">${esc(e.content)}</content>` : '',
        '<author><name>Desk</name></author>',
        '</entry>',
      ].join(''),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${esc(title)}</title>
<link rel="alternate" href="https://blog.example.org/"/>
<link rel="self" href="https://blog.example.org/atom.xml"/>
<id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
<updated>2026-03-04T12:00:00Z</updated>
${body}
</feed>`;
}
