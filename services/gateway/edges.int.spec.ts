import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Application } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../http/config.ts';
import { createApp } from './app.ts';
import { createContainer, type Container } from './container.ts';

/** Security-audit edges through the whole gateway app, with the log recorded (L1, I1, I2). */
let dir: string;
let container: Container;
let app: Application;
const logLines: { level: number; msg: string; err?: { stack?: string } }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-edges-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>WeeklyDiv</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: path.join(dir, 'data'), APP_URL: 'http://localhost:3000', WEB_DIST_DIR: dist, PASSWORD_SCRYPT_LOG_N: '12' });
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line) as (typeof logLines)[number]) });
  container = await createContainer(config, logger);
  await container.start();
  app = createApp(container.deps);
});
afterAll(async () => {
  await container.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  logLines.length = 0;
});

describe('malformed percent-escapes in the path (audit L1)', () => {
  const paths = [
    '/api/etfs/detail/%E0%A4%A',
    '/api/etfs/detail/%ff',
    '/api/%',
    '/%',
    '/etfs/%ZZ',
    '/assets/%ff',
    '/assets/%',
    '/assets/%E0%A4%A',
    '/assets/x%ffy.js',
    '/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  ];
  it.each(paths)('%s answers 400 or 404 as JSON, never 500, and logs no error or stack', async (url) => {
    const res = await request(app).get(url);
    expect([400, 404]).toContain(res.status);
    expect(res.body).toHaveProperty('message');
    expect(JSON.stringify(res.body)).not.toMatch(/URIError|at .*\.ts/);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    expect(logLines.filter((l) => l.err?.stack !== undefined)).toEqual([]);
  });

  it('still serves a well-formed asset and the client for a well-formed path', async () => {
    await request(app).get('/assets/app-abc123.js').expect(200);
    await request(app).get('/etfs').expect(200).expect('Content-Type', /html/);
  });
});

describe('no-store on every API error, early middleware included (audit I1)', () => {
  it('malformed JSON (400), an oversized body (413), an unknown charset (415) and the cross-origin 403 are no-store', async () => {
    const malformed = await request(app).post('/api/login').set('Content-Type', 'application/json').send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['cache-control']).toBe('no-store');
    const big = await request(app).post('/api/login').set('Content-Type', 'application/json').send(JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
    expect(big.status).toBe(413);
    expect(big.headers['cache-control']).toBe('no-store');
    const charset = await request(app).post('/api/login').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(charset.status).toBe(415);
    expect(charset.headers['cache-control']).toBe('no-store');
    const crossOrigin = await request(app).post('/api/login').set('Origin', 'https://evil.example').send({ email: 'a@b.c', password: 'x' });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers['cache-control']).toBe('no-store');
  });
});

describe('the same-origin guard compares the scheme too (audit I2)', () => {
  it('refuses an Origin with the request host but the other scheme, allows the same scheme', async () => {
    const host = '127.0.0.1:4201';
    const other = await request(app).post('/api/logout').set('Host', host).set('Origin', `https://${host}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Cross-origin request refused' });
    const same = await request(app).post('/api/logout').set('Host', host).set('Origin', `http://${host}`);
    expect(same.status).not.toBe(403);
  });
});
