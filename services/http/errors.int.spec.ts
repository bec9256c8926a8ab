import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError } from '../../infra/event-store/port.ts';
import { conflict, forbidden, notFound, preconditionFailed, tooManyRequests, unauthorized } from '../core/errors.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { validate } from './validation.ts';

/** A tiny app with routes that fail in each way, behind the real error handler. */
function appWith(lines: Record<string, unknown>[]) {
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use((req, _res, next) => {
    req.id = 'req-42';
    next();
  });
  app.use(express.json({ limit: '1kb' }));
  const schema = z.object({ name: z.string().min(2, 'Name is too short'), age: z.number().int('Age must be whole'), tags: z.array(z.string()).optional() });
  app.post('/validate', (req, res) => {
    const parsed = validate(schema, req.body);
    res.json(parsed);
  });
  app.get('/401', () => {
    throw unauthorized();
  });
  app.get('/403', () => {
    throw forbidden();
  });
  app.get('/404', () => {
    throw notFound('ETF not found');
  });
  app.get('/409', () => {
    throw conflict('Already there');
  });
  app.get('/412', () => {
    throw preconditionFailed();
  });
  app.get('/412-raw', async () => {
    throw new ConcurrencyError('etf-1', 3, 4);
  });
  app.get('/429', () => {
    throw tooManyRequests('Slow down', 90.2);
  });
  app.get('/500', async () => {
    throw new Error('database password is hunter2');
  });
  app.use(apiNotFound);
  app.use(errorHandler(logger));
  return app;
}

describe('error handler', () => {
  it.each([
    ['/401', 401, 'Not authenticated'],
    ['/403', 403, 'Forbidden'],
    ['/404', 404, 'ETF not found'],
    ['/409', 409, 'Already there'],
    ['/412', 412, 'The data changed while you were editing it. Reload and try again.'],
    ['/412-raw', 412, 'The data changed while you were editing it. Reload and try again.'],
    ['/nowhere', 404, 'Not found'],
  ])('%s → %i { message }', async (url, status, message) => {
    const res = await request(appWith([])).get(url).expect(status);
    expect(res.body).toEqual({ message });
  });

  it('429 carries Retry-After in whole seconds', async () => {
    const res = await request(appWith([])).get('/429').expect(429);
    expect(res.body).toEqual({ message: 'Slow down' });
    expect(res.headers['retry-after']).toBe('91');
  });

  it('500 hides the error and logs it with the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const res = await request(appWith(lines)).get('/500').expect(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expect(res.text).not.toContain('hunter2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'req-42', msg: 'request failed', err: { message: 'database password is hunter2' } });
  });

  it('client errors are not logged as failures', async () => {
    const lines: Record<string, unknown>[] = [];
    await request(appWith(lines)).get('/409').expect(409);
    expect(lines).toEqual([]);
  });
});

describe('validate()', () => {
  it('returns the parsed value (unknown keys dropped)', async () => {
    const res = await request(appWith([])).post('/validate').send({ name: 'Ann', age: 3, admin: true }).expect(200);
    expect(res.body).toEqual({ name: 'Ann', age: 3 });
  });

  it('answers 400 with one message per field and the first as the message', async () => {
    const res = await request(appWith([])).post('/validate').send({ name: 'A', age: 1.5 }).expect(400);
    expect(res.body).toEqual({ message: 'Name is too short', errors: { name: 'Name is too short', age: 'Age must be whole' } });
  });

  it('says "Required" for missing or null fields, also without any body', async () => {
    expect((await request(appWith([])).post('/validate').send({ age: null }).expect(400)).body).toEqual({
      message: 'Required',
      errors: { name: 'Required', age: 'Required' },
    });
    expect((await request(appWith([])).post('/validate').expect(400)).body).toEqual({ message: 'Required', errors: { name: 'Required', age: 'Required' } });
  });

  it('names nested fields with dots', async () => {
    const res = await request(appWith([])).post('/validate').send({ name: 'Ann', age: 3, tags: ['ok', 7] }).expect(400);
    expect(res.body.errors).toEqual({ 'tags.1': expect.any(String) });
  });

  it('maps body-parser failures: invalid JSON 400, too large 413', async () => {
    expect((await request(appWith([])).post('/validate').set('Content-Type', 'application/json').send('{nope').expect(400)).body).toEqual({
      message: 'Request body is not valid JSON',
    });
    expect((await request(appWith([])).post('/validate').send({ name: 'x'.repeat(2000) }).expect(413)).body).toEqual({ message: 'Request body is too large' });
  });
});
