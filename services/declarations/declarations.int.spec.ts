import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Agent } from 'supertest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PossibleNewFund, ReleaseJson } from '../../contracts/declarations.ts';
import type { EtfDetail, PublicCalendarEntry } from '../../contracts/market.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { streams } from '../../events/streams.ts';
import type { SafeFetch } from '../../infra/http-fetch/port.ts';
import { createRssFeedReader } from '../../infra/news-feeds/rss-feed-reader.ts';
import { rss, startFeedServer, type FeedServer, type RssItemSpec } from '../../infra/news-feeds/test-helpers.ts';
import { appendAll, distribution, listed, type FundFixture } from '../../read-models/market/fixtures.ts';
import type { JobDoc } from '../../read-models/jobs/projection.ts';
import { OWNER_EMAIL, readOutbox, signUpOwner, signUpVerified } from '../accounts/test-helpers.ts';
import { startAlertReactor, type AlertReactor } from '../alerts/reactor.ts';
import { recordDistributions } from '../dividends/commands.ts';
import { whenJobFinished } from '../jobs/job-runs.ts';
import { startJobs, type JobsRuntime } from '../jobs/runtime.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { releaseIdOf } from './business-logic.ts';
import type { DeclaredRow, ParsedRelease, ReleaseInput } from './release.ts';

/**
 * ingest-declarations end to end (docs/declarations.md): a local issuer feed, release pages on the same
 * host, the real safe fetch and feed reader, and a stand-in for the release parser (fixed parse results
 * per page: the parser has its own corpus). Tuesday 2025-10-14, 09:10 in New York: YieldMax's Group 1
 * goes ex and on record Wednesday 10-15 and pays Thursday 10-16.
 */
const NOW = new Date('2025-10-14T13:10:00.000Z');
const PUBLISHED = 'Tue, 14 Oct 2025 13:05:00 +0000';

const fundOf = (n: number, ticker: string, name: string): FundFixture => ({ etfId: `7e000000-0000-4000-8000-00000000000${n}`, ticker, name, brand: 'YieldMax', underlying: null });
const ULTY = fundOf(1, 'ULTY', 'YieldMax Ultra Option Income Strategy ETF');
const YMAX = fundOf(2, 'YMAX', 'YieldMax Universe Fund of Option Income ETFs');
const MSTY = fundOf(3, 'MSTY', 'YieldMax MSTR Option Income Strategy ETF');
const OARK = fundOf(4, 'OARK', 'YieldMax Innovation Option Income Strategy ETF');

const row = (ticker: string, amount: string, patch: Partial<DeclaredRow> = {}): DeclaredRow => ({
  ticker,
  name: null,
  frequency: 'weekly',
  amount,
  kind: 'regular',
  statedRate: '87.10',
  secYield: '0.00',
  rocEstimatePercent: '100.00',
  exDate: '2025-10-15',
  recordDate: '2025-10-15',
  payDate: '2025-10-16',
  ...patch,
});
const complete = (rows: DeclaredRow[]): ParsedRelease => ({ issuer: 'yieldmax', complete: true, rows, problems: [], notADeclaration: false });

/** The stand-in parser: a fixed result per page path; what it was asked, for the assertions. */
const parses = new Map<string, ParsedRelease>([
  ['/releases/group1.html', complete([row('ULTY', '0.0908'), row('YMAX', '0.1743', { statedRate: '71.49', secYield: '82.78', rocEstimatePercent: '60.55' }), row('CHPY', '0.4066', { name: 'YieldMax® Semiconductor Portfolio Option Income ETF' })])],
  [
    '/releases/partial.html',
    { issuer: 'yieldmax', complete: false, rows: [row('MSTY', '1.1290', { frequency: 'four-weekly', statedRate: null, secYield: null, rocEstimatePercent: null })], problems: [{ message: 'row 3 (SDTY): no distribution per share', ticker: 'SDTY' }], notADeclaration: false },
  ],
  ['/releases/launch.html', { issuer: 'yieldmax', complete: false, rows: [], problems: [], notADeclaration: true }],
  ['/releases/in-feed.html', complete([row('OARK', '0.2100')])],
  ['/releases/correction.html', complete([row('YMAX', '0.1800', { statedRate: '73.83', secYield: '82.78', rocEstimatePercent: '58.00' })])],
]);
const asked: ReleaseInput[] = [];
const standIn = (input: ReleaseInput): ParsedRelease => {
  asked.push(input);
  return parses.get(new URL(input.url).pathname) ?? { issuer: null, complete: false, rows: [], problems: [{ message: 'no fixture' }], notADeclaration: false };
};

let feeds: FeedServer;
let inside: FeedServer;
let ctx: TestContext;
let owner: Agent;
let ownerPassword: string;
let reactor: AlertReactor;
let holder: Awaited<ReturnType<typeof signUpVerified>>;
let jobs: JobsRuntime;

const page = (body: string) => ({ kind: 'xml' as const, contentType: 'text/html; charset=utf-8', body: `<!doctype html><html><body>${body}</body></html>` });
const item = (path: string, title: string, extra: Partial<RssItemSpec> = {}): RssItemSpec => ({ title, link: feeds.url(path), guid: `gnw${path}`, pubDate: PUBLISHED, ...extra });

function feedItems(): RssItemSpec[] {
  return [
    item('/releases/group1.html', 'YieldMax® ETFs Announces Weekly Distributions on ULTY, YMAX, CHPY and Others'),
    item('/releases/partial.html', 'YieldMax® ETFs Announces Distributions on MSTY and Others'),
    item('/releases/launch.html', 'YieldMax® Launches <b>Two</b> New ETFs'),
    // the feed carries the whole release, table included: the page is never fetched
    item('/releases/in-feed.html', 'YieldMax® ETFs Announces Distribution on OARK', { contentEncoded: '<p>OARK</p><table><tr><td>OARK</td><td>$0.2100</td></tr></table>' }),
    item('/releases/old.html', 'YieldMax® ETFs Announces Distributions (September)', { pubDate: 'Mon, 15 Sep 2025 13:05:00 +0000' }),
    // hostile or broken: a page far larger than a release, a redirect to an internal address, an internal address itself
    item('/releases/huge.html', 'YieldMax® ETFs Announces Distributions (huge)'),
    item('/releases/moved.html', 'YieldMax® ETFs Announces Distributions (moved)'),
    { title: 'YieldMax® ETFs Announces Distributions (elsewhere)', link: inside.url('/api/admin/ping'), guid: 'gnw-elsewhere', pubDate: PUBLISHED },
  ];
}

async function run(): Promise<JobDoc> {
  const res = await owner.post('/api/admin/ingest-declarations').expect(202);
  expect(res.body).toMatchObject({ name: 'ingest-declarations', status: 'queued' });
  expect(res.headers.location).toBe(`/api/admin/jobs/${res.body.jobId}`);
  const done = await whenJobFinished(ctx.deps.readModels, res.body.jobId);
  await reactor.waitFor(await ctx.container.eventStore.headPosition());
  await ctx.deps.mailer.idle();
  return done;
}
const alertMails = () => readOutbox(ctx.dataDir).filter((m) => m.to === holder.user.email && m.text.includes('/api/alerts/unsubscribe?token='));
const releaseId = (path: string) => releaseIdOf(`gnw${path}`, feeds.url(path));
const detail = async (ticker: string) => (await request(ctx.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body as EtfDetail;

beforeAll(async () => {
  inside = await startFeedServer({ '/api/admin/ping': { kind: 'status', status: 401 } });
  feeds = await startFeedServer({
    '/releases/group1.html': page('<h1>Group 1</h1><table><tr><td>ULTY</td></tr></table>'),
    '/releases/partial.html': page('<table><tr><td>MSTY</td></tr></table>'),
    '/releases/launch.html': page('<p>Launch</p>'),
    '/releases/correction.html': page('<table><tr><td>YMAX</td></tr></table>'),
    '/releases/huge.html': { kind: 'huge', bytes: 3 * 1024 * 1024 },
    '/releases/moved.html': { kind: 'redirect', location: inside.url('/api/admin/ping') },
    '/broken.rss': { kind: 'status', status: 500 },
  });
  feeds.routes.set('/yieldmax.rss', { kind: 'xml', body: rss('YieldMax ETFs', feedItems()) });
  // FEEDS_ALLOW_PRIVATE is off: the feed is the owner's (an IP address they wrote), so are pages on its own origin; nothing else local is reached
  ctx = await createTestContext({ ISSUER_FEEDS: `${feeds.url('/yieldmax.rss')},${feeds.url('/broken.rss')}`, ISSUER_POLL_WINDOW: 'business-hours' }, { now: NOW });
  // the composition's safe fetch; one page's deadline shortened, so a release that never finishes times out quickly
  const safeFetch = ctx.container.releaseFetcher();
  const fetcher: SafeFetch = { get: (req) => safeFetch.get(new URL(req.url).pathname === '/releases/slow.html' ? { ...req, timeoutMs: 300 } : req) };
  jobs = await startJobs(ctx.container, {
    schedules: false,
    declarations: { parseRelease: standIn, fetcher, reader: createRssFeedReader({ timeoutMs: 2000, maxBytes: 256 * 1024, userAgent: 'WeeklyDiv test' }) },
  });
  ctx.container.onStop(() => jobs.stop());
  const signedIn = await signUpOwner(ctx.app, ctx.deps);
  owner = signedIn.agent;
  ownerPassword = signedIn.user.password;
  // YMAX paid 0.15 three weeks running (a 3-week average of 0.15); ULTY about 0.09
  const history = [
    ...[ULTY, YMAX, MSTY, OARK].map(listed),
    ...[
      ['2025-09-24', '2025-09-25', '0.0850'],
      ['2025-10-01', '2025-10-02', '0.0900'],
      ['2025-10-08', '2025-10-09', '0.0950'],
    ].flatMap(([ex, pay, ulty]) => [distribution(YMAX.etfId, ex!, '0.15', { payDate: pay!, source: 'alpaca' }), distribution(ULTY.etfId, ex!, ulty!, { payDate: pay!, source: 'alpaca' })]),
  ];
  await ctx.deps.readModels.waitFor(await appendAll(ctx.deps.log, history));
  holder = await signUpVerified(ctx.app, ctx.deps);
  for (const f of [ULTY, YMAX]) await holder.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2025-09-01', isDrip: 0 }).expect(201);
  reactor = await startAlertReactor({ ...ctx.deps, eventStore: ctx.container.eventStore, appUrl: ctx.deps.config.appUrl, sessionSecret: ctx.deps.config.session.secret });
  ctx.container.onStop(() => reactor.stop());
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([feeds?.close(), inside?.close()]);
});

describe('ingest-declarations: from the issuer feed to every screen', () => {
  let first: JobDoc;
  beforeAll(async () => {
    first = await run();
  });

  it('reads the feeds (a broken one reported, the other read) and each new release once; the summary says what it did', () => {
    expect(first.status).toBe('succeeded');
    expect(first.counts).toMatchObject({
      feeds: 2, feedsRead: 1, feedsFailed: 1, items: 8, releases: 7, published: 2, inReview: 4, notDeclarations: 1, unreadable: 3, retryLater: 0,
      declared: 3, revised: 0, unchanged: 0, unknownTickers: 1, skipped: 1,
    });
    expect(first.summary).toContain('Read 1 of 2 issuer feeds: 7 new releases (2 published, 4 in review, 1 not a declaration); 3 declarations new, 0 revised, 0 unchanged; 1 possible new fund');
    expect(first.summary).toContain(`${feeds.url('/broken.rss')} (answered HTTP 500)`);
    // the full-text item was read from the feed; the old one and the unreachable ones were never parsed
    expect(feeds.hits.get('/releases/in-feed.html')).toBeUndefined();
    expect(feeds.hits.get('/releases/old.html')).toBeUndefined();
    expect(asked.map((a) => new URL(a.url).pathname).sort()).toEqual(['/releases/group1.html', '/releases/in-feed.html', '/releases/launch.html', '/releases/partial.html']);
    expect(asked.every((a) => a.issuer === undefined && a.publishedAt === '2025-10-14T13:05:00.000Z')).toBe(true);
  });

  it("puts the declared amount on the fund page with its source: the release, its time, the issuer's stated rate, SEC yield and ROC estimate", async () => {
    const ymax = (await detail('YMAX')).dividendHistory[0]!;
    expect(ymax).toEqual({
      id: `${YMAX.etfId}_2025-10-15`, exDividendDate: '2025-10-15', payoutDate: '2025-10-16', amount: '0.1743', estimated: false, kind: 'regular', splitAdjusted: false, declaredAmount: '0.1743', isDemo: false,
      source: 'issuer', issuer: 'yieldmax', sourceUrl: feeds.url('/releases/group1.html'), declaredAt: '2025-10-14T13:05:00.000Z', statedRate: '71.49', secYield: '82.78', rocEstimatePercent: '60.55',
      // the issuer's estimate is the share the figures use until the final character (issue 27)
      character: null, characterFinal: false, rocBasis: 'estimate', rocPercent: '60.55',
    });
    // what the provider had recorded before stays the provider's
    expect((await detail('YMAX')).dividendHistory[1]).toMatchObject({ exDividendDate: '2025-10-08', source: 'provider', sourceUrl: null });
    expect((await detail('OARK')).dividendHistory[0]).toMatchObject({ amount: '0.21', source: 'issuer', sourceUrl: feeds.url('/releases/in-feed.html') });
  });

  it("on the public calendar, the holder's calendar and the holder's ICS feed", async () => {
    const calendar = (await request(ctx.app).get('/api/dividends/calendar').expect(200)).body as PublicCalendarEntry[];
    expect(calendar.find((e) => e.ticker === 'ULTY' && e.exDate === '2025-10-15')).toMatchObject({ amount: '0.0908', estimated: false, source: 'issuer', sourceUrl: feeds.url('/releases/group1.html'), rocEstimatePercent: '100.00' });
    const mine = (await holder.agent.get('/api/user/dividends/calendar').expect(200)).body as UserCalendarEntry[];
    expect(mine.find((e) => e.ticker === 'YMAX' && e.payoutDate === '2025-10-16')).toMatchObject({ amount: '0.1743', shares: '100', estimatedPayout: '17.43', source: 'issuer', statedRate: '71.49' });
    const feedUrl = (await holder.agent.get('/api/user/calendar-feed').expect(200)).body.url as string;
    const ics = (await request(ctx.app).get(new URL(feedUrl).pathname).expect(200)).text.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('SUMMARY:YMAX payout $17.43');
    expect(ics).toContain(`Declared by YieldMax: ${feeds.url('/releases/group1.html')}`);
  });

  it('mails the holder about the change at once (the payout-change alert reacts to the declaration): YMAX 0.1743 against 0.15 is +16.2 %', () => {
    const mails = alertMails();
    expect(mails.map((m) => m.subject)).toEqual(['YMAX distribution +16.2%: $0.1743 per share']);
  });

  it('a release read again changes nothing: the second run reads no release and appends nothing', async () => {
    const before = await ctx.container.eventStore.headPosition();
    const again = await run();
    expect(again.counts).toMatchObject({ releases: 0, published: 0, declared: 0, revised: 0 });
    // only the run's own record (requested, started, progress, succeeded) was appended
    const after = await ctx.deps.log.readAll(before);
    expect(after.every((e) => e.stream.startsWith('job-'))).toBe(true);
  });

  it('a later provider record of the same distribution neither duplicates it nor overwrites the issuer\'s figures', async () => {
    const counts = await recordDistributions(ctx.deps.log, YMAX.etfId, [{ exDate: '2025-10-15', recordDate: null, payDate: '2025-10-16', amount: '0.17' }], 'alpaca', { actor: 'job:sync-dividends', correlationId: 'c', now: NOW.toISOString() });
    expect(counts).toMatchObject({ declared: 0, revised: 0, unchanged: 1 });
    expect((await detail('YMAX')).dividendHistory.filter((d) => d.exDividendDate === '2025-10-15')).toEqual([expect.objectContaining({ amount: '0.1743', source: 'issuer' })]);
  });

  it("a corrected release revises the declaration, and the alert's correction mail follows", async () => {
    feeds.routes.set('/yieldmax.rss', { kind: 'xml', body: rss('YieldMax ETFs', [...feedItems(), item('/releases/correction.html', 'CORRECTION: YieldMax® ETFs Announces Weekly Distributions', { pubDate: 'Tue, 14 Oct 2025 15:30:00 +0000' })]) });
    // 11:35 in New York (15:35 UTC): the sessions idle since 09:10 have ended, so both sign in again
    ctx.advance(2 * 60 * 60 * 1000 + 25 * 60 * 1000);
    await owner.post('/api/login').send({ email: OWNER_EMAIL, password: ownerPassword }).expect(200);
    await holder.agent.post('/api/login').send({ email: holder.user.email, password: holder.user.password }).expect(200);
    const corrected = await run();
    expect(corrected.counts).toMatchObject({ releases: 1, published: 1, revised: 1 });
    const events = (await ctx.deps.log.readStream(streams.dividends(YMAX.etfId))).filter((e) => e.type === 'DistributionRevised');
    expect(events.at(-1)!.data).toMatchObject({ amount: '0.18', previousAmount: '0.1743', source: 'issuer', issuer: { url: feeds.url('/releases/correction.html'), statedRate: '73.83' }, rocEstimatePercent: '58.00' });
    expect((await detail('YMAX')).dividendHistory[0]).toMatchObject({ amount: '0.18', sourceUrl: feeds.url('/releases/correction.html'), declaredAt: '2025-10-14T15:30:00.000Z' });
    // the holder was mailed 0.1743 this morning: one short correction, not a second alert
    expect(alertMails().map((m) => m.subject)).toEqual(['YMAX distribution +16.2%: $0.1743 per share', 'Correction: YMAX distribution ex 2025-10-15 is $0.18 per share']);
    expect(alertMails()[1]!.text).toContain('is $0.18 per share, not $0.1743 as we wrote on');
  });
});

describe('the review queue: nothing half-read is published', () => {
  const queue = async () => ((await owner.get('/api/admin/releases').expect(200)).body as unknown[]).map((r) => ReleaseJson.parse(r));

  it('lists what was not read completely, oldest first, with what was read and what was not; nothing of it is published', async () => {
    const list = await queue();
    expect(list.map((r) => r.title).sort()).toEqual([
      'YieldMax® ETFs Announces Distributions (elsewhere)',
      'YieldMax® ETFs Announces Distributions (huge)',
      'YieldMax® ETFs Announces Distributions (moved)',
      'YieldMax® ETFs Announces Distributions on MSTY and Others',
    ]);
    const partial = list.find((r) => r.id === releaseId('/releases/partial.html'))!;
    expect(partial).toMatchObject({
      status: 'review',
      complete: false,
      url: feeds.url('/releases/partial.html'),
      feedUrl: feeds.url('/yieldmax.rss'),
      issuer: 'yieldmax',
      rows: [{ ticker: 'MSTY', amount: '1.1290', listed: true, statedRate: null }],
      problems: [{ message: 'row 3 (SDTY): no distribution per share', ticker: 'SDTY' }],
      appliedAt: null,
    });
    expect((await detail('MSTY')).dividendHistory).toEqual([]);
  });

  it('hostile or broken releases change nothing and are reported: too large, redirected to an internal address, an internal address', async () => {
    const list = await queue();
    const problem = (title: string) => list.find((r) => r.title.endsWith(title))!.problems.map((p) => p.message);
    expect(problem('(huge)')).toEqual(['the release could not be fetched: the answer is larger than 2048 KB']);
    expect(problem('(moved)')).toEqual(['the release could not be fetched: redirect refused: 127.0.0.1 is not a public address (loopback)']);
    expect(problem('(elsewhere)')).toEqual(['the release could not be fetched: address refused: 127.0.0.1 is not a public address (loopback)']);
    // the internal address was never reached
    expect(inside.hits.size).toBe(0);
    // and they cannot be applied: nothing was read
    await owner.post(`/api/admin/releases/${list.find((r) => r.title.endsWith('(huge)'))!.id}/apply`).expect(409, { message: 'Nothing was read completely from this release: nothing to apply' });
  });

  it('"Apply" publishes the rows read completely, after the owner saw them, and the release leaves the queue', async () => {
    const id = releaseId('/releases/partial.html');
    const res = await owner.post(`/api/admin/releases/${id}/apply`).expect(200);
    expect(res.body.outcome).toEqual({ declared: 1, revised: 0, unchanged: 0, skipped: 0 });
    expect(res.body.release).toMatchObject({ status: 'applied', appliedBy: expect.stringMatching(/^user:/) });
    expect((await detail('MSTY')).dividendHistory[0]).toMatchObject({ amount: '1.129', source: 'issuer', statedRate: null, secYield: null, rocEstimatePercent: null });
    expect((await queue()).map((r) => r.id)).not.toContain(id);
    // again: changes nothing
    expect((await owner.post(`/api/admin/releases/${id}/apply`).expect(200)).body.outcome).toEqual({ declared: 0, revised: 0, unchanged: 0, skipped: 0 });
    await owner.post(`/api/admin/releases/${id}/dismiss`).expect(409, { message: 'This release was applied: its declarations are published (a corrected release revises them)' });
  });

  it('"Dismiss" sets a release aside; it can then not be applied', async () => {
    const id = releaseId('/releases/moved.html');
    expect((await owner.post(`/api/admin/releases/${id}/dismiss`).expect(200)).body).toMatchObject({ id, status: 'dismissed', dismissedAt: expect.any(String) });
    await owner.post(`/api/admin/releases/${id}/apply`).expect(409, { message: 'This release was dismissed: nothing of it is published' });
    expect((await owner.get('/api/admin/releases?status=all').expect(200)).body.find((r: ReleaseJson) => r.id === id).status).toBe('dismissed');
  });

  it('answers 404 for an unknown release, 400 for a bad query, and only to the owner', async () => {
    await owner.get(`/api/admin/releases/${'f'.repeat(32)}`).expect(404, { message: 'Release not found' });
    await owner.post('/api/admin/releases/not-an-id/apply').expect(404);
    await owner.get('/api/admin/releases?status=pending').expect(400);
    await holder.agent.get('/api/admin/releases').expect(403);
    await request(ctx.app).get('/api/admin/possible-funds').expect(401);
  });

  it('lists the tickers the releases named that the catalog does not list: possible new funds, with the release', async () => {
    const funds = ((await owner.get('/api/admin/possible-funds').expect(200)).body as unknown[]).map((f) => PossibleNewFund.parse(f));
    expect(funds).toEqual([
      {
        ticker: 'CHPY',
        name: 'YieldMax® Semiconductor Portfolio Option Income ETF',
        issuer: 'yieldmax',
        frequency: 'weekly',
        latest: { amount: '0.4066', exDate: '2025-10-15', payDate: '2025-10-16', kind: 'regular' },
        firstSeenAt: '2025-10-14T13:05:00.000Z',
        lastSeenAt: '2025-10-14T13:05:00.000Z',
        releases: [{ id: releaseId('/releases/group1.html'), url: feeds.url('/releases/group1.html'), title: 'YieldMax® ETFs Announces Weekly Distributions on ULTY, YMAX, CHPY and Others', publishedAt: '2025-10-14T13:05:00.000Z' }],
      },
    ]);
  });
});

describe('a release that could not be fetched this time, and a run cut off before publishing', () => {
  it('a server error or a timeout is tried again next run, not recorded; a complete release left unpublished is published by the next run', async () => {
    parses.set('/releases/flaky.html', complete([row('MSTY', '1.2000', { exDate: '2025-10-16', recordDate: '2025-10-16', payDate: '2025-10-17' })]));
    feeds.routes.set('/releases/flaky.html', { kind: 'status', status: 503 });
    // a page that sends its headers and then nothing: cut off at its deadline
    feeds.routes.set('/releases/slow.html', { kind: 'slow' });
    const flakyItem = item('/releases/flaky.html', 'YieldMax® ETFs Announces Distributions on MSTY');
    feeds.routes.set('/yieldmax.rss', { kind: 'xml', body: rss('YieldMax ETFs', [...feedItems(), flakyItem, item('/releases/slow.html', 'YieldMax® ETFs Announces Distributions (slow)')]) });
    const first = await run();
    expect(first.counts).toMatchObject({ releases: 0, retryLater: 2 });
    expect(first.summary).toContain('; 2 releases to read again next run; failed: ');
    expect(first.summary).toContain(`${feeds.url('/releases/flaky.html')} (the release could not be fetched: answered HTTP 503)`);
    expect(first.summary).toMatch(/slow\.html \(the release could not be fetched: the answer did not arrive within 0\.3 s\)/);
    for (const path of ['/releases/flaky.html', '/releases/slow.html']) expect((await owner.get(`/api/admin/releases/${releaseId(path)}`)).status).toBe(404);
    expect(asked.map((a) => new URL(a.url).pathname)).not.toContain('/releases/slow.html');
    feeds.routes.set('/yieldmax.rss', { kind: 'xml', body: rss('YieldMax ETFs', [...feedItems(), flakyItem]) });

    // the page answers now, but the run is cut off after the release was recorded (its rows not published yet)
    feeds.routes.set('/releases/flaky.html', page('<table><tr><td>MSTY</td></tr></table>'));
    const { recordRelease } = await import('./commands.ts');
    const flaky = releaseId('/releases/flaky.html');
    const recorded = await recordRelease(ctx.deps.log, {
      releaseId: flaky, url: feeds.url('/releases/flaky.html'), feedUrl: feeds.url('/yieldmax.rss'), title: 'YieldMax® ETFs Announces Distributions on MSTY',
      publishedAt: '2025-10-14T13:05:00.000Z', issuer: 'yieldmax', rows: parses.get('/releases/flaky.html')!.rows, problems: [], complete: true, notADeclaration: false, unknownTickers: [], readAt: ctx.deps.now().toISOString(),
    }, { actor: 'job:ingest-declarations', correlationId: 'cut-off', now: ctx.deps.now().toISOString() });
    await ctx.deps.readModels.waitFor(recorded.position);
    expect((await owner.get(`/api/admin/releases/${flaky}`).expect(200)).body.status).toBe('publishing');
    const next = await run();
    expect(next.counts).toMatchObject({ releases: 0, published: 1, declared: 1 });
    expect((await owner.get(`/api/admin/releases/${flaky}`).expect(200)).body).toMatchObject({ status: 'published', appliedBy: 'job:ingest-declarations' });
    expect((await detail('MSTY')).dividendHistory[0]).toMatchObject({ exDividendDate: '2025-10-16', amount: '1.2', source: 'issuer' });
  });
});

describe('the schedule', () => {
  it('POST /api/admin/ingest-declarations is for the owner only: nobody else queues a run', async () => {
    const before = await ctx.container.eventStore.headPosition();
    await request(ctx.app).post('/api/admin/ingest-declarations').expect(401);
    expect((await holder.agent.post('/api/admin/ingest-declarations').expect(403)).body).toEqual({ message: 'Admin access required' });
    expect(await ctx.container.eventStore.headPosition()).toBe(before);
  });

  it('a scheduled poll is a run at 19:59 New York time, and nothing at all at 20:01', async () => {
    /** One scheduled poll as Agenda fires it (no job id: the schedule's), and what it appended. */
    const poll = async () => {
      const before = await ctx.container.eventStore.headPosition();
      const completed = new Promise((resolve) => jobs.agenda.once('complete:ingest-declarations', resolve));
      await jobs.agenda.now('ingest-declarations', { scheduled: true });
      await completed;
      return ctx.deps.log.readAll(before);
    };
    // the clock stands at 11:35 EDT (15:35 UTC) on Tuesday 2025-10-14
    ctx.advance((8 * 60 + 24) * 60 * 1000);
    expect(ctx.deps.now().toISOString()).toBe('2025-10-14T23:59:00.000Z');
    const inside = await poll();
    expect(inside.filter((e) => e.type === 'JobRequested').map((e) => e.data)).toEqual([expect.objectContaining({ name: 'ingest-declarations', requestedBy: 'schedule' })]);
    expect(inside.map((e) => e.type)).toContain('JobSucceeded');
    ctx.advance(2 * 60 * 1000);
    expect(await poll()).toEqual([]);
  });

  it('polls every ISSUER_POLL_SECONDS; a poll outside 07:00-20:00 New York time on a business day is not a run', async () => {
    const { declarationsPollDue } = await import('../jobs/data-jobs.ts');
    const { issuerPollSchedule } = await import('../jobs/runtime.ts');
    const config = { issuerPoll: { seconds: 300, window: 'business-hours' as const } };
    expect(issuerPollSchedule(config)).toMatchObject({ name: 'ingest-declarations', interval: '300 seconds' });
    const due = (iso: string) => declarationsPollDue(config, new Date(iso));
    expect([due('2025-10-14T10:59:00.000Z'), due('2025-10-14T11:00:00.000Z'), due('2025-10-15T00:00:00.000Z'), due('2025-10-15T00:01:00.000Z')]).toEqual([false, true, true, false]); // 06:59, 07:00, 20:00, 20:01 EDT
    expect(due('2025-10-18T15:00:00.000Z')).toBe(false); // Saturday
    expect(due('2025-11-27T15:00:00.000Z')).toBe(false); // Thanksgiving
    expect(due('2025-12-15T12:00:00.000Z')).toBe(true); // 07:00 EST
    expect(declarationsPollDue({ issuerPoll: { seconds: 30, window: 'always' } }, new Date('2025-10-18T03:00:00.000Z'))).toBe(true);
  });
});

describe('with the real release parser, as the composition wires it', () => {
  const HEADER = '<tr><td>ETF Ticker</td><td>ETF Name</td><td>Distribution per Share</td><td>Ex-Date</td><td>Payment Date</td></tr>';
  let real: TestContext;
  let local: FeedServer;
  let boss: Agent;

  beforeAll(async () => {
    const release = readFileSync(path.join(import.meta.dirname, 'fixtures/yieldmax-2025-10-group-dates-above-table.html'), 'utf8');
    // a script that writes a table, event handlers: only the cells' text is read
    const scripted = `<script>document.write('<table>${HEADER}<tr><td>FAKE</td><td>Fake</td><td>$9.99</td><td>10/15/25</td><td>10/16/25</td></tr></table>')</script>
      <table onmouseover="steal()">${HEADER}<tr><td onclick="alert(1)">OARK</td><td>YieldMax Innovation Option Income Strategy ETF</td><td>$0.2100<img src=x onerror="alert(1)"></td><td>10/15/25</td><td>10/16/25</td></tr></table>`;
    // a table of 20,000 rows (1.3 MB, under the byte cap)
    const letters = (i: number) => [i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26].map((n) => String.fromCharCode(65 + n)).join('');
    const huge = `<table>${HEADER}${Array.from({ length: 20_000 }, (_, i) => `<tr><td>H${letters(i)}</td><td>Huge</td><td>$0.1000</td><td>10/15/25</td><td>10/16/25</td></tr>`).join('')}</table>`;
    local = await startFeedServer({
      '/releases/group1.html': page(release),
      '/releases/scripted.html': page(scripted),
      '/releases/huge-table.html': page(huge),
    });
    const items = [
      { title: 'YieldMax® ETFs Announces Weekly Distributions on ULTY, LFGY, YMAX, YMAG, SLTY, and Others', link: local.url('/releases/group1.html'), guid: 'g1', pubDate: PUBLISHED },
      { title: 'YieldMax® ETFs Announces Distribution on OARK', link: local.url('/releases/scripted.html'), guid: 's1', pubDate: PUBLISHED },
      { title: 'YieldMax® ETFs Announces Distributions (20,000 funds)', link: local.url('/releases/huge-table.html'), guid: 'h1', pubDate: PUBLISHED },
    ];
    local.routes.set('/yieldmax.rss', { kind: 'xml', body: rss('YieldMax ETFs', items) });
    real = await createTestContext({ ISSUER_FEEDS: local.url('/yieldmax.rss'), FEEDS_ALLOW_PRIVATE: 'true' }, { now: NOW });
    const jobs = await startJobs(real.container, { schedules: false });
    real.container.onStop(() => jobs.stop());
    boss = (await signUpOwner(real.app, real.deps)).agent;
    await real.deps.readModels.waitFor(await appendAll(real.deps.log, [ULTY, YMAX, OARK].map(listed)));
  });
  afterAll(async () => {
    await real?.close();
    await local?.close();
  });

  it('publishes the release read completely; a script changes nothing; a 20,000-row table waits for review with nothing published', async () => {
    const res = await boss.post('/api/admin/ingest-declarations').expect(202);
    const done = await whenJobFinished(real.deps.readModels, res.body.jobId);
    expect(done.counts).toMatchObject({ releases: 3, published: 2, inReview: 1, declared: 3, unknownTickers: 4 });
    const history = async (ticker: string) => ((await request(real.app).get(`/api/etfs/detail/${ticker}`).expect(200)).body as EtfDetail).dividendHistory;
    expect(await history('ULTY')).toEqual([expect.objectContaining({ amount: '0.0911', payoutDate: '2025-10-16', source: 'issuer', statedRate: '86.75', secYield: '0.00', rocEstimatePercent: '100.00' })]);
    expect(await history('YMAX')).toEqual([expect.objectContaining({ amount: '0.1738', statedRate: '70.95', secYield: '81.90', rocEstimatePercent: '60.10' })]);
    expect(await history('OARK')).toEqual([expect.objectContaining({ amount: '0.21', source: 'issuer', sourceUrl: local.url('/releases/scripted.html') })]);
    const funds = ((await boss.get('/api/admin/possible-funds').expect(200)).body as PossibleNewFund[]).map((f) => f.ticker);
    expect(funds).toEqual(['CHPY', 'FEAT', 'FIVY', 'SLTY']);
    const [review] = (await boss.get('/api/admin/releases').expect(200)).body as ReleaseJson[];
    expect(review).toMatchObject({ title: 'YieldMax® ETFs Announces Distributions (20,000 funds)', rows: [], complete: false });
    expect(review!.problems.map((p) => p.message)).toEqual(['more than 500 distribution rows: the release was not read past row 500', "The release's tables have 500 rows; at most 200 are read: none was kept"]);
  });
});
