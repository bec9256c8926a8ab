/**
 * `npm run bench:declarations`: how long an issuer's declaration takes to reach the screens (issue 26,
 * docs/declarations.md), and the job's own work per release.
 *
 * 1. A local issuer feed on 127.0.0.1 (RSS 2.0, newest first) and its release pages: YieldMax's 2025 layout
 *    (one table: ticker, name, frequency, distribution per share, distribution rate, 30-day SEC yield, ROC,
 *    ex & record date, payment date), padded with the disclosures a real release carries (~200 KB), read
 *    by the real release parser.
 * 2. The real server as `npm start` starts it (its command read from package.json, as bench:startup does),
 *    on a fresh DATA_DIR (the first start seeds the demo catalog), with ISSUER_FEEDS pointing at the local
 *    feed, FEEDS_ALLOW_PRIVATE=true, ISSUER_POLL_WINDOW=always and ISSUER_POLL_SECONDS=--interval.
 * 3. A user signs up, holds every fund the items will declare, and takes the private ICS feed's address.
 * 4. Items one after another: after a random wait (uniform in [0, interval)), a new item appears in the feed
 *    declaring one fund's next payout (ex the next business day, paid the one after) at an amount of its
 *    own. From that instant, the four places are polled every 100 ms until each shows it: the public
 *    calendar (`GET /api/dividends/calendar`), the fund page (`GET /api/etfs/detail/:t`), the user's calendar
 *    (`GET /api/user/dividends/calendar`) and the user's ICS feed (the release named in the event).
 * 5. Latency = appearance to the last of the four. From the server's JSON log (stdout, as `npm start`
 *    writes it): the job's summary line gives each run's end (`time`) and length (`ms`), the line "issuer
 *    release read" each release's work (fetch, parse, check, record, publish: `ms`) and its end. Poll wait
 *    = appearance to the start of the run that read the item; lead = that run's start to the release's
 *    work (the feeds read, the catalog and statuses looked up); rest = the work's end to the last place
 *    (read models, views).
 *
 * At the default interval (300 s) an item appears at a uniform moment between two runs, so the poll wait
 * is uniform in [0, period), and nothing after the run's start depends on the interval: the p95 latency
 * there is at most 0.95 x (300 s + the scheduler's lag) + the largest (lead + work + rest) measured. The
 * lag is the longest time between two runs measured minus the interval (Agenda starts an interval job
 * at its last start + the interval; an interval at or under its 30 s scan may slip to the next scan, so
 * a short --interval over-states it). PASS/FAIL: that bound <= 6 minutes, and the work of every release
 * < 1 s. `--interval 300` measures the default itself (about 5 minutes an item).
 *
 * Flags: --interval N (seconds, default 30), --items N (default 12), --keep (keep the data directory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nextBusinessDay, newYorkDate } from '../domain/market/trading-days.ts';
import { releaseIdOf } from '../services/declarations/business-logic.ts';
import { percentile } from './support/http-load.ts';
import { sleep, startServer } from './support/server-process.ts';
import { describeMachine, machineMarkdown } from './store.bench.ts';

const { values: flags } = parseArgs({
  options: {
    interval: { type: 'string', default: '30' },
    items: { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
  },
});
const INTERVAL_S = Number(flags.interval);
const ITEMS = Number(flags.items);
const DEFAULT_INTERVAL_S = 300;
const LIMIT_S = 6 * 60;
const WORK_LIMIT_MS = 1000;
/** YieldMax and Roundhill funds of the seed catalog, one per item. */
const TICKERS = ['ULTY', 'YMAX', 'YMAG', 'LFGY', 'GPTY', 'CHPY', 'SLTY', 'SDTY', 'QDTY', 'RDTY', 'MSTY', 'TSLY', 'NVDY', 'CONY', 'AMZY', 'APLY', 'AIYY', 'SMCY', 'QQQY', 'IWMY'];

// ---------------------------------------------------------------------------------------------------
// The issuer's feed and pages

interface Item {
  n: number;
  ticker: string;
  amount: string;
  exDate: string;
  payDate: string;
  pubDate: Date;
}

const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(2, 4)}`;
const DISCLOSURE =
  '<p>Performance data quoted represents past performance and is no guarantee of future results. Investment return and principal value of an investment will fluctuate so that an investor’s shares, when sold or redeemed, may be worth more or less than their original cost. Distributions are not guaranteed. The Distribution Rate and 30-Day SEC Yield are not indicative of future distributions, if any, on the ETFs.</p>';

function releasePage(item: Item): string {
  const header = ['ETF Ticker<sup>1</sup>', 'ETF Name', 'Distribution Frequency', 'Distribution per Share', 'Distribution Rate<sup>2,4</sup>', '30-Day SEC Yield<sup>3</sup>', 'ROC<sup>5</sup>', 'Ex-Date &amp; Record Date', 'Payment Date'];
  const cells = [item.ticker, `YieldMax® ${item.ticker} Option Income Strategy ETF`, 'Weekly', `$${item.amount}`, '61.25%', '0.00%', '95.10%', usDate(item.exDate), usDate(item.payDate)];
  return [
    '<!doctype html><html><head><meta charset="utf-8"><title>YieldMax® ETFs Announces Weekly Distribution</title></head><body>',
    `<h1>YieldMax® ETFs Announces Weekly Distribution on ${item.ticker}</h1>`,
    '<p>CHICAGO, MILWAUKEE and NEW YORK (GLOBE NEWSWIRE) -- YieldMax® ETFs today announced distributions for the YieldMax® weekly pay ETFs listed in the table below.</p>',
    `<table><tr>${header.map((h) => `<td>${h}</td>`).join('')}</tr><tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr></table>`,
    DISCLOSURE.repeat(450),
    '</body></html>',
  ].join('\n');
}

function feedXml(items: readonly Item[], base: string): string {
  const entries = [...items]
    .reverse()
    .map((i) => `<item><title>YieldMax® ETFs Announces Weekly Distribution on ${i.ticker}</title><link>${base}/releases/${i.n}.html</link><guid isPermaLink="false">bench-${i.n}</guid><pubDate>${i.pubDate.toUTCString()}</pubDate></item>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>YieldMax ETFs</title><link>${base}</link><description>bench</description>${entries}</channel></rss>`;
}

async function startIssuer(items: Item[]): Promise<{ base: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/issuers.rss') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(feedXml(items, base));
      return;
    }
    const page = /^\/releases\/(\d+)\.html$/.exec(url);
    const item = page ? items.find((i) => i.n === Number(page[1])) : undefined;
    if (item) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(releasePage(item));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server };
}

// ---------------------------------------------------------------------------------------------------
// The places the declaration must reach

interface Places {
  publicCalendar: number | null;
  fundPage: number | null;
  userCalendar: number | null;
  ics: number | null;
}

async function json<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function visible(base: string, cookie: string, icsPath: string, item: Item, releaseUrl: string, place: keyof Places): Promise<boolean> {
  switch (place) {
    case 'publicCalendar':
      return (await json<{ ticker: string; exDate: string; amount: string; source: string }[]>(`${base}/api/dividends/calendar`)).some(
        (e) => e.ticker === item.ticker && e.exDate === item.exDate && e.amount === item.amount && e.source === 'issuer',
      );
    case 'fundPage':
      return (await json<{ dividendHistory: { exDividendDate: string; amount: string; source: string }[] }>(`${base}/api/etfs/detail/${item.ticker}`)).dividendHistory.some(
        (d) => d.exDividendDate === item.exDate && d.amount === item.amount && d.source === 'issuer',
      );
    case 'userCalendar':
      return (await json<{ ticker: string; payoutDate: string; amount: string; source: string }[]>(`${base}/api/user/dividends/calendar`, cookie)).some(
        (e) => e.ticker === item.ticker && e.payoutDate === item.payDate && e.amount === item.amount && e.source === 'issuer',
      );
    case 'ics': {
      const res = await fetch(`${base}${icsPath}`);
      const text = (await res.text()).replace(/\r\n[ \t]/g, '');
      return text.includes(`Declared by the issuer: ${releaseUrl}`);
    }
    default: {
      const never: never = place;
      throw new Error(`unknown place ${String(never)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------

interface Measured {
  ticker: string;
  latencyMs: number;
  places: Places;
  /** The item's appearance to the start of the job's run that read it. */
  pollWaitMs: number;
  /** That run's start to the start of the release's work (the feeds read, the catalog and statuses looked up). */
  leadMs: number;
  /** The release's work: fetch, parse, check, record, publish. */
  workMs: number;
  /** The end of that work to the last of the four places: read models and views. */
  restMs: number;
}

/** One run of ingest-declarations, from the job's summary line (its end and its `ms`), epoch ms. */
interface Run {
  start: number;
  end: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main(): Promise<void> {
  if (ITEMS > TICKERS.length) throw new Error(`at most ${TICKERS.length} items`);
  const machine = describeMachine();
  const items: Item[] = [];
  const issuer = await startIssuer(items);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-declarations-'));
  /** "issuer release read" lines: release id -> work (ms) and the instant it ended (epoch ms). */
  const reads = new Map<string, { ms: number; endedAt: number }>();
  const runs: Run[] = [];
  const failures: string[] = [];
  console.error(`data directory ${dataDir}; first start (seeds the demo catalog) ...`);
  const server = await startServer({
    dataDir,
    env: { ISSUER_FEEDS: `${issuer.base}/issuers.rss`, FEEDS_ALLOW_PRIVATE: 'true', ISSUER_POLL_SECONDS: String(INTERVAL_S), ISSUER_POLL_WINDOW: 'always' },
    onLine(line) {
      if (!line.startsWith('{')) return;
      try {
        const entry = JSON.parse(line) as { msg?: string; releaseId?: string; ms?: number; time?: number; name?: string; reason?: string };
        if (entry.msg === 'issuer release read' && entry.releaseId && entry.ms !== undefined && entry.time !== undefined) reads.set(entry.releaseId, { ms: entry.ms, endedAt: entry.time });
        if (entry.name === 'ingest-declarations' && entry.ms !== undefined && entry.time !== undefined) runs.push({ start: entry.time - entry.ms, end: entry.time });
        if (entry.name === 'ingest-declarations' && entry.msg?.startsWith('job failed')) failures.push(entry.msg);
      } catch {
        // not a log line
      }
    },
  });
  const base = server.baseUrl;
  try {
    console.error(`  ready in ${seconds(server.readyMs)} s`);
    const etfs = await json<{ id: string; ticker: string; asOf: string | null }[]>(`${base}/api/etfs`);
    const today = etfs[0]?.asOf ?? newYorkDate(Date.now());
    const signUp = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Holder', email: 'holder@bench.example.com', password: 'bench-password-1' }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
    for (const ticker of TICKERS.slice(0, ITEMS)) {
      const etf = etfs.find((e) => e.ticker === ticker);
      if (!etf) throw new Error(`${ticker} is not in the seed catalog`);
      const res = await fetch(`${base}/api/user/portfolio`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ etfId: etf.id, shares: '10', isDrip: 0 }) });
      if (res.status !== 201) throw new Error(`adding ${ticker} answered ${res.status}: ${await res.text()}`);
    }
    const icsPath = new URL((await json<{ url: string }>(`${base}/api/user/calendar-feed`, cookie)).url).pathname;
    const exDate = nextBusinessDay(today);
    const payDate = nextBusinessDay(exDate);
    console.error(`market date ${today}: each item declares ex ${exDate}, paid ${payDate}; polls every ${INTERVAL_S} s`);

    const measured: Measured[] = [];
    for (let n = 0; n < ITEMS; n++) {
      await sleep(Math.random() * INTERVAL_S * 1000);
      const item: Item = { n, ticker: TICKERS[n]!, amount: `0.1${String(n).padStart(2, '0')}7`, exDate, payDate, pubDate: new Date() };
      const releaseUrl = `${issuer.base}/releases/${n}.html`;
      const appearedAt = Date.now();
      const started = performance.now();
      items.push(item);
      const places: Places = { publicCalendar: null, fundPage: null, userCalendar: null, ics: null };
      while (Object.values(places).some((t) => t === null)) {
        if (performance.now() - started > 3 * Math.max(INTERVAL_S, 60) * 1000) throw new Error(`${item.ticker} did not reach ${Object.entries(places).filter(([, t]) => t === null).map(([p]) => p).join(', ')}${failures.length ? `: ${failures.join('; ')}` : ''}`);
        for (const place of Object.keys(places) as (keyof Places)[]) {
          if (places[place] === null && (await visible(base, cookie, icsPath, item, releaseUrl, place))) places[place] = performance.now() - started;
        }
        await sleep(100);
      }
      const latencyMs = Math.max(...Object.values(places).map((t) => t!));
      const read = reads.get(releaseIdOf(`bench-${n}`, releaseUrl));
      if (!read) throw new Error(`no "issuer release read" line for ${item.ticker}`);
      const workStart = read.endedAt - read.ms;
      // the run's summary line comes after its last release's line: wait for it
      let run: Run | undefined;
      while (!(run = runs.find((r) => r.start <= workStart && workStart <= r.end))) {
        if (performance.now() - started > 3 * Math.max(INTERVAL_S, 60) * 1000) throw new Error(`no run of ingest-declarations around ${item.ticker}'s release`);
        await sleep(50);
      }
      const pollWaitMs = run.start - appearedAt;
      const leadMs = workStart - run.start;
      const result: Measured = { ticker: item.ticker, latencyMs, places, pollWaitMs, leadMs, workMs: read.ms, restMs: latencyMs - (workStart - appearedAt) - read.ms };
      measured.push(result);
      console.error(`  ${item.ticker}: ${seconds(latencyMs)} s (poll wait ${seconds(pollWaitMs)} s, lead ${leadMs.toFixed(0)} ms, work ${read.ms.toFixed(0)} ms, rest ${result.restMs.toFixed(0)} ms)`);
    }
    report(machine, measured, runs, server.readyMs);
  } finally {
    await server.stop();
    issuer.server.close();
    if (flags.keep) console.error(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(machine: ReturnType<typeof describeMachine>, measured: Measured[], runs: readonly Run[], readyMs: number): void {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const latencies = sorted(measured.map((m) => m.latencyMs));
  const works = sorted(measured.map((m) => m.workMs));
  const afterPoll = sorted(measured.map((m) => m.leadMs + m.workMs + m.restMs));
  const place = (key: keyof Places) => sorted(measured.map((m) => m.places[key]!));
  // the time between two runs' starts: the interval, plus whatever the scheduler adds (Agenda runs an
  // interval job at its last start + the interval; an interval shorter than its 30 s scan adds up to 30 s)
  const starts = sorted(runs.map((r) => r.start));
  const periods = sorted(starts.slice(1).map((t, i) => t - starts[i]!));
  const lagMs = Math.max(0, (periods.at(-1) ?? INTERVAL_S * 1000) - INTERVAL_S * 1000);
  // At the default interval an item appears at a uniform moment between two runs: the poll wait is
  // uniform in [0, period), and what follows the run's start does not depend on the interval.
  const boundS = 0.95 * (DEFAULT_INTERVAL_S + lagMs / 1000) + afterPoll.at(-1)! / 1000;
  const latencyOk = boundS <= LIMIT_S;
  const workOk = works.at(-1)! < WORK_LIMIT_MS;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const row = (label: string, xs: number[], unit: 's' | 'ms') => {
    const f = (v: number) => (unit === 's' ? `${seconds(v)} s` : `${v.toFixed(0)} ms`);
    return `| ${label} | ${f(percentile(xs, 50))} | ${f(percentile(xs, 95))} | ${f(xs.at(-1)!)} |`;
  };
  const lines = [
    machineMarkdown(machine),
    '',
    `Method: \`npm run bench:declarations\` (bench/declarations.bench.ts). The real server as \`npm start\` starts it (command read from package.json; a fresh DATA_DIR, seeded with the demo catalog on its first start, ready in ${seconds(readyMs)} s) with \`ISSUER_FEEDS\` at a local RSS feed on 127.0.0.1, \`FEEDS_ALLOW_PRIVATE=true\`, \`ISSUER_POLL_WINDOW=always\` and \`ISSUER_POLL_SECONDS=${INTERVAL_S}\`. ${measured.length} items, one after another: after a random wait (uniform in [0, ${INTERVAL_S} s)) a new item appears, declaring one fund's next payout in a YieldMax-layout release page (~200 KB, read by the real parser); a signed-up user holds every fund. Latency: from the item's appearance to the amount (source \`issuer\`) on the public calendar, the fund page, the user's calendar and the user's ICS feed, each polled every 100 ms; the last of the four counts. From the server's log: the job's summary line gives each run's start and end, the "issuer release read" line each release's work (fetch, parse, check, record, publish) and its end. Poll wait = appearance to the start of the run that read the item; lead = that run's start to the release's work (feeds read, catalog and statuses looked up); rest = the end of the work to the last place (read models, views).`,
    '',
    '| | p50 | p95 | max |',
    '|---|---:|---:|---:|',
    row(`latency at ${INTERVAL_S} s (last of the four places)`, latencies, 's'),
    row('public calendar', place('publicCalendar'), 's'),
    row('fund page', place('fundPage'), 's'),
    row("user's calendar", place('userCalendar'), 's'),
    row("user's ICS feed", place('ics'), 's'),
    row('poll wait', sorted(measured.map((m) => m.pollWaitMs)), 's'),
    row('lead (run start to the release)', sorted(measured.map((m) => m.leadMs)), 'ms'),
    row("job's work per release", works, 'ms'),
    row('rest (read models, views)', sorted(measured.map((m) => m.restMs)), 'ms'),
    row('lead + work + rest (after the run started)', afterPoll, 'ms'),
    row(`time between two runs (${periods.length})`, periods, 's'),
    '',
    `At the default interval (${DEFAULT_INTERVAL_S} s) the poll wait is uniform in [0, ${DEFAULT_INTERVAL_S} s + the scheduler's lag); the lag measured here (longest time between two runs minus ${INTERVAL_S} s) is ${seconds(lagMs)} s, and what follows the run's start does not depend on the interval: p95 latency <= 0.95 x (${DEFAULT_INTERVAL_S} + ${seconds(lagMs)}) s + max(lead + work + rest) = ${boundS.toFixed(1)} s.`,
    '',
    `- ${pass(latencyOk)}: p95 latency at ${DEFAULT_INTERVAL_S} s <= ${LIMIT_S} s (bound ${boundS.toFixed(1)} s${INTERVAL_S === DEFAULT_INTERVAL_S ? `; measured ${seconds(percentile(latencies, 95))} s over ${measured.length} items` : ''})`,
    `- ${pass(workOk)}: the job's work per release < ${WORK_LIMIT_MS} ms (largest ${works.at(-1)!.toFixed(0)} ms)`,
  ];
  console.log(lines.join('\n'));
  process.exitCode = latencyOk && workOk ? 0 : 1;
}

await main();
