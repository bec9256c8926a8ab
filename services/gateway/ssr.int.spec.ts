import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from '../../contracts/early-clicks.ts';
import { clearCaches } from '../../domain/caches/registry.ts';
import { FIX, TODAY, allFixtureEvents, appendAll, bar } from '../../read-models/market/fixtures.ts';
import { inFrontOf, preparedReads } from '../http/fast-reads.ts';
import { EARLY_CLICKS_HASH } from '../http/security.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { handledEndpoints } from './app.ts';
import { clientRouter } from './client.ts';
import { PageRenderer, serverBundlePath } from './ssr.ts';

/**
 * The gateway's side of server rendering (services/gateway/ssr.ts) with a stand-in server bundle that
 * makes the reads a page makes: the reads are answered in-process with the API's own data, the page is
 * kept and answered in front of Express, and it is rendered again when what it read changed (a market
 * view's ETag), after Clear Cache, and never for a page whose read failed (the shell instead). The real
 * bundle and the browser are web/e2e/ssr.e2e.spec.ts.
 */

const BUNDLE = `
export async function renderPage({ url, reads, clock }) {
  globalThis.__ssrRenders = (globalThis.__ssrRenders ?? 0) + 1;
  const detail = url.startsWith('/etfs/') ? await reads.read('/api/etfs/detail/' + url.split('/')[3]) : null;
  if (detail && 'error' in detail) return null;
  const top = await reads.read('/api/top-performers');
  const nav = await reads.read('/api/settings/header_nav');
  return {
    html: '<p id="funds">' + top.data.map((f) => f.ticker + '=' + f.currentPrice).join(',') + '</p><p id="nav">' + nav.data.items.length + '</p><p id="today">' + clock.today + '</p><p>' + 'text '.repeat(400) + '</p>',
    styles: '<style data-styled="true">.a{}</style>',
    head: { title: 'Funds <&> more', description: 'All "funds"', tags: '<meta property="og:title" content="Funds" />' },
    payload: '<script type="application/json" id="ssr-payload">{}</script>',
  };
}
`;

const renders = () => (globalThis as { __ssrRenders?: number }).__ssrRenders ?? 0;

let ctx: TestContext;
let dist: string;
let app: express.Application;
let renderer: PageRenderer;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date(`${TODAY}T16:00:00.000Z`) });
  await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, allFixtureEvents()));
  dist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-ssr-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="description" content="site" /><title>WeeklyDiv</title></head><body><div id="root"></div></body></html>');
  const bundle = serverBundlePath(dist);
  rmSync(path.dirname(bundle), { recursive: true, force: true });
  mkdirSync(path.dirname(bundle), { recursive: true });
  writeFileSync(bundle, BUNDLE);
  const handled = handledEndpoints(ctx.deps);
  renderer = new PageRenderer(ctx.deps, handled, preparedReads(handled), path.join(dist, 'index.html'));
  app = inFrontOf(express().use(clientRouter(dist, undefined, renderer)), (req, res) => renderer.fast(req, res));
});

afterAll(async () => {
  renderer?.close();
  await ctx?.close();
  for (const dir of [dist, `${dist}-ssr`]) rmSync(dir, { recursive: true, force: true });
});

describe('server-rendered pages (gateway side)', () => {
  it("renders with the API's own answers, read in-process, into index.html with the page's head", async () => {
    const top = (await request(ctx.app).get('/api/top-performers').expect(200)).body as { ticker: string; currentPrice: string }[];
    const nav = (await request(ctx.app).get('/api/settings/header_nav').expect(200)).body as { items: unknown[] };
    const res = await request(app).get('/etfs').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`<p id="funds">${top.map((f) => `${f.ticker}=${f.currentPrice}`).join(',')}</p>`);
    expect(res.text).toContain(`<p id="nav">${nav.items.length}</p>`);
    expect(res.text).toContain(`<p id="today">${TODAY}</p>`);
    expect(res.text).toContain('<title>Funds &lt;&amp;&gt; more</title>');
    expect(res.text).toContain('<meta name="description" content="All &quot;funds&quot;" />');
    expect(res.text).toContain('<meta property="og:title" content="Funds" />');
    expect(res.text).toMatch(/<style data-styled="true">\.a\{\}<\/style>\s*<\/head>/);
    expect(res.text).toMatch(/<\/div>\s*<script type="application\/json" id="ssr-payload">/);
    // the early-click holder runs before the page's content, allowed by its hash in the policy
    // (app.int.spec.ts: every answer's script-src carries EARLY_CLICKS_HASH)
    const inline = /<script>([^<]*)<\/script>\s*<div id="root">/.exec(res.text);
    expect(inline?.[1]).toBe(EARLY_CLICKS_SCRIPT);
    expect(EARLY_CLICKS_HASH).toBe(`'sha256-${createHash('sha256').update(inline![1]!, 'utf8').digest('base64')}'`);
  });

  it('keeps the page: the next request is answered in front of Express with the same bytes, 304 and gzip by the usual rules', async () => {
    const first = await request(app).get('/etfs').set('Accept-Encoding', 'identity').expect(200);
    const before = renders();
    const again = await request(app).get('/etfs').set('Accept-Encoding', 'identity').expect(200);
    expect(renders()).toBe(before);
    expect(again.text).toBe(first.text);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe('no-cache');
    // answered in front of Express: the fast path sets the configured security headers itself
    expect(again.headers['content-security-policy']).toContain("script-src 'self'");
    await request(app).get('/etfs').set('If-None-Match', first.headers['etag']!).set('Accept-Encoding', 'identity').expect(304);
    const gzip = await request(app).get('/etfs').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(first.text);
    expect(renders()).toBe(before);
  });

  it('renders again once a market view it read changed (its ETag), and shows the new figure', async () => {
    await request(app).get('/').expect(200);
    const before = renders();
    await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, [bar(FIX.etfId, TODAY, '31.37')]));
    // the API's answer waits for the view cache's refresh in flight, as any request does
    const top = (await request(ctx.app).get('/api/top-performers').expect(200)).body as { ticker: string; currentPrice: string }[];
    expect(top.find((f) => f.ticker === FIX.ticker)?.currentPrice).toBe('31.37');
    const res = await request(app).get('/').expect(200);
    expect(renders()).toBe(before + 1);
    expect(res.text).toContain(`${FIX.ticker}=31.37`);
  });

  it("renders again after the owner's Clear Cache", async () => {
    await request(app).get('/news').expect(200);
    const before = renders();
    await clearCaches();
    await request(app).get('/news').expect(200);
    expect(renders()).toBe(before + 1);
  });

  it('serves the shell when a read of the page fails (an unknown fund), and keeps nothing', async () => {
    const res = await request(app).get('/etfs/yieldmax/NOPEW').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('ssr-payload');
    const before = renders();
    await request(app).get('/etfs/yieldmax/NOPEW').expect(200);
    expect(renders()).toBe(before + 1);
  });

  it('without a server bundle serves the shell and says so once in the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const handled = handledEndpoints(ctx.deps);
    const without = new PageRenderer({ ...ctx.deps, logger }, handled, preparedReads(handled), path.join(dist, 'index.html'), path.join(dist, 'missing', 'entry-server.js'));
    const shell = express().use(clientRouter(dist, undefined, without));
    const res = await request(shell).get('/etfs').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(lines.filter((l) => l.includes('server rendering off'))).toHaveLength(1);
    without.close();
  });
});
