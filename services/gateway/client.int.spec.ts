import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRouter, isClientRoute } from './client.ts';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let dist: string;
let app: express.Application;

describe('client assets', () => {
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>WeeklyDiv</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'WeeklyDiv' }));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    app = express().use(clientRouter(dist));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the brotli twin to browsers that accept it, as JavaScript, cached for a year', async () => {
    const res = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['vary']).toContain('Accept-Encoding');
    // superagent decompresses on the way in: the wire size is the Content-Length
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect((res.body as Buffer).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip').buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    expect(Number(gz.headers['content-length'])).toBe(gzipSync(script).length);
    expect((gz.body as Buffer).toString()).toBe(script);
  });

  it('answers 404 for a missing asset, never the index page', async () => {
    await request(app).get('/assets/missing-000.js').set('Accept-Encoding', 'br').expect(404);
  });

  it('serves the service worker uncached, allowed the whole site, and the manifest as application/manifest+json', async () => {
    const sw = await request(app).get('/sw.js').expect(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const manifest = await request(app).get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.text)).toEqual({ name: 'WeeklyDiv' });
    // any other root file keeps its short cache
    expect((await request(app).get('/icons/icon-192.png').expect(200)).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('page status (D18): client routes 200, any other path the app with 404', () => {
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>WeeklyDiv</title>');
    app = express().use(clientRouter(dist));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each(['/', '/etfs', '/etfs/', '/etfs/roundhill', '/etfs/roundhill/HOOW', '/etf/HOOW', '/dividend-calendar', '/news', '/pricing', '/login', '/signup', '/register', '/forgot-password', '/reset-password', '/verify-email', '/my-weeklydiv', '/my-weeklydiv/tax-summary', '/my-weeklydiv/income', '/my', '/admin', '/account', '/account/subscription'])(
    '%s answers 200 with the app',
    async (p) => {
      const res = await request(app).get(p).expect(200);
      expect(res.text).toContain('<title>WeeklyDiv</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/nonexistent', '/about', '/account/x', '/etfs/roundhill/HOOW/extra', '/etf', '/news/x'])('%s answers 404 with the app (it draws "Page Not Found")', async (p) => {
    const res = await request(app).get(p).expect(404);
    expect(res.text).toContain('<title>WeeklyDiv</title>');
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('knows every path of the client route table (web/src/features/*/routes.tsx and the app router)', () => {
    type Route = { path?: string; index?: boolean; children?: Route[] };
    const modules = import.meta.glob<{ routes?: Route[] }>('../../web/src/features/*/routes.tsx', { eager: true });
    const flat = (rs: Route[]): Route[] => rs.flatMap((r) => [r, ...flat(r.children ?? [])]);
    const routePaths = flat(Object.values(modules).flatMap((m) => m.routes ?? []))
      .map((r) => r.path)
      .filter((p): p is string => p !== undefined && p !== '*');
    expect(routePaths.length).toBeGreaterThan(10);
    for (const p of [...routePaths, '/my']) expect(isClientRoute(p.replace(/:[a-z]+/gi, 'x')), p).toBe(true);
  });
});
