/**
 * `npm run test:clock`: the unit specs (every `*.unit.spec.*` file of vitest's `unit` project: the client,
 * the kernel, the read models, the deciders, the event registry) run once per instant below, with the
 * machine's wall clock moved there by Debian's faketime. A spec that takes "today" from the wall clock
 * instead of a fixed or injected one passes on a Wednesday afternoon and fails at one of these
 * (docs/testing.md "Clock independence").
 *
 * How the clock moves: `faketime -m --exclude-monotonic -f <offset>` preloads libfaketime (the
 * multi-threaded build: Node runs threads) into Node and every worker vitest forks; the offset is the
 * seconds from now to the instant, so all processes share one clock that keeps running from the
 * instant (a frozen clock would stop every timer), and no time zone is involved in reading the instant.
 * `--exclude-monotonic` leaves CLOCK_MONOTONIC alone: libuv's timers and `performance.now()` run on it,
 * and only the wall clock (`Date`) is under test. Before each run a probe checks that Node really sees
 * the instant.
 *
 *     npm run test:clock                                   # every instant, every unit spec
 *     npm run test:clock -- --instant new-years-eve web/src/features/calendar   # one instant, some files
 *
 * Positional arguments replace the default filter (vitest's: a file runs when its path contains one).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface ClockInstant {
  name: string;
  /** The instant, in UTC. */
  at: string;
  why: string;
}

export const INSTANTS: readonly ClockInstant[] = [
  { name: 'saturday-utc', at: '2026-11-28T00:30:00Z', why: 'Saturday 00:30 in UTC, still Friday evening (19:30) in New York' },
  { name: 'thanksgiving', at: '2026-11-26T17:00:00Z', why: 'Thanksgiving Day, noon in New York: a weekday without a session' },
  { name: 'spring-forward', at: '2027-03-14T07:30:00Z', why: "New York's 02:30 EST on the night its clocks skip from 02:00 to 03:00 (03:30 EDT)" },
  { name: 'new-years-eve', at: '2027-01-01T04:30:00Z', why: "23:30 on New Year's Eve in New York, already 2027 in UTC" },
];

/** Every unit spec of the `unit` project (the fast ones; integration specs start servers and stores). */
export const DEFAULT_FILTERS = ['.unit.spec.'] as const;

/** faketime's relative offset (`-f` form) from `nowMs` to `at`, in whole seconds: "+3600" or "-90". */
export function fakeTimeOffset(at: string, nowMs: number): string {
  const seconds = Math.round((Date.parse(at) - nowMs) / 1000);
  return seconds >= 0 ? `+${seconds}` : `${seconds}`;
}

/** "Fri 2026-11-27 19:30 EST": the instant on New York's clock, for the report. */
export function newYorkClock(at: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(Date.parse(at));
  const p: Record<string, string> = {};
  for (const part of parts) p[part.type] = part.value;
  return `${p.weekday} ${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** How far (ms) the probe's clock may be from the instant: the time it takes to start one Node. */
const PROBE_TOLERANCE_MS = 60_000;

function fakeTimeArgs(instant: ClockInstant): string[] {
  return ['-m', '--exclude-monotonic', '-f', fakeTimeOffset(instant.at, Date.now())];
}

/** What Node's `Date.now()` says under faketime at `instant`; an error message when faketime is missing or does not take. */
function probe(instant: ClockInstant): { ok: true } | { ok: false; message: string } {
  const result = spawnSync('faketime', [...fakeTimeArgs(instant), process.execPath, '-e', 'process.stdout.write(String(Date.now()))'], { encoding: 'utf8' });
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, message: missing ? 'faketime is not installed (Debian: apt-get install faketime)' : String(result.error) };
  }
  const seen = Number(result.stdout);
  if (result.status !== 0 || !Number.isFinite(seen)) return { ok: false, message: `the probe failed: ${result.stderr.trim() || `exit ${result.status}`}` };
  const off = seen - Date.parse(instant.at);
  if (Math.abs(off) > PROBE_TOLERANCE_MS) {
    return { ok: false, message: `Node's clock did not move: it says ${new Date(seen).toISOString()} (libfaketime not preloaded? a statically linked node?)` };
  }
  return { ok: true };
}

/** The part of vitest's JSON report the summary reads. */
interface JsonReport {
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/**
 * The failures of one run, a line each ("file > test: first line of the error"), from vitest's JSON report:
 * the summary repeats them at the very end, where a CI log cut to its tail still shows which spec failed.
 */
export function failureLines(report: JsonReport, root: string): string[] {
  const lines: string[] = [];
  const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 200) ?? '';
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) lines.push(`${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

function readFailures(reportFile: string, root: string): string[] {
  try {
    return failureLines(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport, root);
  } catch (err) {
    return [`(no JSON report to read: ${(err as Error).message})`];
  }
}

function main(): number {
  const { values, positionals } = parseArgs({ options: { instant: { type: 'string', multiple: true } }, allowPositionals: true });
  const chosen = values.instant ?? INSTANTS.map((i) => i.name);
  const unknown = chosen.filter((name) => !INSTANTS.some((i) => i.name === name));
  if (unknown.length > 0) {
    console.error(`test:clock: unknown instant ${unknown.join(', ')} (one of ${INSTANTS.map((i) => i.name).join(', ')})`);
    return 2;
  }
  const instants = INSTANTS.filter((i) => chosen.includes(i.name));
  const filters = positionals.length > 0 ? positionals : [...DEFAULT_FILTERS];
  const root = path.resolve(import.meta.dirname, '..');
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

  const results: { instant: ClockInstant; ok: boolean; seconds: number; note: string; failures: string[] }[] = [];
  const reports = mkdtempSync(path.join(tmpdir(), 'weeklydiv-test-clock-'));
  for (const instant of instants) {
    console.log(`\ntest:clock: ${instant.name}, ${instant.at} (${newYorkClock(instant.at)}): ${instant.why}`);
    const started = performance.now();
    const checked = probe(instant);
    if (!checked.ok) {
      results.push({ instant, ok: false, seconds: 0, note: checked.message, failures: [] });
      console.error(`test:clock: ${checked.message}`);
      continue;
    }
    const reportFile = path.join(reports, `${instant.name}.json`);
    const reporters = ['--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`];
    const run = spawnSync('faketime', [...fakeTimeArgs(instant), process.execPath, vitest, 'run', '--project', 'unit', ...reporters, ...filters], { cwd: root, stdio: 'inherit' });
    const seconds = (performance.now() - started) / 1000;
    const ok = run.status === 0;
    results.push({ instant, ok, seconds, note: ok ? 'passed' : `failed (${run.error ? String(run.error) : `exit ${run.status ?? run.signal}`})`, failures: ok ? [] : readFailures(reportFile, root) });
  }
  rmSync(reports, { recursive: true, force: true });

  console.log('\ntest:clock summary');
  for (const r of results) {
    console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.instant.name.padEnd(15)} ${r.instant.at}  ${r.seconds.toFixed(0).padStart(4)} s  ${r.note}`);
    for (const line of r.failures) console.log(`          ${line}`);
  }
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`  total ${total.toFixed(0)} s`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.error(`test:clock: failed at ${failed.map((r) => `${r.instant.name} (${r.instant.at})`).join(', ')}`);
    return 1;
  }
  return 0;
}

if (import.meta.main) process.exitCode = main();
