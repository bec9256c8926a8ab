import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastEnv, newUser } from '../accounts/test-helpers.ts';
import { EARLY_CLICKS_HASH } from '../http/security.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>WeeklyDiv</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("client")');
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *');
  ctx = await createTestContext({ ...fastEnv, WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('error answers', () => {
  it('malformed JSON → 400 "Request body is not valid JSON"', async () => {
    const res = await request(ctx.app).post('/api/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('a JSON body that is not an object → 400', async () => {
    const res = await request(ctx.app).post('/api/login').set('Content-Type', 'application/json').send('[1, 2]').expect(400);
    expect(res.body).toEqual({ message: 'Request body must be a JSON object' });
  });

  it('a body over 1 MB → 413', async () => {
    const res = await request(ctx.app)
      .post('/api/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(1_100_000) })
      .expect(413);
    expect(res.body).toEqual({ message: 'Request body is too large' });
  });

  it('unknown /api routes → 404 JSON, never the client HTML', async () => {
    for (const [method, url] of [
      ['get', '/api/nope'],
      ['get', '/api'],
      ['post', '/api/nope/deeper'],
      ['put', '/api/user'],
    ] as const) {
      const res = await request(ctx.app)[method](url).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });

  it('an unexpected failure → 500 with a generic message and no internals', async () => {
    const spy = vi.spyOn(ctx.deps.log, 'readStream').mockRejectedValueOnce(new Error('SQLITE_IOERR at /var/secret/events.sqlite'));
    try {
      const res = await request(ctx.app).post('/api/login').send({ email: 'a@example.com', password: 'secret-pw' }).expect(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      expect(res.text).not.toContain('SQLITE');
      expect(res.text).not.toContain('secret');
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('headers', () => {
  it('sends a strict Content-Security-Policy and the usual helmet headers, and no X-Powered-By', async () => {
    const res = await request(ctx.app).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      // our origin, and the one inline script (a rendered page's early-click holder) by its hash
      `script-src 'self' ${EARLY_CLICKS_HASH}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('upgrade-insecure-requests'); // not over plain http in development
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('marks API answers Cache-Control: no-store', async () => {
    expect((await request(ctx.app).get('/api/user')).headers['cache-control']).toBe('no-store');
    expect((await request(ctx.app).get('/api/nope')).headers['cache-control']).toBe('no-store');
  });

  it('gives every request an id (or keeps a sane incoming one)', async () => {
    const fresh = await request(ctx.app).get('/api/user');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(ctx.app).get('/api/user').set('X-Request-Id', 'lb-12345');
    expect(kept.headers['x-request-id']).toBe('lb-12345');
    const replaced = await request(ctx.app).get('/api/user').set('X-Request-Id', 'bad id with spaces <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-origin refusal (CSRF)', () => {
  const body = () => newUser();

  it('refuses a state-changing request whose Origin is another site', async () => {
    const res = await request(ctx.app).post('/api/register').set('Origin', 'https://evil.example').send(body()).expect(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused' });
  });

  it('refuses Origin: null (sandboxed frames)', async () => {
    await request(ctx.app).post('/api/logout').set('Origin', 'null').expect(403);
  });

  it('refuses Sec-Fetch-Site: cross-site, for every state-changing method', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await request(ctx.app)[method]('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(res.body).toEqual({ message: 'Cross-origin request refused' });
    }
  });

  it("allows APP_URL's origin, the request's own host, and same-origin / same-site / none", async () => {
    await request(ctx.app).post('/api/register').set('Origin', 'http://localhost:3000').set('Sec-Fetch-Site', 'same-origin').send(body()).expect(201);
    const own = request(ctx.app).post('/api/logout');
    await own.set('Origin', 'http://own-host.test:8080').set('Host', 'own-host.test:8080').expect(200);
    await request(ctx.app).post('/api/logout').set('Sec-Fetch-Site', 'same-site').expect(200);
    await request(ctx.app).post('/api/logout').set('Sec-Fetch-Site', 'none').expect(200);
  });

  it('allows requests with neither header (curl, server to server)', async () => {
    await request(ctx.app).post('/api/logout').expect(200);
  });

  it('does not block reads from another site (GET is not state-changing)', async () => {
    await request(ctx.app).get('/api/user').set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://evil.example').expect(401);
  });

  it('a refused cross-site request changes nothing', async () => {
    const user = newUser();
    await request(ctx.app).post('/api/register').set('Sec-Fetch-Site', 'cross-site').send(user).expect(403);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: user.password }).expect(401);
  });
});

describe('health', () => {
  it('GET /healthz → 200 {status: ok}', async () => {
    expect((await request(ctx.app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('GET /readyz → 200 when the stores answer and projections are live', async () => {
    const res = await request(ctx.app).get('/readyz').expect(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      checks: { eventStore: { status: 'ok' }, documentStore: { status: 'ok' }, keyStore: { status: 'ok' }, projections: { status: 'ok' } },
    });
    expect(res.body.checks.projections.details).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'users', state: 'live' })]));
  });

  it('GET /readyz → 503 with details when a store does not answer', async () => {
    const spy = vi.spyOn(ctx.deps.docs, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await request(ctx.app).get('/readyz').expect(503);
      expect(res.body).toMatchObject({ status: 'not ready', checks: { documentStore: { status: 'failed', error: 'connection refused' }, eventStore: { status: 'ok' } } });
    } finally {
      spy.mockRestore();
    }
  });

  it('GET /readyz → 503 when the personal-data key store cannot be read (no personal field could be read or written)', async () => {
    const spy = vi.spyOn(ctx.deps.keys, 'ping').mockRejectedValueOnce(new Error('database is locked'));
    try {
      const res = await request(ctx.app).get('/readyz').expect(503);
      expect(res.body).toMatchObject({ status: 'not ready', message: 'Service not ready', checks: { keyStore: { status: 'failed', error: 'database is locked' }, eventStore: { status: 'ok' }, documentStore: { status: 'ok' } } });
    } finally {
      spy.mockRestore();
    }
  });

  it('GET /readyz → 503 when a projection is behind the log or failed', async () => {
    const live = await ctx.deps.readModels.status();
    const cases = [
      { state: 'catching-up' as const, lag: 12, expected: 'users (catching-up)' },
      { state: 'failed' as const, lag: 0, expected: 'users (failed)' },
    ];
    for (const { state, lag, expected } of cases) {
      const spy = vi.spyOn(ctx.deps.readModels, 'status').mockResolvedValueOnce(live.map((p) => ({ ...p, state, lag })));
      try {
        const res = await request(ctx.app).get('/readyz').expect(503);
        expect(res.body.checks.projections.status).toBe('failed');
        expect(res.body.checks.projections.error).toContain(expected);
      } finally {
        spy.mockRestore();
      }
    }
  });

  it('GET /readyz → 200 on a fresh, empty log (nothing to catch up on)', async () => {
    const fresh = await createTestContext({ ...fastEnv, WEB_DIST_DIR: webDist });
    try {
      expect((await request(fresh.app).get('/readyz').expect(200)).body.status).toBe('ready');
    } finally {
      await fresh.close();
    }
  });
});

describe('the built client', () => {
  it('serves index.html for non-API routes (SPA fallback) without caching it', async () => {
    for (const url of ['/', '/etfs/roundhill/NVDW', '/reset-password?token=abc', '/my-weeklydiv']) {
      const res = await request(ctx.app).get(url).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache, and 404s a missing asset instead of the page', async () => {
    const res = await request(ctx.app).get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await request(ctx.app).get('/assets/index-gone.js').expect(404);
    expect(missing.text).not.toContain('<div id="root">');
  });

  it('serves other root files with a short cache', async () => {
    const res = await request(ctx.app).get('/robots.txt').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 503 with a short text when the client is not built', async () => {
    const bare = await createTestContext({ ...fastEnv, WEB_DIST_DIR: path.join(webDist, 'does-not-exist') });
    try {
      const res = await request(bare.app).get('/etfs').expect(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain('client is not built');
      expect((await request(bare.app).get('/api/nope').expect(404)).body).toEqual({ message: 'Not found' });
    } finally {
      await bare.close();
    }
  });
});
