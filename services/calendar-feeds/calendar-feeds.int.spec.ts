import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { DRPW, drpwEvents, given } from '../portfolio/test-helpers.ts';

let ctx: TestContext;

// Friday 2026-01-23, noon in New York; the market day is 2026-01-23 (services/portfolio/test-helpers.ts, DRPW):
// DRPW goes ex on Tuesdays and pays on Wednesdays; declared 0.25 (ex 01-20) and 0.3 (ex 01-27), then projected.
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, drpwEvents());
});
afterAll(async () => {
  await ctx?.close();
});

/** The VEVENTs of an iCalendar text as property maps (lines unfolded per RFC 5545 §3.1). */
function vevents(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return events;
}

describe('GET /api/dividends/calendar.ics', () => {
  it('is the public four-week calendar: an all-day event per payout, estimated ones say so, stable UIDs', async () => {
    const res = await request(ctx.app).get('/api/dividends/calendar.ics').expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    const events = vevents(res.text).filter((e) => e['SUMMARY']!.includes('DRPW'));
    // the JSON calendar's DRPW entries, one to one
    const json = (await request(ctx.app).get('/api/dividends/calendar').expect(200)).body.filter((e: { ticker: string }) => e.ticker === 'DRPW');
    expect(events.map((e) => e['DTSTART;VALUE=DATE'])).toEqual(json.map((e: { payoutDate: string }) => e.payoutDate.replaceAll('-', '')));
    expect(events.map((e) => e['SUMMARY'])).toEqual([
      'DRPW pays $0.25/share',
      'DRPW pays $0.30/share',
      'Estimated: DRPW pays $0.30/share',
      'Estimated: DRPW pays $0.30/share',
    ]);
    expect(events[0]).toMatchObject({
      UID: `${DRPW.etfId}-2026-01-20@weeklydiv`,
      'URL;VALUE=URI': 'http://localhost:3000/etf/DRPW',
      DESCRIPTION: 'DRPW (Drip Test WeeklyPay)\\nAmount per share: $0.25\\nEx-dividend date: 2026-01-20\\nPay date: 2026-01-21\\nhttp://localhost:3000/etf/DRPW',
    });
    expect(events[2]!['DESCRIPTION']).toContain('Amount per share: $0.30 (estimated)\\nEx-dividend date: 2026-02-03');
    // read again: the same UIDs (calendar apps update, never duplicate)
    expect(res.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const again = vevents((await request(ctx.app).get('/api/dividends/calendar.ics').expect(200)).text);
    expect(again.map((e) => e['UID'])).toEqual(vevents(res.text).map((e) => e['UID']));
  });
});

describe('the private calendar feed', () => {
  it('answers 401 to a visitor', async () => {
    await request(ctx.app).get('/api/user/calendar-feed').expect(401);
    await request(ctx.app).post('/api/user/calendar-feed/rotate').expect(401);
  });

  it("gives a stable private URL serving the user's payouts (shares x amount) without a cookie; rotating retires the old URL", async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent.post('/api/user/portfolio').send({ etfId: DRPW.etfId, shares: '10', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    const first = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string; webcalUrl: string };
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feeds\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcalUrl).toBe(first.url.replace('http:', 'webcal:'));
    // the same URL on every read; one event in the log
    expect((await agent.get('/api/user/calendar-feed').expect(200)).body).toEqual(first);
    expect(await ctx.deps.log.readStream(streams.calendarFeed(id))).toHaveLength(1);

    const path = new URL(first.url).pathname;
    const feed = await request(ctx.app).get(path).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    // 10 shares: 10 x 0.25 = 2.50 (paid), 10 x 0.3 = 3.00, then two estimates of 3.00
    expect(vevents(feed.text).map((e) => [e['DTSTART;VALUE=DATE'], e['SUMMARY']])).toEqual([
      ['20260121', 'DRPW payout $2.50'],
      ['20260128', 'DRPW payout $3.00'],
      ['20260204', 'Estimated: DRPW payout $3.00'],
      ['20260211', 'Estimated: DRPW payout $3.00'],
    ]);
    expect(vevents(feed.text)[0]!['DESCRIPTION']).toBe('DRPW: 10 shares × $0.25 = $2.50\\nPaid.\\nPay date: 2026-01-21\\nhttp://localhost:3000/etf/DRPW');
    // one UID per distribution (a projection has the id its declaration will get); the file ends with CRLF
    expect(vevents(feed.text).map((e) => e['UID'])).toEqual(['2026-01-20', '2026-01-27', '2026-02-03', '2026-02-10'].map((ex) => `${DRPW.etfId}_${ex}-${id}@weeklydiv`));
    expect(feed.text.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const rotated = (await agent.post('/api/user/calendar-feed/rotate').expect(200)).body as { url: string };
    expect(rotated.url).not.toBe(first.url);
    await request(ctx.app).get(path).expect(404, { message: 'Calendar feed not found. Get the current link in your WeeklyDiv personal area.' });
    await request(ctx.app).get(new URL(rotated.url).pathname).expect(200);
    expect((await agent.get('/api/user/calendar-feed').expect(200)).body.url).toBe(rotated.url);
  });

  it('answers 404 to a forged or altered token, and keeps the token out of the event log', async () => {
    const { agent, id } = await signUp(ctx.app);
    const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
    const path = new URL(url).pathname;
    const [feedId, mac] = path.slice('/api/calendar-feeds/'.length, -'.ics'.length).split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    await request(ctx.app).get(`/api/calendar-feeds/${feedId}.${flipped}.ics`).expect(404);
    await request(ctx.app).get(`/api/calendar-feeds/${feedId}.ics`).expect(404);
    await request(ctx.app).get(`/api/calendar-feeds/${feedId}.${mac}`).expect(404);
    await request(ctx.app).get('/api/calendar-feeds/x').expect(404);
    // the log holds the feed id, never the MAC that opens it
    const stored = JSON.stringify(await ctx.deps.log.readStream(streams.calendarFeed(id)));
    expect(stored).toContain(feedId);
    expect(stored).not.toContain(mac);
  });

  it("another user's feed shows only that user's payouts; a user without holdings gets an empty calendar", async () => {
    const { agent } = await signUp(ctx.app);
    const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
    const feed = await request(ctx.app).get(new URL(url).pathname).expect(200);
    expect(vevents(feed.text)).toEqual([]);
    expect(feed.text).toContain('X-WR-CALNAME:My WeeklyDiv payouts');
  });

  it('rotating refuses a body field (it takes none): 400 naming it, the URL unchanged', async () => {
    const { agent, id } = await signUp(ctx.app);
    const { url } = (await agent.get('/api/user/calendar-feed').expect(200)).body as { url: string };
    await agent.post('/api/user/calendar-feed/rotate').send({ note: 'x' }).expect(400, { message: 'Unknown field: note', errors: { note: 'Unknown field' } });
    expect(await ctx.deps.log.readStream(streams.calendarFeed(id))).toHaveLength(1);
    expect((await agent.get('/api/user/calendar-feed').expect(200)).body.url).toBe(url);
  });
});
