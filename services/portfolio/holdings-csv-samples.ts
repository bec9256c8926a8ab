import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { classifyHoldingsCsv, type HoldingsCsvLayout, type HoldingsCsvLineKind } from './holdings-csv.ts';

/**
 * The measure of docs/holdings-csv.md ("How well the layouts are read"): every non-blank line of the
 * brokers' sample files (services/portfolio/fixtures/brokers, sources in its README.md) classified by
 * the import's parser and compared with the classification written by hand beside each file
 * (`<file>.expected.json`: the layout, the lines that are positions and the lines that are cash; every
 * other non-blank line is one to skip). The unit spec holds the parser to it; `node
 * scripts/holdings-csv-samples.ts` prints the table for the docs.
 */

export const BROKER_SAMPLES_DIR = path.join(import.meta.dirname, 'fixtures', 'brokers');

interface Expected {
  layout: HoldingsCsvLayout;
  position: number[];
  cash: number[];
}

export interface SampleMeasure {
  file: string;
  expectedLayout: HoldingsCsvLayout;
  layout: HoldingsCsvLayout | null;
  /** Non-blank lines of the file. */
  lines: number;
  /** Lines classified as expected. */
  right: number;
  /** Lines classified otherwise: the line, what was expected, what the parser said. */
  wrong: { line: number; expected: HoldingsCsvLineKind; actual: HoldingsCsvLineKind }[];
  /** Counts of the expected classification. */
  expected: Record<HoldingsCsvLineKind, number>;
  /** The lines the parse reported with a message (a position whose values break a rule). */
  errors: { line: number; message: string }[];
}

/** The samples' files (`*.csv`), by name. */
export function brokerSampleFiles(dir = BROKER_SAMPLES_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort();
}

export function measureSample(file: string, today: IsoDate, dir = BROKER_SAMPLES_DIR): SampleMeasure {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const expected = JSON.parse(readFileSync(path.join(dir, file.replace(/\.csv$/, '.expected.json')), 'utf8')) as Expected;
  const { result, lines } = classifyHoldingsCsv(text, today);
  const want = (line: number): HoldingsCsvLineKind => (expected.position.includes(line) ? 'position' : expected.cash.includes(line) ? 'cash' : 'skip');
  const measure: SampleMeasure = {
    file,
    expectedLayout: expected.layout,
    layout: result.layout,
    lines: 0,
    right: 0,
    wrong: [],
    expected: { position: 0, cash: 0, skip: 0 },
    errors: result.errors,
  };
  // Physical lines (a record quoted over several lines is classified by its last line, the others skip).
  text.split(/\r\n|\r|\n/).forEach((content, i) => {
    if (content.trim() === '') return;
    const line = i + 1;
    const expectedKind = want(line);
    const actual = result.layout === expected.layout ? (lines.get(line) ?? 'skip') : 'skip';
    measure.lines++;
    measure.expected[expectedKind]++;
    if (actual === expectedKind) measure.right++;
    else measure.wrong.push({ line, expected: expectedKind, actual });
  });
  return measure;
}

export function measureSamples(today: IsoDate, dir = BROKER_SAMPLES_DIR): { samples: SampleMeasure[]; lines: number; right: number; share: number } {
  const samples = brokerSampleFiles(dir).map((f) => measureSample(f, today, dir));
  const lines = samples.reduce((n, s) => n + s.lines, 0);
  const right = samples.reduce((n, s) => n + s.right, 0);
  return { samples, lines, right, share: lines === 0 ? 0 : right / lines };
}

/** The table of docs/holdings-csv.md. */
export function samplesTable(today: IsoDate, dir = BROKER_SAMPLES_DIR): string {
  const { samples, lines, right, share } = measureSamples(today, dir);
  const out = ['| sample | layout | lines | positions | cash | skipped | classified right |', '|---|---|---|---|---|---|---|'];
  for (const s of samples) {
    out.push(`| \`${s.file}\` | ${s.layout ?? 'not recognised'} | ${s.lines} | ${s.expected.position} | ${s.expected.cash} | ${s.expected.skip} | ${s.right} / ${s.lines} |`);
  }
  out.push(`| **all ${samples.length} files** | | ${lines} | | | | **${right} / ${lines} = ${(share * 100).toFixed(1)} %** |`);
  return out.join('\n');
}
