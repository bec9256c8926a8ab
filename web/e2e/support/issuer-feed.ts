import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { rss, type RssItemSpec } from '../../../infra/news-feeds/test-helpers.ts';

/**
 * A local issuer feed for the browser specs (issue 26): the e2e server's ISSUER_FEEDS points at its
 * `/issuers.rss`, so `POST /api/admin/ingest-declarations` reads it and the release pages it links to,
 * on the same origin (as a real issuer's feed and its releases; no FEEDS_ALLOW_PRIVATE needed). Specs
 * run in other threads than the global setup that starts it: they set the feed and the pages with
 * `PUT /__control/<path>` (the body is served as is, with the request's content type).
 */

export const ISSUER_FEED_PATH = '/issuers.rss';
/**
 * The news feed of the e2e server (NEWS_FEEDS): empty unless a spec sets it, so an ingestion (the owner's
 * "Ingest News Now", the hourly job) ends the same way on every machine, online or not; the built-in
 * list would fetch the real publishers' feeds, and fail fast without a network.
 */
export const NEWS_FEED_PATH = '/news.rss';
const CONTROL = '/__control';

export interface IssuerFeedStandIn {
  /** Origin of the stand-in, e.g. http://127.0.0.1:41235. */
  url: string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startIssuerFeedStandIn(): Promise<IssuerFeedStandIn> {
  const routes = new Map<string, { body: Buffer; contentType: string }>([
    [ISSUER_FEED_PATH, { body: Buffer.from(rss('Issuer releases', [])), contentType: 'application/rss+xml; charset=utf-8' }],
    [NEWS_FEED_PATH, { body: Buffer.from(rss('Weekly income news', [])), contentType: 'application/rss+xml; charset=utf-8' }],
  ]);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'PUT' && path.startsWith(`${CONTROL}/`)) {
      void readBody(req).then((body) => {
        routes.set(path.slice(CONTROL.length), { body, contentType: req.headers['content-type'] ?? 'text/html; charset=utf-8' });
        res.writeHead(204).end();
      });
      return;
    }
    const route = routes.get(path);
    if (req.method !== 'GET' || !route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': route.contentType, 'content-length': route.body.length }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stand-in's origin, in a spec. */
export function issuerFeedUrl(): string {
  return inject('e2eIssuerFeedUrl');
}

async function put(path: string, body: string, contentType: string): Promise<void> {
  const response = await fetch(`${issuerFeedUrl()}${CONTROL}${path}`, { method: 'PUT', body, headers: { 'content-type': contentType } });
  if (response.status !== 204) throw new Error(`issuer feed stand-in: PUT ${path} answered ${response.status}`);
}

/** Serves a release page at `path` (on the feed's origin); answers its address. */
export async function putRelease(path: string, html: string): Promise<string> {
  await put(path, html, 'text/html; charset=utf-8');
  return `${issuerFeedUrl()}${path}`;
}

/** Replaces the feed's items (RSS 2.0). */
export async function putFeedItems(items: readonly RssItemSpec[]): Promise<void> {
  await put(ISSUER_FEED_PATH, rss('Issuer releases', items), 'application/rss+xml; charset=utf-8');
}
