/**
 * `npm run bench:lighthouse`: Lighthouse's performance category for `/`, `/etfs` and an ETF detail
 * page, with the mobile (default) and desktop presets, each compared with a blank Vite + React page
 * measured in the same run (../../shared/BROWSER.md: this CPU is slow for the mobile simulation,
 * so the blank page is the yardstick, not an absolute number).
 *
 * - The app: the client built as `npm run build` does, served by the real server exactly as `npm start`
 *   runs it (package.json's command: its environment, Node flags and log level; bench/support/
 *   server-process.ts), its log into a file, on a fresh embedded store seeded by its first start (demo
 *   catalog and two years of history); only WEB_DIST_DIR points at the bench's own build.
 * - The blank page: a Vite + React app rendering one heading, built with the same Vite, React and
 *   plugin into a temporary folder and served by `vite preview` (Vite's static server: gzip).
 * - Each measurement runs the Lighthouse CLI with Debian's Chromium and a fresh profile, as
 *   BROWSER.md shows; targets and presets are interleaved over `LH_RUNS` rounds (default 3) and the
 *   median run (by score) is kept. JSON reports go to `.bench/lighthouse/`.
 *
 * Prints a markdown section and writes it into docs/benchmarks.md ("Lighthouse").
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildClient } from '../web/e2e/support/build-client.ts';
import { freePort, REPO_ROOT } from '../web/e2e/support/server.ts';
import { startDescription, startServer } from './support/server-process.ts';
import { describeMachine, machineMarkdown, writeBenchmarkSection } from './store.bench.ts';

const RUNS = Number(process.env['LH_RUNS'] ?? 3);
const CHROME_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const REPORT_DIR = path.join(REPO_ROOT, '.bench', 'lighthouse');
const LIGHTHOUSE_CLI = path.join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Preset = 'mobile' | 'desktop';
const PRESETS: Preset[] = process.env['LH_PRESETS'] ? (process.env['LH_PRESETS'].split(',') as Preset[]) : ['mobile', 'desktop'];
/** `LH_PAGES=/,/etfs` measures only those pages (plus the blank page) and leaves docs/benchmarks.md alone: for trying a change. */
const PAGES = process.env['LH_PAGES']?.split(',');

interface Target {
  name: string;
  url: string;
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  report: string;
}

interface Opportunity {
  id: string;
  title: string;
  savingsMs: number;
  savingsBytes: number;
  display: string;
}

/** The blank Vite + React page, built into a temporary folder (node_modules linked from the repository). */
async function buildBlankPage(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'weeklydiv-lh-blank-'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A blank Vite + React page." />
    <title>Blank</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`,
  );
  writeFileSync(
    path.join(root, 'main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <h1>Blank Vite + React page</h1>;
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
  );
  writeFileSync(
    path.join(root, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [react()], logLevel: 'warn' });
`,
  );
  await run(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', root, '--config', path.join(root, 'vite.config.mjs')], REPO_ROOT);
  return path.join(root, 'dist');
}

/** `vite preview` of the blank page: Vite's own static server (gzip for text, hashed assets cached). */
async function previewBlank(root: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'preview', root, '--config', path.join(root, 'vite.config.mjs'), '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: REPO_ROOT, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('vite preview of the blank page did not start');
    await new Promise((resolve) => setTimeout(resolve, 200)); // polling interval
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}:\n${output.slice(-3000)}`))));
  });
}

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
  metricSavings?: Record<string, number>;
}
interface LhReport {
  categories: { performance: { score: number } };
  audits: Record<string, LhAudit>;
  runWarnings?: string[];
}

/** One Lighthouse run; a run Lighthouse itself gives up on (e.g. "NO_NAVSTART": the trace missed the navigation) is tried again, twice at most. */
async function lighthouse(target: Target, preset: Preset, round: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(target, preset, round);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${target.name} ${preset}: Lighthouse failed, trying again: ${String(error).split('\n').find((l) => l.includes('Runtime error')) ?? 'see output'})`);
    }
  }
}

async function lighthouseOnce(target: Target, preset: Preset, round: number): Promise<Run> {
  const profile = mkdtempSync(path.join(tmpdir(), 'weeklydiv-lh-profile-'));
  const report = path.join(REPORT_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${preset}-${round}.json`);
  try {
    await run(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        target.url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${profile}`].join(' ')}`,
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      ],
      REPO_ROOT,
      { ...process.env, CHROME_PATH },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as LhReport;
  const metric = (id: string) => json.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(json.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    report,
  };
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Audits of a report that cost time: opportunities with savings, and failing diagnostics. */
function findings(report: string): Opportunity[] {
  const json = JSON.parse(readFileSync(report, 'utf8')) as LhReport;
  const out: Opportunity[] = [];
  for (const audit of Object.values(json.audits)) {
    const savingsMs = audit.details?.overallSavingsMs ?? Math.max(0, audit.metricSavings?.['LCP'] ?? 0, audit.metricSavings?.['FCP'] ?? 0);
    const savingsBytes = audit.details?.overallSavingsBytes ?? 0;
    if (audit.score === null || audit.score >= 0.9) continue;
    if (savingsMs <= 0 && savingsBytes <= 0 && audit.details?.type !== 'table') continue;
    out.push({ id: audit.id, title: audit.title, savingsMs, savingsBytes, display: audit.displayValue ?? '' });
  }
  return out.sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : 'n/a');
const sec = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(1)} s` : 'n/a');

async function main(): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const machine = describeMachine();
  console.log('building the client and the blank page…');
  const appDist = mkdtempSync(path.join(tmpdir(), 'weeklydiv-lh-dist-'));
  await buildClient(appDist);
  const blankDist = await buildBlankPage();
  console.log('starting the server (first start seeds the demo data)…');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-lh-data-'));
  const server = await startServer({ dataDir, env: { WEB_DIST_DIR: appDist }, logFile: path.join(dataDir, 'server.log') });
  const app = { url: server.baseUrl, stop: () => server.stop() };
  const blank = await previewBlank(path.dirname(blankDist));
  try {
    const roundhill = (await (await fetch(`${app.url}/api/etfs/by-brand/roundhill`)).json()) as { ticker: string; brandSlug: string }[];
    const detail = roundhill[0]!;
    const targets: Target[] = [
      { name: 'blank Vite + React page', url: blank.url },
      { name: '/', url: `${app.url}/` },
      { name: '/etfs', url: `${app.url}/etfs` },
      { name: `/etfs/${detail.brandSlug}/${detail.ticker.toLowerCase()}`, url: `${app.url}/etfs/${detail.brandSlug}/${detail.ticker.toLowerCase()}` },
    ];
    if (PAGES) targets.splice(1, targets.length, ...targets.slice(1).filter((t) => PAGES.includes(t.name) || (t.name.startsWith('/etfs/') && PAGES.includes('detail'))));
    // One unrecorded pass over the app's pages first: right after its first start the server is still
    // busy (JIT, caches, the jobs start-up schedules), and the first round used to run 2-3x slower
    // on everything (the browser's own start-up tasks too), blank page excepted.
    for (const target of targets.slice(1)) await lighthouse(target, 'mobile', 0);
    const runs = new Map<string, Run[]>();
    const key = (t: Target, p: Preset) => `${t.name}|${p}`;
    for (let round = 1; round <= RUNS; round++) {
      for (const preset of PRESETS) {
        for (const target of targets) {
          const result = await lighthouse(target, preset, round);
          console.log(`round ${round} ${preset.padEnd(7)} ${target.name.padEnd(36)} score ${result.score}  LCP ${ms(result.lcp)}  TBT ${ms(result.tbt)}  CLS ${result.cls.toFixed(3)}`);
          runs.set(key(target, preset), [...(runs.get(key(target, preset)) ?? []), result]);
        }
      }
    }

    const rows: string[] = [];
    const notes: string[] = [];
    for (const preset of PRESETS) {
      const blankRun = median(runs.get(key(targets[0]!, preset))!);
      for (const target of targets) {
        const all = runs.get(key(target, preset))!;
        const m = median(all);
        const scores = all.map((r) => r.score).sort((a, b) => a - b);
        const delta = target === targets[0] ? '' : `${m.score - blankRun.score >= 0 ? '+' : ''}${m.score - blankRun.score}`;
        rows.push(
          `| ${preset} | ${target === targets[0] ? '_blank Vite + React page_' : `\`${target.name}\``} | **${m.score}** | ${scores.join(', ')} | ${delta} | ${sec(m.fcp)} | ${sec(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${sec(m.si)} |`,
        );
        if (target !== targets[0]) {
          const top = findings(m.report).slice(0, 4);
          if (top.length > 0) {
            notes.push(
              `- ${preset}, \`${target.name}\`: ${top
                .map((f) => `${f.title}${f.savingsMs > 0 ? ` (est. ${ms(f.savingsMs)})` : f.savingsBytes > 0 ? ` (${Math.round(f.savingsBytes / 1024)} KiB)` : f.display ? ` (${f.display})` : ''}`)
                .join('; ')}`,
            );
          }
        }
      }
    }

    const body = [
      machineMarkdown(machine),
      `- Lighthouse ${(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version}, ${(await run(CHROME_PATH, ['--version'], REPO_ROOT)).trim().split('\n').pop()}`,
      '',
      `Method: \`npm run bench:lighthouse\` (bench/lighthouse.bench.ts). The client built as \`npm run build\` does, served by the real server exactly as \`npm start\` runs it (${startDescription()}, WEB_DIST_DIR set to the bench's build; embedded store seeded by its first start with the demo catalog and two years of history), signed out. The yardstick: a blank Vite + React page (one heading, same Vite, React and plugin) built into a temporary folder and served by \`vite preview\` (gzip); the gateway serves the client's precompressed brotli/gzip twins. Each measurement is the Lighthouse CLI, performance category only, with Debian's Chromium, a fresh profile and the flags of BROWSER.md; mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown), desktop is \`--preset=desktop\`. One unrecorded warm-up pass over the app's pages (mobile), then ${RUNS} interleaved rounds over targets and presets; each row is the median run by score (its metrics), with every run's score. Δ is the score minus the blank page's in the same preset. Reports: \`.bench/lighthouse/\`.`,
      '',
      '| preset | page | score | runs | Δ blank | FCP | LCP | TBT | CLS | Speed Index |',
      '|---|---|---:|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      'What Lighthouse flags on the median runs (opportunities and failing diagnostics, largest estimated saving first):',
      '',
      ...notes,
    ].join('\n');
    console.log(`\n## Lighthouse\n\n${body}\n`);
    if (!PAGES && !process.env['LH_PRESETS']) writeBenchmarkSection(path.join(REPO_ROOT, 'docs/benchmarks.md'), 'Lighthouse', body);
  } finally {
    await blank.stop();
    await app.stop();
    rmSync(appDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(blankDist), { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
