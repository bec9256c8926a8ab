import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError } from './port.ts';
import { createSafeFetch } from './safe-fetch.ts';

/**
 * The safe fetch against a local server on 127.0.0.1 (security audit S7). The specs of what a redirect
 * may reach from a feed are in infra/news-feeds/rss-feed-reader.int.spec.ts; these check the fetch
 * itself: which first addresses it takes, that it connects to the address it checked (DNS rebinding),
 * credentials across redirects, decoding and the limits.
 */

let server: Server;
let port: number;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '/', headers: req.headers });
    if (req.url === '/redirect-away') return void res.writeHead(302, { location: `http://localhost:${port}/hello` }).end();
    if (req.url === '/redirect-here') return void res.writeHead(303, { location: '/hello' }).end();
    if (req.url === '/gzip') return void res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('x'.repeat(5000)));
    if (req.url === '/teapot') return void res.writeHead(418, { 'content-type': 'text/plain' }).end('no');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const base = { timeoutMs: 2000, maxBytes: 64 * 1024 };
const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('the first address', () => {
  it('refuses a loopback address by default, whether written or resolved ("address refused")', async () => {
    const fetcher = createSafeFetch();
    await expect(fetcher.get({ ...base, url: `http://127.0.0.1:${port}/hello` })).rejects.toMatchObject({ problem: 'refused', message: 'address refused: 127.0.0.1 is not a public address (loopback)' });
    await expect(fetcher.get({ ...base, url: `http://localhost:${port}/hello` })).rejects.toMatchObject({
      problem: 'refused',
      message: expect.stringMatching(/^address refused: localhost resolves to (127\.0\.0\.1|::1), not a public address \(loopback\)$/),
    });
    // one private address among public ones refuses the host
    const mixed = createSafeFetch({ resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.8', family: 4 }] });
    await expect(mixed.get({ ...base, url: 'http://mixed.example/feed' })).rejects.toMatchObject({ message: 'address refused: mixed.example resolves to 10.0.0.8, not a public address (private)' });
  });

  it("takes an address the owner configured as written (their choice), and checks where it redirects", async () => {
    const fetcher = createSafeFetch();
    const answer = await fetcher.get({ ...base, url: `http://127.0.0.1:${port}/redirect-here`, configured: true });
    expect({ status: answer.status, url: answer.url, body: text(answer.body) }).toEqual({ status: 200, url: `http://127.0.0.1:${port}/hello`, body: 'hello' });
    await expect(fetcher.get({ ...base, url: `http://127.0.0.1:${port}/redirect-away`, configured: true })).rejects.toMatchObject({
      problem: 'refused',
      message: expect.stringMatching(/^redirect refused: localhost resolves to/),
    });
    // a configured host name is resolved and checked like any other
    await expect(fetcher.get({ ...base, url: `http://localhost:${port}/hello`, configured: true })).rejects.toMatchObject({ message: expect.stringMatching(/^address refused/) });
  });

  it('refuses what is not an http(s) URL', async () => {
    const fetcher = createSafeFetch({ allowPrivate: true });
    await expect(fetcher.get({ ...base, url: 'file:///etc/passwd' })).rejects.toMatchObject({ problem: 'invalid', message: 'the address must be http(s)' });
    await expect(fetcher.get({ ...base, url: 'nope' })).rejects.toMatchObject({ problem: 'invalid', message: 'the address is not a URL' });
  });
});

describe('DNS rebinding: the connection goes to the address that was checked', () => {
  it('resolves each host once and connects to that address, naming the host in the request', async () => {
    const asked: string[] = [];
    // `feed.test` exists only in this resolver: a second lookup by the connection would fail (ENOTFOUND)
    const fetcher = createSafeFetch({ allowPrivate: true, resolve: async (host) => (asked.push(host), [{ address: '127.0.0.1', family: 4 }]) });
    const answer = await fetcher.get({ ...base, url: `http://feed.test:${port}/redirect-here` });
    expect(text(answer.body)).toBe('hello');
    expect(asked).toEqual(['feed.test', 'feed.test']); // once per hop
    expect(seen.slice(-2).map((s) => [s.path, s.headers.host])).toEqual([
      ['/redirect-here', `feed.test:${port}`],
      ['/hello', `feed.test:${port}`],
    ]);
  });

  it('never connects when the answer of the resolver is not public, even if a later lookup would be', async () => {
    let lookups = 0;
    const rebinding = createSafeFetch({ resolve: async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]) });
    const before = seen.length;
    await expect(rebinding.get({ ...base, url: `http://rebind.test:${port}/hello` })).rejects.toMatchObject({ problem: 'refused' });
    expect(lookups).toBe(1);
    expect(seen.length).toBe(before);
  });
});

describe('answers', () => {
  const fetcher = createSafeFetch({ allowPrivate: true });

  it('sends credentials only to their origin: not after a redirect to another one', async () => {
    await fetcher.get({ ...base, url: `http://127.0.0.1:${port}/redirect-here`, headers: { Authorization: 'Basic abc' } });
    expect(seen.slice(-2).map((s) => s.headers.authorization)).toEqual(['Basic abc', 'Basic abc']);
    await fetcher.get({ ...base, url: `http://127.0.0.1:${port}/redirect-away`, headers: { Authorization: 'Basic abc' } });
    expect(seen.slice(-2).map((s) => [s.headers.host, s.headers.authorization])).toEqual([
      [`127.0.0.1:${port}`, 'Basic abc'],
      [`localhost:${port}`, undefined],
    ]);
  });

  it('decodes gzip and counts the decoded bytes against the limit', async () => {
    expect(text((await fetcher.get({ ...base, url: `http://127.0.0.1:${port}/gzip` })).body)).toBe('x'.repeat(5000));
    const error = await fetcher.get({ ...base, maxBytes: 4096, url: `http://127.0.0.1:${port}/gzip` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({ problem: 'too-large', message: 'the answer is larger than 4 KB', duringBody: true });
  });

  it('answers another status without its body, and a host that does not answer as a network problem', async () => {
    expect(await fetcher.get({ ...base, url: `http://127.0.0.1:${port}/teapot` })).toMatchObject({ status: 418, body: new Uint8Array() });
    await expect(fetcher.get({ ...base, url: 'http://127.0.0.1:1/' })).rejects.toMatchObject({ problem: 'network', code: 'ECONNREFUSED', message: 'could not connect (ECONNREFUSED)' });
  });
});
