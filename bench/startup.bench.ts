/**
 * `npm run bench:startup`: how long a restart of the embedded default takes, and its memory, with the
 * seed log and with 100,000 more events (issue 17: "start-up independent of the log's length").
 *
 * 1. A temporary DATA_DIR; the real server as `npm start` starts it (its command read from package.json,
 *    nothing configured but the data directory and a free port on 127.0.0.1). The first start seeds
 *    the demo catalog and two years of history (the first-start job), then the server is stopped.
 * 2. Restarts on the same directory, each measured from spawn to the first `GET /readyz` 200 (the event
 *    store and the document store answer, every projection caught up: services/gateway/health.ts), with
 *    the server's RSS (/proc/<pid>/status VmRSS) at that moment and after a short settle.
 * 3. The server stopped, 100,000 more events are appended to the same log (more funds with two years of
 *    daily bars, through the catalog's command and the prices sync: bench/support/log-builders.ts).
 * 4. One restart that catches the new events up (reported on its own), then the measured restarts again.
 *
 * PASS/FAIL (issue 17): median restart with +100k events <= median with the seed + 1 s, and <= 1.5x;
 * (issue 30) RSS at /readyz < 250 MiB in every restart, each restart's RSS listed with their max and spread.
 * Prints a table row to paste into docs/benchmarks.md ("Start-up: memory over restarts").
 *
 * Flags: --restarts N (default 10), --events N (default 100000), --settle-ms N (default 2000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appendMoreFunds, openLog } from './support/log-builders.ts';
import { sleep, startDescription, startServer } from './support/server-process.ts';
import { describeMachine, machineMarkdown } from './store.bench.ts';

const { values: flags } = parseArgs({
  options: {
    restarts: { type: 'string', default: '10' },
    events: { type: 'string', default: '100000' },
    'settle-ms': { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
  },
});
const RESTARTS = Number(flags.restarts);
const EXTRA_EVENTS = Number(flags.events);
const SETTLE_MS = Number(flags['settle-ms']);
const RSS_LIMIT_MIB = 250;

interface StartFigures {
  readyMs: number;
  rssMiB: number;
  settledRssMiB: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function oneStart(dataDir: string): Promise<StartFigures & { head: number }> {
  const server = await startServer({ dataDir });
  const rss = server.rssMiB();
  // the log's head as the projections report it (only printed; absent details count as 0)
  const status = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as { checks?: { projections?: { details?: { head?: number }[] } } };
  const heads = (status.checks?.projections?.details ?? []).map((p) => p.head ?? 0);
  await sleep(SETTLE_MS);
  const settled = server.rssMiB();
  await server.stop();
  return { readyMs: server.readyMs, rssMiB: rss, settledRssMiB: settled, head: Math.max(0, ...heads) };
}

async function restarts(dataDir: string, label: string): Promise<StartFigures[]> {
  const runs: StartFigures[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const run = await oneStart(dataDir);
    console.error(`  ${label} restart ${i + 1}/${RESTARTS}: ready in ${run.readyMs.toFixed(0)} ms, RSS ${run.rssMiB.toFixed(0)} MiB (${run.settledRssMiB.toFixed(0)} MiB after ${SETTLE_MS} ms)`);
    runs.push(run);
  }
  return runs;
}

const summary = (runs: StartFigures[]) => ({
  readyMs: median(runs.map((r) => r.readyMs)),
  rssMiB: median(runs.map((r) => r.rssMiB)),
  settledRssMiB: median(runs.map((r) => r.settledRssMiB)),
  all: runs.map((r) => r.readyMs.toFixed(0)).join(', '),
});

async function main(): Promise<void> {
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-startup-'));
  console.error(`data directory ${dataDir}`);
  try {
    console.error('first start (seeds the demo catalog and two years of history) ...');
    const first = await oneStart(dataDir);
    console.error(`  first start: ready in ${(first.readyMs / 1000).toFixed(1)} s, ${first.head} events in the log`);
    const seedRuns = await restarts(dataDir, 'seed log');

    console.error(`appending ${EXTRA_EVENTS} more events (more funds with two years of daily bars) ...`);
    const appendStarted = performance.now();
    const bench = await openLog(dataDir);
    const added = await appendMoreFunds(bench.log, { events: EXTRA_EVENTS, now: new Date().toISOString(), onProgress: (n) => console.error(`  ${n} events`) });
    await bench.close();
    const appendS = (performance.now() - appendStarted) / 1000;
    console.error(`  ${added.events} events (${added.funds} funds) in ${appendS.toFixed(1)} s`);

    const catchUp = await oneStart(dataDir);
    console.error(`  restart catching up the new events: ready in ${catchUp.readyMs.toFixed(0)} ms, ${catchUp.head} events in the log`);
    const grownRuns = await restarts(dataDir, 'grown log');

    const seed = summary(seedRuns);
    const grown = summary(grownRuns);
    const growthOk = grown.readyMs <= seed.readyMs + 1000 && grown.readyMs <= 1.5 * seed.readyMs;
    // issue 30's criterion: RSS at /readyz, every restart; the settled figure is shown beside it
    const everyRss = [...seedRuns, ...grownRuns].map((r) => r.rssMiB).filter(Number.isFinite);
    const everySettled = [...seedRuns, ...grownRuns].map((r) => r.settledRssMiB).filter(Number.isFinite);
    const rssOk = Math.max(...everyRss) < RSS_LIMIT_MIB;
    const grownRss = grownRuns.map((r) => r.rssMiB);
    const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)} MiB (spread ${(Math.max(...xs) - Math.min(...xs)).toFixed(0)} MiB)`;
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const lines = [
      machineMarkdown(machine),
      '',
      `Method: \`npm run bench:startup\` (bench/startup.bench.ts). The real server as \`npm start\` starts it (${startDescription()}, read from package.json; embedded default: SQLite event log and SQLite read models, a fresh temporary DATA_DIR, 127.0.0.1, a free port); the first start seeds the demo catalog and two years of history. Each restart is timed from spawn to the first \`GET /readyz\` 200 (stores answer, every projection caught up), polled every 10 ms; RSS is VmRSS of the server process at that moment and ${SETTLE_MS / 1000} s later. Then, with the server stopped, ${added.events.toLocaleString('en-US')} more events (${added.funds} more funds listed through the catalog command, two years of daily bars each through the prices sync) are appended to the same log; one restart catches them up, then the restarts are measured again. Median of ${RESTARTS} restarts each.`,
      '',
      '| log | events | restart to /readyz (median) | restarts (ms) | RSS at ready | RSS settled |',
      '|---|---:|---:|---|---:|---:|',
      `| seed | ${first.head.toLocaleString('en-US')} | ${seed.readyMs.toFixed(0)} ms | ${seed.all} | ${seed.rssMiB.toFixed(0)} MiB | ${seed.settledRssMiB.toFixed(0)} MiB |`,
      `| seed + ${added.events.toLocaleString('en-US')} (first restart, catch-up) | ${catchUp.head.toLocaleString('en-US')} | ${catchUp.readyMs.toFixed(0)} ms | | ${catchUp.rssMiB.toFixed(0)} MiB | ${catchUp.settledRssMiB.toFixed(0)} MiB |`,
      `| seed + ${added.events.toLocaleString('en-US')} | ${catchUp.head.toLocaleString('en-US')} | ${grown.readyMs.toFixed(0)} ms | ${grown.all} | ${grown.rssMiB.toFixed(0)} MiB | ${grown.settledRssMiB.toFixed(0)} MiB |`,
      '',
      `First start (seeding included): ${(first.readyMs / 1000).toFixed(1)} s. Appending the events: ${appendS.toFixed(1)} s.`,
      '',
      `- ${pass(growthOk)}: restart with the grown log ${grown.readyMs.toFixed(0)} ms <= seed ${seed.readyMs.toFixed(0)} ms + 1 s and <= 1.5x (${(grown.readyMs / seed.readyMs).toFixed(2)}x)`,
      `- ${pass(rssOk)}: RSS at /readyz < ${RSS_LIMIT_MIB} MiB in every restart (largest ${Math.max(...everyRss).toFixed(0)} MiB; ${SETTLE_MS / 1000} s later, largest ${Math.max(...everySettled).toFixed(0)} MiB)`,
      '',
      `RSS at /readyz of each restart with the grown log: ${grownRss.map((r) => r.toFixed(0)).join(', ')} MiB; ${spread(grownRss)}. With the seed log: ${spread(seedRuns.map((r) => r.rssMiB))}.`,
    ];
    console.log(lines.join('\n'));
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log('\nrow for docs/benchmarks.md, "Start-up: memory over restarts" (| when UTC | load at the end | restarts | RSS at /readyz, each (MiB) | max | spread | max 2 s later | restart median | < 250 MiB at /readyz every time |):');
    console.log(`| ${when} | ${(loadavg()[0] ?? 0).toFixed(2)} | ${RESTARTS} | ${grownRss.map((r) => r.toFixed(0)).join(', ')} | **${Math.max(...grownRss).toFixed(0)}** | ${(Math.max(...grownRss) - Math.min(...grownRss)).toFixed(0)} | ${Math.max(...grownRuns.map((r) => r.settledRssMiB).filter(Number.isFinite)).toFixed(0)} | ${grown.readyMs.toFixed(0)} ms | ${pass(rssOk)} |`);
    process.exitCode = growthOk && rssOk ? 0 : 1;
  } finally {
    if (flags.keep) console.error(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
