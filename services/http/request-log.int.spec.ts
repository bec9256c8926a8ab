import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestLog } from './request-log.ts';

/** The fields of a pino request line these tests read. */
interface LogLine {
  msg: string;
  req: { id: string; method: string; url: string };
}

function appLogging(lines: LogLine[]) {
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestLog(logger));
  app.get('/{*path}', (_req, res) => {
    res.send('ok');
  });
  return app;
}

describe('request log', () => {
  it('logs one line per request with its id, method, url and status, without cookies', async () => {
    const lines: LogLine[] = [];
    const res = await request(appLogging(lines)).get('/etfs?sort=yield').set('Cookie', 'weeklydiv_session=sealed-secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { id: res.headers['x-request-id'], method: 'GET', url: '/etfs?sort=yield' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain('sealed-secret');
  });

  it("writes the very line pino would write for the request's fields, at the status's level", async () => {
    const written: string[] = [];
    const logger = pino({ level: 'info', timestamp: () => ',"time":1700000000000', base: { pid: 7, hostname: 'box' } }, { write: (line: string) => written.push(line) });
    const app = express();
    app.use(requestLog(logger));
    app.get('/boom', (_req, res) => {
      res.status(500).send('no');
    });
    app.get('/{*path}', (_req, res) => {
      res.send('ok');
    });
    await request(app).get('/funds?q=a%22b').set('X-Request-Id', 'lb-1234');
    await request(app).get('/boom');
    expect(written).toHaveLength(2);
    const expected: string[] = [];
    const same = pino({ level: 'info', timestamp: () => ',"time":1700000000000', base: { pid: 7, hostname: 'box' } }, { write: (line: string) => expected.push(line) });
    for (const line of written) {
      const { level, req, res, responseTime } = JSON.parse(line) as { level: number; req: object; res: object; responseTime: number };
      same[level === 50 ? 'error' : 'info']({ req, res, responseTime }, 'request completed');
    }
    expect(written).toEqual(expected);
    expect(JSON.parse(written[0]!)).toMatchObject({ level: 30, req: { id: 'lb-1234', method: 'GET', url: '/funds?q=a%22b' }, res: { statusCode: 200 } });
    expect(JSON.parse(written[1]!)).toMatchObject({ level: 50, req: { method: 'GET', url: '/boom' }, res: { statusCode: 500 } });
  });

  it('never logs a reset token from the query string', async () => {
    const lines: LogLine[] = [];
    await request(appLogging(lines)).get('/reset-password?token=mnfUAVBTJh8bkkqF45VYhkR8dsNqGZRgVx5ixk4v2Nc&x=1');
    expect(lines[0]!.req.url).toBe('/reset-password?token=[redacted]&x=1');
    expect(JSON.stringify(lines)).not.toContain('mnfUAVBT');
  });

  it('redacts secret parameters wherever they are', () => {
    expect(redactUrl('/a?x=1&Token=abc#frag')).toBe('/a?x=1&Token=[redacted]#frag');
    expect(redactUrl('/a?password=p&secret=s')).toBe('/a?password=[redacted]&secret=[redacted]');
    // a private calendar feed's path is its key
    expect(redactUrl('/api/calendar-feeds/abcdefghijklmnopqrstuv.mac.ics?x=1')).toBe('/api/calendar-feeds/[redacted]?x=1');
    expect(redactUrl('/a?tokens=keep')).toBe('/a?tokens=keep');
  });
});
