import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl, FeedReadError } from './port.ts';
import { createSafeFetch } from '../http-fetch/safe-fetch.ts';
import { createRssFeedReader } from './rss-feed-reader.ts';
import { atom, rss, startFeedServer, type FeedServer } from './test-helpers.ts';

let server: FeedServer;
const reader = createRssFeedReader({ timeoutMs: 1500, maxBytes: 64 * 1024, userAgent: 'WeeklyDiv test' });

beforeAll(async () => {
  server = await startFeedServer({
    '/rss': {
      kind: 'xml',
      body: rss('PR Newswire: Financial Services', [
        {
          title: 'Roundhill Investments Announces Weekly Distributions',
          link: 'https://www.prnewswire.com/news-releases/roundhill-302000001.html',
          guid: 'https://www.prnewswire.com/news-releases/roundhill-302000001.html',
          guidIsPermaLink: true,
          description: '<p>NEW YORK, March 3, 2026 /PRNewswire/ -- Roundhill &amp; friends</p>',
          contentEncoded: '<div><p>Full text about NVDW.</p></div>',
          pubDate: 'Tue, 03 Mar 2026 21:15:00 +0000',
          source: 'PR Newswire',
        },
        { title: 'No date, relative link', link: '/story/2' },
      ]),
    },
    '/atom': {
      kind: 'xml',
      contentType: 'application/atom+xml',
      body: atom('Weekly Income Blog', [
        {
          title: 'YieldMax MSTY: a closer look',
          id: 'tag:blog.example.org,2026:post-7',
          link: 'https://blog.example.org/posts/7',
          summary: '<p>A <em>closer</em> look.</p>',
          content: '<p>The whole post.</p>',
          published: '2026-03-02T10:30:00-05:00',
        },
      ]),
    },
    '/broken': { kind: 'status', status: 500 },
    '/malformed': { kind: 'xml', body: '<?xml version="1.0"?><rss version="2.0"><channel><title>Cut</title><item><title>x</item></channel>' },
    '/html': { kind: 'xml', contentType: 'text/html', body: '<html><body><h1>Not a feed</h1></body></html>' },
    '/empty': { kind: 'xml', body: '' },
    '/slow': { kind: 'slow' },
    '/huge': { kind: 'huge', bytes: 10 * 1024 * 1024 },
    '/declared': { kind: 'xml', body: rss('Big', Array.from({ length: 800 }, (_, i) => ({ title: `Item ${i}`, link: `https://x.example/${i}`, description: 'x'.repeat(100) }))) },
  });
});
afterAll(async () => {
  await server?.close();
});

async function failure(path: string) {
  const error = await reader.read(server.url(path)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FeedReadError);
  return error as FeedReadError;
}

describe('reading feeds over HTTP', () => {
  it('reads an RSS 2.0 feed: guid, link, title, source, description, content:encoded and the date', async () => {
    const feed = await reader.read(server.url('/rss'));
    expect(feed.title).toBe('PR Newswire: Financial Services');
    expect(feed.items[0]).toEqual({
      guid: 'https://www.prnewswire.com/news-releases/roundhill-302000001.html',
      link: 'https://www.prnewswire.com/news-releases/roundhill-302000001.html',
      title: 'Roundhill Investments Announces Weekly Distributions',
      source: 'PR Newswire',
      summaryHtml: '<p>NEW YORK, March 3, 2026 /PRNewswire/ -- Roundhill &amp; friends</p>',
      contentHtml: '<div><p>Full text about NVDW.</p></div>',
      publishedAt: '2026-03-03T21:15:00.000Z',
    });
    expect(feed.items[1]).toMatchObject({ guid: null, link: '/story/2', publishedAt: null, summaryHtml: null });
  });

  it('reads an Atom feed: id, alternate link, summary, content and the published instant', async () => {
    const feed = await reader.read(server.url('/atom'));
    expect(feed.title).toBe('Weekly Income Blog');
    expect(feed.items).toEqual([
      {
        guid: 'tag:blog.example.org,2026:post-7',
        link: 'https://blog.example.org/posts/7',
        title: 'YieldMax MSTY: a closer look',
        source: null,
        summaryHtml: '<p>A <em>closer</em> look.</p>',
        contentHtml: '<p>The whole post.</p>',
        publishedAt: '2026-03-02T15:30:00.000Z',
      },
    ]);
  });

  it('decodes the charset the server names', async () => {
    const xml = rss('Caf\u00e9 news', [{ title: 'Na\u00efve yields', link: 'https://x.example/1' }]);
    server.routes.set('/latin1', { kind: 'xml', contentType: 'application/rss+xml; charset=iso-8859-1', body: Buffer.from(xml, 'latin1') });
    const feed = await reader.read(server.url('/latin1'));
    expect(feed.title).toBe('Caf\u00e9 news');
    expect(feed.items[0]!.title).toBe('Na\u00efve yields');
    // without a charset in the header, the XML declaration's
    const declared = xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    server.routes.set('/latin1', { kind: 'xml', contentType: 'application/rss+xml', body: Buffer.from(declared, 'latin1') });
    expect((await reader.read(server.url('/latin1'))).title).toBe('Caf\u00e9 news');
  });

  it('refuses a broken feed (HTTP 500), a malformed one, a page that is not a feed and an empty answer', async () => {
    expect(await failure('/broken')).toMatchObject({ problem: 'http', message: 'answered HTTP 500' });
    expect(await failure('/malformed')).toMatchObject({ problem: 'malformed', message: expect.stringMatching(/^the feed is not well-formed XML/) });
    expect(await failure('/html')).toMatchObject({ problem: 'not-a-feed', message: 'the answer is not an RSS or Atom feed' });
    expect(await failure('/empty')).toMatchObject({ problem: 'not-a-feed', message: 'the feed is empty' });
    expect(await failure('/nowhere')).toMatchObject({ problem: 'http', message: 'answered HTTP 404' });
  });

  it('gives up on a slow feed at the deadline', async () => {
    const started = Date.now();
    expect(await failure('/slow')).toMatchObject({ problem: 'timeout' });
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(6000);
  });

  it('stops reading an oversized feed at the size limit', async () => {
    expect(await failure('/huge')).toMatchObject({ problem: 'too-large', message: 'the feed is larger than 64 KB' }); // streamed, no length
    expect(await failure('/declared')).toMatchObject({ problem: 'too-large' }); // refused by its Content-Length
  });

  it('refuses addresses that are not http(s), and a host that does not answer', async () => {
    await expect(reader.read('file:///etc/passwd')).rejects.toMatchObject({ problem: 'network', message: 'the feed address must be http(s)' });
    await expect(reader.read('not a url')).rejects.toMatchObject({ problem: 'network' });
    await expect(reader.read('http://127.0.0.1:1/feed')).rejects.toMatchObject({ problem: 'network', message: expect.stringMatching(/^could not connect/) });
  });

  it('sends the credentials of a feed address as Basic authentication', async () => {
    const feed = await reader.read(server.url('/atom').replace('http://', 'http://reader:p%40ss@'));
    expect(feed.title).toBe('Weekly Income Blog');
    expect(server.authorization.get('/atom')).toBe(`Basic ${Buffer.from('reader:p@ss').toString('base64')}`);
    await reader.read(server.url('/atom'));
    expect(server.authorization.get('/atom')).toBeUndefined();
  });

  it('refuses a redirect to a loopback or private address and to another scheme: "redirect refused", never the status it would get (security audit S7)', async () => {
    // the app's own admin API, as in the audit: another origin on 127.0.0.1
    const inside = await startFeedServer({ '/api/admin/ping': { kind: 'status', status: 401 } });
    try {
      server.routes.set('/to-internal', { kind: 'redirect', location: inside.url('/api/admin/ping') });
      server.routes.set('/to-localhost', { kind: 'redirect', location: server.url('/rss').replace('127.0.0.1', 'localhost'), status: 307 });
      server.routes.set('/to-metadata', { kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
      server.routes.set('/to-private', { kind: 'redirect', location: 'http://[fd00::1]:8080/feed' });
      server.routes.set('/to-file', { kind: 'redirect', location: 'file:///etc/passwd' });
      expect(await failure('/to-internal')).toMatchObject({ problem: 'refused', message: `redirect refused: 127.0.0.1 is not a public address (loopback)` });
      expect(await failure('/to-localhost')).toMatchObject({ problem: 'refused', message: 'redirect refused: localhost resolves to 127.0.0.1, not a public address (loopback)' });
      expect(await failure('/to-metadata')).toMatchObject({ problem: 'refused', message: 'redirect refused: 169.254.169.254 is not a public address (link-local)' });
      expect(await failure('/to-private')).toMatchObject({ problem: 'refused', message: 'redirect refused: fd00::1 is not a public address (unique-local)' });
      expect(await failure('/to-file')).toMatchObject({ problem: 'refused', message: 'redirect refused: file: is not http(s)' });
      expect(inside.hits.size).toBe(0);
      // a redirect within the configured origin is followed
      server.routes.set('/moved', { kind: 'redirect', location: '/atom', status: 301 });
      expect((await reader.read(server.url('/moved'))).title).toBe('Weekly Income Blog');
    } finally {
      await inside.close();
    }
  });

  it('follows those redirects with FEEDS_ALLOW_PRIVATE (tests, private deployments), at most 5', async () => {
    const inside = await startFeedServer({ '/feed': { kind: 'xml', body: rss('Inside', [{ title: 'Internal item', link: 'https://x.example/1' }]) } });
    const allowing = createRssFeedReader({ timeoutMs: 1500, maxBytes: 64 * 1024, userAgent: 'WeeklyDiv test', fetcher: createSafeFetch({ allowPrivate: true }) });
    try {
      server.routes.set('/to-inside', { kind: 'redirect', location: inside.url('/feed') });
      expect((await allowing.read(server.url('/to-inside'))).title).toBe('Inside');
      expect(inside.hits.get('/feed')).toBe(1);
      for (let i = 1; i <= 5; i++) server.routes.set(`/hop${i}`, { kind: 'redirect', location: `/hop${i + 1}` });
      server.routes.set('/hop6', { kind: 'redirect', location: '/rss' });
      // from /hop2: 5 redirects, then the feed; from /hop1: 6
      await expect(allowing.read(server.url('/hop2'))).resolves.toMatchObject({ title: 'PR Newswire: Financial Services' });
      await expect(allowing.read(server.url('/hop1'))).rejects.toMatchObject({ problem: 'refused', message: 'redirect refused: more than 5 redirects' });
    } finally {
      await inside.close();
    }
  });

  it('shows a feed address without credentials, query or fragment', () => {
    expect(displayUrl('https://user:secret@feeds.example.com/rss/headline?s=NVDW&apikey=k#x')).toBe('https://feeds.example.com/rss/headline');
    expect(displayUrl('nope')).toBe('(not a URL)');
  });
});
