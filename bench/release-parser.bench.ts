/**
 * `npx node bench/release-parser.bench.ts`: the issuer release parser's time per release (issue 26: the
 * job's own work per release must stay well under 1 s). Parses every release of the corpus
 * (services/declarations/fixtures) ROUNDS times after a warm-up and prints the median and the slowest
 * round per release, then the hostile releases of release-parser-hostile.unit.spec.ts at the caps (a
 * 20,000-row table just under the size cap, deep nesting, 10,000 small tables, a body over the cap).
 * CPU only: no I/O is timed (the files are read first). Prints; writes nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseRelease, RELEASE_LIMITS, type ReleaseInput } from '../services/declarations/release-parser.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const DIR = new URL('../services/declarations/fixtures/', import.meta.url);

function time(input: ReleaseInput, rounds: number): { median: number; max: number } {
  parseRelease(input); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    parseRelease(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const corpus = readdirSync(DIR).filter((f) => f.endsWith('.html')).sort();
console.log(`release parser, ${ROUNDS} rounds per release, node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('\ncorpus (bytes, median, slowest):');
let worst = 0;
for (const name of corpus) {
  const html = readFileSync(new URL(name, DIR), 'utf8');
  const { input } = JSON.parse(readFileSync(new URL(name.replace(/\.html$/, '.expected.json'), DIR), 'utf8')) as { input: Omit<ReleaseInput, 'html'> };
  const t = time({ html, ...input }, ROUNDS);
  worst = Math.max(worst, t.max);
  console.log(`  ${name.padEnd(58)} ${String(html.length).padStart(6)} B  ${ms(t.median).padStart(10)}  ${ms(t.max).padStart(10)}`);
}
console.log(`  slowest corpus release, slowest round: ${ms(worst)}`);

// A wire service's page is 100-400 KB around the release: navigation, scripts, related stories, disclaimers.
const release = readFileSync(new URL('yieldmax-2025-10-group-dates-above-table.html', DIR), 'utf8');
const chrome = `<nav><ul>${'<li><a href="/news/123">Related story about weekly income ETFs</a></li>'.repeat(400)}</ul></nav>
  <script>${'var x = "<table><tr><td>1</td></tr></table>";'.repeat(2_000)}</script>`;
const disclaimers = '<p>Distributions are not guaranteed. The Distribution Rate and 30-Day SEC Yield are not indicative of future distributions, if any, on the ETFs.</p>'.repeat(1_000);
const page = release.replace('<body>', `<body>${chrome}`).replace('</article>', `</article>${disclaimers}`);
const pageInput = { html: page, url: 'https://www.globenewswire.com/x', publishedAt: '2025-10-14T13:05:00Z' };
const t = time(pageInput, ROUNDS);
const read = parseRelease(pageInput);
console.log(`\na corpus release inside a ${Math.round(page.length / 1000)} KB page (${read.rows.length} rows, complete: ${read.complete}): median ${ms(t.median)}, slowest ${ms(t.max)}`);

const HEADER = '<tr><td>ETF Ticker</td><td>Distribution per Share</td><td>Ex-Date</td><td>Payment Date</td></tr>';
const row = (i: number) => `<tr><td>T${String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26), 65 + (Math.floor(i / 676) % 26))}</td><td>$0.${String(1000 + (i % 9000))}</td><td>10/15/25</td><td>10/16/25</td></tr>`;
const hostile: [string, string][] = [
  ['20,000-row table (just under the size cap)', `<table>${HEADER}${Array.from({ length: 20_000 }, (_, i) => row(i)).join('')}</table>`],
  ['100,000 nested elements around a table', `${'<div><span>'.repeat(50_000)}<p>Ex-Date: October 15, 2025</p><table>${HEADER}${row(0)}</table>`],
  ['20,000 nested tables', '<table><tr><td>'.repeat(20_000)],
  ['10,000 small tables', '<table><tr><td>Fund</td><td>Expense Ratio</td></tr><tr><td>ULTY</td><td>1.30%</td></tr></table>'.repeat(10_000)],
  ["1.8 MB of 'Ex. - . -' text (parse5's slowest input found)", `<p>${'Ex. - . - '.repeat(399)}</p>`.repeat(450)],
  ['5 MB body (over the size cap: not parsed)', `<p>${'weekly distribution '.repeat(262_144)}</p>`],
];
console.log(`\nhostile (chars, median, slowest; size cap ${RELEASE_LIMITS.htmlChars.toLocaleString('en-US')} chars, row cap ${RELEASE_LIMITS.rows}):`);
for (const [label, html] of hostile) {
  const t = time({ html, url: 'https://example.test/release', publishedAt: '2025-10-14T13:00:00Z' }, Math.min(ROUNDS, 5));
  console.log(`  ${label.padEnd(58)} ${String(html.length).padStart(8)}  ${ms(t.median).padStart(10)}  ${ms(t.max).padStart(10)}`);
}
