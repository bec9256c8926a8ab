import request from 'supertest';
import type { Agent } from 'supertest';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminNewsArticle } from '../../contracts/content.ts';
import { streams } from '../../events/streams.ts';
import { createRssFeedReader } from '../../infra/news-feeds/rss-feed-reader.ts';
import { atom, rss, startFeedServer, type FeedServer, type RssItemSpec } from '../../infra/news-feeds/test-helpers.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import { OWNER_EMAIL, signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { whenJobFinished } from '../jobs/job-runs.ts';
import { JOB_SCHEDULES, JOB_TIMEZONE, startJobs, type JobsRuntime } from '../jobs/runtime.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { articleIdOf, ingestNews } from './ingest.ts';
import { DEFAULT_NEWS_KEYWORDS } from './keywords.ts';

// Wednesday 2026-03-04, 10:00 in New York.
const NOW = new Date('2026-03-04T15:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

let feeds: FeedServer;
let ctx: TestContext;
let jobs: JobsRuntime;
let owner: Agent;
let ownerId: string;
let ownerPassword: string;
let user: Agent;

const longText = `<p>NEW YORK, March 3, 2026 /PRNewswire/ -- <b>Roundhill Investments</b> announced today the weekly distributions of its WeeklyPay&trade; ETFs. ${'The funds seek to pay distributions every week. '.repeat(12)}</p>`;

const issuerItems: RssItemSpec[] = [
  {
    title: 'Roundhill Announces NVDW Weekly Distribution',
    link: 'https://www.prnewswire.com/news-releases/roundhill-nvdw-1.html',
    guid: 'prn-1',
    description: longText,
    pubDate: 'Tue, 03 Mar 2026 21:15:00 +0000',
    source: 'PR Newswire',
  },
  { title: 'Markets wrap: stocks close higher', link: 'https://news.example.com/wrap-1', guid: 'wrap-1', description: 'Stocks rose; the Fed held rates.', pubDate: 'Tue, 03 Mar 2026 22:00:00 +0000' },
  { title: 'An item without any link', guid: 'no-link', description: 'Nothing to open.' },
  { title: 'A script link', link: 'javascript:alert(1)', guid: 'js-1' },
  { title: '', link: 'https://news.example.com/untitled', guid: 'untitled' },
  { title: 'Relative link about GraniteShares YieldBOOST TSYY', link: '/stories/tsyy', description: 'TSYY pays weekly.', pubDate: 'Mon, 02 Mar 2026 12:00:00 +0000' },
  { title: 'From the future', link: 'https://news.example.com/future', guid: 'future-1', pubDate: 'Fri, 01 Jan 2027 00:00:00 +0000' },
];

const blogEntries = [
  { title: 'YieldMax MSTY: a closer look', id: 'tag:blog.example.org,2026:msty', link: 'https://blog.example.org/msty', summary: '<p>A <em>closer</em> look at MSTY.</p>', published: '2026-03-02T10:30:00-05:00' },
  // the same press release, under the same guid, in a second feed: one article
  { title: 'Roundhill Announces NVDW Weekly Distribution (syndicated)', id: 'prn-1', link: 'https://syndication.example.org/prn-1', published: '2026-03-03T21:20:00Z' },
];

function feedUrls(): string {
  // the broken feed carries a key in its query: it must never show in a summary, a reason or the log
  return [feeds.url('/issuer.rss'), feeds.url('/blog.atom'), `${feeds.url('/broken')}?apikey=SECRET-KEY-123`, feeds.url('/malformed'), feeds.url('/slow'), feeds.url('/huge')].join(', ');
}

beforeAll(async () => {
  feeds = await startFeedServer({
    '/issuer.rss': { kind: 'xml', body: rss('PR Newswire: Financial Services', issuerItems) },
    '/blog.atom': { kind: 'xml', contentType: 'application/atom+xml', body: atom('Weekly Income Blog', blogEntries) },
    '/broken': { kind: 'status', status: 500 },
    '/malformed': { kind: 'xml', body: '<?xml version="1.0"?><rss version="2.0"><channel><item><title>cut' },
    '/slow': { kind: 'slow' },
    '/huge': { kind: 'huge', bytes: 4 * 1024 * 1024 },
  });
  ctx = await createTestContext({ NEWS_FEEDS: feedUrls() }, { now: NOW });
  jobs = await startJobs(ctx.container, { feedReader: createRssFeedReader({ timeoutMs: 2000, maxBytes: 256 * 1024, userAgent: 'WeeklyDiv test' }) });
  ctx.container.onStop(() => jobs.stop());
  const signedIn = await signUpOwner(ctx.app, ctx.deps);
  owner = signedIn.agent;
  ownerId = signedIn.id;
  ownerPassword = signedIn.user.password;
  user = (await signUp(ctx.app)).agent;
  for (const etf of [
    { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill' },
    { ticker: 'MSTY', name: 'YieldMax MSTR Option Income Strategy ETF', brand: 'YieldMax' },
    { ticker: 'TSYY', name: 'GraniteShares YieldBOOST TSLA ETF', brand: 'Granite' },
    { ticker: 'WEEK', name: 'Roundhill Weekly T-Bill ETF', brand: 'Roundhill' },
  ]) {
    await owner.post('/api/etfs').send(etf).expect(201);
  }
});
afterAll(async () => {
  await ctx?.close();
  await feeds?.close();
});

async function ingest(): Promise<JobDoc> {
  const res = await owner.post('/api/admin/ingest-news').expect(202);
  expect(res.body).toEqual({ jobId: expect.any(String), name: 'ingest-news', status: 'queued', message: 'News ingestion started. Check back in a minute for new articles.' });
  return whenJobFinished(ctx.deps.readModels, res.body.jobId);
}

async function adminList(): Promise<AdminNewsArticle[]> {
  const res = await owner.get('/api/admin/news').expect(200);
  return res.body.map((a: unknown) => AdminNewsArticle.parse(a));
}
/** Moves the clock; the owner signs in again (sessions end after an idle hour). */
async function advance(ms: number) {
  ctx.advance(ms);
  await owner.post('/api/login').send({ email: OWNER_EMAIL, password: ownerPassword }).expect(200);
}
const byTitle = async (title: string) => (await adminList()).find((a) => a.title === title);

const prn1 = articleIdOf('prn-1', 'https://www.prnewswire.com/news-releases/roundhill-nvdw-1.html');

describe('ingest-news', () => {
  it('reads RSS 2.0 and Atom feeds; the broken, malformed, slow and oversized ones are counted, the others ingest', async () => {
    const run = await ingest();
    expect(run.status).toBe('succeeded');
    expect(run.requestedBy).toBe(`user:${ownerId}`);
    expect(run.counts).toEqual({ feeds: 6, feedsRead: 2, feedsFailed: 4, items: 9, newArticles: 5, published: 3, inReview: 2, skipped: 3, archived: 0 });
    expect(run.summary).toBe(
      'Read 2 of 6 feeds: 9 items, 5 new articles (3 published, 2 in review), 3 without a title or an http(s) link skipped; failed: ' +
        `${feeds.url('/broken')} (answered HTTP 500); ${feeds.url('/huge')} (the feed is larger than 256 KB); ` +
        `${feeds.url('/malformed')} (the feed is not well-formed XML (Unclosed root tag)); ${feeds.url('/slow')} (the feed did not arrive within 2 s)`,
    );
    // from now on the slow host answers at once (with an error), so later runs do not wait for its deadline
    feeds.routes.set('/slow', { kind: 'status', status: 503 });
    expect(run.progress).toMatchObject({ done: 6, total: 6, message: 'Read 6 of 6 feeds' });
    // the feed's key is nowhere: not in the run, not in any event of the log
    const everything = JSON.stringify(await ctx.deps.log.readAll(0, 10_000));
    expect(everything).not.toContain('SECRET-KEY-123');
    expect(JSON.stringify(run)).not.toContain('SECRET-KEY-123');
  });

  it('writes articles with a plain-text summary, catalog tags, the feed item source and a stable id', async () => {
    const nvdw = await byTitle('Roundhill Announces NVDW Weekly Distribution');
    expect(nvdw).toMatchObject({
      id: prn1,
      status: 'published', // "weekly distribution" is a default keyword
      source: 'PR Newswire', // the item's <source>
      link: 'https://www.prnewswire.com/news-releases/roundhill-nvdw-1.html',
      tags: 'Roundhill, NVDW',
      publishedAt: '2026-03-03T21:15:00.000Z',
      ingestedAt: NOW.toISOString(),
    });
    expect(nvdw!.summary.startsWith('NEW YORK, March 3, 2026 /PRNewswire/ -- Roundhill Investments announced today the weekly distributions of its WeeklyPay™ ETFs. The funds')).toBe(true);
    expect(nvdw!.summary.length).toBeLessThanOrEqual(300);
    // cut at a word boundary with an ellipsis
    const full = `NEW YORK, March 3, 2026 /PRNewswire/ -- Roundhill Investments announced today the weekly distributions of its WeeklyPay™ ETFs. ${'The funds seek to pay distributions every week. '.repeat(12)}`;
    const kept = nvdw!.summary.slice(0, -1);
    expect(nvdw!.summary.endsWith('…')).toBe(true);
    expect(full.startsWith(kept)).toBe(true);
    expect(full[kept.length]).toBe(' ');
    expect(kept.length).toBeGreaterThan(280);
    expect(nvdw!.summary).not.toMatch(/<|&trade;|&amp;/);

    const stream = await ctx.deps.log.readStream(streams.news(prn1));
    expect(stream.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['NewsArticleIngested', 'job:ingest-news'],
      ['NewsArticleStatusChanged', 'job:ingest-news'],
    ]);

    expect(await byTitle('YieldMax MSTY: a closer look')).toMatchObject({ status: 'published', source: 'Weekly Income Blog', tags: 'YieldMax, MSTY', summary: 'A closer look at MSTY.', publishedAt: '2026-03-02T15:30:00.000Z' });
    // a relative link made absolute against the feed; the id from the link when there is no guid
    const tsyy = await byTitle('Relative link about GraniteShares YieldBOOST TSYY');
    expect(tsyy).toMatchObject({ link: feeds.url('/stories/tsyy'), id: articleIdOf(null, feeds.url('/stories/tsyy')), tags: 'Granite, TSYY', status: 'published' });
    expect(await byTitle('Markets wrap: stocks close higher')).toMatchObject({ status: 'review', tags: '', source: 'PR Newswire: Financial Services' });
    // a date in the future becomes the ingestion time
    expect(await byTitle('From the future')).toMatchObject({ status: 'review', publishedAt: NOW.toISOString() });
    // no link, a javascript: link, no title: left out
    const titles = (await adminList()).map((a) => a.title);
    expect(titles).not.toContain('An item without any link');
    expect(titles).not.toContain('A script link');
    // the syndicated copy under the same guid is the same article
    expect(titles.filter((t) => t.startsWith('Roundhill Announces NVDW'))).toEqual(['Roundhill Announces NVDW Weekly Distribution']);
  });

  it('shows the published ones on the public site, by ticker too', async () => {
    const pub = (await request(ctx.app).get('/api/news').expect(200)).body as { title: string }[];
    expect(pub.map((a) => a.title)).toEqual(['Roundhill Announces NVDW Weekly Distribution', 'YieldMax MSTY: a closer look', 'Relative link about GraniteShares YieldBOOST TSYY']);
    const byTicker = async (t: string) => ((await request(ctx.app).get(`/api/news/ticker/${t}`).expect(200)).body as { title: string }[]).map((a) => a.title);
    expect(await byTicker('NVDW')).toEqual(['Roundhill Announces NVDW Weekly Distribution']);
    expect(await byTicker('msty')).toEqual(['YieldMax MSTY: a closer look']);
    expect(await byTicker('WEEK')).toEqual([]); // "Weekly" is not the ticker WEEK
  });

  it('adds nothing on a second run: only the run itself is written', async () => {
    const head = await ctx.container.eventStore.headPosition();
    const run = await ingest();
    expect(run.counts).toMatchObject({ items: 9, newArticles: 0, published: 0, inReview: 0 });
    const after = await ctx.deps.log.readAll(head);
    expect(new Set(after.map((e) => e.stream.split('-')[0]))).toEqual(new Set(['job']));
  });

  it('publishes by the saved keywords (whole words, any case); the rest waits in review', async () => {
    await owner.put('/api/admin/news-keywords').send({ keywords: ['markets   wrap', 'TSLA'] }).expect(200, { keywords: ['markets wrap', 'TSLA'] });
    feeds.routes.set('/issuer.rss', {
      kind: 'xml',
      body: rss('PR Newswire: Financial Services', [
        ...issuerItems,
        { title: 'MARKETS WRAP: Tuesday', link: 'https://news.example.com/wrap-2', guid: 'wrap-2' },
        { title: 'YieldMax launches a fund', link: 'https://news.example.com/ym-2', guid: 'ym-2', description: 'Not one of the saved keywords.' },
        { title: 'Tesla options', link: 'https://news.example.com/tsla', guid: 'tsla', description: 'Income from TSLAX, not the word itself.' },
        { title: 'Covered calls', link: 'https://news.example.com/cc', guid: 'cc', contentEncoded: '<p>The text names <b>tsla</b>.</p>' },
      ]),
    });
    const run = await ingest();
    expect(run.counts).toMatchObject({ newArticles: 4, published: 2, inReview: 2 });
    expect(await byTitle('MARKETS WRAP: Tuesday')).toMatchObject({ status: 'published' });
    expect(await byTitle('YieldMax launches a fund')).toMatchObject({ status: 'review', tags: 'YieldMax' });
    expect(await byTitle('Tesla options')).toMatchObject({ status: 'review' });
    expect(await byTitle('Covered calls')).toMatchObject({ status: 'published' }); // the content counts too
  });

  it('logs a feed it could not read with the reason, never its credentials or query', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) }));
    const secretUrl = feeds.url('/broken').replace('http://', 'http://reader:PASSWORD-456@') + '?apikey=SECRET-KEY-123';
    const result = await ingestNews({
      log: ctx.deps.log,
      readModels: ctx.deps.readModels,
      reader: createRssFeedReader({ timeoutMs: 2000, maxBytes: 1024, userAgent: 't' }),
      feeds: [{ url: secretUrl, name: null }],
      logger,
      ctx: { actor: 'job:ingest-news', correlationId: 'log-spec', now: ctx.deps.now().toISOString() },
    });
    expect(result.failures).toEqual([{ feed: feeds.url('/broken'), reason: 'answered HTTP 500' }]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: 'news feed not read', feed: feeds.url('/broken'), problem: 'http', reason: 'answered HTTP 500' });
    expect(lines[0]).not.toMatch(/PASSWORD-456|SECRET-KEY-123|apikey/);
  });

  it('fails the run, with the reasons, when no feed can be read', async () => {
    const only = await createTestContext({ NEWS_FEEDS: `${feeds.url('/broken')}?token=SECRET-KEY-123,${feeds.url('/nowhere')}` }, { now: NOW });
    try {
      const runtime = await startJobs(only.container, { schedules: false, feedReader: createRssFeedReader({ timeoutMs: 500, maxBytes: 1024, userAgent: 't' }) });
      only.container.onStop(() => runtime.stop());
      const boss = (await signUpOwner(only.app, only.deps)).agent;
      const res = await boss.post('/api/admin/ingest-news').expect(202);
      const done = await whenJobFinished(only.deps.readModels, res.body.jobId);
      expect(done).toMatchObject({
        status: 'failed',
        reason: `No news feed could be read: ${feeds.url('/broken')} (answered HTTP 500); ${feeds.url('/nowhere')} (answered HTTP 404)`,
      });
    } finally {
      await only.close();
    }
  });
});

describe('a feed that redirects to an internal address (security audit S7)', () => {
  it('is refused by default: the summary says "redirect refused", never the status the internal address answered; with FEEDS_ALLOW_PRIVATE it is followed', async () => {
    // the app's own admin API stands behind the redirect, as in the audit
    const inside = await startFeedServer({ '/api/admin/ping': { kind: 'status', status: 401 } });
    feeds.routes.set('/redirect-internal.xml', { kind: 'redirect', location: inside.url('/api/admin/ping') });
    const NEWS_FEEDS = [feeds.url('/issuer.rss'), feeds.url('/redirect-internal.xml')].join(',');
    const refusing = await createTestContext({ NEWS_FEEDS }, { now: NOW });
    const allowing = await createTestContext({ NEWS_FEEDS, FEEDS_ALLOW_PRIVATE: 'true' }, { now: NOW });
    try {
      // a run with the container's own reader, as `npm start` makes it
      const runtime = await startJobs(refusing.container, { schedules: false });
      refusing.container.onStop(() => runtime.stop());
      const boss = (await signUpOwner(refusing.app, refusing.deps)).agent;
      const run = await whenJobFinished(refusing.deps.readModels, (await boss.post('/api/admin/ingest-news').expect(202)).body.jobId);
      expect(run).toMatchObject({ status: 'succeeded', counts: { feeds: 2, feedsRead: 1, feedsFailed: 1 } });
      expect(run.summary).toContain(`failed: ${feeds.url('/redirect-internal.xml')} (redirect refused: 127.0.0.1 is not a public address (loopback))`);
      expect(JSON.stringify(run)).not.toMatch(/HTTP 401/);
      expect(inside.hits.size).toBe(0);

      // allowed: the reader follows the redirect (and here finds the 401 of the internal address)
      await expect(allowing.container.newsFeedReader().read(feeds.url('/redirect-internal.xml'))).rejects.toMatchObject({ problem: 'http', message: 'answered HTTP 401' });
      expect(inside.hits.get('/api/admin/ping')).toBe(1);
    } finally {
      await Promise.all([refusing.close(), allowing.close(), inside.close()]);
    }
  });
});

describe('the schedule', () => {
  it('runs hourly from 8 AM to 8 PM New York time, every day (weekends and across the DST change too)', async () => {
    const news = JOB_SCHEDULES.find((s) => s.name === 'ingest-news')!;
    expect(news.cron).toBe('0 8-20 * * *');
    // whatever its state: Agenda runs on the wall clock, and at the top of an hour the job may be running
    const repeating = (await jobs.agenda.queryJobs()).jobs.filter((j) => j.repeatInterval);
    expect(repeating.find((j) => j.name === 'ingest-news')).toMatchObject({ repeatInterval: '0 8-20 * * *', repeatTimezone: JOB_TIMEZONE });

    // Agenda's own computation of the next run, from Saturday 2026-03-07 07:30 EST through the switch to EDT on Sunday.
    const job = jobs.agenda.create('ingest-news', {}).repeatEvery(news.cron, { timezone: JOB_TIMEZONE });
    const next = (from: string): string => {
      job.attrs.lastRunAt = new Date(from);
      (job as unknown as { computeNextRunAt(): void }).computeNextRunAt();
      return job.attrs.nextRunAt!.toISOString();
    };
    const runs: string[] = [];
    let at = '2026-03-07T12:30:00.000Z'; // 07:30 EST
    for (let i = 0; i < 15; i++) runs.push((at = next(at)));
    expect(runs.slice(0, 13)).toEqual(Array.from({ length: 13 }, (_, h) => new Date(Date.UTC(2026, 2, 7, 13 + h)).toISOString())); // 08:00-20:00 EST = 13:00-01:00 UTC
    expect(runs[13]).toBe('2026-03-08T12:00:00.000Z'); // Sunday 08:00 EDT (UTC-4)
    expect(runs[14]).toBe('2026-03-08T13:00:00.000Z');
    expect(next('2026-03-09T00:00:00.000Z')).toBe('2026-03-09T12:00:00.000Z'); // Sunday 20:00 EDT → Monday 08:00 EDT
  });
});

describe('GET /api/admin/news', () => {
  it('lists every status, newest first, in the shape of the contract', async () => {
    const list = await adminList();
    expect(list.length).toBeGreaterThanOrEqual(9);
    // by publication date, newest first; articles without one last
    const dates = list.map((a) => a.publishedAt ?? '');
    expect([...dates].sort((a, b) => b.localeCompare(a))).toEqual(dates);
    expect(dates.at(-1)).toBe('');
    expect(new Set(list.map((a) => a.status))).toEqual(new Set(['published', 'review']));
  });
});

describe('PUT /api/admin/news/{id}', () => {
  it('edits title, summary, tags and status; a missing status means review', async () => {
    const wrap = (await byTitle('Markets wrap: stocks close higher'))!;
    const res = await owner.put(`/api/admin/news/${wrap.id}`).send({ title: ' Weekly wrap ', summary: 'Edited.', tags: 'NVDW, weekly,  , nvdw', status: 'published' }).expect(200);
    expect(res.body).toEqual({ ...wrap, title: 'Weekly wrap', summary: 'Edited.', tags: 'NVDW, weekly', status: 'published' });
    expect((await request(ctx.app).get('/api/news/ticker/NVDW')).body.map((a: { id: string }) => a.id)).toContain(wrap.id);

    const back = await owner.put(`/api/admin/news/${wrap.id}`).send({ title: 'Weekly wrap', summary: 'Edited.', tags: ['NVDW'] }).expect(200);
    expect(back.body).toMatchObject({ status: 'review', tags: 'NVDW' });
    const events = await ctx.deps.log.readStream(streams.news(wrap.id));
    expect(events.slice(2).map((e) => [e.type, e.metadata.actor])).toEqual([
      ['NewsArticleEdited', `user:${ownerId}`],
      ['NewsArticleStatusChanged', `user:${ownerId}`],
      ['NewsArticleEdited', `user:${ownerId}`],
      ['NewsArticleStatusChanged', `user:${ownerId}`],
    ]);
    // the same form again changes nothing
    const head = await ctx.container.eventStore.headPosition();
    await owner.put(`/api/admin/news/${wrap.id}`).send({ title: 'Weekly wrap', summary: 'Edited.', tags: 'NVDW', status: 'review' }).expect(200);
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
  });

  it.each([
    [{ summary: '', tags: '' }, { title: 'Required' }],
    [{ title: '', summary: '', tags: '' }, { title: 'Title is required' }],
    [{ title: 'T', summary: '', tags: '', status: 'archived' }, { status: 'Status must be draft, review or published' }],
    [{ title: 'T', summary: [], tags: 3 }, { summary: 'Summary must be text', tags: 'Tags must be comma-separated text or a list of text' }],
  ])('answers 400 for %j', async (body, errors) => {
    const id = (await adminList())[0]!.id;
    const res = await owner.put(`/api/admin/news/${id}`).send(body).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0], errors });
  });

  it('answers 404 for an unknown article', async () => {
    expect((await owner.put('/api/admin/news/nope').send({ title: 'T', summary: '', tags: '' }).expect(404)).body).toEqual({ message: 'Article not found' });
  });
});

describe('DELETE /api/admin/news/{id}', () => {
  it('deletes (204); then 404; a later ingestion never brings it back', async () => {
    const wrap = (await byTitle('MARKETS WRAP: Tuesday'))!;
    await owner.delete(`/api/admin/news/${wrap.id}`).expect(204);
    expect(await byTitle('MARKETS WRAP: Tuesday')).toBeUndefined();
    expect((await owner.delete(`/api/admin/news/${wrap.id}`).expect(404)).body).toEqual({ message: 'Article not found' });
    await owner.put(`/api/admin/news/${wrap.id}`).send({ title: 'T', summary: '', tags: '' }).expect(404);
    const run = await ingest();
    expect(run.counts).toMatchObject({ newArticles: 0 });
    expect(await byTitle('MARKETS WRAP: Tuesday')).toBeUndefined();
  });
});

describe('news keywords', () => {
  it('answers the default list until one is saved, then the saved one (an empty list too)', async () => {
    const fresh = await createTestContext({}, { now: NOW });
    try {
      const boss = (await signUpOwner(fresh.app, fresh.deps)).agent;
      expect((await boss.get('/api/admin/news-keywords').expect(200)).body).toEqual({ keywords: [...DEFAULT_NEWS_KEYWORDS] });
      await boss.put('/api/admin/news-keywords').send({ keywords: [' , ', ''] }).expect(200, { keywords: [] });
      expect((await boss.get('/api/admin/news-keywords').expect(200)).body).toEqual({ keywords: [] });
    } finally {
      await fresh.close();
    }
  });

  it('trims, drops empty ones and de-duplicates case-insensitively', async () => {
    await owner.put('/api/admin/news-keywords').send({ keywords: ['  YieldMax ', 'yieldmax', '', 'weekly pay, WEEKLY PAY', 'Roundhill'] }).expect(200, { keywords: ['YieldMax', 'weekly pay', 'Roundhill'] });
    expect((await owner.get('/api/admin/news-keywords').expect(200)).body).toEqual({ keywords: ['YieldMax', 'weekly pay', 'Roundhill'] });
  });

  it.each([
    [{}, { keywords: 'Required' }],
    [{ keywords: 'weekly' }, { keywords: 'Keywords must be a list of text' }],
    [{ keywords: ['ok', 5] }, { 'keywords.1': 'Each keyword must be text' }],
    [{ keywords: Array.from({ length: 101 }, (_, i) => `k${i}`) }, { keywords: 'At most 100 keywords' }],
    [{ keywords: ['x'.repeat(61)] }, { 'keywords.0': `A keyword must be at most 60 characters ('${'x'.repeat(20)}…')` }],
  ])('answers 400 for %j', async (body, errors) => {
    const res = await owner.put('/api/admin/news-keywords').send(body).expect(400);
    expect(res.body).toEqual({ message: Object.values(errors)[0], errors });
  });
});

describe('the owner guard', () => {
  const routes: [string, string][] = [
    ['get', '/api/admin/news'],
    ['put', '/api/admin/news/x'],
    ['delete', '/api/admin/news/x'],
    ['post', '/api/admin/news/purge-archived'],
    ['post', '/api/admin/news/purge-review'],
    ['post', '/api/admin/news/purge-published'],
    ['get', '/api/admin/news-keywords'],
    ['put', '/api/admin/news-keywords'],
    ['post', '/api/admin/ingest-news'],
  ];
  it.each(routes)('%s %s: 401 signed out, 403 for a plain user', async (method, path) => {
    const anonymous = request(ctx.app) as unknown as Record<string, (p: string) => request.Test>;
    const signedIn = user as unknown as Record<string, (p: string) => request.Test>;
    expect((await anonymous[method]!(path).send({})).status).toBe(401);
    const refused = await signedIn[method]!(path).send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Admin access required' });
  });
});

describe('a field the endpoint does not name', () => {
  it('is refused on every write: 400 naming it, nothing written', async () => {
    const article = (await adminList())[0]!;
    const head = await ctx.container.eventStore.headPosition();
    const writes = [
      owner.put(`/api/admin/news/${article.id}`).send({ title: 'T', summary: '', tags: '', x: 1 }),
      owner.delete(`/api/admin/news/${article.id}`).send({ x: 1 }),
      owner.post('/api/admin/news/purge-archived').send({ x: 1 }),
      owner.post('/api/admin/news/purge-review').send({ x: 1 }),
      owner.post('/api/admin/news/purge-published').send({ x: 1 }),
      owner.put('/api/admin/news-keywords').send({ keywords: ['weekly pay'], x: 1 }),
    ];
    for (const write of writes) await write.expect(400, { message: 'Unknown field: x', errors: { x: 'Unknown field' } });
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
    expect((await adminList()).find((a) => a.id === article.id)).toEqual(article);
  });
});

describe('the 30-day archive and the purges (the clock moves forward)', () => {
  it('archives what stayed in review, untouched, for 30 days; an article the owner edited waits longer', async () => {
    const list = await adminList();
    const review = list.filter((a) => a.status === 'review');
    expect(review.length).toBeGreaterThanOrEqual(3);
    const [touched, ...untouched] = review;
    await advance(10 * DAY);
    await owner.put(`/api/admin/news/${touched!.id}`).send({ title: `${touched!.title} (checked)`, summary: touched!.summary, tags: touched!.tags }).expect(200);
    await advance(20 * DAY); // 30 days after ingestion, 20 after the edit
    const run = await ingest();
    expect(run.counts?.archived).toBe(untouched.length);
    expect(run.summary).toContain(`archived ${untouched.length} articles after 30 days in review`);
    const after = await adminList();
    for (const a of untouched) expect(after.find((b) => b.id === a.id)?.status).toBe('archived');
    expect(after.find((b) => b.id === touched!.id)?.status).toBe('review');
    // a run at the same time archives nothing more
    expect((await ingest()).counts?.archived).toBe(0);
    await advance(10 * DAY);
    expect((await ingest()).counts?.archived).toBe(1);
  });

  it('purges by status, answering how many were deleted', async () => {
    const count = async (status: string) => (await adminList()).filter((a) => a.status === status).length;
    const archived = await count('archived');
    const published = await count('published');
    expect(archived).toBeGreaterThan(0);
    expect((await owner.post('/api/admin/news/purge-archived').expect(200)).body).toEqual({ deleted: archived });
    expect(await count('archived')).toBe(0);
    expect((await owner.post('/api/admin/news/purge-archived').expect(200)).body).toEqual({ deleted: 0 });
    expect((await owner.post('/api/admin/news/purge-review').expect(200)).body).toEqual({ deleted: 0 });
    expect((await owner.post('/api/admin/news/purge-published').expect(200)).body).toEqual({ deleted: published });
    expect(await adminList()).toEqual([]);
    expect((await request(ctx.app).get('/api/news').expect(200)).body).toEqual([]);
    // purged articles are not ingested again
    expect((await ingest()).counts?.newArticles).toBe(0);
  });
});
